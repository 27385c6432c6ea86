#!/usr/bin/env bash
# Unpacks the current WordPress (Debian 13 "trixie"'s `wordpress` 6.8.x and its default theme
# `wordpress-theme-twentytwentyfive`) into /opt/pressbridge-wp/6.8, beside Debian 12's installed 6.1, without
# installing it: bloggers run the current WordPress, and the integration tests run against both
# (PRESSBRIDGE_WP=6.8, see test/helpers/wordpress.ts). Idempotent: a second run that finds the tree ready does
# nothing (< 1 s).
#
#   bash scripts/wordpress/install-current.sh      # as root, after install.sh (PHP, MariaDB, 6.1's packages)
#
# How:
#   - the packages come from the Debian mirror the machine's apt sources already name (no other host), through
#     a throw-away apt list in a temporary directory, so the machine's sources and package lists stay as they
#     are; apt checks trixie's Release signature with the machine's Debian archive keyring;
#   - `dpkg-deb -x` unpacks both into the tree: <tree>/usr/share/wordpress (core), <tree>/var/lib/wordpress/
#     wp-content (content; uploads of the 6.8 sites go there), <tree>/etc/wordpress (unused: the sites'
#     configs are in /etc/wordpress, see setup-site.php --root);
#   - the package's symlinks are relative (../../../php/getid3/…, …/javascript/lodash/…): <tree>/usr/share/php
#     and <tree>/usr/share/javascript become links to the machine's, and Debian 12's libjs-lodash is installed
#     (6.8 needs lodash, 6.1 did not; php-getid3 came with 6.1);
#   - the theme's link in wp-content/themes points at /usr/share/wordpress/… (6.1's core): it is pointed into
#     the tree.
# The tree is built beside its final place and renamed into it, so a run that fails leaves no half tree.
# Environment: PRESSBRIDGE_WP_CURRENT_DIR (default /opt/pressbridge-wp/6.8).
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
say() { printf '[wordpress/install-current] %s\n' "$*"; }
die() { printf '[wordpress/install-current] ERROR: %s\n' "$*" >&2; exit 1; }

TREE=${PRESSBRIDGE_WP_CURRENT_DIR:-/opt/pressbridge-wp/6.8}
SUITE=trixie
PACKAGES=(wordpress wordpress-theme-twentytwentyfive)
# What the tree needs from the machine (Debian 12 packages).
HOST_PACKAGES=(libjs-lodash php-getid3)
MARKER="$TREE/.pressbridge-ready"

installed() { # 0 when the package is fully installed
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]
}
version_of() { sed -n "s/^\$wp_version = '\(.*\)';/\1/p" "$1/usr/share/wordpress/wp-includes/version.php"; }

host_missing=()
for pkg in "${HOST_PACKAGES[@]}"; do installed "$pkg" || host_missing+=("$pkg"); done

if [ -f "$MARKER" ] && [ -f "$TREE/usr/share/wordpress/wp-load.php" ] && [ "${#host_missing[@]}" -eq 0 ]; then
  say "ready: WordPress $(version_of "$TREE") in $TREE"
  exit 0
fi

[ "$(id -u)" = 0 ] || die "WordPress $SUITE is not ready in $TREE; run this script as root"
command -v apt-get >/dev/null 2>&1 || die "apt-get not found: this script supports Debian 12 only"
[ -f /usr/share/wordpress/wp-load.php ] || die "run scripts/wordpress/install.sh first (PHP, MariaDB, WordPress 6.1)"

if [ "${#host_missing[@]}" -gt 0 ]; then
  say "apt-get install --no-install-recommends ${host_missing[*]}"
  apt-get update -qq || die "apt-get update failed"
  apt-get install -y -qq --no-install-recommends -o Dpkg::Use-Pty=0 "${host_missing[@]}" >/dev/null \
    || die "apt-get install ${host_missing[*]} failed"
fi

if [ -f "$MARKER" ] && [ -f "$TREE/usr/share/wordpress/wp-load.php" ]; then
  say "ready: WordPress $(version_of "$TREE") in $TREE"
  exit 0
fi

# The Debian mirror the machine already uses: the first "…/debian" URI of its apt sources (one-line or deb822).
mirror=$(
  {
    cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null \
      | sed -n 's/^[[:space:]]*deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' || true
    cat /etc/apt/sources.list.d/*.sources 2>/dev/null \
      | sed -n 's/^[[:space:]]*URIs:[[:space:]]*//p' | tr ' ' '\n' || true
  } | grep -E '^https?://[^[:space:]]+/debian/?$' | head -n 1 || true
)
[ -n "$mirror" ] || die "no Debian mirror (a URI ending in /debian) in /etc/apt/sources.list or sources.list.d"

work=$(mktemp -d "$(dirname "$TREE")/.install-current.XXXXXX" 2>/dev/null) || {
  mkdir -p "$(dirname "$TREE")"
  work=$(mktemp -d "$(dirname "$TREE")/.install-current.XXXXXX")
}
trap 'rm -rf "$work"' EXIT
apt_dir="$work/apt"
mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$work/debs"
echo "deb $mirror $SUITE main" >"$apt_dir/sources.list"
apt_opts=(
  -o "Dir::Etc::sourcelist=$apt_dir/sources.list" -o Dir::Etc::sourceparts=-
  -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
  # The work directory is root's; apt's download sandbox user could not write it.
  -o APT::Sandbox::User=root
)
say "apt-get update (throw-away list: $mirror $SUITE main)"
start=$(date +%s)
apt-get "${apt_opts[@]}" update -qq >"$work/apt.log" 2>&1 || { tail -n 20 "$work/apt.log" >&2; die "apt-get update failed"; }
(cd "$work/debs" && apt-get "${apt_opts[@]}" download -qq "${PACKAGES[@]/%//$SUITE}" >"$work/apt.log" 2>&1) \
  || { tail -n 20 "$work/apt.log" >&2; die "apt-get download ${PACKAGES[*]} failed"; }

new="$work/tree"
mkdir -p "$new"
for deb in "$work"/debs/*.deb; do
  say "unpacking $(basename "$deb")"
  dpkg-deb -x "$deb" "$new"
done
[ -f "$new/usr/share/wordpress/wp-load.php" ] || die "the unpacked package has no usr/share/wordpress/wp-load.php"

# Relative symlinks of the package resolve inside the tree: lend it the machine's PHP and JavaScript libraries.
for dir in usr/share/php usr/share/javascript; do
  if [ -d "$new/$dir" ] && [ ! -L "$new/$dir" ]; then
    # The packages ship nothing there themselves; anything they do ship would be hidden by the link.
    [ -z "$(ls -A "$new/$dir")" ] || die "$dir in the package is not empty: $(ls -A "$new/$dir" | head -n 3)"
    rmdir "$new/$dir"
  fi
  ln -sfn "/$dir" "$new/$dir"
done
# The theme's link points at 6.1's core (/usr/share/wordpress/wp-content/themes/…): point it into the tree.
for link in "$new"/var/lib/wordpress/wp-content/themes/*; do
  [ -L "$link" ] || continue
  target=$(readlink "$link")
  case "$target" in
  /usr/share/wordpress/*) ln -sfn "$TREE$target" "$link" ;;
  esac
done
mkdir -p "$new/var/lib/wordpress/wp-content/uploads"
broken=$(find "$new/usr/share/wordpress" -xtype l 2>/dev/null | head -n 5 || true)
[ -z "$broken" ] || say "warning: links that point nowhere: $broken"

echo "${PACKAGES[*]} from $mirror $SUITE, $(date -u +%FT%TZ)" >"$new/.pressbridge-ready"
rm -rf "$TREE.old"
[ -e "$TREE" ] && mv "$TREE" "$TREE.old"
mv "$new" "$TREE"
rm -rf "$TREE.old"
say "ready: WordPress $(version_of "$TREE") in $TREE ($(($(date +%s) - start)) s)"
