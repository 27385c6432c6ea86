<?php
/*
 * Router for PHP's built-in server serving Debian's WordPress (docroot /usr/share/wordpress, or the same
 * layout unpacked elsewhere, see install-current.sh):
 *
 *   WORDPRESS_CONFIG=pressbridge-<name> [PRESSBRIDGE_WP_CONTENT_DIR=<root>/var/lib/wordpress/wp-content] \
 *     php -S 127.0.0.1:<port> -t <root>/usr/share/wordpress router.php
 *
 * - sets $_SERVER['WORDPRESS_CONFIG'] (Debian's wp-config.php then loads /etc/wordpress/config-<it>.php
 *   whatever the Host header is; PHP's CLI php.ini has variables_order=GPCS, so the environment variable
 *   is not in $_SERVER by itself);
 * - serves /wp-content/... from PRESSBRIDGE_WP_CONTENT_DIR (default /var/lib/wordpress/wp-content: outside
 *   the docroot: uploads, theme assets);
 * - lets the built-in server handle real files and directories of the docroot (wp-admin, wp-includes, *.php),
 *   redirecting a directory without its trailing slash (`/wp-admin` → `/wp-admin/`) as Apache does;
 * - sends every other path to index.php (pretty permalinks, /wp-json/);
 * - with PRESSBRIDGE_WP_DROP_AUTHORIZATION=1, drops the Authorization header before WordPress sees it, as
 *   Apache with PHP as CGI/FastCGI (or a proxy) does unless told to pass it on.
 */

$config = getenv('WORDPRESS_CONFIG');
$_SERVER['WORDPRESS_CONFIG'] = ($config !== false && $config !== '') ? $config : 'pressbridge-default';

if (getenv('PRESSBRIDGE_WP_DROP_AUTHORIZATION') === '1') {
    unset($_SERVER['HTTP_AUTHORIZATION'], $_SERVER['REDIRECT_HTTP_AUTHORIZATION'], $_SERVER['PHP_AUTH_USER'],
        $_SERVER['PHP_AUTH_PW'], $_SERVER['PHP_AUTH_DIGEST'], $_SERVER['AUTH_TYPE']);
}

$docroot = rtrim($_SERVER['DOCUMENT_ROOT'], '/');
$path = rawurldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH) ?? '/');

$pressbridge_content_dir = getenv('PRESSBRIDGE_WP_CONTENT_DIR');
$pressbridge_content_dir = rtrim(($pressbridge_content_dir !== false && $pressbridge_content_dir !== '') ? $pressbridge_content_dir : '/var/lib/wordpress/wp-content', '/');
// Where a served /wp-content/ file may really be (after symlinks): the content directory, or the core's
// wp-content that the theme links and bundled plugins point into.
$pressbridge_content_roots = [];
foreach ([$pressbridge_content_dir, $docroot . '/wp-content'] as $candidate) {
    $real = realpath($candidate);
    if ($real !== false) {
        $pressbridge_content_roots[] = $real . '/';
    }
}
const PRESSBRIDGE_MIME = [
    'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'png' => 'image/png', 'gif' => 'image/gif',
    'webp' => 'image/webp', 'avif' => 'image/avif', 'svg' => 'image/svg+xml', 'ico' => 'image/x-icon',
    'css' => 'text/css; charset=utf-8', 'js' => 'text/javascript; charset=utf-8',
    'json' => 'application/json', 'txt' => 'text/plain; charset=utf-8', 'html' => 'text/html; charset=utf-8',
    'woff' => 'font/woff', 'woff2' => 'font/woff2', 'ttf' => 'font/ttf', 'pdf' => 'application/pdf',
    'mp4' => 'video/mp4', 'mp3' => 'audio/mpeg',
];

function pressbridge_serve_file(string $file): void
{
    $ext = strtolower(pathinfo($file, PATHINFO_EXTENSION));
    $type = PRESSBRIDGE_MIME[$ext] ?? (mime_content_type($file) ?: 'application/octet-stream');
    $mtime = filemtime($file);
    header('Content-Type: ' . $type);
    header('Content-Length: ' . filesize($file));
    header('Last-Modified: ' . gmdate('D, d M Y H:i:s', $mtime) . ' GMT');
    header('X-Content-Type-Options: nosniff');
    if (($_SERVER['REQUEST_METHOD'] ?? 'GET') !== 'HEAD') {
        readfile($file);
    }
}

if (str_starts_with($path, '/wp-content/')) {
    $file = realpath($pressbridge_content_dir . substr($path, strlen('/wp-content')));
    if ($file === false) {
        $file = realpath($docroot . $path); // e.g. bundled plugins' assets
    }
    $inside = false;
    foreach ($pressbridge_content_roots as $root) {
        $inside = $inside || ($file !== false && str_starts_with($file, $root));
    }
    if ($file !== false && $inside && is_file($file) && !preg_match('/\.(php|phtml|phar)$/i', $file)) {
        pressbridge_serve_file($file);
        return true;
    }
    http_response_code(404);
    header('Content-Type: text/plain; charset=utf-8');
    echo "Not found\n";
    return true;
}

$target = $docroot . $path;
if ($path !== '/' && !str_ends_with($path, '/') && is_dir($target) && is_file($target . '/index.php')) {
    // `/wp-admin` as Apache answers it: to `/wp-admin/`, so that wp-admin's relative links (edit.php, …)
    // resolve inside it. PHP's built-in server would run the index.php under the slash-less URL.
    $query = parse_url($_SERVER['REQUEST_URI'], PHP_URL_QUERY);
    header('Location: ' . $path . '/' . ($query !== null && $query !== '' ? '?' . $query : ''), true, 301);
    return true;
}
if ($path !== '/' && (is_file($target) || (is_dir($target) && is_file(rtrim($target, '/') . '/index.php')))) {
    // A real file or directory of the docroot (wp-admin/*.php, wp-login.php, wp-includes/…): the built-in
    // server runs or serves it itself, at the top level of its own script — WordPress's files must not be
    // required inside a function here, or their globals ($wpdb, $menu, $wp_scripts, …) are locals and every
    // wp-admin page breaks.
    return false;
}

// Everything else is WordPress's front controller, required here at the top level (see above).
chdir($docroot);
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['PHP_SELF'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $docroot . '/index.php';
require $docroot . '/index.php';
