/**
 * The end of a run as the deal log keeps it (src/pipeline/runner.ts, src/deals/verdict.ts): the error of a
 * failed deal, a missed deadline and a failed ask of the marketplace stay English in the line's fields (pino,
 * `--json`) and carry their phrase in its params, so the deal page and `pressbridge deal` say them (issue 28).
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealLogger } from '../../../src/deals/logger.js';
import type { DealStore, LogEntry } from '../../../src/deals/record.js';
import { createVerdicts } from '../../../src/deals/verdict.js';
import { type AppError, DeadlineMissedError, type Phrase, PublishError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { logFieldsText } from '../../../src/i18n/log-entry.js';
import { networkReason, networkReasonPhrase } from '../../../src/network-reason.js';
import type { DealProcessor } from '../../../src/pipeline/port.js';
import { createDealRunner } from '../../../src/pipeline/runner.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { acceptedDeal, fakeClient, log, marketplaceError, testStore } from './fakes.js';

const cs = createTranslator('cs');
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

beforeAll(() => {
  redis = createTestRedis();
  store = testStore(redis, prefix);
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

const refused = new TypeError('fetch failed', {
  cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
});

async function line(dealId: number, key: string): Promise<LogEntry> {
  const found = (await store.readLog(dealId)).find((e) => e.key === key);
  if (!found) throw new Error(`no ${key} line`);
  return found;
}

async function runOnce(dealId: number, process: DealProcessor) {
  await store.createIfAbsent({
    dealId,
    blogId: 7,
    receivedAt: new Date().toISOString(),
    deadline: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const runner = createDealRunner({ process, client: fakeClient(), store, log });
  return await runner.run({
    jobId: `deal-${dealId}`,
    payload: {
      dealId,
      blogId: 7,
      event: acceptedDeal(dealId),
      receivedAt: new Date().toISOString(),
      source: 'manual',
    },
    signal: new AbortController().signal,
    attempt: 1,
    maxAttempts: 3,
  });
}

describe("the end of a run in the deal log, in the blogger's language", () => {
  it("a failed deal: its error field says the error's phrase", async () => {
    const said = networkReasonPhrase(refused) as Phrase;
    const error = new PublishError('wp_unreachable', networkReason(refused), {
      retryable: false,
      phrase: said,
    });

    expect(await runOnce(9101, async () => Promise.reject(error))).toMatchObject({ kind: 'fail' });

    const failed = await line(9101, 'log.failed');
    expect(failed.fields.error).toBe('connection refused [ECONNREFUSED]');
    expect(logFieldsText(cs, failed).error).toBe('spojení odmítnuto [ECONNREFUSED]');
  });

  it('a missed deadline: its error field too', async () => {
    const said: Phrase = { key: 'market.no_answer.timeout', params: { ms: '5000' } };
    const error = new DeadlineMissedError('no answer within 5000 ms', { phrase: said });

    await runOnce(9102, async () => Promise.reject(error));

    const missed = await line(9102, 'log.deadline_missed');
    expect(missed.fields.error).toBe('no answer within 5000 ms');
    expect(logFieldsText(cs, missed).error).toBe('žádná odpověď do 5000 ms');
  });

  it("the marketplace could not be asked about the deal: the line's err says the marketplace's error", async () => {
    await store.createIfAbsent({
      dealId: 9103,
      blogId: 7,
      receivedAt: new Date().toISOString(),
      deadline: new Date().toISOString(),
    });
    const dealLog = createDealLogger(store, log, 9103, 7);
    const unavailable = marketplaceError('nedostupne', 503, true, '/v1/deals/9103');
    const verdicts = createVerdicts({
      client: { getDeal: async () => Promise.reject(unavailable) },
      store,
      dealId: 9103,
      log: dealLog,
      clock: { now: () => new Date() },
    });

    await expect(verdicts.overdue('the deadline passed')).rejects.toBe(unavailable);
    await dealLog.flush();

    const failed = await line(9103, 'log.verdict_ask_failed');
    expect(failed.fields.err).toBe((unavailable as AppError).message);
    expect(logFieldsText(cs, failed).err).toBe(
      'Tržiště: GET /v1/deals/9103 selhalo: 503 nedostupne: test nedostupne (kód pro podporu PC-TEST01)',
    );
  });
});
