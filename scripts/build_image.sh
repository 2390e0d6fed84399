#!/usr/bin/env bash
# Build Cardtable's container image with podman from a base image made here with
# debootstrap (no registry image can be pulled in this sandbox), then run it the way the
# Kubernetes manifests do (non-root, read-only root filesystem, all capabilities dropped)
# against a real redis-server and play a game of each kind through HTTP.
#
#   scripts/build_image.sh               # build (base image reused when present) + smoke test
#   scripts/build_image.sh --build-only  # just the image
#   scripts/build_image.sh --rebuild-base --save /tmp/cardtable.tar
#
# Runs as root (apt-get, debootstrap, rootful podman); installs podman, runc and
# debootstrap with apt-get when missing. Everything podman stores goes under $WORKDIR
# (default /var/tmp/cardtable-image), so the system's own podman storage is untouched:
#   podman --root /var/tmp/cardtable-image/storage --storage-driver vfs images
#
# Environment: IMAGE (default localhost/cardtable:<version>), BASE_IMAGE (default
# localhost/cardtable-base:bookworm-py3.11), WORKDIR, PYTHON (a Python with the project
# installed; default .venv/bin/python), DEBIAN_MIRROR (default: debootstrap's own).
#
# Why the podman flags below (each one was needed on this kind of machine):
#   --storage-driver vfs          no overlay mounts inside the sandbox
#   --cgroup-manager cgroupfs     no systemd
#   --runtime runc                crun refuses the hybrid cgroup v1/v2 layout here
#   --events-backend file         no journald
#   --ulimit nofile/nproc         podman's defaults exceed the hard limits it may set
#   --isolation chroot            RUN steps without a runtime container or cgroups
#   --network host                no CNI/netavark networking; servers bind 127.0.0.1
# and pip installs from a wheelhouse built on the host (--volume, PIP_NO_INDEX), so the
# build itself needs no network and no certificate set-up inside the container.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PYTHON=${PYTHON:-$ROOT/.venv/bin/python}
WORKDIR=${WORKDIR:-/var/tmp/cardtable-image}
BASE_IMAGE=${BASE_IMAGE:-localhost/cardtable-base:bookworm-py3.11}
BUILD_ONLY=0
REBUILD_BASE=0
SAVE_TO=""

usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }
log() { printf '\n== %s [%ss]\n' "$*" "$SECONDS"; }
die() { printf 'build_image.sh: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --build-only) BUILD_ONLY=1 ;;
        --rebuild-base) REBUILD_BASE=1 ;;
        --save) SAVE_TO=${2:?--save needs a path}; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

[ "$(id -u)" = 0 ] || die "run as root: debootstrap and rootful podman need it"
[ -x "$PYTHON" ] || die "no Python at $PYTHON (make install, or set PYTHON)"
[ -f "$ROOT/README.md" ] || die "README.md is missing: pyproject.toml names it as the readme"
VERSION=$("$PYTHON" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' "$ROOT/pyproject.toml")
IMAGE=${IMAGE:-localhost/cardtable:$VERSION}

install_tools() {
    local missing=()
    command -v podman >/dev/null || missing+=(podman)
    command -v runc >/dev/null || missing+=(runc)
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    if [ ${#missing[@]} -gt 0 ]; then
        log "apt-get install ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
}

install_tools
mkdir -p "$WORKDIR"
PODMAN=(podman --root "$WORKDIR/storage" --runroot "$WORKDIR/run" --storage-driver vfs
        --cgroup-manager cgroupfs --runtime runc --events-backend file)
LIMITS=(--ulimit nofile=8192:8192 --ulimit nproc=4096:4096)

make_base() {
    if [ "$REBUILD_BASE" = 0 ] && "${PODMAN[@]}" image exists "$BASE_IMAGE"; then
        log "base image $BASE_IMAGE already built (--rebuild-base to redo it)"
        return
    fi
    local rootfs="$WORKDIR/rootfs"
    log "debootstrap Debian bookworm with Python 3.11 into $rootfs"
    rm -rf "$rootfs"
    # python3-venv and python3-distutils named explicitly: debootstrap's resolver does not
    # follow python3.11-venv's alternative dependency on its own.
    debootstrap --variant=minbase \
        --include=python3.11,python3-venv,python3-distutils,passwd,ca-certificates \
        bookworm "$rootfs" ${DEBIAN_MIRROR:+"$DEBIAN_MIRROR"} > "$WORKDIR/debootstrap.log" 2>&1 \
        || { tail -30 "$WORKDIR/debootstrap.log" >&2; die "debootstrap failed (log: $WORKDIR/debootstrap.log)"; }
    # What an image needs no copy of: downloaded packages, package lists, documentation.
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* \
        "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
        "$rootfs"/usr/share/locale/*
    log "import it as $BASE_IMAGE"
    tar --numeric-owner -C "$rootfs" -c . | "${PODMAN[@]}" import \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'ENV LANG=C.UTF-8' \
        --change 'CMD ["python3"]' \
        - "$BASE_IMAGE" >/dev/null
    rm -rf "$rootfs"
}

# Wheels for every runtime dependency, at the versions of the project's own venv, plus the
# build backend. pip on the host resolves markers for the host's Python; the base's Python
# may be an older patch release (bookworm: 3.11.2, and redis needs async-timeout below
# 3.11.3), so the closure is completed for the base's exact version.
make_wheelhouse() {
    local wheelhouse="$WORKDIR/wheelhouse" target
    log "wheelhouse for the base image's Python"
    target=$("${PODMAN[@]}" run --rm "${LIMITS[@]}" --network host "$BASE_IMAGE" \
        python3 -c 'import platform; print(platform.python_version())')
    rm -rf "$wheelhouse" && mkdir -p "$wheelhouse"
    "$PYTHON" -m pip freeze --exclude-editable > "$WORKDIR/constraints.txt"
    # The engine is not on any index: its wheel is built from service/engine.
    "$PYTHON" -c 'import sys, tomllib; print("\n".join(d for d in tomllib.load(open(sys.argv[1], "rb"))["project"]["dependencies"] if not d.startswith("cardtable-engine")))' \
        "$ROOT/pyproject.toml" > "$WORKDIR/requirements.txt"
    "$PYTHON" -m pip wheel --quiet --disable-pip-version-check --no-deps \
        --wheel-dir "$wheelhouse" "$ROOT/service/engine"
    "$PYTHON" -m pip wheel --quiet --disable-pip-version-check --wheel-dir "$wheelhouse" \
        --constraint "$WORKDIR/constraints.txt" --requirement "$WORKDIR/requirements.txt" \
        "setuptools>=77" wheel 2> >(grep -v 'is ignored: it is neither' >&2)
    "$PYTHON" - "$wheelhouse" "$target" "$WORKDIR/constraints.txt" <<'PY'
"""Add the wheels that requirement markers select for the target Python version."""
import subprocess
import sys
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

wheelhouse, target, constraints = Path(sys.argv[1]), sys.argv[2], sys.argv[3]
environment = {"python_full_version": target, "python_version": ".".join(target.split(".")[:2])}
for _ in range(10):
    wheels = list(wheelhouse.glob("*.whl"))
    have = {canonicalize_name(parse_wheel_filename(w.name)[0]) for w in wheels}
    missing = set()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as archive:
            name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
            metadata = Parser().parsestr(archive.read(name).decode())
        for line in metadata.get_all("Requires-Dist") or []:
            requirement = Requirement(line)
            wanted = requirement.marker is None or requirement.marker.evaluate(
                {**environment, "extra": ""}
            )
            if wanted and canonicalize_name(requirement.name) not in have:
                requirement.marker = None
                missing.add(str(requirement))
    if not missing:
        break
    print(f"for Python {target}: {', '.join(sorted(missing))}")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
         "--wheel-dir", str(wheelhouse), "--constraint", constraints, *sorted(missing)],
        check=True,
    )
else:
    sys.exit("the wheelhouse did not converge")
PY
    WHEELHOUSE=$wheelhouse
}

build_image() {
    log "build $IMAGE from $BASE_IMAGE"
    "${PODMAN[@]}" build --isolation chroot --layers=false --format docker --network host \
        "${LIMITS[@]}" --volume "$WHEELHOUSE:/wheelhouse:ro" \
        --build-arg BASE_IMAGE="$BASE_IMAGE" \
        --build-arg PIP_NO_INDEX=1 --build-arg PIP_FIND_LINKS=/wheelhouse \
        --build-arg VERSION="$VERSION" \
        --build-arg REVISION="$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)" \
        --build-arg CREATED="$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
        --build-arg SOURCE="${SOURCE:-https://github.com/cardtable/cardtable}" \
        --tag "$IMAGE" --file "$ROOT/Dockerfile" "$ROOT"
    "${PODMAN[@]}" image inspect "$IMAGE" --format 'image {{.Id}}: {{.Size}} bytes, user {{.Config.User}}'
    # The image this build replaced, if any: vfs stores every image in full.
    "${PODMAN[@]}" image prune --force > /dev/null
}

REDIS_PID=""
CONTAINER=""
cleanup() {
    if [ -n "$CONTAINER" ]; then
        "${PODMAN[@]}" rm --force --time 5 "$CONTAINER" >/dev/null 2>&1 || true
    fi
    if [ -n "$REDIS_PID" ]; then
        kill "$REDIS_PID" 2>/dev/null || true
        wait "$REDIS_PID" 2>/dev/null || true
    fi
}
trap cleanup EXIT

smoke_test() {
    local redis_port app_port redis_bin status exit_code
    redis_bin=$("$PYTHON" -c 'from cardtable.server.redis_server import find_redis_binary; print(find_redis_binary())')
    redis_port=$("$PYTHON" -c 'from cardtable.server.redis_server import free_port; print(free_port())')
    app_port=$("$PYTHON" -c 'from cardtable.server.redis_server import free_port; print(free_port())')
    log "redis-server on 127.0.0.1:$redis_port"
    "$redis_bin" --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no \
        --dir "$WORKDIR" > "$WORKDIR/redis.log" 2>&1 &
    REDIS_PID=$!

    CONTAINER="cardtable-smoke-$$"
    log "run $IMAGE as $CONTAINER on 127.0.0.1:$app_port (read-only root, no capabilities)"
    "${PODMAN[@]}" run --detach --name "$CONTAINER" --network host "${LIMITS[@]}" \
        --read-only --tmpfs /tmp:rw,size=64m,mode=1777 \
        --user 10001:10001 --cap-drop ALL --security-opt no-new-privileges \
        --health-interval disable \
        --env CARDTABLE_REDIS_URL="redis://127.0.0.1:$redis_port/0" \
        --env CARDTABLE_BIND="127.0.0.1:$app_port" --env PORT="$app_port" \
        --env CARDTABLE_WORKERS=2 \
        "$IMAGE" > /dev/null 2> >(grep -v 'systemd connection' >&2)

    log "play a game of each kind over HTTP"
    if ! "$PYTHON" - "http://127.0.0.1:$app_port" <<'PY'; then
"""Wait until ready, then play Skyjo and Skip-Bo to the end against server bots."""
import json
import random
import sys
import time
import urllib.error
import urllib.request

BASE = sys.argv[1]


def call(method, path, body=None, token=None):
    request = urllib.request.Request(BASE + path, method=method)
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            raw = response.read()
            return response.status, (json.loads(raw) if raw.startswith((b"{", b"[")) else raw)
    except urllib.error.HTTPError as error:
        return error.code, error.read()


deadline = time.monotonic() + 60
while True:
    try:
        if call("GET", "/readyz")[0] == 200:
            break
    except OSError:
        pass
    if time.monotonic() > deadline:
        sys.exit("the container never became ready")
    time.sleep(0.5)
assert call("GET", "/livez")[0] == 200

rng = random.Random(5)
for game, bot in (("skyjo", "greedy"), ("skipbo", "random")):
    players = [{"name": "Ann"}, {"name": "Bot", "bot": bot}]
    status, created = call("POST", "/games", {"game": game, "players": players, "seed": 11})
    assert status == 201, (status, created)
    game_id, token = created["id"], created["players"][0]["token"]
    moves = 0
    while True:
        status, view = call("GET", f"/games/{game_id}")
        assert status == 200, (status, view)
        if view["finished"]:
            break
        status, legal = call("GET", f"/games/{game_id}/legal-moves", token=token)
        assert status == 200 and legal["moves"], (status, legal)
        status, applied = call(
            "POST", f"/games/{game_id}/moves", {"move": rng.choice(legal["moves"])}, token
        )
        assert status == 200, (status, applied)
        moves += 1
        assert moves < 5000, "the game does not end"
    status, score = call("GET", f"/games/{game_id}/score")
    assert status == 200 and score["finished"], (status, score)
    status, record = call("GET", f"/games/{game_id}/record")
    assert status == 200, (status, record)
    print(f"{game}: {moves} human moves, final version {view['version']}, "
          f"totals {score['totals']}, winners {score['winners']}")

status, metrics = call("GET", "/metrics")
assert status == 200 and b"# TYPE" in metrics, status
print(f"/metrics: {len(metrics.splitlines())} lines")
PY
        "${PODMAN[@]}" logs "$CONTAINER" | tail -40 >&2
        die "the smoke test failed"
    fi

    log "HEALTHCHECK"
    "${PODMAN[@]}" healthcheck run "$CONTAINER" && echo "healthy"

    log "stop (SIGTERM, gunicorn's graceful shutdown)"
    "${PODMAN[@]}" stop --time 30 "$CONTAINER" > /dev/null 2> >(grep -v 'systemd connection' >&2)
    exit_code=$("${PODMAN[@]}" inspect "$CONTAINER" --format '{{.State.ExitCode}}')
    status=$("${PODMAN[@]}" logs "$CONTAINER" 2>&1 | grep -c 'Shutting down: Master' || true)
    if [ "$exit_code" != 0 ] || [ "$status" -lt 1 ]; then
        die "unclean stop: exit code $exit_code, shutdown lines $status"
    fi
    echo "stopped cleanly (exit code 0)"
}

# The image's software bill of materials: its Python distributions (read inside the image)
# as CycloneDX JSON by cyclonedx-py, and its Debian packages as dpkg lists them.
write_sbom() {
    log "SBOM of $IMAGE into $WORKDIR/sbom.cdx.json and $WORKDIR/dpkg.txt"
    "${PODMAN[@]}" run --rm "${LIMITS[@]}" --network host --entrypoint /opt/cardtable/bin/python \
        "$IMAGE" -c 'import importlib.metadata as m; print("\n".join(sorted({f"{d.name}=={d.version}" for d in m.distributions()})))' \
        > "$WORKDIR/image-requirements.txt"
    "${PODMAN[@]}" run --rm "${LIMITS[@]}" --network host --entrypoint dpkg-query "$IMAGE" \
        -W -f '${Package} ${Version} ${Architecture}\n' > "$WORKDIR/dpkg.txt"
    "$PYTHON" -m cyclonedx_py requirements "$WORKDIR/image-requirements.txt" \
        --output-format JSON --output-file "$WORKDIR/sbom.cdx.json"
    echo "$(grep -c . "$WORKDIR/image-requirements.txt") Python distributions, $(grep -c . "$WORKDIR/dpkg.txt") Debian packages"
}

make_base
make_wheelhouse
build_image
write_sbom
if [ -n "$SAVE_TO" ]; then
    log "save $IMAGE to $SAVE_TO (docker-archive: kind load image-archive, docker load, ...)"
    rm -f "$SAVE_TO"
    "${PODMAN[@]}" save --format docker-archive --output "$SAVE_TO" "$IMAGE"
fi
if [ "$BUILD_ONLY" = 0 ]; then
    smoke_test
fi
log "done: $IMAGE"
