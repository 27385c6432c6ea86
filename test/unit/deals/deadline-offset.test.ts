import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeadlineCheck, readDeadlineFinding } from '../../../src/deals/deadline-offset.js';
import type { LogEntry, NewLogEntry } from '../../../src/deals/record.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { logEntryText } from '../../../src/i18n/log-entry.js';
import { createSilentLogger } from '../../../src/logger.js';
import { readPublishDeadline } from '../../../src/marketplace/deadline.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';

const prefix = randomPrefix();
let redis: Redis;
const cs = createTranslator('cs');
const en = createTranslator('en');

beforeAll(() => {
  redis = createTestRedis();
});
afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

/** The deal log lines the check wrote, as the store would keep them. */
function capture() {
  const lines: LogEntry[] = [];
  const store = {
    async appendLog(_dealId: number | undefined, entry: NewLogEntry) {
      lines.push({ time: '', fields: {}, ...entry });
    },
  };
  return { lines, store };
}

describe('src/deals/deadline-offset: the deadline warnings in the reader’s language', () => {
  it('an unreadable publish_deadline and an implausible one: deal log lines, the finding, in Czech and English', async () => {
    const { lines, store } = capture();
    const check = createDeadlineCheck({
      redis,
      prefix,
      store,
      log: createSilentLogger(),
      timeZone: 'Europe/Prague',
    });
    const receivedAt = '2026-11-23T19:40:00.000Z';
    // UTC sent, read as Prague: 60 min early.
    const utc = '2026-11-23 20:40:00';

    await check(
      { dealId: 1, source: 'webhook', receivedAt, event: { publish_deadline: 'zítra' } },
      readPublishDeadline('zítra', new Date(receivedAt), 'Europe/Prague'),
    );
    await check(
      { dealId: 2, source: 'webhook', receivedAt, event: { publish_deadline: utc } },
      readPublishDeadline(utc, new Date(receivedAt), 'Europe/Prague'),
    );

    const czech = lines.map((line) => logEntryText(cs, line));
    expect(czech[0]).toMatch(/^publish_deadline "zítra" není ve tvaru YYYY-MM-DD HH:MM:SS ani ISO 8601/);
    expect(czech[1]).toMatch(
      /^publish_deadline vychází o 60 min dřív .*služba zřejmě posílá UTC; nastavte marketplace\.timeZone: UTC \(obchod se přesto zpracuje; zda je pozdě, rozhodne tržiště\)$/,
    );
    expect(lines.map((line) => logEntryText(en, line))).toEqual(lines.map((line) => line.msg));
    const finding = await readDeadlineFinding(redis, prefix);
    expect(finding?.said && cs.say(finding.said)).toMatch(/služba zřejmě posílá UTC/);
    expect(finding?.said && en.say(finding.said)).toBe(finding?.message);
  });
});
