/**
 * The one lease for a background loop that runs in one process at a time though every process of the installation
 * may start it (the poll intake, reconciliation): a Redis key set NX with a random token and a time to live,
 * renewed by its holder before each item of work and released by token, so a holder that died blocks the others
 * no longer than `ms`.
 *
 * A lease is lost when a renewal finds the key gone or another's (it ran out between renewals: an item outlasted
 * `ms`, Redis or the process stalled) or when `ms` has passed here since the last renewal was sent (this count
 * starts before Redis's, so it runs out first). A lost lease stays lost: `signal` fires, every later `extend()`
 * throws `LeaseLostError`, and the work ends before acting again; what the run would still write (its cursor, its
 * result) belongs to the next holder now.
 *
 * Timed in real time, as Redis times the key, not by the injectable `Clock`.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { AppError } from '../errors.js';
import { luaScript } from './lua-script.js';

export class LeaseLostError extends AppError {
  constructor(key: string) {
    super('lease_lost', `the lease ${key} was lost (it ran out or another process took it); the run stopped`);
  }
}

export interface Lease {
  /**
   * Renews the lease for another `ms`: call it before each item of work (a page, a deal). Throws
   * `LeaseLostError` when this holder no longer has it; the work then stops without acting on the item.
   */
  extend(): Promise<void>;
  /** Fires (its reason a `LeaseLostError`) once the lease is lost: pass it to the requests the work makes. */
  readonly signal: AbortSignal;
}

export type LeaseRun<T> = { status: 'busy' } | { status: 'held'; value: T };

const EXTEND = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`);
const RELEASE = luaScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`);

/**
 * Runs `work` holding the lease `key` for `ms` at a time, or answers `busy` at once (without running it) when
 * another holder has it. The lease is released when `work` ends, also when it throws (which is rethrown).
 */
export async function withLease<T>(
  redis: Redis,
  key: string,
  ms: number,
  work: (lease: Lease) => Promise<T>,
): Promise<LeaseRun<T>> {
  const token = randomBytes(16).toString('hex');
  let sentAt = performance.now();
  if ((await redis.set(key, token, 'PX', ms, 'NX')) !== 'OK') return { status: 'busy' };

  const lost = new AbortController();
  const lose = (): void => {
    if (!lost.signal.aborted) lost.abort(new LeaseLostError(key));
  };
  let timer: NodeJS.Timeout | undefined;
  /** The local count: `ms` from when the last successful SET or renewal was sent. */
  const arm = (): void => {
    clearTimeout(timer);
    const left = ms - (performance.now() - sentAt);
    if (left <= 0) {
      lose();
      return;
    }
    timer = setTimeout(lose, left);
    timer.unref();
  };
  arm();

  const lease: Lease = {
    signal: lost.signal,
    async extend() {
      lost.signal.throwIfAborted();
      const at = performance.now();
      if ((await EXTEND(redis, [key], [token, ms])) !== 1) lose();
      lost.signal.throwIfAborted();
      sentAt = at;
      arm();
      lost.signal.throwIfAborted();
    },
  };
  try {
    return { status: 'held', value: await work(lease) };
  } finally {
    clearTimeout(timer);
    // A release that fails (Redis away) leaves the key to run out within `ms`.
    await RELEASE(redis, [key], [token]).catch(() => undefined);
  }
}
