#!/usr/bin/env bash
# Scan the image's Python distributions for known vulnerabilities with pip-audit, from the
# list scripts/build_image.sh wrote ($WORKDIR/image-requirements.txt, every distribution
# pinned as it is inside the image). pip-audit asks PyPI's advisory data (its default
# `--vulnerability-service pypi`; `osv` for OSV's), so this step needs the network; it runs
# where CI has it. Exit code 1 when a vulnerability is found, or (--strict) when a
# distribution could not be looked up: without the advisory data the scan fails, it never
# passes silently (in this sandbox it fails that way: PyPI's JSON API is not reachable).
#
#   scripts/scan_image.sh [requirements-file]
#
# The Debian packages of the base ($WORKDIR/dpkg.txt) are for an image scanner (Trivy,
# Grype) run on the saved image: see docs/operations.md.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
WORKDIR=${WORKDIR:-/var/tmp/cardtable-image}
REQUIREMENTS=${1:-$WORKDIR/image-requirements.txt}
[ -f "$REQUIREMENTS" ] || { echo "scan_image.sh: no $REQUIREMENTS (run scripts/build_image.sh)" >&2; exit 2; }
VENV=${SCAN_VENV:-$WORKDIR/scan-venv}
if [ ! -x "$VENV/bin/pip-audit" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "pip-audit>=2.7,<3"
fi
# cardtable and cardtable-engine are not on PyPI: nothing to look up for them.
grep -v -i -E '^cardtable(-engine)?==' "$REQUIREMENTS" > "$WORKDIR/scan-requirements.txt"
exec "$VENV/bin/pip-audit" --requirement "$WORKDIR/scan-requirements.txt" --no-deps \
    --disable-pip --strict --progress-spinner off --desc on ${PIP_AUDIT_ARGS:-}
