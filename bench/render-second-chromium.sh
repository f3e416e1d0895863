#!/usr/bin/env bash
# Runs the browser tests against a second Chromium, side by side with the system's (never replaced):
# Debian's newest `chromium` + `chromium-common` packages from the configured suites (on Debian 12:
# bookworm-security), fetched with `apt-get download` and unpacked with `dpkg -x` under
# /opt/chromium-<version>/, then the render tests with AI_READY_CHROME pointing at it. Prints both
# versions and vitest's summary. How docs/render.md's "Versions tried" table was made (2026-11-29:
# 150.0.7871.100 system, 156.0.8078.108 from bookworm-security).
# Usage: bash bench/render-second-chromium.sh [--version <debian version>] [--dir /opt/chromium-X] [--no-tests]
# Needs: apt-get, dpkg (root for /opt, or --dir somewhere writable).
set -euo pipefail
cd "$(dirname "$0")/.."

version=""
dir=""
tests=1
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version="$2"; shift 2 ;;
    --dir) dir="$2"; shift 2 ;;
    --no-tests) tests=0; shift ;;
    *) echo "render-second-chromium: unknown argument $1" >&2; exit 2 ;;
  esac
done

if [ -z "$version" ]; then
  version="$(apt-cache policy chromium | awk '/Candidate:/ {print $2}')"
fi
if [ -z "$version" ] || [ "$version" = "(none)" ]; then
  echo "render-second-chromium: apt knows no chromium package (run apt-get update first)" >&2
  exit 2
fi
major="${version%%.*}"
dir="${dir:-/opt/chromium-$major}"
exe="$dir/usr/lib/chromium/chromium"

if [ ! -x "$exe" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && apt-get download "chromium=$version" "chromium-common=$version")
  mkdir -p "$dir"
  for deb in "$work"/*.deb; do dpkg -x "$deb" "$dir"; done
fi

system="$(command -v chromium || true)"
echo "system browser: ${system:-none} $( [ -n "$system" ] && "$system" --version 2>/dev/null || true)"
echo "second browser: $exe $("$exe" --version)"
missing="$(ldd "$exe" | grep 'not found' || true)"
if [ -n "$missing" ]; then
  echo "render-second-chromium: libraries missing for $exe:" >&2
  echo "$missing" >&2
  exit 2
fi
[ "$tests" = 1 ] || exit 0

AI_READY_CHROME="$exe" npx vitest run \
  test/core/render \
  test/core/checks/capabilities/a7-rendered-policy.test.ts \
  test/core/checks/capabilities/a7-webmcp.test.ts \
  test/cli/render-cli.test.ts \
  test/server/render.test.ts
