#!/bin/sh
# The processes using the most CPU or memory. $1: how many (default 10). $2: cpu or memory (default cpu).
count="${1:-10}"
by="${2:-cpu}"
case "$count" in
  ''|*[!0-9]*) echo "The count must be a whole number: $count" >&2; exit 2 ;;
esac
case "$by" in
  cpu|memory) ;;
  *) echo "Sort by cpu or memory, not $by" >&2; exit 2 ;;
esac

echo "Top $count processes by $by:"
if [ "$(uname -s)" = "Darwin" ]; then
  flag=-r
  [ "$by" = "memory" ] && flag=-m
  ps -Ao pid,user,%cpu,%mem,rss,comm "$flag" | head -n "$((count + 1))"
else
  key=-%cpu
  [ "$by" = "memory" ] && key=-%mem
  ps -eo pid,user,%cpu,%mem,rss,comm --sort="$key" | head -n "$((count + 1))"
fi
echo
echo "Load average:$(uptime | sed 's/.*load average[s]*://')"
exit 0
