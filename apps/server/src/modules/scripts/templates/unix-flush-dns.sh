#!/bin/sh
# Flush the DNS resolver cache: macOS (dscacheutil and mDNSResponder), systemd-resolved, nscd or dnsmasq.
if [ "$(uname -s)" = "Darwin" ]; then
  dscacheutil -flushcache && killall -HUP mDNSResponder && echo "The DNS cache of macOS was flushed."
  exit $?
fi
flushed=0
if command -v resolvectl >/dev/null 2>&1 && resolvectl flush-caches 2>/dev/null; then
  echo "systemd-resolved: cache flushed"; flushed=1
elif command -v systemd-resolve >/dev/null 2>&1 && systemd-resolve --flush-caches 2>/dev/null; then
  echo "systemd-resolved: cache flushed"; flushed=1
fi
if command -v nscd >/dev/null 2>&1 && nscd -i hosts 2>/dev/null; then
  echo "nscd: hosts cache flushed"; flushed=1
fi
if pgrep -x dnsmasq >/dev/null 2>&1 && pkill -HUP -x dnsmasq; then
  echo "dnsmasq: cache cleared"; flushed=1
fi
if [ "$flushed" -eq 0 ]; then
  echo "No DNS cache runs on this device (systemd-resolved, nscd or dnsmasq): nothing to flush."
fi
exit 0
