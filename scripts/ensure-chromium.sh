#!/usr/bin/env bash
# The browser tests drive Debian's chromium (Playwright downloads nothing here).
# Install it when it is missing and we may; otherwise say in one line what to run.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $chromium: installing Debian's chromium..."
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation >/dev/null; } || true
  [ -x "$chromium" ] && exit 0
fi
echo "Chromium not found at $chromium. Install it with: sudo apt-get install -y chromium" >&2
exit 1
