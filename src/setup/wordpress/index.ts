/**
 * The WordPress connection of the setup (issue 21, step 2c): find the REST API, let WordPress itself make
 * pressbridge's Application Password, and check everything publishing needs, each failure with its fix.
 *
 *   const wordpress = createWordPressConnection({ log });
 *   const found = await wordpress.discover('muj-blog.cz');
 *   redirect(wordpress.authorizationLink(found, { appId, successUrl }));
 *   const credentials = wordpress.credentialsFromCallback(found, query);
 *   const checks = await wordpress.verify(credentials);
 */
import { type Clock, systemClock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import { authorizationLink, credentialsFromCallback } from './authorize.js';
import { discoverWordPress } from './discover.js';
import type { WordPressConnection } from './types.js';
import { verifyWordPress } from './verify.js';

export { APP_NAME, acceptsRedirect, appNameAt, WordPressAuthorizationError } from './authorize.js';
export type * from './types.js';

export interface WordPressConnectionDeps {
  fetch?: typeof fetch;
  clock?: Clock;
  log?: Logger;
}

export function createWordPressConnection(deps: WordPressConnectionDeps = {}): WordPressConnection {
  const fetchImpl = deps.fetch ?? globalThis.fetch;
  const clock = deps.clock ?? systemClock;
  return {
    discover: (address) => discoverWordPress(fetchImpl, address),
    authorizationLink: (discovery, request) => authorizationLink(discovery, request, clock.now()),
    credentialsFromCallback,
    verify: (credentials) => verifyWordPress({ fetch: fetchImpl, clock, log: deps.log }, credentials),
  };
}
