#!/bin/sh
# List the TCP and UDP ports this device listens on, with the process where the system says it.
if [ "$(uname -s)" = "Darwin" ]; then
  echo "== TCP (listening) =="
  lsof -nP -iTCP -sTCP:LISTEN 2>/dev/null || netstat -anv -p tcp | grep LISTEN
  echo "== UDP =="
  lsof -nP -iUDP 2>/dev/null || netstat -anv -p udp
  exit 0
fi
if command -v ss >/dev/null 2>&1; then
  ss -tulpn 2>/dev/null || ss -tuln
elif command -v netstat >/dev/null 2>&1; then
  netstat -tulpn 2>/dev/null || netstat -tuln
else
  # /proc/net: state 0A is LISTEN for TCP; ports are hex.
  echo "Proto  Local port"
  for file in /proc/net/tcp /proc/net/tcp6; do
    [ -r "$file" ] && awk 'NR > 1 && $4 == "0A" { split($2, a, ":"); print "tcp    " a[2] }' "$file"
  done | while read -r proto hex; do echo "$proto  $(printf '%d' "0x$hex")"; done | sort -u
fi
exit 0
