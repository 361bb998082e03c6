#!/bin/sh
# Ping a host and report whether it answers. $1: host name or address. $2: how many pings (default 4).
host="$1"
count="${2:-4}"
if [ -z "$host" ]; then
  echo "Give the host to ping." >&2
  exit 2
fi
case "$host" in
  -*|*[!A-Za-z0-9.:_-]*) echo "Not a host name or address: $host" >&2; exit 2 ;;
esac
case "$count" in
  ''|*[!0-9]*) echo "The count must be a whole number: $count" >&2; exit 2 ;;
esac
if ! command -v ping >/dev/null 2>&1; then
  echo "ping is not installed on this device." >&2
  exit 3
fi
case "$host" in
  *:*) command -v ping6 >/dev/null 2>&1 && ping=ping6 || ping="ping -6" ;;
  *) ping=ping ;;
esac
if $ping -c "$count" -- "$host"; then
  echo "$host answers."
else
  echo "$host does not answer." >&2
  exit 1
fi
