"""Operations endpoints: liveness, readiness (Redis reachable) and Prometheus metrics."""

from __future__ import annotations

import logging
from typing import Any

import redis.exceptions
from flask import Response, jsonify
from flask.views import MethodView

from cardtable.api.blueprint import Blueprint
from cardtable.api.metrics import metrics_response
from cardtable.api.requests import wiring
from cardtable.api.schemas.common import HealthSchema

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
    @blp.alt_response(503, schema=HealthSchema, description="Redis is unreachable.")
    def get(self) -> Any:
        """Ready to serve: Redis answers PING."""
        try:
            wiring().redis.ping()
        except (redis.exceptions.RedisError, OSError) as exc:
            log.warning("readiness: redis unreachable: %s", type(exc).__name__)
            response: Response = jsonify({"status": "unavailable", "checks": {"redis": "down"}})
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
