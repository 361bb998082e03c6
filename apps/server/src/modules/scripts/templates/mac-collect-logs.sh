#!/bin/sh
# macOS: collect recent log entries of the unified log. $1: hours to look back (default 4). $2: at most this
# many lines (default 500). $3: errors only (true/false, default true).
hours="${1:-4}"
lines="${2:-500}"
errors="${3:-true}"
for number in "$hours" "$lines"; do
  case "$number" in
    ''|*[!0-9]*) echo "Hours and lines are whole numbers: $number" >&2; exit 2 ;;
  esac
done
echo "== Log entries of the last $hours hour(s), at most $lines lines =="
if [ "$errors" = "true" ]; then
  log show --last "${hours}h" --style syslog --predicate 'messageType == error OR messageType == fault' 2>/dev/null | tail -n "$lines"
else
  log show --last "${hours}h" --style syslog 2>/dev/null | tail -n "$lines"
fi
exit 0
