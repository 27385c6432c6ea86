/**
 * Which WordPress the integration tests run against: the current one, Debian 13's 6.8 unpacked by
 * scripts/wordpress/install-current.sh (default: bloggers run the current WordPress), or the oldest we support,
 * Debian 12's installed 6.1. `PRESSBRIDGE_WP=6.1` selects it for every startWordPress()
 * (test/helpers/wordpress.ts), parseBlocks() and the in-browser block editor; `.ci/run` runs a smoke pass of the
 * files that differ between the two on it (docs/architecture.md, "Where CI's time goes").
 */

/**
 * Where each version's Debian layout is (<root>/usr/share/wordpress, <root>/var/lib/wordpress/wp-content), the
 * suffix of its sites' names and the script that installs it. A site belongs to one version for good (a newer
 * core upgrades the database it opens), so 6.8's sites are `<name>-wp68`: database, config and uploads apart.
 */
export const WORDPRESS_CORES = {
  '6.1': { root: '/', suffix: '', install: 'install.sh' },
  '6.8': { root: '/opt/pressbridge-wp/6.8', suffix: '-wp68', install: 'install-current.sh' },
} as const;
export type WordPressVersion = keyof typeof WORDPRESS_CORES;
export const WORDPRESS_VERSIONS = Object.keys(WORDPRESS_CORES) as WordPressVersion[];

/** The version PRESSBRIDGE_WP asks for (6.8 when unset); anything else is a mistake worth stopping for. */
export function selectedWordPress(): WordPressVersion {
  const wanted = process.env.PRESSBRIDGE_WP ?? '';
  if (wanted === '') return '6.8';
  const found = WORDPRESS_VERSIONS.find((version) => version === wanted);
  if (found === undefined) {
    throw new Error(
      `PRESSBRIDGE_WP must be one of ${WORDPRESS_VERSIONS.join(', ')} (or unset for 6.8), got '${wanted}'`,
    );
  }
  return found;
}

/** The core directory (`…/usr/share/wordpress`) of a version, the selected one by default. */
export function wordpressCoreDir(version: WordPressVersion = selectedWordPress()): string {
  return `${WORDPRESS_CORES[version].root.replace(/\/$/, '')}/usr/share/wordpress`;
}

/** setup-site.php's --root for a version. */
export const setupRootArgs = (version: WordPressVersion): string[] =>
  WORDPRESS_CORES[version].root === '/' ? [] : [`--root=${WORDPRESS_CORES[version].root}`];
