import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/logger.js';
import {
  createRedisOutage,
  isRedisConnectionError,
  isRedisUnavailable,
  outageLevel,
} from '../../../src/redis/outage.js';

interface Line {
  level: number;
  msg: string;
  redis?: string;
  reason?: string;
}

function capture(): { log: ReturnType<typeof createLogger>; lines: Line[] } {
  const lines: Line[] = [];
  const destination = { write: (line: string) => void lines.push(JSON.parse(line) as Line) };
  return { log: createLogger({ level: 'debug', destination, env: {} }), lines };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6391'), { code: 'ECONNREFUSED' });
const notWriteable = new Error("Stream isn't writeable and enableOfflineQueue options is false");
const maxRetries = new Error(
  'Reached the max retries per request limit (which is 3). Refer to "maxRetriesPerRequest" option for details.',
);

describe('src/redis/outage', () => {
  it('says an outage once with what to do, the rest at debug, and once that it is over', () => {
    // Arrange
    const { log, lines } = capture();
    const outage = createRedisOutage({ url: 'redis://user:s3cret@10.0.0.5:6379/2', log });

    // Act: three clients fail, again and again, then one is ready again (twice: the other clients).
    outage.lost(refused);
    outage.lost(notWriteable);
    outage.lost(refused);
    const whileDown = outage.down;
    outage.back();
    outage.back();

    // Assert
    expect(whileDown).toBe(true);
    expect(outage.down).toBe(false);
    expect(lines.filter((l) => l.level >= 40)).toEqual([
      expect.objectContaining({
        level: 50,
        redis: 'redis://***@10.0.0.5:6379/2',
        reason: 'connection refused [ECONNREFUSED]',
        msg: expect.stringMatching(
          /^Redis does not answer: start it .* or correct redis\.url; pressbridge keeps trying/,
        ),
      }),
    ]);
    expect(lines.filter((l) => l.level === 20)).toHaveLength(2);
    expect(lines.filter((l) => l.level === 30)).toEqual([
      expect.objectContaining({ msg: 'Redis answers again' }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('s3cret');
  });

  it("pressbridge's own Redis: no command for the blogger to run, its log named, a missing socket an outage", () => {
    const { log, lines } = capture();
    const url = 'unix:///srv/blog/.data/redis/redis.sock';
    const outage = createRedisOutage({ url, log, embedded: { logFile: '/srv/blog/.data/redis/redis.log' } });
    const gone = Object.assign(new Error(`connect ENOENT ${url.slice(7)}`), { code: 'ENOENT' });
    expect(isRedisConnectionError(gone)).toBe(true);
    outage.lost(gone);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        redis: url,
        logFile: '/srv/blog/.data/redis/redis.log',
        msg: "pressbridge's own Redis does not answer: the pressbridge that runs it starts it again (its log: logFile); pressbridge keeps trying, and no deal moves until it answers",
      }),
    ]);
  });

  it('names no stream internals as the reason, and says a later outage again', () => {
    const { log, lines } = capture();
    const outage = createRedisOutage({ url: 'redis://127.0.0.1:6379', log });
    outage.lost(notWriteable);
    outage.back();
    outage.lost(maxRetries);
    const errors = lines.filter((l) => l.level === 50);
    expect(errors.map((l) => l.reason)).toEqual([
      'the connection closed before Redis answered',
      'the connection closed before Redis answered',
    ]);
  });

  it.each([
    [maxRetries, true],
    [notWriteable, true],
    [new Error('Connection is closed.'), true],
    // The rate limiter wraps the words; a poll records the message alone.
    [
      'rate_limiter_unavailable: could not reserve a request slot in Redis: Reached the max retries per request limit',
      true,
    ],
    [{ dealId: 7, error: 'Reached the max retries per request limit (which is 3).' }, true],
    // What Redis answered, or another peer's network trouble: not an outage of Redis.
    [new Error('WRONGTYPE Operation against a key holding the wrong kind of value'), false],
    [refused, false],
    ['fetch failed', false],
    [undefined, false],
  ])('isRedisUnavailable(%s) is %s', (error, expected) => {
    expect(isRedisUnavailable(error)).toBe(expected);
  });

  it('counts network codes only on a Redis connection’s own error event', () => {
    expect(isRedisConnectionError(refused)).toBe(true);
    expect(isRedisConnectionError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(
      true,
    );
    expect(isRedisConnectionError(notWriteable)).toBe(true);
    expect(isRedisConnectionError(new Error('could not renew lock for job 7'))).toBe(false);
  });

  it('puts a failure down to debug only when all its errors are the outage', () => {
    expect(outageLevel(maxRetries)).toBe('debug');
    expect(outageLevel({ error: maxRetries.message }, { error: notWriteable.message })).toBe('debug');
    expect(outageLevel({ error: maxRetries.message }, { error: 'HTTP 500 from the marketplace' })).toBe(
      'warn',
    );
    expect(outageLevel()).toBe('warn');
    expect(outageLevel(new Error('boom'))).toBe('warn');
  });
});
