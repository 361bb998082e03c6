#!/bin/sh
# macOS: restart a launchd service of the system domain, e.g. com.openssh.sshd. $1: the service label.
label="$1"
if [ -z "$label" ]; then
  echo "Give the label of the launchd service to restart." >&2
  exit 2
fi
case "$label" in
  *[!A-Za-z0-9_.-]*) echo "Not a launchd label: $label" >&2; exit 2 ;;
esac
if ! launchctl print "system/$label" >/dev/null 2>&1; then
  echo "There is no system service $label." >&2
  exit 3
fi
echo "Restarting $label..."
launchctl kickstart -k "system/$label" || exit $?
sleep 1
launchctl print "system/$label" | grep -E '^\s*(state|pid) =' || true
echo "$label was restarted."
