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
import { REFUSE_LOCAL } from '../address-guard.js';
import { setupFetch } from '../pinned-fetch.js';
import { authorizationLink, credentialsFromCallback } from './authorize.js';
import { discoverWordPress } from './discover.js';
import type { AddressPolicy, WordPressConnection } from './types.js';
import { verifyWordPress } from './verify.js';

export { APP_NAME, acceptsRedirect, appNameAt, WordPressAuthorizationError } from './authorize.js';
export type * from './types.js';

export interface WordPressConnectionDeps {
  fetch?: typeof fetch;
  clock?: Clock;
  log?: Logger;
}

/**
 * Every request goes through ../pinned-fetch.ts under the call's address policy (default: no local address);
 * `deps.fetch` (tests) is checked before each request instead.
 */
export function createWordPressConnection(deps: WordPressConnectionDeps = {}): WordPressConnection {
  const clock = deps.clock ?? systemClock;
  const fetchFor = (policy: AddressPolicy = REFUSE_LOCAL) => setupFetch(policy, deps.fetch);
  return {
    discover: async (address, policy = REFUSE_LOCAL) => {
      const discovery = await discoverWordPress(fetchFor(policy), address);
      return policy.allowLocal ? { ...discovery, allowLocal: true } : discovery;
    },
    authorizationLink: (discovery, request) => authorizationLink(discovery, request, clock.now()),
    credentialsFromCallback,
    verify: (credentials, policy) =>
      verifyWordPress({ fetch: fetchFor(policy), clock, log: deps.log }, credentials),
  };
}
