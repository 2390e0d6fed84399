"""OpenTelemetry spans for operators who run a collector: off unless CARDTABLE_TRACING=on.

On, each worker process traces the HTTP requests (the Flask instrumentation), the Redis
commands (the Redis instrumentation: command names only, every argument is `?`) and the
engine's application of a move (`span`, around it in cardtable.games.service), and sends
them where the standard OTEL_* environment says (docs/operations.md, "Tracing").

Off (the default), nothing of OpenTelemetry is imported, the app is built as without this
module, and `span` hands back one shared context manager that does nothing.

The set-up runs in `create_app`, which gunicorn calls in each worker after the fork (the
app is not preloaded): the span processor's export thread is started in the process that
uses it. Under the gevent worker that thread is a greenlet (gevent has patched `threading`
before the app loads) and its exports are cooperative socket writes.
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any

from cardtable import config

if TYPE_CHECKING:  # the service layer calls `span` and knows nothing of Flask
    from flask import Flask

    from cardtable.config import Settings

log = logging.getLogger(__name__)

SERVICE_NAME = "cardtable"
"""The `service.name` of the spans unless OTEL_SERVICE_NAME names another."""
FLUSH_SECONDS = 2.0
"""How long a stopping worker waits for its last spans to be sent."""
EXPORTERS = ("otlp", "console", "none")
"""What OTEL_TRACES_EXPORTER may name (otlp: OTLP over HTTP/protobuf)."""
SECRET_HEADERS = ("authorization", "idempotency-key", "cookie")
"""Never recorded, whatever OTEL_INSTRUMENTATION_HTTP_CAPTURE_HEADERS_SERVER_REQUEST asks."""

_NO_SPAN: AbstractContextManager[None] = contextlib.nullcontext()


def _no_span(name: str, **attributes: Any) -> AbstractContextManager[Any]:
    return _NO_SPAN


span: Callable[..., AbstractContextManager[Any]] = _no_span
"""`with tracing.span("name", key=value):` a span when tracing is on, nothing otherwise.
(Called as `tracing.span`: `init_app` replaces it.)"""
_provider: Any = None


def wanted(settings: Settings, env: dict[str, str] | None = None) -> bool:
    """Tracing is asked for (CARDTABLE_TRACING) and not disabled by OTEL_SDK_DISABLED."""
    env = config.otel_variables() if env is None else env
    disabled = env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true"
    return settings.tracing and not disabled


def init_app(app: Flask, settings: Settings) -> None:
    """Trace this process's requests, Redis commands and moves, if tracing is wanted (the
    provider is built from the OTEL_* environment; `provider()` hands it to tests)."""
    if not wanted(settings):
        return
    global span, _provider
    try:
        from opentelemetry import trace
        from opentelemetry.instrumentation.flask import FlaskInstrumentor
        from opentelemetry.instrumentation.redis import RedisInstrumentor
    except ImportError as missing:
        raise RuntimeError(
            "CARDTABLE_TRACING=on needs the `tracing` extra: pip install 'cardtable[tracing]' "
            f"({missing})"
        ) from missing

    built = _provider_from_env()
    trace.set_tracer_provider(built)  # for any other instrumentation in the process
    # Request headers are recorded only if OTEL_INSTRUMENTATION_HTTP_CAPTURE_HEADERS_* asks;
    # tokens travel in Authorization only (never in a URL), which is masked even then.
    config.mask_otel_headers(SECRET_HEADERS)
    FlaskInstrumentor.instrument_app(app, tracer_provider=built)  # type: ignore[no-untyped-call]
    RedisInstrumentor().instrument(tracer_provider=built)
    tracer = built.get_tracer("cardtable")

    @contextlib.contextmanager
    def traced(name: str, **attributes: Any) -> Iterator[Any]:
        # No exception event or status message: a message may name what a seat holds.
        with tracer.start_as_current_span(
            name, attributes=attributes, record_exception=False, set_status_on_exception=False
        ) as current:
            try:
                yield current
            except Exception as error:
                current.set_attribute("error.type", type(error).__name__)
                raise

    span, _provider = traced, built


def provider() -> Any:
    """This process's TracerProvider, None when tracing is off."""
    return _provider


def stop(app: Flask | None = None) -> None:
    """Undo `init_app` (tests): the Redis client and `span` untraced again."""
    global span, _provider
    if _provider is None:
        return
    from opentelemetry.instrumentation.flask import FlaskInstrumentor
    from opentelemetry.instrumentation.redis import RedisInstrumentor

    RedisInstrumentor().uninstrument()
    if app is not None:
        FlaskInstrumentor.uninstrument_app(app)  # type: ignore[no-untyped-call]
    span, _provider = _no_span, None


def flush() -> None:
    """Send the spans still queued (a worker exits without the interpreter's teardown)."""
    if _provider is not None:
        with contextlib.suppress(Exception):  # a collector down must not hold the stop
            _provider.force_flush(int(FLUSH_SECONDS * 1000))


def _provider_from_env() -> Any:
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, ConsoleSpanExporter

    env = config.otel_variables()
    named = env.get("OTEL_SERVICE_NAME", "").strip()
    # The sampler follows OTEL_TRACES_SAMPLER(_ARG), read by the provider itself.
    provider = TracerProvider(
        resource=Resource.create({} if named else {"service.name": SERVICE_NAME})
    )
    exporter_name = env.get("OTEL_TRACES_EXPORTER", "otlp").strip().lower() or "otlp"
    if exporter_name not in EXPORTERS:
        raise ValueError(
            f"OTEL_TRACES_EXPORTER must be one of {', '.join(EXPORTERS)}, not {exporter_name!r}"
        )
    exporter: Any = None
    if exporter_name == "otlp":
        # Reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS, _TIMEOUT, _COMPRESSION.
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        exporter = OTLPSpanExporter()
    elif exporter_name == "console":
        exporter = ConsoleSpanExporter()
    if exporter is not None:
        provider.add_span_processor(BatchSpanProcessor(exporter))
    endpoint = env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or env.get(
        "OTEL_EXPORTER_OTLP_ENDPOINT", "http://localhost:4318"
    )
    log.info(
        "tracing on: service %s, exporter %s%s (pid %s)",
        provider.resource.attributes.get("service.name"),
        exporter_name,
        f" to {endpoint}" if exporter_name == "otlp" else "",
        os.getpid(),
    )
    return provider
