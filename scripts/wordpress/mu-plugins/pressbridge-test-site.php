<?php
/**
 * Plugin Name: pressbridge test site
 * Description: Loaded by every WordPress site that scripts/wordpress/setup-site.php configures for tests
 * (WPMU_PLUGIN_DIR points here): per-site uploads directory, no e-mail, and the site's own must-use plugins.
 */

if (!defined('ABSPATH')) {
    exit;
}

// The site's own must-use plugins (setup-site.php --mu-plugin): test fixtures that only some sites load.
if (defined('PRESSBRIDGE_MU_PLUGINS') && is_array(PRESSBRIDGE_MU_PLUGINS)) {
    foreach (PRESSBRIDGE_MU_PLUGINS as $pressbridge_mu_plugin) {
        require_once $pressbridge_mu_plugin;
    }
    unset($pressbridge_mu_plugin);
}

/*
 * Every site has its own uploads directory, /var/lib/wordpress/wp-content/uploads/pressbridge/<site>, so
 * sites never share media files (the router serves /wp-content/ from /var/lib/wordpress/wp-content).
 */
add_filter('upload_dir', static function (array $dirs): array {
    if (!defined('PRESSBRIDGE_SITE')) {
        return $dirs;
    }
    $suffix = '/pressbridge/' . PRESSBRIDGE_SITE;
    $dirs['basedir'] .= $suffix;
    $dirs['baseurl'] .= $suffix;
    $dirs['path'] = $dirs['basedir'] . $dirs['subdir'];
    $dirs['url'] = $dirs['baseurl'] . $dirs['subdir'];
    return $dirs;
});

// No sendmail on test machines: pretend every e-mail was sent.
add_filter('pre_wp_mail', '__return_true');

/*
 * No internet on test machines: nothing in wp-admin may wait for it. Avatars are off (Gravatar images would
 * hold up the page's load event where DNS answers but nothing gets out), and the update checks answer "just
 * checked, nothing new" without asking api.wordpress.org (WP_HTTP_BLOCK_EXTERNAL already refuses the request;
 * this spares wp-admin even the attempt).
 */
add_filter('option_show_avatars', '__return_false');
$pressbridge_no_updates = static function (): object {
    global $wp_version;
    return (object) [
        'last_checked' => time(),
        'version_checked' => $wp_version,
        'updates' => [],
        'response' => [],
        'translations' => [],
        'checked' => [],
        'no_update' => [],
    ];
};
foreach (['update_core', 'update_plugins', 'update_themes'] as $pressbridge_transient) {
    add_filter("pre_site_transient_$pressbridge_transient", $pressbridge_no_updates);
}
unset($pressbridge_transient);
