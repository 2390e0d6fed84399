"""The shipped NetworkPolicies let every documented Redis setup through: for each overlay and
each setup of docs/deploying.md (one server, TLS, Sentinel, Sentinel over TLS, Redis
Cluster, a redis_exporter), every connection the setup needs is allowed by the rendered
policies, evaluated as Kubernetes does (a pod selected by no policy of a direction is open in
it; a selected one admits what one rule of one policy admits, on both ends), and what no
setup needs stays refused.

The server's destinations come from the setup's settings as the app reads them
(`Settings.from_env`): the URL's port, each Sentinel's. In dev, Redis runs in the namespace
as pods labelled like dev's own; in the prod overlays it is outside the cluster, at an
address of the CIDR the overlay allows.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from cardtable.config import Settings
from tests.deploy.test_k8s import K8S, OVERLAYS, Manifest, by_kind, one, render


@dataclass(frozen=True)
class Pod:
    name: str
    namespace: str
    labels: dict[str, str]
    ip: str
    ports: dict[str, int] = field(default_factory=dict)
    """Named container ports (a policy may name a port)."""


# --- evaluating NetworkPolicies -----------------------------------------------------------


def matches(selector: Manifest | None, labels: dict[str, str]) -> bool:
    """A label selector: matchLabels and matchExpressions; an empty one selects everything."""
    selector = selector or {}
    if any(labels.get(key) != value for key, value in selector.get("matchLabels", {}).items()):
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values")
        present = key in labels
        if operator == "In" and not (present and labels[key] in values):
            return False
        if operator == "NotIn" and present and labels[key] in values:
            return False
        if operator == "Exists" and not present:
            return False
        if operator == "DoesNotExist" and present:
            return False
    return True


def peer_matches(
    peer: Manifest, policy_namespace: str, pod: Pod, namespaces: dict[str, Any]
) -> bool:
    if "ipBlock" in peer:
        address = ipaddress.ip_address(pod.ip)
        block = peer["ipBlock"]
        return address in ipaddress.ip_network(block["cidr"]) and not any(
            address in ipaddress.ip_network(cidr) for cidr in block.get("except", [])
        )
    if "namespaceSelector" in peer:
        in_namespace = matches(peer["namespaceSelector"], namespaces.get(pod.namespace, {}))
    else:
        in_namespace = pod.namespace == policy_namespace
    return in_namespace and matches(peer.get("podSelector"), pod.labels)


def port_matches(rule: Manifest, port: int, target: Pod) -> bool:
    if not rule.get("ports"):
        return True
    for item in rule["ports"]:
        if item.get("protocol", "TCP") != "TCP":
            continue
        wanted = item.get("port")
        if wanted is None:
            return True
        number = target.ports.get(wanted) if isinstance(wanted, str) else wanted
        if number == port or (number is not None and number <= port <= item.get("endPort", number)):
            return True
    return False


def admitted(
    policies: list[Manifest],
    pod: Pod,
    direction: str,
    other: Pod,
    port: int,
    target: Pod,
    namespaces: dict[str, Any],
) -> bool:
    """Whether `pod`'s policies of `direction` ("Ingress", "Egress") let the connection
    with `other` on `port` (of `target`, for named ports) through."""
    mine = [
        policy
        for policy in policies
        if policy["metadata"]["namespace"] == pod.namespace
        and direction in policy["spec"].get("policyTypes", ["Ingress"])
        and matches(policy["spec"]["podSelector"], pod.labels)
    ]
    if not mine:
        return True  # no policy isolates it in this direction
    key, peers_key = direction.lower(), "from" if direction == "Ingress" else "to"
    for policy in mine:
        for rule in policy["spec"].get(key) or []:
            peers = rule.get(peers_key)
            if not port_matches(rule, port, target):
                continue
            namespace = policy["metadata"]["namespace"]
            if not peers or any(peer_matches(p, namespace, other, namespaces) for p in peers):
                return True
    return False


def reachable(
    policies: list[Manifest], source: Pod, target: Pod, port: int, namespaces: dict[str, Any]
) -> bool:
    return admitted(policies, source, "Egress", target, port, target, namespaces) and admitted(
        policies, target, "Ingress", source, port, target, namespaces
    )


# --- the deployment and its surroundings -----------------------------------------------------


def namespaced_policies(docs: list[Manifest]) -> list[Manifest]:
    policies = by_kind(docs, "NetworkPolicy")
    for policy in policies:
        assert policy["metadata"].get("namespace"), "every policy lands in a namespace"
    return policies


def server_pod(docs: list[Manifest]) -> Pod:
    deployment = one(docs, "Deployment", "cardtable")
    template = deployment["spec"]["template"]
    ports = {
        port["name"]: port["containerPort"]
        for container in template["spec"]["containers"]
        for port in container.get("ports", [])
        if "name" in port
    }
    return Pod(
        "cardtable",
        deployment["metadata"]["namespace"],
        template["metadata"]["labels"],
        "10.244.0.10",
        ports,
    )


REDIS_LABELS = {"app.kubernetes.io/name": "redis", "app.kubernetes.io/component": "store"}
"""The labels docs/deploying.md asks of Redis pods run in the namespace (dev's own have them)."""
EXTERNAL_REDIS_IP = "10.20.30.40"
"""prod's Redis: outside the cluster, in the CIDR the overlay allows (docs/deploying.md)."""
PROMETHEUS = Pod("prometheus", "monitoring", {"app.kubernetes.io/name": "prometheus"}, "10.244.9.9")
EXPORTER_LABELS = {"app.kubernetes.io/name": "redis-exporter"}


def redis_pod(namespace: str, name: str, index: int, in_cluster: bool) -> Pod:
    ip = f"10.244.1.{index}" if in_cluster else f"10.20.30.{40 + index}"
    labels = REDIS_LABELS if in_cluster else {}
    return Pod(name, namespace if in_cluster else "(outside)", labels, ip)


# --- the documented setups ------------------------------------------------------------------


SETUPS: dict[str, dict[str, str]] = {
    "one server": {"CARDTABLE_REDIS_URL": "redis://redis:6379/0"},
    "TLS": {"CARDTABLE_REDIS_URL": "rediss://redis:6380/0"},
    "Sentinel": {
        "CARDTABLE_REDIS_SENTINELS": "sentinel-0:26379,sentinel-1:26379,sentinel-2:26379",
    },
    "Sentinel over TLS": {
        "CARDTABLE_REDIS_SENTINELS": "sentinel-0:26379,sentinel-1:26379,sentinel-2:26379",
        "CARDTABLE_REDIS_CA_FILE": "/etc/cardtable/redis-ca/ca.crt",
    },
    "Redis Cluster": {
        "CARDTABLE_REDIS_URL": "redis://redis-0:6379/0",
        "CARDTABLE_REDIS_CLUSTER": "true",
    },
}
DATA_PORT_BEHIND_SENTINEL = {False: 6379, True: 6380}
"""The data nodes' port the Sentinels answer with: 6379, or 6380 with TLS (docs/deploying.md)."""


@dataclass
class Connection:
    what: str
    source: Pod
    target: Pod
    port: int


def needed(setup: str, server: Pod, in_cluster: bool) -> list[Connection]:
    """Every connection `setup` needs: the server's, read from its settings, and (for Redis
    run in the namespace) the Redis nodes' own."""
    settings = Settings.from_env(SETUPS[setup])
    namespace = server.namespace
    node = [redis_pod(namespace, f"redis-{i}", i, in_cluster) for i in range(3)]
    connections = []
    if settings.redis_sentinels:
        tls = settings.redis_ca_file is not None
        data_port = DATA_PORT_BEHIND_SENTINEL[tls]
        sentinels = [redis_pod(namespace, f"sentinel-{i}", 10 + i, in_cluster) for i in range(3)]
        for sentinel, entry in zip(sentinels, settings.redis_sentinels, strict=True):
            connections.append(
                Connection("server -> Sentinel", server, sentinel, int(entry.rpartition(":")[2]))
            )
        connections.append(Connection("server -> master", server, node[0], data_port))
        if in_cluster:
            connections += [
                Connection("Sentinel -> node", sentinels[0], node[1], data_port),
                Connection("Sentinel -> Sentinel", sentinels[0], sentinels[1], 26379),
                Connection("replica -> master", node[1], node[0], data_port),
            ]
    else:
        assert settings.redis_url
        port = urlsplit(settings.redis_url).port or 6379
        connections.append(Connection("server -> Redis", server, node[0], port))
        if settings.redis_cluster:
            connections.append(Connection("server -> another node", server, node[1], port))
            if in_cluster:
                connections += [
                    Connection("node -> node", node[0], node[1], port),
                    Connection("node -> node, cluster bus", node[0], node[1], port + 10000),
                ]
        elif in_cluster:
            connections.append(Connection("replica -> master", node[1], node[0], port))
    return connections


def exporter_connections(server: Pod, in_cluster: bool) -> list[Connection]:
    """A redis_exporter, documented two ways: beside Redis (Prometheus scrapes 9121 on the
    Redis pod) or in its own pods labelled `app.kubernetes.io/name: redis-exporter`."""
    if not in_cluster:
        return []  # an external Redis's exporter is outside the cluster too
    node = redis_pod(server.namespace, "redis-0", 0, in_cluster)
    exporter = Pod("redis-exporter", server.namespace, EXPORTER_LABELS, "10.244.2.1")
    return [
        Connection("Prometheus -> exporter beside Redis", PROMETHEUS, node, 9121),
        Connection("exporter pod -> Redis", exporter, node, 6379),
        Connection("exporter pod -> Redis over TLS", exporter, node, 6380),
        Connection("Prometheus -> exporter pod", PROMETHEUS, exporter, 9121),
        Connection("Prometheus -> the server's metrics", PROMETHEUS, server, server.ports["ops"]),
    ]


def overlay_docs(kubectl: Path, overlay: str) -> tuple[list[Manifest], Pod, bool]:
    docs = render(kubectl, K8S / overlay)
    server = server_pod(docs)
    in_cluster = any(
        d["metadata"]["name"] == "cardtable-redis" for d in by_kind(docs, "Deployment")
    )
    return docs, server, in_cluster


NAMESPACES = {"monitoring": {"kubernetes.io/metadata.name": "monitoring"}}


@pytest.mark.parametrize("setup", [*SETUPS, "redis_exporter"])
@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_documented_setup_gets_through(kubectl_bin: Path, overlay: str, setup: str) -> None:
    docs, server, in_cluster = overlay_docs(kubectl_bin, overlay)
    policies = namespaced_policies(docs)
    if setup == "redis_exporter":
        connections = exporter_connections(server, in_cluster)
    else:
        connections = needed(setup, server, in_cluster)
    blocked = [
        f"{c.what} ({c.source.name} -> {c.target.name}:{c.port})"
        for c in connections
        if not reachable(policies, c.source, c.target, c.port, NAMESPACES)
    ]
    assert not blocked, f"{overlay}, {setup}: blocked {blocked}"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_what_no_setup_needs_stays_refused(kubectl_bin: Path, overlay: str) -> None:
    """The evaluation can say no: the policies still isolate Redis and the server."""
    docs, server, in_cluster = overlay_docs(kubectl_bin, overlay)
    policies = namespaced_policies(docs)
    node = redis_pod(server.namespace, "redis-0", 0, in_cluster)
    stranger = Pod("other-app", server.namespace, {"app.kubernetes.io/name": "other"}, "10.244.3.1")
    elsewhere = Pod("database", "(outside)", {}, "192.0.2.10")
    refused = [
        ("server -> a database elsewhere", server, elsewhere, 5432),
        ("server -> Redis on an undocumented port", server, node, 7000),
    ]
    if in_cluster:
        refused += [
            ("another app -> Redis", stranger, node, 6379),
            ("another app -> Sentinel", stranger, node, 26379),
            ("Prometheus -> Redis itself", PROMETHEUS, node, 6379),
        ]
    allowed = [
        what
        for what, source, target, port in refused
        if reachable(policies, source, target, port, NAMESPACES)
    ]
    assert not allowed, f"{overlay}: {allowed}"


def test_prod_redis_addresses_are_in_the_allowed_cidr(kubectl_bin: Path) -> None:
    """The external Redis used above is where prod's policy points (else the setups above
    would pass for the wrong reason, or fail)."""
    policy = one(render(kubectl_bin, K8S / "overlays/prod"), "NetworkPolicy", "cardtable")
    blocks = [
        peer["ipBlock"]["cidr"]
        for rule in policy["spec"]["egress"]
        for peer in rule.get("to", [])
        if "ipBlock" in peer
    ]
    assert any(ipaddress.ip_address(EXTERNAL_REDIS_IP) in ipaddress.ip_network(b) for b in blocks)
