#!/usr/bin/env bash
# Installs the Debian packages named (postgresql, chromium-headless-shell) that are not installed yet, one installer at a time:
# .ci/run starts it in the background at the top while the tests that need a package may call it too, so every
# caller takes the same lock and waits for the one before (apt itself would refuse a second one).
#   scripts/system-packages.sh postgresql chromium-headless-shell
set -euo pipefail
missing=()
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
exec 9>/tmp/docstack-system-packages.lock
flock 9
# Another caller may have installed them while this one waited.
todo=()
for package in "${missing[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || todo+=("$package")
done
[ ${#todo[@]} -eq 0 ] && exit 0
echo "Installing Debian's ${todo[*]}…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${todo[@]}" >/dev/null
