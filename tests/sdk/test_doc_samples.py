"""Samples are tests: every Python and shell block of README.md and docs/*.md runs on its
own, exactly as printed, in a fresh process from the repository's root, against the
session's live server (the only change: the documented address `http://localhost:8000`
becomes the live server's).

A block that must not run in a test (it serves forever, installs packages, needs docker
or a cluster, is a benchmark or a test run of its own) says so on the line before its
fence: `<!-- not-run: the reason -->`. Keep those rare: a reader trusts the samples
because they run."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.sdk.conftest import ROOT
from tests.support.live_server import LiveServer

DOC_URL = "http://localhost:8000"
FENCE = re.compile(r"^```(python|sh|bash|shell)\n(.*?)^```", re.DOTALL | re.MULTILINE)
NOT_RUN = re.compile(r"<!-- not-run: [^>]+ -->\s*$")
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TIMEOUT = 60
"""Seconds one sample may take; the slowest (a 20-game arena of the Skyjo expert) takes
about 20 on a loaded machine, 3 at a time: one that needs more is too long to be a sample."""
PARALLEL = 3
# The server's address written any other way than DOC_URL would miss the live server and
# reach whatever a developer runs on port 8000 (and pass there).
OTHER_ADDRESS = re.compile(r"(?<!http://)\b(?:localhost|127\.0\.0\.1):8000\b")


@dataclass(frozen=True)
class Sample:
    doc: Path
    line: int
    language: str
    code: str
    skipped: bool

    @property
    def name(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def samples() -> list[Sample]:
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
            line = text.count("\n", 0, match.start()) + 1
            found.append(
                Sample(doc, line, match.group(1), match.group(2), bool(NOT_RUN.match(before)))
            )
    return found


SAMPLES = samples()
RUNNABLE = [s for s in SAMPLES if not s.skipped]


def refusal(sample: Sample) -> str | None:
    """Why the sample must not be run as it is printed, if it must not."""
    elsewhere = OTHER_ADDRESS.search(sample.code)
    if elsewhere is not None:
        return f"write the server as {DOC_URL}, not {elsewhere.group()}: only that is the test's"
    if "pip install" in sample.code:
        return "it would install packages into the tests' environment: mark it not-run"
    return None


@dataclass(frozen=True)
class Outcome:
    status: int | None
    """The exit status; None when the sample was stopped at TIMEOUT."""
    output: str
    seconds: float


def run(sample: Sample, url: str, tmp: Path) -> Outcome:
    code = sample.code.replace(DOC_URL, url)
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env["PYTHONPATH"] = str(ROOT)
    # Every curl of a sample fails on an HTTP error (4xx, 5xx) as it does on a refused
    # connection; a reader's curl would print the error's JSON and carry on.
    (tmp / ".curlrc").write_text("--fail-with-body\n", encoding="utf-8")
    env["CURL_HOME"] = str(tmp)
    if sample.language == "python":
        command = [sys.executable, "-c", code]
    else:
        # -e and -u, as a careful reader's script; no pipefail: a pipe into `head` stops
        # its writer on purpose (curl then exits 23 or 28, unseen in a reader's shell).
        command = ["bash", "-eu", "-c", code]
    started = time.monotonic()
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own process group: a timeout stops curl, workers...
    )
    try:
        output, _ = process.communicate(timeout=TIMEOUT)
        status: int | None = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        status = None
    return Outcome(status, output, time.monotonic() - started)


@pytest.fixture(scope="module")
def outcomes(
    request: pytest.FixtureRequest,
    live_server: LiveServer,
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, Outcome]:
    """The selected samples, run PARALLEL at a time on the one live server (each plays its
    own games): the file's wall time is about a third of the samples' sum."""
    params = [getattr(item, "callspec", None) for item in request.session.items]
    chosen = [
        c.params["sample"] for c in params if c and isinstance(c.params.get("sample"), Sample)
    ]
    chosen = [s for s in chosen if refusal(s) is None]
    with ThreadPoolExecutor(PARALLEL) as pool:
        futures = {
            s.name: pool.submit(run, s, live_server.url, tmp_path_factory.mktemp("sample"))
            for s in chosen
        }
        return {name: future.result() for name, future in futures.items()}


def test_the_docs_have_samples_and_the_markers_are_rare() -> None:
    assert sum(s.doc.name == "bots.md" for s in RUNNABLE) >= 3
    assert sum(s.doc.name == "training.md" for s in RUNNABLE) >= 2
    assert sum(s.doc.name == "api.md" and s.language == "sh" for s in RUNNABLE) >= 3
    # 13 of 41 today, each for a reason no test can lift: make run serves forever, pip and
    # npm installs, docker, root, a cluster, benchmarks and training runs of minutes, the
    # browser and TypeScript suites (which make test runs on their own).
    assert sum(s.skipped for s in SAMPLES) <= len(SAMPLES) // 3


@pytest.mark.parametrize("sample", RUNNABLE, ids=[s.name for s in RUNNABLE])
def test_every_sample_runs_as_printed(sample: Sample, outcomes: dict[str, Outcome]) -> None:
    why = refusal(sample)
    assert why is None, f"{sample.name}: {why}"
    done = outcomes[sample.name]
    assert done.status is not None, (
        f"{sample.name}: the {sample.language} sample did not finish in {TIMEOUT} s (it hangs, "
        f"or is too long to be a sample: shorten it or mark it not-run)\n{done.output[-3000:]}"
    )
    assert done.status == 0, (
        f"{sample.name}: the {sample.language} sample exited {done.status} after "
        f"{done.seconds:.1f} s\n{done.output[-4000:]}"
    )
