#!/bin/sh
# macOS: list the software updates Apple offers this Mac (softwareupdate), and whether one needs a restart.
echo "Checking Apple's software update catalogue..."
output=$(softwareupdate --list 2>&1)
status=$?
printf '%s\n' "$output"
if [ "$status" -ne 0 ]; then
  echo "softwareupdate failed (exit code $status)." >&2
  exit "$status"
fi
if printf '%s' "$output" | grep -q 'No new software available'; then
  echo "This Mac is up to date."
else
  echo "Updates waiting: $(printf '%s\n' "$output" | grep -c '^\* Label:')"
  printf '%s\n' "$output" | grep -q -i 'restart' && echo "At least one of them needs a restart."
fi
exit 0
