# The two commands of the README: `make run` serves the API, `make test` runs every check.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
PORT ?= 8000
STAMP := $(VENV)/.installed
TS := sdk/typescript
# npm ci writes this file; it is newer than the lockfile once the tools are installed.
NODE_STAMP := $(TS)/node_modules/.package-lock.json
# axe-core, injected by the browser tests into every page they check.
AXE := tests/web/axe
AXE_STAMP := $(AXE)/node_modules/.package-lock.json

.PHONY: lock system-tools install run test lint typecheck pytest openapi sdk ts-pack web bench bench-engine \
	bench-load bench-moves bench-cost bench-size bench-state image docs clean

LINTED := service tests sdk/cardtable_sdk sdk/examples scripts bench

# uv installs the lock in seconds; pinned, like everything it installs.
UV_VERSION := 0.13.10

$(BIN)/python:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv==$(UV_VERSION)

## Every Python dependency at the version requirements.lock pins (nothing more, nothing less).
$(STAMP): $(BIN)/python requirements.lock
	$(BIN)/uv pip sync --quiet --python $(BIN)/python requirements.lock
	touch $(STAMP)

## Re-resolve requirements.lock after a change to requirements.in or a pyproject.toml.
lock: $(BIN)/python
	$(BIN)/python scripts/lock.py --write

## The TypeScript client's pinned toolchain (openapi-typescript, tsup, esbuild, tsc, vitest, vite).
$(NODE_STAMP): $(TS)/package.json $(TS)/package-lock.json
	@command -v npm >/dev/null 2>&1 && node -e 'process.exit(parseInt(process.versions.node) < 18 ? 1 : 0)' || { \
	  echo "make: Node.js 18 or later with npm is needed (the TypeScript client and the web table):" >&2; \
	  echo "      install it from https://nodejs.org or with 'apt-get install nodejs npm'" >&2; exit 1; }
	cd $(TS) && npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

$(AXE_STAMP): $(AXE)/package.json $(AXE)/package-lock.json
	cd $(AXE) && npm ci --no-audit --no-fund
	touch $(AXE_STAMP)

## Chromium, Node.js/npm and promtool: apt-get installs them as root, else it says how.
system-tools:
	@bash scripts/system_tools.sh

install: $(STAMP) $(NODE_STAMP) $(AXE_STAMP)

## Serve the API with gunicorn; without REDIS_URL it starts a private redis-server.
run: $(STAMP)
	$(BIN)/cardtable serve --port $(PORT)

## Every check: lint, type-check, then the whole test suite against real Redis servers.
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)

typecheck: $(STAMP)
	$(BIN)/mypy
	$(BIN)/mypy --strict sdk/cardtable_sdk

pytest: system-tools $(STAMP) $(NODE_STAMP) $(AXE_STAMP)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

## Write openapi.yaml from the app (a test fails when it drifts).
openapi: $(STAMP)
	$(BIN)/cardtable openapi --output openapi.yaml

## Regenerate the SDKs' generated parts from openapi.yaml with the pinned generators.
sdk: openapi $(NODE_STAMP)
	$(BIN)/python scripts/generate_sdk.py
	cd $(TS) && npm run --silent generate

## The TypeScript client as an npm tarball: sdk/typescript/cardtable-client-<version>.tgz.
ts-pack: $(NODE_STAMP)
	cd $(TS) && npm pack

## Rebuild the web table (service/web) into the assets the app serves (a test fails on drift).
web: $(NODE_STAMP)
	node service/web/build.mjs

## Benchmarks print figures; none is a test. `make bench` runs the in-process ones.
bench: bench-engine bench-state bench-size

bench-engine: $(STAMP)
	$(BIN)/python bench/engine_bench.py

bench-state: $(STAMP)
	$(BIN)/python bench/state_load_bench.py

bench-size: $(STAMP)
	$(BIN)/python bench/game_size.py

## A move against the floor of the stack (GET + Lua compare-and-set), side by side.
bench-moves: $(STAMP)
	$(BIN)/python bench/move_loop.py --players 2 --repeat 3 --seconds 8 --instructions 150

## Bytes and CPU per move early and late in a Skip-Bo match to 500 (flat in game length).
bench-cost: $(STAMP)
	$(BIN)/python bench/move_cost.py

bench-load: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/load_bench.py

## Build the documentation site from docs/ into site/ (strict: a broken link fails it).
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

## Build the container image with podman and smoke-test it (needs root: see docs/deploying.md).
image: $(STAMP)
	bash scripts/build_image.sh

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis site
