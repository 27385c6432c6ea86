<?php
/**
 * Plugin Name: pressbridge test shortcodes
 * Description: On test sites whose name starts with "shortcodes" only: shortcodes that print a marker when they
 * run, standing in for the blog's own plugins (forms, membership data, code-running shortcodes), and shortcodes
 * run in post titles and excerpts too, as many themes and plugins do. test/integration/wordpress-shortcodes.test.ts
 * publishes shortcodes in every place and asserts the marker never shows.
 */

if (!defined('ABSPATH')) {
    exit;
}

if (!defined('PRESSBRIDGE_SITE') || strncmp(PRESSBRIDGE_SITE, 'shortcodes', strlen('shortcodes')) !== 0) {
    return;
}

/** What a shortcode prints when it runs: the marker and its name. */
function pressbridge_test_shortcode_ran($attributes, $content, string $tag): string
{
    return 'PB-SHORTCODE-RAN:' . $tag;
}

// A self-closing one, one with attributes, one enclosing content (as forms and membership plugins have).
foreach (['pb_marker', 'pb_form', 'pb_members'] as $pressbridge_tag) {
    add_shortcode($pressbridge_tag, 'pressbridge_test_shortcode_ran');
}
unset($pressbridge_tag);

// Themes and plugins that run shortcodes outside the content: the title and the excerpt.
add_filter('the_title', 'do_shortcode', 11);
add_filter('the_excerpt', 'do_shortcode', 11);
add_filter('single_post_title', 'do_shortcode', 11);

// Attachment pages, as on every site installed before WordPress 6.4 (newer installs redirect them to the file):
// there WordPress puts the image, alt text included, into the content before shortcodes run.
add_filter('pre_option_wp_attachment_pages_enabled', static fn () => '1');
