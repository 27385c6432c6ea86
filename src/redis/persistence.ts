/**
 * Turning AOF on in a Redis pressbridge did not start (the machine's, with the blogger's consent: `service install
 * --use-machine-redis`), so that it stays on after Redis restarts: `CONFIG SET appendonly yes`, then `CONFIG
 * REWRITE` into the redis.conf Redis was started with.
 *
 * All or nothing: when the rewrite fails (no config file, a file Redis may not write), AOF is set back to what it
 * was. A setting that is on now and silently off after the next restart would make `pressbridge doctor` say all is
 * well until the day the queue is lost; left as it was, doctor keeps warning and the outcome names the file and the
 * line to change.
 *
 * Turned on at runtime, Redis first writes the whole data set into a new AOF (the initial rewrite); until that ends
 * a crash still loses the data, and Redis refuses a SIGTERM ("Writing initial AOF, can't exit"). So the outcome
 * comes once that rewrite has ended, or after `rewriteWaitMs` saying it still runs.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { errorMessage } from '../errors.js';
import { parseInfo, readRedisFacts } from './info.js';

export type AofOutcome =
  /**
   * On now and saved in `configFile` (`changed`: pressbridge turned it on; else it was already). `writing`: the
   * initial rewrite had not ended within the wait (a large data set); Redis finishes it by itself.
   */
  | { kind: 'saved'; changed: boolean; configFile: string; writing?: boolean }
  /** Nothing changed: the rewrite failed (`reason`), AOF is as it was (`aof`). */
  | { kind: 'not_saved'; aof: boolean; configFile: string | undefined; reason: string };

export async function turnOnAofPersistently(redis: Redis, rewriteWaitMs = 60_000): Promise<AofOutcome> {
  const before = await readRedisFacts(redis);
  if (!before.aof) await redis.config('SET', 'appendonly', 'yes');
  try {
    // Also when AOF was on already: it may have been turned on at runtime only and be missing from the file.
    await redis.config('REWRITE');
  } catch (error) {
    if (!before.aof) await redis.config('SET', 'appendonly', 'no');
    return { kind: 'not_saved', aof: before.aof, configFile: before.configFile, reason: errorMessage(error) };
  }
  // A rewrite succeeds only into the file Redis was started with, so there is one.
  const configFile = before.configFile ?? 'redis.conf';
  const deadline = Date.now() + rewriteWaitMs;
  while (await rewriting(redis)) {
    if (Date.now() > deadline) return { kind: 'saved', changed: !before.aof, configFile, writing: true };
    await delay(100);
  }
  return { kind: 'saved', changed: !before.aof, configFile };
}

/** Whether an AOF rewrite runs or waits to run. */
async function rewriting(redis: Redis): Promise<boolean> {
  const info = parseInfo(await redis.info('persistence'));
  return info.aof_rewrite_in_progress === '1' || info.aof_rewrite_scheduled === '1';
}
