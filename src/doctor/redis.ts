/**
 * Doctor's Redis lines: it answers, it never evicts (BullMQ loses jobs otherwise: a failure), and AOF
 * is on (else a Redis restart can lose queued deals: a warning whose fix names the redis.conf that Redis runs
 * with, and says how to turn AOF on so that it stays on). pressbridge's own Redis, not running because pressbridge
 * is not: one line that says so (`ownRedisStoppedCheck`).
 */
import type { Redis } from 'ioredis';
import type { Check } from '../checks.js';
import type { Config } from '../config/schema.js';
import { errorMessage } from '../errors.js';
import type { Translator } from '../i18n/index.js';
import { shownUrl } from '../redact.js';
import { ownRedisDown } from '../redis/embedded.js';
import { readRedisFacts } from '../redis/info.js';

/** pressbridge's own Redis not running: the failed Redis line, whose fix is starting pressbridge. */
export async function ownRedisStoppedCheck(ctx: {
  t: Translator;
  config: Pick<Config, 'redis' | 'dataDir'>;
}): Promise<Check | undefined> {
  const down = await ownRedisDown(ctx.config);
  if (!down) return undefined;
  return {
    status: 'fail',
    name: 'Redis',
    detail: ctx.t.t('cli.doctor.redis.own_down', { where: shownUrl(down.url), dir: down.dir }),
    fix: ctx.t.t('cli.doctor.redis.own_fix'),
  };
}

export async function redisChecks(ctx: {
  t: Translator;
  config: Pick<Config, 'redis'>;
  /** The Redis the command talks to (default `redis.url`). */
  redisUrl?: string;
  redis: Redis;
}): Promise<Check[]> {
  const { t } = ctx;
  const where = shownUrl(ctx.redisUrl ?? ctx.config.redis.url);
  const eviction = t.t('cli.doctor.redis.eviction');
  const persistence = t.t('cli.doctor.redis.persistence');
  try {
    const facts = await readRedisFacts(ctx.redis);
    const policy = facts.maxmemoryPolicy;
    return [
      { status: 'ok', name: 'Redis', detail: t.t('cli.doctor.redis.ok', { where, version: facts.version }) },
      policy === 'noeviction'
        ? { status: 'ok', name: eviction, detail: 'maxmemory-policy noeviction' }
        : {
            status: 'fail',
            name: eviction,
            detail: t.t('cli.doctor.redis.eviction_bad', { policy }),
            fix: t.t('cli.doctor.redis.eviction_fix'),
          },
      facts.aof
        ? { status: 'ok', name: persistence, detail: t.t('cli.doctor.redis.aof_on') }
        : {
            status: 'warn',
            name: persistence,
            detail: t.t('cli.doctor.redis.aof_off'),
            fix: facts.configFile
              ? t.t('cli.doctor.redis.aof_fix', { file: facts.configFile })
              : t.t('cli.doctor.redis.aof_fix_no_file'),
          },
    ];
  } catch (error) {
    return [
      {
        status: 'fail',
        name: 'Redis',
        detail: t.t('cli.doctor.redis.down', { where, error: errorMessage(error) }),
        fix: t.t('cli.doctor.redis.down_fix'),
      },
    ];
  }
}
