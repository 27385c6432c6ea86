/**
 * The marketplace client of the setup, before any config or Redis exists: the same client as the daemon's
 * (classification, schemas, errors), with a limiter of its own in this process. The setup makes a handful of
 * requests, far below the key's 60 a minute; a 429 still waits the pause the marketplace asks for.
 */
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { createMarketplaceClient } from '../marketplace/client.js';
import type { RateLimiter } from '../marketplace/rate-limit.js';
import { setupFetch } from './pinned-fetch.js';

/**
 * The longest the setup waits before a request, whatever pause a 429 asked for: a `Retry-After: 86400` must not
 * hang the page or the terminal for a day. After it the request is made; a marketplace still refusing answers
 * 429 again, which the check names ("answered 429", try again later).
 */
export const MAX_SETUP_PAUSE_MS = 30_000;

export function createLocalLimiter(): RateLimiter {
  let pausedUntil = 0;
  return {
    async acquire(_priority, signal) {
      const wait = Math.min(pausedUntil - Date.now(), MAX_SETUP_PAUSE_MS);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      signal?.throwIfAborted();
    },
    async observe() {},
    async penalize(retryAfterMs) {
      pausedUntil = Date.now() + retryAfterMs;
    },
    async snapshot() {
      return { limit: 60, remaining: 60, resetAt: new Date() };
    },
  };
}

export interface SetupMarketplace {
  baseUrl: string;
  apiKey: string;
  /** The blogger confirmed a local API address (the sandbox): ./address-guard.ts. */
  allowLocal?: boolean | undefined;
}

/**
 * The client connects only where ./address-guard.ts allows (the API address and each same-origin redirect hop,
 * checked on the address connected to); `deps.fetch` (tests) is checked before each request instead.
 */
export function setupMarketplaceClient(
  marketplace: SetupMarketplace,
  deps: { log: Logger; fetch?: typeof fetch },
): MarketplaceClient {
  return createMarketplaceClient({
    baseUrl: marketplace.baseUrl,
    apiKey: marketplace.apiKey,
    timeoutMs: 15_000,
    limiter: createLocalLimiter(),
    log: deps.log,
    fetch: setupFetch({ allowLocal: marketplace.allowLocal === true }, deps.fetch),
  });
}
