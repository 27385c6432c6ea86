#!/usr/bin/env bash
# Installs a real WordPress for pressbridge's integration tests on Debian 12, without Apache, and makes sure
# MariaDB answers. Idempotent: a second run that finds everything installed does no apt work (< 1 s).
#
#   bash scripts/wordpress/install.sh
#
# What it installs (--no-install-recommends, noninteractive):
#   - a tiny local package "pressbridge-httpd-dummy" that Provides: httpd (built here with dpkg-deb), so that
#     Debian's "wordpress" (Depends: apache2 | httpd) does not pull in Apache;
#   - wordpress + wordpress-theme-twentytwentythree (core in /usr/share/wordpress, wp-content in
#     /var/lib/wordpress/wp-content);
#   - php (named, or apt satisfies wordpress's "libapache2-mod-php | php" with the Apache module and
#     apache2-bin), php8.2-cgi (satisfies php8.2's "libapache2-mod-php8.2 | php8.2-fpm | php8.2-cgi"
#     without Apache; it must be named itself: naming the php-cgi metapackage still lets apt pick the Apache
#     module first), php-cli (PHP's built-in server, `php -S`), php-mysql, php-gd (image sub-sizes), php-mbstring,
#     php-xml;
#   - mariadb-server only if the machine has none.
# Sites are then created and served by test/helpers/wordpress.ts (setup-site.php + router.php).
set -euo pipefail

export DEBIAN_FRONTEND=noninteractive
say() { printf '[wordpress/install] %s\n' "$*"; }
die() { printf '[wordpress/install] ERROR: %s\n' "$*" >&2; exit 1; }

DUMMY_PKG=pressbridge-httpd-dummy
DUMMY_VERSION=1.0
PACKAGES=(wordpress wordpress-theme-twentytwentythree php php-cli php8.2-cgi php-mysql php-gd php-mbstring php-xml)

installed() { # 0 when the package is fully installed
  [ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null || true)" = installed ]
}

missing=()
for pkg in "${PACKAGES[@]}"; do installed "$pkg" || missing+=("$pkg"); done
need_dummy=0
installed "$DUMMY_PKG" || need_dummy=1
need_mariadb=0
[ -x /usr/sbin/mariadbd ] || need_mariadb=1

if [ "${#missing[@]}" -eq 0 ] && [ "$need_dummy" = 0 ] && [ "$need_mariadb" = 0 ]; then
  say "packages already installed: $DUMMY_PKG ${PACKAGES[*]}"
else
  [ "$(id -u)" = 0 ] || die "packages missing (${missing[*]:-} ${DUMMY_PKG}); run this script as root"
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found: this script supports Debian 12 only"
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  debs=()
  if [ "$need_dummy" = 1 ]; then
    say "building $DUMMY_PKG (Provides: httpd) with dpkg-deb"
    mkdir -p "$tmp/pkg/DEBIAN"
    cat >"$tmp/pkg/DEBIAN/control" <<EOF
Package: $DUMMY_PKG
Version: $DUMMY_VERSION
Architecture: all
Maintainer: pressbridge <dev@localhost>
Provides: httpd, httpd-cgi
Section: misc
Priority: optional
Description: Dummy httpd provider for pressbridge tests
 Satisfies "apache2 | httpd" for Debian's wordpress package; pages are served by PHP's built-in server.
EOF
    dpkg-deb --root-owner-group --build "$tmp/pkg" "$tmp/$DUMMY_PKG.deb" >/dev/null \
      || die "dpkg-deb failed to build $DUMMY_PKG"
    debs+=("$tmp/$DUMMY_PKG.deb")
  fi
  to_install=("${missing[@]}")
  [ "$need_mariadb" = 1 ] && to_install+=(mariadb-server)
  say "apt-get update"
  apt-get update -qq || die "apt-get update failed"
  say "apt-get install --no-install-recommends ${debs[*]:-} ${to_install[*]:-}"
  start=$(date +%s)
  if ! apt-get install -y -qq --no-install-recommends -o Dpkg::Use-Pty=0 "${debs[@]}" "${to_install[@]}" \
    >"$tmp/apt.log" 2>&1; then
    tail -n 40 "$tmp/apt.log" >&2
    die "apt-get install failed (output above)"
  fi
  say "installed in $(($(date +%s) - start)) s"
  for pkg in "$DUMMY_PKG" "${PACKAGES[@]}"; do installed "$pkg" || die "$pkg is still not installed"; done
  for pkg in apache2-bin libapache2-mod-php8.2; do
    installed "$pkg" && say "warning: $pkg is installed (Apache is not needed: pages are served by php -S)"
  done
fi

[ -f /usr/share/wordpress/wp-load.php ] || die "/usr/share/wordpress/wp-load.php is missing"
command -v php >/dev/null 2>&1 || die "php (CLI) not found"
php -r 'exit(extension_loaded("mysqli") && extension_loaded("gd") ? 0 : 1);' \
  || die "PHP lacks the mysqli or gd extension"

# MariaDB: start it when it does not answer (no systemd on CI / in containers).
mariadb_up() { mariadb-admin --user=root --connect-timeout=2 ping >/dev/null 2>&1 \
  || mariadb-admin --user=root --host=127.0.0.1 --port=3306 --connect-timeout=2 ping >/dev/null 2>&1; }
if mariadb_up; then
  say "MariaDB answers"
else
  say "MariaDB is not answering: starting /usr/sbin/mariadbd"
  [ "$(id -u)" = 0 ] || die "MariaDB is down and this script is not root: cannot start it"
  install -d -o mysql -g mysql /run/mysqld
  if [ ! -d /var/lib/mysql/mysql ]; then
    say "initialising the MariaDB data directory"
    mariadb-install-db --user=mysql --datadir=/var/lib/mysql >/dev/null || die "mariadb-install-db failed"
  fi
  install -d -o mysql -g adm /var/log/mysql
  log=/var/log/mysql/pressbridge-mariadbd.log
  start-stop-daemon --start --oknodo --background --chuid mysql --output "$log" --exec /usr/sbin/mariadbd \
    || die "start-stop-daemon could not start mariadbd"
  for _ in $(seq 1 150); do mariadb_up && break; sleep 0.1; done
  mariadb_up || { tail -n 20 "$log" >&2; die "MariaDB did not answer within 15 s after starting (log: $log)"; }
  say "MariaDB started"
fi

say "ready: WordPress $(sed -n "s/^\$wp_version = '\(.*\)';/\1/p" /usr/share/wordpress/wp-includes/version.php)," \
  "PHP $(php -r 'echo PHP_VERSION;')"
