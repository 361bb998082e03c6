#!/bin/sh
# macOS: the applications installed on this Mac with their versions, and the Homebrew packages if any.
echo "== Applications =="
for app in /Applications/*.app /Applications/*/*.app "$HOME"/Applications/*.app; do
  [ -d "$app" ] || continue
  version=$(defaults read "$app/Contents/Info" CFBundleShortVersionString 2>/dev/null || echo "?")
  echo "$(basename "$app" .app)	$version"
done | sort -f
for brew in /opt/homebrew/bin/brew /usr/local/bin/brew; do
  if [ -x "$brew" ]; then
    echo
    echo "== Homebrew =="
    "$brew" list --versions 2>/dev/null
    break
  fi
done
exit 0
