"""The alerts as Prometheus evaluates them: `promtool test rules` on the rendered
PrometheusRule, every alert with a runbook page, and a healthy service silent."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.deploy.test_k8s import K8S, ROOT, one, render

TESTS = K8S / "components/alerts/alerts.test.yaml"
RUNBOOKS = ROOT / "docs/runbooks"
RUNBOOK_BASE = "https://cardtable.example.com/docs/runbooks/"


@pytest.fixture(scope="session")
def promtool() -> Path:
    found = shutil.which("promtool")
    if found is None:
        pytest.fail(
            "promtool is not installed: `apt-get install prometheus` (Debian's package ships "
            "it; `make test` installs it as root). The alert tests need it and are never skipped."
        )
    return Path(found)


@pytest.fixture(scope="module")
def rules(kubectl_bin: Path) -> list[dict[str, Any]]:
    docs = render(kubectl_bin, K8S / "overlays/prod-ingress")
    groups: list[dict[str, Any]] = one(docs, "PrometheusRule", "cardtable")["spec"]["groups"]
    return groups


def run_promtool(promtool: Path, groups: list[dict[str, Any]], tmp_path: Path) -> str:
    (tmp_path / "rules.yaml").write_text(yaml.safe_dump({"groups": groups}, sort_keys=False))
    shutil.copy(TESTS, tmp_path / TESTS.name)
    checked = subprocess.run(
        [str(promtool), "check", "rules", "rules.yaml"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stdout + checked.stderr
    tested = subprocess.run(
        [str(promtool), "test", "rules", TESTS.name],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    return f"exit {tested.returncode}\n{tested.stdout}{tested.stderr}"


def alerts(groups: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [rule for group in groups for rule in group["rules"] if "alert" in rule]


def test_promtool_tests_pass(promtool: Path, rules: list[dict[str, Any]], tmp_path: Path) -> None:
    output = run_promtool(promtool, rules, tmp_path)
    assert output.startswith("exit 0"), output
    assert "SUCCESS" in output


def test_every_alert_is_tested_firing(rules: list[dict[str, Any]]) -> None:
    cases = yaml.safe_load(TESTS.read_text())["tests"]
    firing = {
        check["alertname"]
        for case in cases
        for check in case["alert_rule_test"]
        if check.get("exp_alerts")
    }
    assert {rule["alert"] for rule in alerts(rules)} <= firing


def test_every_alert_has_a_runbook_page(rules: list[dict[str, Any]]) -> None:
    for rule in alerts(rules):
        url = rule["annotations"]["runbook_url"]
        assert url.startswith(RUNBOOK_BASE), url
        page = RUNBOOKS / f"{url.removeprefix(RUNBOOK_BASE).strip('/')}.md"
        assert page.is_file(), f"{rule['alert']}: no {page.relative_to(ROOT)}"
        assert rule["alert"] in page.read_text(), f"{page.name} does not name {rule['alert']}"
        assert "runbook" not in rule["annotations"], "runbook_url only (the relative one is gone)"
    assert "site_url: https://cardtable.example.com/docs/" in (ROOT / "mkdocs.yml").read_text()


def test_an_alert_that_no_longer_fires_fails_the_tests(
    promtool: Path, rules: list[dict[str, Any]], tmp_path: Path
) -> None:
    broken = yaml.safe_load(yaml.safe_dump(rules))
    for rule in alerts(broken):
        if rule["alert"] == "CardtableTargetAbsent":
            rule["expr"] = 'absent(up{job="someone-else"} == 1) and on() vector(0) > 1'
    output = run_promtool(promtool, broken, tmp_path)
    assert not output.startswith("exit 0"), output
    assert "CardtableTargetAbsent" in output
