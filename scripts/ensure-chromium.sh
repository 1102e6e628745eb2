#!/usr/bin/env bash
# Browser journeys drive Debian's Chromium; never a test tool's own browser download.
set -u
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null || {
    echo "could not install chromium" >&2
    exit 1
  }
else
  echo "Browser tests need Chromium at /usr/bin/chromium: sudo apt-get install chromium" >&2
  exit 1
fi
