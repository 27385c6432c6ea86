/**
 * The intake's door told to the blogger (src/notify/sources/intake.ts) against a real notifier in Redis: a stall
 * raises `intake_stalled` once (urgent) and its end sends the resolved follow-up; each unreadable item raises its
 * own `deal_unreadable`, resolved once the store no longer holds it.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../src/i18n/index.js';
import { intakeKeys } from '../../../src/intake/poll-state.js';
import { createUnreadableStore } from '../../../src/intake/unreadable.js';
import { createSilentLogger } from '../../../src/logger.js';
import { readItem } from '../../../src/marketplace/list-items.js';
import { Deal } from '../../../src/marketplace/schema.js';
import { createNotifier } from '../../../src/notify/notifier.js';
import { createIntakeWatch } from '../../../src/notify/sources/intake.js';
import { fixedClock } from '../../helpers/clock.js';
import { foreignWords } from '../../helpers/language.js';
import { collectingDispatcher, sent } from '../../helpers/notify.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const redis: Redis = createTestRedis();
const prefixes: string[] = [];
let clock = new Date('2026-11-27T12:00:00Z');
const time = fixedClock(() => clock);
let prefix: string;
let dispatcher: ReturnType<typeof collectingDispatcher>;
let pause: { at: number; askedMs: number; cappedMs: number; until: number } | undefined;

function watch(language: Language = 'en') {
  const notifier = createNotifier({
    dispatcher,
    redis,
    prefix,
    language,
    log: createSilentLogger(),
    clock: time,
  });
  return createIntakeWatch({
    notifier,
    redis,
    prefix,
    clock: time,
    source: { pollMs: () => 30_000, pause: async () => pause },
  });
}

beforeEach(() => {
  prefix = randomPrefix();
  prefixes.push(prefix);
  clock = new Date('2026-11-27T12:00:00Z');
  dispatcher = collectingDispatcher();
  pause = undefined;
});

afterAll(async () => {
  for (const p of prefixes) await deleteKeys(redis, p);
  redis.disconnect();
});

const iso = (minutesAgo: number) => new Date(clock.getTime() - minutesAgo * 60_000).toISOString();

describe('src/notify/sources/intake', () => {
  it('polls failing for 5 minutes: one urgent intake_stalled naming the error; the next current poll resolves it', async () => {
    const keys = intakeKeys(prefix);
    await redis.hset(keys.state, {
      runningSince: iso(60),
      currentAt: iso(6),
      failingSince: iso(5),
      last: JSON.stringify({
        finishedAt: iso(0.2),
        errors: [{ error: 'unexpected answer for /v1/deals: not JSON (text/html)' }],
      }),
    });
    const w = watch();

    await w.check();
    await w.check();
    expect(sent(dispatcher.messages)).toEqual(['problem intake_stalled']);
    const [message] = dispatcher.messages;
    expect(message?.urgent).toBe(true);
    expect(message?.body).toContain('not JSON (text/html)');

    await redis.hset(keys.state, { currentAt: iso(0), cursor: iso(0) });
    await redis.hdel(keys.state, 'failingSince');
    await w.check();
    expect(sent(dispatcher.messages)).toEqual(['problem intake_stalled', 'resolved intake_stalled']);
  });

  it('a 24 h pause the marketplace asked for is told at once, with the cap pressbridge keeps to', async () => {
    await redis.hset(intakeKeys(prefix).state, {
      runningSince: iso(60),
      currentAt: iso(1),
      last: JSON.stringify({ finishedAt: iso(1), errors: [] }),
    });
    pause = {
      at: clock.getTime() - 1_000,
      askedMs: 86_400_000,
      cappedMs: 300_000,
      until: clock.getTime() + 299_000,
    };

    await watch().check();

    expect(sent(dispatcher.messages)).toEqual(['problem intake_stalled']);
    expect(dispatcher.messages[0]?.body).toMatch(/1,440 min.*at most 5 min/);
  });

  it('each unreadable item once, by its id; resolved when the store lets it go', async () => {
    await redis.hset(intakeKeys(prefix).state, { runningSince: iso(1), currentAt: iso(0) });
    const unreadable = createUnreadableStore(redis, prefix);
    await unreadable.note(
      { list: 'data', index: 3, id: 602, blogId: 1, reason: 'demand: Invalid input' },
      clock,
    );
    await unreadable.note({ list: 'data', index: 4, rawId: 'abc', reason: 'id: Invalid input' }, clock);
    const w = watch();

    await w.check();
    await w.check();
    expect(sent(dispatcher.messages).sort()).toEqual([
      'problem deal_unreadable:deal:602',
      'problem deal_unreadable:raw:abc',
    ]);
    const body = dispatcher.messages.find((m) => m.key === 'deal_unreadable:deal:602')?.body;
    expect(body).toContain('#602');
    expect(body).toContain('demand: Invalid input');

    await unreadable.clear(602);
    await w.check();
    expect(sent(dispatcher.messages)).toContain('resolved deal_unreadable:deal:602');
    expect(sent(dispatcher.messages)).not.toContain('resolved deal_unreadable:raw:abc');
  });

  it("a Czech blogger reads why an item was left out in Czech, zod's English in the log only", async () => {
    await redis.hset(intakeKeys(prefix).state, { runningSince: iso(1), currentAt: iso(0) });
    const read = readItem(Deal, { id: 602, state: 'akceptovano', blog: { id: 1, name: 'Blog' } }, 'data', 3);
    if (read.ok) throw new Error('the item was read');
    expect(read.skipped.reason).toMatch(/^demand: Invalid input/);
    await createUnreadableStore(redis, prefix).note(read.skipped, clock);

    await watch('cs').check();

    const body = dispatcher.messages.find((m) => m.key === 'deal_unreadable:deal:602')?.body ?? '';
    expect(body).toContain('Obchod č. 602');
    expect(body).toContain('demand: očekáváno: mapa (klíč: hodnota)');
    expect(foreignWords(body, 'cs')).toEqual([]);
  });

  it("a Czech blogger reads the failing poll's error in Czech in intake_stalled", async () => {
    const detail = { key: 'market.detail.not_json', params: { type: 'text/html' } };
    const said = { key: 'market.bad_response', params: { path: '/v1/deals', detail } };
    await redis.hset(intakeKeys(prefix).state, {
      runningSince: iso(60),
      currentAt: iso(6),
      failingSince: iso(5),
      last: JSON.stringify({
        finishedAt: iso(0.2),
        errors: [{ error: 'unexpected answer for /v1/deals: not JSON (text/html)', said }],
      }),
    });

    await watch('cs').check();

    const body = dispatcher.messages.find((m) => m.key === 'intake_stalled')?.body ?? '';
    expect(body).toContain('nečekaná odpověď na /v1/deals: není JSON (text/html)');
    expect(body).not.toContain('unexpected answer');
  });

  it('a stored phrase that does not read (another release) leaves the English', async () => {
    await redis.hset(intakeKeys(prefix).state, {
      runningSince: iso(60),
      currentAt: iso(6),
      failingSince: iso(5),
      last: JSON.stringify({
        finishedAt: iso(0.2),
        errors: [{ error: 'unexpected answer for /v1/deals: not JSON', said: { key: ['odd'] } }],
      }),
    });

    await watch('cs').check();

    const body = dispatcher.messages.find((m) => m.key === 'intake_stalled')?.body ?? '';
    expect(body).toContain('unexpected answer for /v1/deals: not JSON');
  });
});
