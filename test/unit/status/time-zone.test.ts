/**
 * The status page writes times in the blogger's zone (`ui.timeZone`, default Europe/Prague), not the server's:
 * the trial's page showed 16:28 (UTC) where the CLI showed 17:28 for the same deal.
 */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createDealStore } from '../../../src/deals/store.js';
import { startStatusServer } from '../../../src/status/index.js';
import { fixedClock } from '../../helpers/clock.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { statusDeps } from './fixtures.js';

const prefix = randomPrefix();
const redis: Redis = createTestRedis();
afterAll(async () => {
  await deleteKeys(redis, prefix);
  redis.disconnect();
});

async function footerTime(timeZone: string | undefined): Promise<string> {
  const store = createDealStore({ redis, prefix });
  const deps = statusDeps(store, { clock: fixedClock('2026-11-24T16:28:05Z'), language: 'cs' });
  if (timeZone === undefined) delete deps.timeZone;
  else deps.timeZone = timeZone;
  const server = await startStatusServer(deps, { host: '127.0.0.1', port: 0 });
  try {
    const $ = cheerio.load(await (await fetch(server.url)).text());
    return $('footer time').text();
  } finally {
    await server.close();
  }
}

describe('src/status: the time zone of the times shown', () => {
  it.each([
    [undefined, '24. 11. 2026 17:28:05'],
    ['Europe/Prague', '24. 11. 2026 17:28:05'],
    ['UTC', '24. 11. 2026 16:28:05'],
  ])('ui.timeZone %s → %s, whatever the server runs in', async (zone, shown) => {
    expect(await footerTime(zone)).toBe(shown);
  });
});
