#!/usr/bin/env bash
# Finds the Chromium the browser tests drive (Debian's, never a download) and prints its
# path. Order: CHROMIUM_PATH, then `chromium` / `chromium-browser` on PATH. When none is
# there and we are root with apt-get (a fresh CI machine), installs Debian's package as
# .ci/run used to; otherwise says in one line what is missing and how to get it, and fails.
set -uo pipefail
find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then
    [ -x "$CHROMIUM_PATH" ] && { echo "$CHROMIUM_PATH"; return 0; }
    echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file: point it at a Chromium binary or unset it." >&2
    exit 1
  fi
  command -v chromium || command -v chromium-browser
}
if ! find_chromium; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Chromium not found: installing Debian's chromium package (apt-get)." >&2
    apt-get update -q >&2 &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium fonts-liberation >/dev/null &&
      find_chromium && exit 0
    echo "Chromium is missing and apt-get could not install it: run 'apt-get install -y chromium fonts-liberation' or set CHROMIUM_PATH." >&2
    exit 1
  fi
  echo "Chromium is missing: run 'sudo apt-get install -y chromium fonts-liberation' (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary." >&2
  exit 1
fi
