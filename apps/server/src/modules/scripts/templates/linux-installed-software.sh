#!/bin/sh
# List the installed packages with their versions (dpkg, rpm, apk or pacman), optionally only those whose
# name contains a text. $1: the text to look for (default: every package).
filter="$1"
list() {
  if command -v dpkg-query >/dev/null 2>&1; then
    dpkg-query -W -f '${Package}\t${Version}\t${Status}\n' | awk -F '\t' '$3 ~ /installed$/ { print $1 "\t" $2 }'
  elif command -v rpm >/dev/null 2>&1; then
    rpm -qa --queryformat '%{NAME}\t%{VERSION}-%{RELEASE}\n'
  elif command -v apk >/dev/null 2>&1; then
    apk info -v 2>/dev/null
  elif command -v pacman >/dev/null 2>&1; then
    pacman -Q
  else
    echo "No supported package manager (dpkg, rpm, apk, pacman) on this device." >&2
    return 3
  fi
}
packages=$(list) || exit $?
if [ -n "$filter" ]; then
  packages=$(printf '%s\n' "$packages" | grep -iF -- "$filter")
fi
printf '%s\n' "$packages" | sort -f
echo "$(printf '%s\n' "$packages" | grep -c .) package(s)"
exit 0
