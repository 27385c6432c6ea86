/**
 * The marketplace's health from the client's own answers (`onResponse`, src/marketplace/transport.ts; a request
 * that got no answer is reported with status 0): only failures (no answer, 5xx) seen over `downMinutes` raise
 * `marketplace_unreachable`, only 429s for `downMinutes` raise `marketplace_rate_limited`; the first real
 * answer resolves them. In memory per process; the notifier's marks in Redis keep processes from repeating.
 */
import { type Clock, systemClock } from '../../clock.js';
import type { ResponseInfo } from '../../marketplace/client-options.js';
import type { Notifier } from '../types.js';

export interface MarketplaceWatchOptions {
  notifier: Notifier;
  downMinutes: number;
  clock?: Clock;
}

export interface MarketplaceWatch {
  /** For `onResponse`: never throws, never waits. */
  observe(info: Pick<ResponseInfo, 'status'>): void;
  /** Raises what has lasted long enough, judged by the answers seen (also run by the minute tick). */
  check(): Promise<void>;
  /** Waits for the notifications `observe` started (tests, shutdown). */
  settled(): Promise<void>;
}

export function createMarketplaceWatch(options: MarketplaceWatchOptions): MarketplaceWatch {
  const { notifier } = options;
  const clock = options.clock ?? systemClock;
  const downMs = options.downMinutes * 60_000;
  // First and latest failure / 429 of the current streak: a streak counts by what was seen, so one timeout
  // followed by a quiet hour without requests is no outage.
  let failingSince: number | undefined;
  let failingLast = 0;
  let lastDetail = '';
  let limitedSince: number | undefined;
  let limitedLast = 0;
  // At start-up a mark may be left from before: the first answer clears it.
  let maybeOpen = { unreachable: true, limited: true };
  let pending: Promise<void> = Promise.resolve();

  const queue = (work: () => Promise<void>): void => {
    pending = pending.then(work, work);
  };

  async function check(): Promise<void> {
    if (failingSince !== undefined && failingLast - failingSince >= downMs) {
      maybeOpen.unreachable = true;
      await notifier.raise({
        topic: 'marketplace_unreachable',
        minutes: Math.floor((failingLast - failingSince) / 60_000),
        detail: lastDetail,
      });
    }
    if (limitedSince !== undefined && limitedLast - limitedSince >= downMs) {
      maybeOpen.limited = true;
      await notifier.raise({
        topic: 'marketplace_rate_limited',
        minutes: Math.floor((limitedLast - limitedSince) / 60_000),
      });
    }
  }

  function answered(limited: boolean): void {
    failingSince = undefined;
    const resolveUnreachable = maybeOpen.unreachable;
    const resolveLimited = !limited && maybeOpen.limited;
    if (!limited) limitedSince = undefined;
    maybeOpen = { unreachable: false, limited: limited && maybeOpen.limited };
    if (resolveUnreachable) queue(() => notifier.resolve('marketplace_unreachable'));
    if (resolveLimited) queue(() => notifier.resolve('marketplace_rate_limited'));
  }

  return {
    observe(info) {
      const at = clock.now().getTime();
      if (info.status === 0 || info.status >= 500) {
        failingSince ??= at;
        failingLast = at;
        // Empty: "no answer" in the reader's language (src/notify/render.ts).
        lastDetail = info.status === 0 ? '' : `HTTP ${info.status}`;
      } else if (info.status === 429) {
        answered(true);
        limitedSince ??= at;
        limitedLast = at;
      } else {
        answered(false);
      }
      queue(check);
    },
    check,
    settled: () => pending,
  };
}
