"""Operations endpoints: liveness, readiness (Redis reachable) and Prometheus metrics."""

from __future__ import annotations

import logging
from typing import Any

from flask import Response, jsonify
from flask.views import MethodView

from cardtable.api.blueprint import Blueprint
from cardtable.api.metrics import metrics_response
from cardtable.api.requests import wiring
from cardtable.api.schemas.common import HealthSchema
from cardtable.store.errors import write_probe

log = logging.getLogger("cardtable.api")

blp = Blueprint("operations", __name__, description="Health and metrics for operators.")


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
        503, schema=HealthSchema, description="Redis is unreachable or refuses writes."
    )
    def get(self) -> Any:
        """Ready to serve: Redis takes a small write (a full or read-only Redis is not ready)."""
        wired = wiring()
        refusal = write_probe(wired.redis, f"{wired.settings.key_prefix}:readyz")
        if refusal is not None:
            log.warning("readiness: redis refuses writes: %s", refusal)
            response: Response = jsonify({"status": "unavailable", "checks": {"redis": refusal}})
            response.status_code = 503
            response.headers["Retry-After"] = "2"
            return response
        return {"status": "ok", "checks": {"redis": "ok"}}


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
