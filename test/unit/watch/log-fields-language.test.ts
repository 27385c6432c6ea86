/**
 * The article watcher's deal log lines, read back in the blogger's language (issue 28): a check without an
 * answer keeps its `detail` phrase, and the end of a watch its `why` phrase, in the line's params, so the deal
 * page and `pressbridge deal` say them; the fields stay English for pino.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/i18n/index.js';
import { logFieldsText } from '../../../src/i18n/log-entry.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import { deadPort } from '../../helpers/notify-receivers.js';
import { AD, AD2, DAY, page, T0, watchWorld } from './watch-world.js';

const cs = createTranslator('cs');

describe('the article watcher’s deal log, in Czech', () => {
  const world = watchWorld();

  async function line(dealId: number, key: string) {
    const found = (await world.store.readLog(dealId)).find((e) => e.key === key);
    if (!found) throw new Error(`no ${key} line`);
    return found;
  }

  it('an article nobody answers at: its detail says the network reason in Czech on the deal page', async () => {
    await world.handedIn(21, '/x');
    await world.store.update(21, { url: `http://127.0.0.1:${await deadPort()}/x` });
    world.clock = T0 + DAY;

    await world.watcher().runOnce();

    const gone = await line(21, 'log.check_gone');
    expect(gone.fields.detail).toBe('connection refused [ECONNREFUSED]');
    expect(logFieldsText(cs, gone).detail).toBe('spojení odmítnuto [ECONNREFUSED]');
    const record = await world.store.get(21);
    if (!record) throw new Error('no record');
    const ctx = {
      base: '',
      now: new Date(world.clock),
      timeZone: 'Europe/Prague',
      version: '1',
      marketplaceName: 'Marketplace',
      blogNames: new Map<number, string>(),
      csrf: 'x',
      t: cs,
    };
    const log = await world.store.readLog(21);
    const fields = cheerio
      .load(renderDeal(ctx, { record, log, events: [] }).value)('tr.log-line .fields')
      .text();
    expect(fields).toContain('detail=spojení odmítnuto [ECONNREFUSED]');
    expect(fields).not.toContain('connection refused');
  });

  it('the end of a watch says why in Czech: the days after the hand-in, or the deal’s state', async () => {
    world.blog.answers.set('/y', [{ status: 200, body: page(AD, AD2) }]);
    await world.handedIn(22, '/y');
    await world.handedIn(23, '/y');
    await world.store.update(23, { state: 'handled' });
    const watcher = world.watcher({ days: 3 });
    world.clock = T0 + DAY;
    await watcher.runOnce();
    world.clock = T0 + 3 * DAY + 1000;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '22');
    await watcher.runOnce();

    const days = await line(22, 'log.watch_ended');
    expect(days.fields.why).toBe('3 days after the hand-in, unpaid');
    expect(logFieldsText(cs, days).why).toBe('dní od odevzdání: 3, nezaplaceno');
    const state = await line(23, 'log.watch_ended');
    expect(state.fields.why).toBe('the deal is handled');
    expect(logFieldsText(cs, state).why).toBe('obchod je ve stavu „vyřízeno ručně“');
  });
});
