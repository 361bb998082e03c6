#!/bin/sh
# Collect recent system log entries: the systemd journal since N hours ago, else the classic log files.
# $1: hours to look back (default 24). $2: at most this many lines (default 500). $3: only this priority and
# more severe (emerg, alert, crit, err, warning, notice, info, debug; default warning).
hours="${1:-24}"
lines="${2:-500}"
priority="${3:-warning}"
for number in "$hours" "$lines"; do
  case "$number" in
    ''|*[!0-9]*) echo "Hours and lines are whole numbers: $number" >&2; exit 2 ;;
  esac
done
case "$priority" in
  emerg|alert|crit|err|warning|notice|info|debug) ;;
  *) echo "Unknown priority: $priority" >&2; exit 2 ;;
esac

echo "== Log entries of priority $priority or worse, last $hours hour(s), at most $lines lines =="
if command -v journalctl >/dev/null 2>&1 && journalctl --quiet -n 1 >/dev/null 2>&1; then
  journalctl --no-pager --quiet --since "-${hours}h" -p "$priority" -n "$lines" 2>/dev/null
  echo "== $(journalctl --no-pager --quiet --since "-${hours}h" -p "$priority" 2>/dev/null | wc -l) matching entries in the journal =="
  exit 0
fi
found=0
for file in /var/log/syslog /var/log/messages /var/log/kern.log /var/log/dpkg.log; do
  if [ -r "$file" ]; then
    found=1
    echo "== $file (last $lines lines) =="
    tail -n "$lines" "$file"
  fi
done
if [ "$found" -eq 0 ]; then
  echo "No journal and no readable log file in /var/log; the kernel ring buffer instead:"
  dmesg 2>/dev/null | tail -n "$lines" || echo "(the kernel log is not readable either)"
fi
exit 0
