/**
 * Is the door open, now? The intake's facts as every process left them in Redis (./poll-state.ts), the poll
 * interval and the rate limiter's memory of a server-asked pause, judged by ./liveness.ts. One reading for the
 * notification (src/notify/sources/intake.ts) and the home page (src/app/status-page.ts).
 */
import type { Redis } from 'ioredis';
import type { Config } from '../config/schema.js';
import type { RateLimiter } from '../marketplace/rate-limit.js';
import { type IntakeFacts, judgeIntake, type Stall } from './liveness.js';
import { createIntakeReader } from './mode.js';
import { readIntakeFacts } from './poll-state.js';

/** What the judge needs beyond Redis: the poll interval now, and the pause the marketplace asked for. */
export interface IntakeSource {
  /** Undefined: no poll intake in this installation now (webhook only). */
  pollMs(): number | undefined;
  pause(): Promise<IntakeFacts['pause']>;
}

export async function readDoor(
  redis: Redis,
  prefix: string,
  source: IntakeSource,
  now: Date,
): Promise<Stall | undefined> {
  const pollMs = source.pollMs();
  if (pollMs === undefined) return undefined;
  return judgeIntake({
    ...(await readIntakeFacts(redis, prefix)),
    now: now.getTime(),
    pollMs,
    pause: await source.pause(),
  });
}

/** The rate limiter's memory of a server-asked pause (src/marketplace/rate-limit.ts `snapshot().pause`), in ms. */
function pauseFacts(snapshot: {
  pause?: { at: Date; askedMs: number; cappedMs: number; until: Date } | undefined;
}): IntakeFacts['pause'] {
  const pause = snapshot.pause;
  if (!pause) return undefined;
  return {
    at: pause.at.getTime(),
    askedMs: pause.askedMs,
    cappedMs: pause.cappedMs,
    until: pause.until.getTime(),
  };
}

/** The installation's source: the intake as the config decides it now, the pause as the shared limiter keeps it. */
export function intakeSource(config: Readonly<Config>, limiter: Pick<RateLimiter, 'snapshot'>): IntakeSource {
  const intake = createIntakeReader(config);
  return {
    pollMs: () => intake().pollMs,
    pause: async () => pauseFacts(await limiter.snapshot()),
  };
}
