#!/bin/sh
# Memory report: total, used and available memory and swap, and the five processes using the most memory.
if [ "$(uname -s)" = "Darwin" ]; then
  total=$(sysctl -n hw.memsize)
  echo "Total memory: $((total / 1048576)) MB"
  vm_stat | awk '/page size of/ { size = $8 } /^Pages (free|active|inactive|speculative|wired down|occupied by compressor):/ { split($0, label, ":"); value = $NF; gsub(/\./, "", value); printf "%-36s %8d MB\n", label[1], value * size / 1048576 }'
  sysctl -n vm.swapusage
  echo
  ps -Ao pid,%mem,rss,comm -m | head -n 6
  exit 0
fi
if command -v free >/dev/null 2>&1; then
  free -h
else
  grep -E '^(MemTotal|MemFree|MemAvailable|Buffers|Cached|SwapTotal|SwapFree):' /proc/meminfo
fi
available=$(awk '/^MemAvailable:/ { a = $2 } /^MemTotal:/ { t = $2 } END { if (t) printf "%d", a * 100 / t }' /proc/meminfo)
[ -n "$available" ] && echo "Available: ${available}% of the memory"
echo
ps -eo pid,%mem,rss,comm --sort=-%mem | head -n 6
exit 0
