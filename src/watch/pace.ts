/**
 * The watch respects the blog (issue 22, item 6): a `User-Agent` that names pressbridge, its version and the
 * blog's own address, and a per-site pace: at most one request to a site (scheme, host, port) every
 * `watch.siteGapSeconds`, in this process. Several processes that run the worker each keep their own pace.
 */
import type { Clock } from '../clock.js';
import { VERSION } from '../version.js';

/** `pressbridge/<version> (article check; +<the blog's address>)`. */
export function watchUserAgent(articleUrl: string): string {
  let site = '';
  try {
    site = `; +${new URL(articleUrl).origin}/`;
  } catch {
    // An address that does not parse: the check fails on it anyway.
  }
  return `pressbridge/${VERSION} (article check${site})`;
}

export interface SitePace {
  /** Waits until this process may send the next request to `url`'s site, and books that turn. */
  turn(url: string, signal: AbortSignal): Promise<void>;
}

export function createSitePace(clock: Pick<Clock, 'now' | 'sleep'>, gapMs: number): SitePace {
  const next = new Map<string, number>();
  return {
    async turn(url, signal) {
      if (gapMs <= 0) return;
      let site: string;
      try {
        site = new URL(url).origin;
      } catch {
        return;
      }
      const nowMs = clock.now().getTime();
      const at = Math.max(nowMs, next.get(site) ?? 0);
      next.set(site, at + gapMs);
      // Forget sites whose turn has passed, so the map stays as small as the sites in flight.
      if (next.size > 1000) for (const [key, until] of next) if (until < nowMs) next.delete(key);
      if (at > nowMs) await clock.sleep(at - nowMs, signal);
    },
  };
}
