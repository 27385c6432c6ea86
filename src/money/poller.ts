/**
 * The payout overview poller: reads `GET /v1/payouts` at LOW priority through the shared rate limiter (the live
 * pipeline's requests go first; low priority leaves part of every window free for deals) and keeps the answer in
 * Redis for the Earnings page and `pressbridge earnings`. At most one read per `intervalMinutes` (≥ 60) across
 * every process and restart (overview.ts `claimRead`); a failed read is logged, kept for the page, and tried
 * again at the next interval. Nothing here touches a deal: a failure never affects one.
 *
 * The daemon runs it only in a process that runs the worker. It checks the schedule every few minutes (one
 * Redis call), so after a restart the next read comes soon after the interval is up, not a whole interval later.
 */

import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import { errorMessage, errorSaid, type Said } from '../errors.js';
import type { Logger } from '../logger.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { createPeriodicTask } from '../periodic.js';
import { scrubPhrase, scrubText } from '../redact.js';
import { outageLevel } from '../redis/outage.js';
import { claimRead, moneyKeys, type StoredOverview, writeOverview, writeReadFailure } from './overview.js';
import { MoneySettings, type MoneySettingsInput } from './settings.js';

export type PollResult =
  | { status: 'read'; stored: StoredOverview }
  | { status: 'skipped' }
  /** `error` in English (the log, `--json`), `said` the same for the blogger. */
  | { status: 'failed'; error: string; said: Said };

export interface PayoutPoller {
  /** One read if the schedule allows it (or `force`, for `pressbridge earnings --refresh`). Never throws. */
  runOnce(options?: { force?: boolean }): Promise<PollResult>;
  /** First check after `firstReadDelaySeconds`, then every `checkEveryMs`. */
  start(): void;
  /** No further reads; a running one is aborted and awaited. */
  stop(): Promise<void>;
}

export interface PayoutPollerOptions {
  client: Pick<MarketplaceClient, 'payouts'>;
  redis: Redis;
  prefix: string;
  log: Logger;
  settings?: MoneySettingsInput;
  clock?: Clock;
  /** How often the schedule is checked (default 5 minutes, never more than the interval). */
  checkEveryMs?: number;
}

export function createPayoutPoller(options: PayoutPollerOptions): PayoutPoller {
  const { client, redis, log } = options;
  const settings = MoneySettings.parse(options.settings ?? {});
  const clock = options.clock ?? systemClock;
  const intervalMs = settings.intervalMinutes * 60_000;
  const checkEveryMs = Math.min(options.checkEveryMs ?? 5 * 60_000, intervalMs);
  const keys = moneyKeys(options.prefix);
  const task = createPeriodicTask('payout poller', (_signal, force?: boolean) => read(force ?? false));

  async function read(force: boolean): Promise<PollResult> {
    let claimed = false;
    try {
      claimed = await claimRead(redis, keys, clock.now().getTime(), intervalMs, force);
      if (!claimed) return { status: 'skipped' };
      // Stamped before the request: whatever happens after this instant may be missing from the answer.
      const fetchedAt = clock.now().toISOString();
      const overview = await client.payouts({}, { priority: 'low', signal: task.signal });
      if (overview.problems) {
        log.warn(
          { problems: overview.problems },
          'payout overview: items or amounts that do not fit were left out (see docs/security/status-and-money.md)',
        );
      }
      const stored: StoredOverview = { fetchedAt, overview };
      await writeOverview(redis, keys, stored);
      log.info(
        {
          pending: overview.pending.length,
          arbitration: overview.arbitration.length,
          months: overview.paid_monthly.length,
        },
        'payout overview read',
      );
      return { status: 'read', stored };
    } catch (error) {
      const message = scrubText(errorMessage(error));
      const found = errorSaid(error);
      const said = typeof found === 'string' ? message : scrubPhrase(found);
      log[outageLevel(message)](
        { err: message },
        'payout overview not read; tried again at the next interval',
      );
      if (claimed) await writeReadFailure(redis, keys, { message, said }, clock.now()).catch(() => undefined);
      return { status: 'failed', error: message, said };
    }
  }

  return {
    runOnce: (runOptions = {}) => task.runOnce(runOptions.force ?? false),
    start: () => task.start(() => checkEveryMs, settings.firstReadDelaySeconds * 1000),
    stop: () => task.stop(),
  };
}
