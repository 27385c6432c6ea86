<?php
/*
 * Creates (or reuses) one WordPress test site and prints its credentials as JSON on stdout.
 *
 *   php scripts/wordpress/setup-site.php --name=<name> --url=http://127.0.0.1:<port>
 *       [--reset] [--permalinks=pretty|plain] [--drop] [--root=/opt/pressbridge-wp/6.8]
 *       [--environment=local|production] [--mu-plugin=/abs/file.php ...] [--user=<login>:<role> ...]
 *
 * A site <name> ([a-z0-9-], ≤ 40 chars) has:
 *   - its database wp_<name> (hyphens become underscores) on the machine's MariaDB, as root over the socket
 *     (or 127.0.0.1:3306 when the socket does not answer);
 *   - its configuration /etc/wordpress/config-pressbridge-<name>.php (rewritten on every run), chosen by
 *     router.php through $_SERVER['WORDPRESS_CONFIG'] = 'pressbridge-<name>';
 *   - its uploads in <root>/var/lib/wordpress/wp-content/uploads/pressbridge/<name> (mu-plugins/).
 * --root is where Debian's layout of WordPress is (core in <root>/usr/share/wordpress, content in
 * <root>/var/lib/wordpress/wp-content): / (default) is Debian 12's installed 6.1; install-current.sh unpacks
 * Debian 13's 6.8 into /opt/pressbridge-wp/6.8. A site belongs to one root for good (WordPress upgrades a
 * database that a newer core opens): give each root its own site names.
 * WP_HOME and WP_SITEURL come from each request's Host header, so the site answers on any port.
 *
 * First run (or --reset, which drops the database and the uploads first): wp_install() with the
 * administrator "admin", a user "editor" (role editor), the permalink structure, categories "Cestování",
 * "Technika", "Zdraví", and none of WordPress's sample content (no posts, pages or comments). Every run: sets the permalink structure asked for, creates a new Application Password
 * for "admin" (and prunes the ones older than a day). --drop removes the site (database, uploads, config)
 * and prints {"dropped": "<name>"}.
 *
 * --environment: WP_ENVIRONMENT_TYPE (default local: Application Passwords over plain http; production turns
 * them off over http, as on a real site without https). --mu-plugin: a PHP file loaded by this site only, after
 * the shared mu-plugins/ (test fixtures that switch a feature off or play a firewall). --user: a user with that
 * role (created once) and a new Application Password of it, listed in the output's "users".
 *
 * Output: {"url", "username", "password", "applicationPassword", "categories": [{"id","name"}], "installed": bool,
 *          "permalinks": "pretty"|"plain", "editor": {"username","password"},
 *          "users": [{"username","role","password","applicationPassword"}]}
 */

const PB_CATEGORIES = ['Cestování', 'Technika', 'Zdraví'];
const PB_PRETTY = '/%postname%/';
const PB_APP_NAME = 'pressbridge-tests';

function pb_fail(string $message, int $code = 1): never
{
    fwrite(STDERR, "setup-site: $message\n");
    exit($code);
}

$opts = getopt('', ['name:', 'url:', 'reset', 'drop', 'permalinks:', 'root:', 'environment:', 'mu-plugin:', 'user:']);
if ($opts === false) {
    pb_fail('could not parse the options');
}
$name = (string) ($opts['name'] ?? 'default');
if (!preg_match('/^[a-z0-9][a-z0-9-]{0,39}$/', $name)) {
    pb_fail("--name must match [a-z0-9][a-z0-9-]{0,39}, got '$name'");
}
$url = rtrim((string) ($opts['url'] ?? 'http://127.0.0.1'), '/');
$parts = parse_url($url);
if (!is_array($parts) || ($parts['scheme'] ?? '') !== 'http' || !isset($parts['host'])) {
    pb_fail("--url must be http://host[:port], got '$url'");
}
$host = $parts['host'] . (isset($parts['port']) ? ':' . $parts['port'] : '');
$permalinks = (string) ($opts['permalinks'] ?? 'pretty');
if ($permalinks !== 'pretty' && $permalinks !== 'plain') {
    pb_fail("--permalinks must be pretty or plain, got '$permalinks'");
}
$reset = array_key_exists('reset', $opts);
$environment = (string) ($opts['environment'] ?? 'local');
if (!in_array($environment, ['local', 'development', 'staging', 'production'], true)) {
    pb_fail("--environment must be local, development, staging or production, got '$environment'");
}
$extra_mu_plugins = (array) ($opts['mu-plugin'] ?? []);
foreach ($extra_mu_plugins as $file) {
    if (!str_starts_with((string) $file, '/') || !is_file((string) $file)) {
        pb_fail("--mu-plugin must name an existing file by its absolute path, got '$file'");
    }
}
$extra_users = [];
foreach ((array) ($opts['user'] ?? []) as $spec) {
    if (!preg_match('/^([a-z0-9][a-z0-9_-]{0,39}):([a-z_]{1,40})$/', (string) $spec, $m)) {
        pb_fail("--user must be <login>:<role>, got '$spec'");
    }
    $extra_users[] = ['login' => $m[1], 'role' => $m[2]];
}
$drop = array_key_exists('drop', $opts);

$root = rtrim((string) ($opts['root'] ?? '/'), '/');
if ($root !== '' && (!str_starts_with($root, '/') || str_contains($root, '..'))) {
    pb_fail("--root must be an absolute path without '..', got '$root'");
}
$wp_dir = "$root/usr/share/wordpress";
$content_dir = "$root/var/lib/wordpress/wp-content";
if (!is_file("$wp_dir/wp-load.php")) {
    pb_fail("$wp_dir is missing: run `bash scripts/wordpress/" . ($root === '' ? 'install.sh' : 'install-current.sh')
        . '` first');
}
if (!extension_loaded('mysqli')) {
    pb_fail('PHP has no mysqli extension: run `bash scripts/wordpress/install.sh` first');
}

$config_name = "pressbridge-$name";
$config_file = "/etc/wordpress/config-$config_name.php";
$db_name = 'wp_' . str_replace('-', '_', $name);
$uploads_dir = "$content_dir/uploads/pressbridge/$name";

// One setup at a time per site (parallel test files may ask for the same site).
$lock = fopen(sys_get_temp_dir() . "/pressbridge-wp-$name.lock", 'c');
if ($lock === false || !flock($lock, LOCK_EX)) {
    pb_fail('could not take the lock for site ' . $name);
}

// --- Database --------------------------------------------------------------------------------------------
mysqli_report(MYSQLI_REPORT_OFF);
$db = null;
$db_host = null;
$errors = [];
foreach (['localhost', '127.0.0.1:3306'] as $candidate) {
    [$h, $p] = array_pad(explode(':', $candidate), 2, null);
    $conn = @mysqli_connect($h, 'root', '', '', $p === null ? 0 : (int) $p);
    if ($conn instanceof mysqli) {
        $db = $conn;
        $db_host = $candidate;
        break;
    }
    $errors[] = "$candidate: " . mysqli_connect_error();
}
if (!$db instanceof mysqli) {
    pb_fail('cannot connect to MariaDB as root (' . implode('; ', $errors) . '); is it running? '
        . '`bash scripts/wordpress/install.sh` starts it');
}

function pb_rmtree(string $dir): void
{
    if (!is_dir($dir) || is_link($dir)) {
        return;
    }
    $it = new RecursiveIteratorIterator(
        new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS),
        RecursiveIteratorIterator::CHILD_FIRST
    );
    foreach ($it as $f) {
        ($f->isDir() && !$f->isLink()) ? rmdir($f->getPathname()) : unlink($f->getPathname());
    }
    rmdir($dir);
}

if ($reset || $drop) {
    if (!$db->query("DROP DATABASE IF EXISTS `$db_name`")) {
        pb_fail("cannot drop $db_name: " . $db->error);
    }
    pb_rmtree($uploads_dir);
}
if ($drop) {
    @unlink($config_file);
    echo json_encode(['dropped' => $name]), "\n";
    exit(0);
}
if (!$db->query("CREATE DATABASE IF NOT EXISTS `$db_name` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci")) {
    pb_fail("cannot create $db_name: " . $db->error);
}
$db->close();

// --- Configuration -----------------------------------------------------------------------------------------
$salts = '';
foreach (['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT', 'NONCE_SALT'] as $key) {
    $salts .= sprintf("define(%s, %s);\n", var_export($key, true), var_export(hash('sha256', "$key/$name/pressbridge-tests"), true));
}
$e = static fn ($v): string => var_export($v, true);
$mu_dir = __DIR__ . '/mu-plugins';
$config = <<<PHP
<?php
// Written by pressbridge's scripts/wordpress/setup-site.php for the test site "$name"; rewritten on every run.
define('DB_NAME', {$e($db_name)});
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', {$e($db_host)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
\$table_prefix = 'wp_';
$salts
define('PRESSBRIDGE_SITE', {$e($name)});
// This site's WordPress (--root): wp-load.php defines ABSPATH first (its own directory), Debian's
// wp-config.php would otherwise default both to 6.1's /usr/share/wordpress and /var/lib/wordpress.
if (!defined('ABSPATH')) {
    define('ABSPATH', {$e("$wp_dir/")});
}
define('WP_CONTENT_DIR', {$e($content_dir)});
// Home and site URL from the request's Host header: the site answers on whatever port it is served.
\$pressbridge_host = preg_replace('/[^A-Za-z0-9.:\\[\\]-]/', '', \$_SERVER['HTTP_HOST'] ?? {$e($host)});
define('WP_HOME', 'http://' . \$pressbridge_host);
define('WP_SITEURL', 'http://' . \$pressbridge_host);
// Application Passwords over plain http need the "local" environment (--environment, default local).
define('WP_ENVIRONMENT_TYPE', {$e($environment)});
// This site's own must-use plugins (--mu-plugin), loaded by mu-plugins/pressbridge-test-site.php.
define('PRESSBRIDGE_MU_PLUGINS', {$e(array_values(array_map('strval', $extra_mu_plugins)))});
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('WPMU_PLUGIN_DIR', {$e($mu_dir)});
define('WP_DEBUG', false);
define('WP_DEBUG_DISPLAY', false);

PHP;
if (!is_dir('/etc/wordpress')) {
    @mkdir('/etc/wordpress', 0755, true);
}
if (@file_get_contents($config_file) !== $config) {
    $tmp = "$config_file.tmp" . getmypid();
    if (@file_put_contents($tmp, $config) === false || !@rename($tmp, $config_file)) {
        pb_fail("cannot write $config_file (run as root)");
    }
}

// --- WordPress -----------------------------------------------------------------------------------------------
$_SERVER['WORDPRESS_CONFIG'] = $config_name;
$_SERVER['HTTP_HOST'] = $host;
$_SERVER['SERVER_NAME'] = $parts['host'];
$_SERVER['SERVER_PORT'] = (string) ($parts['port'] ?? 80);
$_SERVER['REQUEST_URI'] = '/';
$_SERVER['REQUEST_METHOD'] = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR'] = '127.0.0.1';
define('WP_INSTALLING', true); // lets wp-load.php run on a database without tables
// wp_install() mails the administrator; there is no sendmail here.
function wp_new_blog_notification($blog_title, $blog_url, $user_id, $password)
{
}

ob_start(); // WordPress may print notices on install; stdout is for the JSON only
require "$wp_dir/wp-load.php";
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/user.php';
// No HTTP on setup (wp_install probes pretty permalinks with loopback requests).
add_filter('pre_http_request', static fn () => new WP_Error('http_request_blocked', 'no HTTP during setup'));

// Test-only passwords for logging in by hand (wp-admin); REST clients use the Application Password.
$admin_password = 'admin-' . substr(hash('sha256', "admin/$name"), 0, 20);
$installed_now = false;
if (!is_blog_installed()) {
    $result = wp_install('pressbridge test site ' . $name, 'admin', 'admin@example.com', true, '',
        $admin_password, 'en_US');
    if (!is_array($result) || empty($result['user_id'])) {
        ob_end_clean();
        pb_fail('wp_install failed');
    }
    $installed_now = true;
    // An empty site: no "Hello world!", "Sample Page", privacy-policy draft or sample comment.
    foreach (get_posts(['post_type' => ['post', 'page'], 'post_status' => 'any', 'numberposts' => -1]) as $p) {
        wp_delete_post($p->ID, true);
    }
    update_option('wp_page_for_privacy_policy', 0);
    update_option('blogdescription', 'pressbridge integration tests');
    update_option('timezone_string', 'Europe/Prague');
    update_option('default_comment_status', 'closed');
    update_option('uploads_use_yearmonth_folders', 1);
    foreach (PB_CATEGORIES as $category) {
        if (!term_exists($category, 'category')) {
            $term = wp_insert_term($category, 'category');
            if (is_wp_error($term)) {
                ob_end_clean();
                pb_fail("cannot create category $category: " . $term->get_error_message());
            }
        }
    }
}
// Stored URLs for anything that reads the options instead of the constants.
update_option('home', 'http://' . $host);
update_option('siteurl', 'http://' . $host);

$editor_password = 'editor-' . substr(hash('sha256', "editor/$name"), 0, 20);
$editor = get_user_by('login', 'editor');
if (!$editor) {
    $editor_id = wp_insert_user([
        'user_login' => 'editor',
        'user_pass' => $editor_password,
        'user_email' => 'editor@example.com',
        'role' => 'editor',
        'display_name' => 'Editor',
    ]);
    if (is_wp_error($editor_id)) {
        ob_end_clean();
        pb_fail('cannot create the user editor: ' . $editor_id->get_error_message());
    }
}

$structure = $permalinks === 'pretty' ? PB_PRETTY : '';
if (get_option('permalink_structure') !== $structure || $installed_now) {
    global $wp_rewrite;
    $wp_rewrite->set_permalink_structure($structure);
    flush_rewrite_rules(false); // soft flush: never writes .htaccess (a symlink into /etc/wordpress)
}

$admin = get_user_by('login', 'admin');
if (!$admin) {
    ob_end_clean();
    pb_fail("site $name has no user admin: run again with --reset");
}
// Prune this helper's old Application Passwords, then create a new one.
foreach (WP_Application_Passwords::get_user_application_passwords($admin->ID) as $item) {
    if (str_starts_with($item['name'], PB_APP_NAME) && $item['created'] < time() - DAY_IN_SECONDS) {
        WP_Application_Passwords::delete_application_password($admin->ID, $item['uuid']);
    }
}
$created = WP_Application_Passwords::create_new_application_password($admin->ID, [
    'name' => PB_APP_NAME . ' ' . gmdate('Y-m-d H:i:s') . ' ' . bin2hex(random_bytes(4)),
]);
if (is_wp_error($created)) {
    ob_end_clean();
    pb_fail('cannot create an application password: ' . $created->get_error_message());
}

$users = [];
foreach ($extra_users as $wanted) {
    $user_password = $wanted['login'] . '-' . substr(hash('sha256', "{$wanted['login']}/$name"), 0, 20);
    $user = get_user_by('login', $wanted['login']);
    if (!$user) {
        $user_id = wp_insert_user([
            'user_login' => $wanted['login'],
            'user_pass' => $user_password,
            'user_email' => $wanted['login'] . '@example.com',
            'role' => $wanted['role'],
            'display_name' => $wanted['login'],
        ]);
        if (is_wp_error($user_id)) {
            ob_end_clean();
            pb_fail("cannot create the user {$wanted['login']}: " . $user_id->get_error_message());
        }
        $user = get_user_by('id', $user_id);
    }
    $user->set_role($wanted['role']);
    $user_created = WP_Application_Passwords::create_new_application_password($user->ID, [
        'name' => PB_APP_NAME . ' ' . gmdate('Y-m-d H:i:s') . ' ' . bin2hex(random_bytes(4)),
    ]);
    if (is_wp_error($user_created)) {
        ob_end_clean();
        pb_fail("cannot create an application password for {$wanted['login']}: " . $user_created->get_error_message());
    }
    $users[] = [
        'username' => $wanted['login'],
        'role' => $wanted['role'],
        'password' => $user_password,
        'applicationPassword' => $user_created[0],
    ];
}

$categories = [];
foreach (get_terms(['taxonomy' => 'category', 'hide_empty' => false, 'orderby' => 'term_id']) as $term) {
    $categories[] = ['id' => (int) $term->term_id, 'name' => html_entity_decode($term->name, ENT_QUOTES)];
}
ob_end_clean();

echo json_encode([
    'url' => 'http://' . $host,
    'username' => 'admin',
    'password' => $admin_password,
    'applicationPassword' => $created[0],
    'categories' => $categories,
    'installed' => $installed_now,
    'permalinks' => $permalinks,
    'editor' => ['username' => 'editor', 'password' => $editor_password],
    'users' => $users,
], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES), "\n";
