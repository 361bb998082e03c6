#!/bin/sh
# List the local user accounts people sign in with (Linux: UID 1000 and up, root; macOS: non-system users),
# with their groups, shell and last sign-in where known. $1: also list system accounts (true/false).
all="${1:-false}"

if [ "$(uname -s)" = "Darwin" ]; then
  echo "User  UID  Admin  Shell"
  dscl . -list /Users UniqueID | while read -r name uid; do
    if [ "$all" != "true" ] && { [ "$uid" -lt 500 ] || [ "${name#_}" != "$name" ]; }; then continue; fi
    shell=$(dscl . -read "/Users/$name" UserShell 2>/dev/null | awk '{print $2}')
    admin=no
    dseditgroup -o checkmember -m "$name" admin >/dev/null 2>&1 && admin=yes
    echo "$name  $uid  $admin  $shell"
  done
  exit 0
fi

printf '%-20s %-6s %-28s %s\n' "USER" "UID" "SHELL" "GROUPS"
getent passwd | while IFS=: read -r name _ uid _ _ home shell; do
  if [ "$all" != "true" ] && [ "$uid" -ne 0 ] && { [ "$uid" -lt 1000 ] || [ "$uid" -eq 65534 ]; }; then continue; fi
  groups=$(id -nG "$name" 2>/dev/null | tr ' ' ',')
  printf '%-20s %-6s %-28s %s\n' "$name" "$uid" "$shell" "$groups"
done
if command -v lastlog >/dev/null 2>&1; then
  echo
  echo "Last sign-ins:"
  lastlog 2>/dev/null | awk 'NR == 1 || !/Never logged in/'
fi
exit 0
