/**
 * A small fake of the setup's WordPress contract (src/setup/wordpress/types.ts), for tests of the setup's fronts
 * rather than of WordPress: the site is found at whatever address is typed, with the REST API WordPress derives
 * from it, and only `password` passes the checks.
 */
import type { WordPressConnection } from '../../src/setup/wordpress/types.js';

export const FAKE_WORDPRESS_PASSWORD = 'good pass word';

export function createFakeWordPress(): WordPressConnection {
  return {
    discover: async (address) => ({ siteUrl: address, restRoot: `${address}/wp-json/`, checks: [] }),
    authorizationLink: () => 'unused',
    credentialsFromCallback: () => undefined,
    verify: async (c) => [
      {
        id: 'password',
        status: c.applicationPassword === FAKE_WORDPRESS_PASSWORD ? 'ok' : 'fail',
        detail: { cs: 'heslo', en: 'password' },
      },
    ],
  };
}
