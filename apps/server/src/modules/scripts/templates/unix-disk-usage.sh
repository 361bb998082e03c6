#!/bin/sh
# Disk usage report: every mounted file system, then the largest folders directly under a path.
# $1: the folder to look into (default /var). $2: how many folders to list (default 15).
path="${1:-/var}"
count="${2:-15}"
case "$count" in
  ''|*[!0-9]*) echo "The count must be a whole number: $count" >&2; exit 2 ;;
esac
if [ ! -d "$path" ]; then
  echo "No such folder: $path" >&2
  exit 2
fi

echo "== File systems =="
df -hP | awk 'NR == 1 || $1 !~ /^(tmpfs|devtmpfs|overlay|shm|udev|map|devfs)$/'
echo
echo "== Largest folders in $path (MB) =="
du -xmd 1 "$path" 2>/dev/null | sort -rn | head -n "$count"
exit 0
