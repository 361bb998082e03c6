#!/bin/sh
# How long the device has been up, when it last started, and the last restarts and shutdowns on record.
echo "Now:          $(date)"
echo "Up:          $(uptime)"
if [ "$(uname -s)" = "Darwin" ]; then
  boot=$(sysctl -n kern.boottime | sed 's/.*sec = \([0-9]*\).*/\1/')
  echo "Last start:   $(date -r "$boot")"
else
  if who -b >/dev/null 2>&1 && [ -n "$(who -b)" ]; then
    echo "Last start:  $(who -b | sed 's/^ *system boot *//')"
  elif [ -r /proc/uptime ]; then
    seconds=$(cut -d. -f1 /proc/uptime)
    echo "Last start:   $(date -d "@$(( $(date +%s) - seconds ))" 2>/dev/null || echo "$seconds seconds ago")"
  fi
fi
if command -v last >/dev/null 2>&1; then
  echo
  echo "Recent restarts and shutdowns:"
  last -x reboot shutdown 2>/dev/null | head -n 10 || echo "(no record)"
fi
exit 0
