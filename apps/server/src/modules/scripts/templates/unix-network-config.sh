#!/bin/sh
# Network configuration: interfaces and addresses, routes, DNS servers and the host name.
echo "Host name: $(hostname)"
echo
echo "== Interfaces =="
if command -v ip >/dev/null 2>&1; then
  ip -brief address 2>/dev/null || ip address
  echo
  echo "== Routes =="
  ip route
  ip -6 route 2>/dev/null | head -n 20
else
  ifconfig -a
  echo
  echo "== Routes =="
  netstat -rn
fi
echo
echo "== DNS =="
if [ "$(uname -s)" = "Darwin" ]; then
  scutil --dns | grep -E 'nameserver|search domain' | sort -u
elif command -v resolvectl >/dev/null 2>&1 && resolvectl dns >/dev/null 2>&1; then
  resolvectl dns
else
  grep -E '^(nameserver|search|domain)' /etc/resolv.conf 2>/dev/null || echo "(no /etc/resolv.conf)"
fi
exit 0
