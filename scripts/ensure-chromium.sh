#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (playwright.config.ts): the whole browser for the journeys
# of the installed app, its headless shell for the others. Playwright's own browser downloads cannot work here.
set -euo pipefail
missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
[ -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ] || missing+=(chromium-headless-shell)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Missing for the browser tests: ${missing[*]}; installing Debian's package(s)..."
if [ "$(id -u)" -ne 0 ]; then
  echo "Please install them first: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
