#!/bin/sh
# List the package updates waiting to be installed (apt, dnf, yum or zypper), security updates counted apart.
# Read-only: the package lists are refreshed only when $1 is true (and the script runs as root).
refresh="${1:-false}"

if command -v apt-get >/dev/null 2>&1; then
  if [ "$refresh" = "true" ] && [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq >/dev/null 2>&1 || echo "Refreshing the package lists failed; showing the cached ones."
  fi
  list=$(apt-get -s -o Debug::NoLocking=1 upgrade 2>/dev/null | grep '^Inst ' || true)
  total=$(printf '%s' "$list" | grep -c '^Inst ' || true)
  security=$(printf '%s' "$list" | grep -ci 'security' || true)
  echo "Pending updates (apt): $total, of which security: $security"
  printf '%s\n' "$list" | sed -n 's/^Inst \([^ ]*\) \[\([^]]*\)\] (\([^ ]*\).*/\1: \2 -> \3/p'
  if [ -f /var/run/reboot-required ]; then echo "A restart is required to finish earlier updates."; fi
elif command -v dnf >/dev/null 2>&1 || command -v yum >/dev/null 2>&1; then
  manager=$(command -v dnf >/dev/null 2>&1 && echo dnf || echo yum)
  [ "$refresh" = "true" ] || cache="-C"
  $manager -q $cache check-update
  status=$?
  if [ "$status" -eq 0 ]; then
    echo "No pending updates ($manager)."
  elif [ "$status" -eq 100 ]; then
    echo "Security updates:"
    $manager -q $cache updateinfo list --security 2>/dev/null || echo "(no security information)"
  else
    echo "$manager could not check for updates (exit code $status)." >&2
    exit "$status"
  fi
elif command -v zypper >/dev/null 2>&1; then
  zypper --non-interactive list-updates
  zypper --non-interactive list-patches --category security
else
  echo "No supported package manager (apt, dnf, yum, zypper) on this device." >&2
  exit 3
fi
exit 0
