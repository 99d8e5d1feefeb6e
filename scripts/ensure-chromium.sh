#!/usr/bin/env bash
# The browser tests drive Debian's chromium headless shell, the bench's Lighthouse its chromium
# (Playwright downloads nothing here). Install them when missing and we may; otherwise say in one
# line what to run.
set -euo pipefail
chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
shell="${HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
installed() { [ -x "$chromium" ] && [ -x "$shell" ]; }
installed && exit 0
packages="chromium chromium-headless-shell fonts-liberation"
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium not found at $chromium or $shell: installing Debian's $packages..."
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null; } || true
  installed && exit 0
fi
echo "Chromium not found at $chromium or $shell. Install it with: sudo apt-get install -y $packages" >&2
exit 1
