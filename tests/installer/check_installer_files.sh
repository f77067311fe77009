#!/usr/bin/env bash
# Checks what the packages install, with the tools the distribution checks them with:
#   check_installer_files.sh SOURCE_DIR SUPERNODED SUPERNODE_AGENT
# the .desktop entry (desktop-file-validate), the AppStream metainfo (appstreamcli validate),
# the systemd units (systemd-analyze verify, and `security` under an exposure threshold so a
# lost hardening line fails), and the sysusers.d files (systemd-sysusers into a scratch root).
set -euo pipefail
src=$1 daemon=$2 agent=$3
inst=$src/installer
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

desktop-file-validate "$inst/desktop/local.supernode.Console.desktop"
appstreamcli validate --no-net "$inst/desktop/local.supernode.Console.metainfo.xml"

# The units as a package installs them, with the binaries they start, in a scratch root whose
# /usr/lib/systemd/system is the machine's own (for the targets they name).
root=$scratch/root
mkdir -p "$root/usr/bin" "$root/usr/lib/systemd" "$root/etc/systemd/system"
ln -s /usr/lib/systemd/system "$root/usr/lib/systemd/system"
cp "$daemon" "$root/usr/bin/supernoded"
cp "$agent" "$root/usr/bin/supernode-agent"
cp "$inst/systemd/supernoded.service" "$inst/systemd/supernode-agent.service" "$root/etc/systemd/system/"
systemd-analyze --root="$root" --man=no verify "$root/etc/systemd/system/supernoded.service" \
  "$root/etc/systemd/system/supernode-agent.service"
# Exposure (0 = locked down, 10 = none): the daemon needs no capability at all; the agent keeps
# CAP_SYS_ADMIN for power limits (installer/README.md). --threshold is in tenths (20 = 2.0).
systemd-analyze security --offline=yes --root="$root" --threshold=20 \
  "$root/etc/systemd/system/supernoded.service" 2>/dev/null | tail -1
systemd-analyze security --offline=yes --root="$root" --threshold=30 \
  "$root/etc/systemd/system/supernode-agent.service" 2>/dev/null | tail -1

users=$scratch/users
mkdir -p "$users/etc" "$users/usr/lib/sysusers.d"
echo "video:x:44:" >"$users/etc/group"
cp "$inst/systemd/supernoded.sysusers" "$users/usr/lib/sysusers.d/supernoded.conf"
cp "$inst/systemd/supernode-agent.sysusers" "$users/usr/lib/sysusers.d/supernode-agent.conf"
systemd-sysusers --root="$users" 2>/dev/null
grep -q '^supernode:x:.*:/var/lib/supernode:' "$users/etc/passwd"
grep -q '^supernode-agent:x:.*:/var/lib/supernode-agent:' "$users/etc/passwd"
grep -q '^video:x:44:supernode-agent$' "$users/etc/group"
echo "installer files: desktop entry, metainfo, units and users check out"
