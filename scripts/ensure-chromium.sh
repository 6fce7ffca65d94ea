#!/usr/bin/env bash
# The browser tests drive Debian's Chromium; Playwright's own browser downloads cannot work here.
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
echo "Chromium is missing: installing Debian's chromium package for the browser tests..."
if [ "$(id -u)" -ne 0 ]; then
  echo "Please install it first: sudo apt-get install -y chromium" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
