"""Operations endpoints: liveness, readiness and Prometheus metrics.

Readiness answers "should this pod get traffic?", not "is Redis up?". Redis is shared by
every pod: when it is down, taking every pod out of the Service would not help any request
(no other pod can do better) and would replace the app's own 503 JSON error with
`Retry-After` by the ingress's generic 503 page. So a process is ready once it has written
to Redis once (a pod with a wrong URL, password or CA never gets traffic, and a rolling
update with such a setting stops at its first pod), and from then on until it stops
(SIGTERM: draining). A later Redis outage shows in the body (`status: degraded`), in
`cardtable_redis_up` and in the CardtableRedisDown alert, not in the pod's readiness.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from flask import Response, current_app, jsonify
from flask.views import MethodView

from cardtable.api.blueprint import Blueprint
from cardtable.api.metrics import metrics_response
from cardtable.api.requests import wiring
from cardtable.api.schemas.common import HealthSchema
from cardtable.server import lifecycle
from cardtable.store.errors import write_probe

log = logging.getLogger("cardtable.api")

blp = Blueprint("operations", __name__, description="Health and metrics for operators.")


def _reached_redis() -> threading.Event:
    """Set once this app (one per process) has written to Redis: the module's docstring."""
    event: threading.Event = current_app.extensions.setdefault(
        "cardtable.reached_redis", threading.Event()
    )
    return event


def _unavailable(status: str, checks: dict[str, str]) -> Response:
    response: Response = jsonify({"status": status, "checks": checks})
    response.status_code = 503
    response.headers["Retry-After"] = "2"
    return response


@blp.route("/livez")
class Liveness(MethodView):
    @blp.doc(operationId="get_liveness", security=[])
    @blp.response(200, HealthSchema)
    def get(self) -> Any:
        """The process is alive (checks no dependency)."""
        return {"status": "ok", "checks": {}}


@blp.route("/readyz")
class Readiness(MethodView):
    @blp.doc(operationId="get_readiness", security=[])
    @blp.response(200, HealthSchema)
    @blp.alt_response(
        503,
        schema=HealthSchema,
        description="Not ready: Redis has not taken a write yet since start, or the process "
        "is stopping.",
    )
    def get(self) -> Any:
        """Ready for traffic: Redis took a write once since start, and not stopping.

        A Redis outage after that leaves the process ready (`status: degraded`, the check
        says why): Redis is shared, so no other pod would do better, and requests get the
        service's own 503 JSON error with Retry-After."""
        if lifecycle.shutting_down():
            return _unavailable("draining", {})
        wired = wiring()
        refusal = write_probe(wired.redis, f"{wired.settings.key_prefix}:readyz")
        if refusal is None:
            _reached_redis().set()
            return {"status": "ok", "checks": {"redis": "ok"}}
        log.warning("readiness: redis refuses writes: %s", refusal)
        if _reached_redis().is_set():
            return {"status": "degraded", "checks": {"redis": refusal}}
        return _unavailable("unavailable", {"redis": refusal})


@blp.route("/metrics")
class Metrics(MethodView):
    @blp.doc(
        operationId="get_metrics",
        security=[],
        responses={
            "200": {
                "description": "Prometheus text exposition format.",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            }
        },
    )
    def get(self) -> Response:
        """Prometheus metrics: requests and latencies per endpoint, moves per game,
        games created, conflicts (aggregated over all gunicorn workers)."""
        return metrics_response()
