#!/bin/sh
# Restart a systemd service (or a SysV one where systemd is absent) and show its state afterwards.
# $1: the service name, e.g. nginx or ssh.service.
service="$1"
if [ -z "$service" ]; then
  echo "Give the name of the service to restart." >&2
  exit 2
fi
case "$service" in
  *[!A-Za-z0-9_.@:-]*) echo "Not a service name: $service" >&2; exit 2 ;;
esac

if command -v systemctl >/dev/null 2>&1 && [ -d /run/systemd/system ]; then
  if ! systemctl cat -- "$service" >/dev/null 2>&1; then
    echo "There is no service called $service." >&2
    exit 3
  fi
  echo "Restarting $service..."
  systemctl restart -- "$service" || { systemctl status --no-pager -- "$service" >&2; exit 1; }
  systemctl status --no-pager --lines=5 -- "$service"
  systemctl is-active --quiet -- "$service" && echo "$service is running." || { echo "$service is not running." >&2; exit 1; }
elif command -v service >/dev/null 2>&1; then
  echo "Restarting $service..."
  service "$service" restart && service "$service" status
else
  echo "Neither systemctl nor service is available on this device." >&2
  exit 3
fi
