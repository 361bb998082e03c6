#!/bin/sh
# Find the largest files under a folder (on the same file system). $1: the folder (default /). $2: at least
# this many MB (default 100). $3: list at most this many (default 20).
path="${1:-/}"
size="${2:-100}"
count="${3:-20}"
for number in "$size" "$count"; do
  case "$number" in
    ''|*[!0-9]*) echo "Size and count are whole numbers: $number" >&2; exit 2 ;;
  esac
done
if [ ! -d "$path" ]; then
  echo "No such folder: $path" >&2
  exit 2
fi
echo "Files of $size MB or more under $path (largest first, at most $count):"
# find's -size counts in 1 MiB blocks with the M suffix on GNU and BSD alike; sizes printed in MB.
found=$(find "$path" -xdev -type f -size +"$((size > 0 ? size - 1 : 0))"M -exec du -m {} + 2>/dev/null | sort -rn | head -n "$count")
if [ -z "$found" ]; then
  echo "(none)"
else
  printf '%s\n' "$found" | awk '{ size = $1; $1 = ""; printf "%8d MB %s\n", size, substr($0, 2) }'
fi
exit 0
