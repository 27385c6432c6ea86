/**
 * A Redis out of reach, said once. When Redis does not answer (not started yet, stopped, a wrong `redis.url`, a
 * container's port with nothing behind it) every client, the worker's connections and each background loop fail
 * in their own words ("connect ECONNREFUSED", "Stream isn't writeable and enableOfflineQueue options is false",
 * "Reached the max retries per request limit"), many times a second. The blogger needs one line that says what
 * to do, and one when it is over:
 *
 * - the daemon's clients share one `RedisOutage` (src/app/redis.ts): the first error of an outage is one error
 *   line naming the Redis, why (in src/network-reason.ts's words) and the fix; the first client ready again ends
 *   it with an info line; every error between the two is a debug line;
 * - what fails *because* Redis is out of reach (a poll, a sweep, a notification check, the worker's own
 *   connections) logs at `outageLevel(error)`: debug for those errors, its usual warn for anything else.
 */
import type { Logger } from '../logger.js';
import { networkReason } from '../network-reason.js';
import { shownUrl } from '../redact.js';

/** How ioredis words a command it did not send or gave up on because no connection was up. */
const UNAVAILABLE = [
  'Reached the max retries per request limit',
  "Stream isn't writeable and enableOfflineQueue options is false",
  'Connection is closed.',
];

/** Network codes that, on a Redis connection's own `error` event, can only mean that Redis is out of reach. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // A unix socket that is not there (its Redis stopped, or has not started yet).
  'ENOENT',
]);

/** An error, a message, or a recorded `{ error: message }` (a poll's or a sweep's errors). */
function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error !== 'object' || error === null) return '';
  const { message, error: recorded } = error as { message?: unknown; error?: unknown };
  if (typeof message === 'string') return message;
  return typeof recorded === 'string' ? recorded : '';
}

/**
 * Whether a command failed because Redis was out of reach (ioredis's words, also inside a message that wraps
 * them, such as the rate limiter's `rate_limiter_unavailable`), rather than because of what Redis answered.
 */
export function isRedisUnavailable(error: unknown): boolean {
  const message = messageOf(error);
  return UNAVAILABLE.some((words) => message.includes(words));
}

/**
 * The same for the `error` event of a connection to Redis (an ioredis client's, a BullMQ worker's), where a
 * network code is Redis's too.
 */
export function isRedisConnectionError(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return isRedisUnavailable(error) || (typeof code === 'string' && CONNECTION_CODES.has(code));
}

/**
 * The level of a failure that may be only a consequence of Redis being out of reach: debug when every one of
 * `errors` is (the outage line has said it), else warn.
 */
export function outageLevel(...errors: unknown[]): 'debug' | 'warn' {
  return errors.length > 0 && errors.every(isRedisUnavailable) ? 'debug' : 'warn';
}

/** Why a client could not reach Redis, in words a blogger can act on. */
function outageReason(error: unknown): string {
  // ioredis's own words say only that no connection was up: the connection closed before Redis answered.
  return isRedisUnavailable(error) ? 'the connection closed before Redis answered' : networkReason(error);
}

export interface RedisOutage {
  /** A client of this Redis could not connect, or lost its connection. */
  lost(error: unknown): void;
  /** A client of this Redis is connected and ready. */
  back(): void;
  /** Whether an outage was said and is not over. */
  readonly down: boolean;
}

export function createRedisOutage(options: {
  url: string;
  log: Logger;
  /** pressbridge runs this Redis itself (./embedded.ts): its log file, and a fix that is not the blogger's to do. */
  embedded?: { logFile: string } | undefined;
}): RedisOutage {
  const { log, embedded } = options;
  const redis = shownUrl(options.url);
  let down = false;
  return {
    lost(error) {
      if (down) {
        log.debug({ redis, err: messageOf(error) || String(error) }, 'redis: still out of reach');
        return;
      }
      down = true;
      const reason = outageReason(error);
      if (embedded)
        log.error(
          { redis, reason, logFile: embedded.logFile },
          "pressbridge's own Redis does not answer: the pressbridge that runs it starts it again (its log: logFile); pressbridge keeps trying, and no deal moves until it answers",
        );
      else
        log.error(
          { redis, reason },
          'Redis does not answer: start it (sudo systemctl start redis-server; with Docker: docker compose up -d) or correct redis.url; pressbridge keeps trying, and no deal moves until it answers',
        );
    },
    back() {
      if (!down) return;
      down = false;
      log.info({ redis }, 'Redis answers again');
    },
    get down() {
      return down;
    },
  };
}
