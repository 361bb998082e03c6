#!/bin/sh
# Clean up disk space on Linux: old temporary files, the package cache and the systemd journal.
# $1: remove temporary files not changed for this many days (default 7).
days="${1:-7}"
case "$days" in
  ''|*[!0-9]*) echo "The number of days must be a whole number: $days" >&2; exit 2 ;;
esac

echo "Free space before:"
df -h / | tail -n 1

for dir in /tmp /var/tmp; do
  if [ -d "$dir" ] && [ -w "$dir" ]; then
    count=$(find "$dir" -xdev -mindepth 1 -type f -mtime +"$days" 2>/dev/null | wc -l)
    find "$dir" -xdev -mindepth 1 -type f -mtime +"$days" -delete 2>/dev/null
    echo "$dir: removed $count file(s) older than $days day(s)"
  else
    echo "$dir: skipped (not writable by $(id -un))"
  fi
done

if [ "$(id -u)" -eq 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    apt-get clean && echo "apt package cache cleaned"
  elif command -v dnf >/dev/null 2>&1; then
    dnf clean all >/dev/null && echo "dnf package cache cleaned"
  elif command -v yum >/dev/null 2>&1; then
    yum clean all >/dev/null && echo "yum package cache cleaned"
  fi
  if command -v journalctl >/dev/null 2>&1; then
    journalctl --vacuum-size=200M 2>&1 | tail -n 1
  fi
else
  echo "Package cache and journal skipped: run as system (root) to clean them."
fi

echo "Free space after:"
df -h / | tail -n 1
