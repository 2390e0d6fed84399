#!/usr/bin/env bash
# The system tools `make test` needs beyond Python: Debian's Chromium (the browser tests),
# Node.js 18+ with npm (the TypeScript client and the web table) and promtool (the alert
# rules, from Debian's prometheus package). Installed with apt-get when this runs as root
# or with sudo; otherwise it stops at once and says what to install.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! command -v npm >/dev/null 2>&1 || ! node -e 'process.exit(parseInt(process.versions.node) < 18 ? 1 : 0)' 2>/dev/null; then
  missing+=(nodejs npm)
fi
command -v promtool >/dev/null 2>&1 || missing+=(prometheus)
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo)
else
  echo "make test needs: ${missing[*]}. Install them with:" >&2
  echo "    sudo apt-get install --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
echo "installing the system tools the tests need: ${missing[*]}" >&2
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
