<?php
/**
 * Plugin Name: pressbridge test site
 * Description: Loaded by every WordPress site that scripts/wordpress/setup-site.php configures for tests
 * (WPMU_PLUGIN_DIR points here): per-site uploads directory, no e-mail.
 */

if (!defined('ABSPATH')) {
    exit;
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
