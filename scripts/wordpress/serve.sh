#!/usr/bin/env bash
# Serves one WordPress test site (configured by setup-site.php) with PHP's built-in server:
#
#   bash scripts/wordpress/serve.sh <port> <site-name> [<root>]      # http://127.0.0.1:<port>/
#
# <root>: where Debian's layout of the site's WordPress is, as given to setup-site.php --root: / (default,
# Debian 12's 6.1) or /opt/pressbridge-wp/6.8 (install-current.sh).
# Environment: PHP_CLI_SERVER_WORKERS (default 4), PRESSBRIDGE_WP_WATCH_STDIN=1 to stop the whole process
# group (php and its forked workers) when standard input closes — test/helpers/wordpress.ts starts this
# script in its own process group with a pipe on stdin, so a test process that dies takes its sites with it.
set -euo pipefail
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $0 <port> <site-name> [<root>]" >&2; exit 2; }
dir=$(cd "$(dirname "$0")" && pwd)
port=$1
name=$2
root=${3:-/}
root=${root%/}
docroot="$root/usr/share/wordpress"
[ -f "$docroot/wp-load.php" ] || { echo "no WordPress in $docroot" >&2; exit 1; }
[ -f "/etc/wordpress/config-pressbridge-$name.php" ] \
  || { echo "no site '$name': run php $dir/setup-site.php --name=$name first" >&2; exit 1; }

export WORDPRESS_CONFIG="pressbridge-$name"
export PRESSBRIDGE_WP_CONTENT_DIR="$root/var/lib/wordpress/wp-content" # router.php serves /wp-content/ from it
export PHP_CLI_SERVER_WORKERS="${PHP_CLI_SERVER_WORKERS:-4}"

if [ "${PRESSBRIDGE_WP_WATCH_STDIN:-0}" = 1 ]; then
  exec 3<&0
  { cat <&3 >/dev/null 2>&1 || true; kill -TERM 0 2>/dev/null; } &
  exec 3<&-
fi

php -d opcache.enable_cli=1 -d opcache.validate_timestamps=1 -d memory_limit=256M \
  -d post_max_size=64M -d upload_max_filesize=64M -d display_errors=stderr \
  -S "127.0.0.1:$port" -t "$docroot" "$dir/router.php" </dev/null &
php_pid=$!
trap 'kill -TERM "$php_pid" 2>/dev/null || true' TERM INT
wait "$php_pid" || status=$?
exit "${status:-0}"
