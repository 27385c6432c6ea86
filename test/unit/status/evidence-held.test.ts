/**
 * A held deal that was never published (docs/decisions/0025-the-last-look.md): its evidence is `decisions.jsonl`
 * alone, and the deal page's Evidence card offers its bundle all the same (the refusal, its reasons and who
 * decided, for an advertiser who complains). Real DealStore in Redis, real evidence store and bundler on disk,
 * the status page over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { unzipSync } from 'fflate';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createEvidenceBundler } from '../../../src/evidence/bundle.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import type { EvidenceStore } from '../../../src/evidence/types.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { startStatusServer } from '../../../src/status/index.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { testClock } from '../evidence/fixtures.js';
import { statusDeps } from './fixtures.js';

const REFUSED = 7101;
const NEVER_HELD = 7102;
const NONCE = 'nonce-of-hold-1';
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let evidence: EvidenceStore;
let dir: string;

beforeAll(async () => {
  redis = createTestRedis();
  store = createDealStore({ redis, prefix });
  dir = mkdtempSync(join(tmpdir(), 'pb-evidence-held-'));
  evidence = createEvidenceStore({
    dir,
    settings: { maxDealBytes: 1 << 30, maxTotalBytes: 1 << 30 },
    clock: testClock('2026-11-23T13:00:00.000Z'),
    log: createSilentLogger(),
  });
  for (const dealId of [REFUSED, NEVER_HELD]) {
    await store.createIfAbsent({
      dealId,
      blogId: 101,
      receivedAt: '2026-11-23T12:00:00.000Z',
      deadline: '2026-11-23T13:00:00.000Z',
      state: 'refused',
      title: 'Recenze vysavače',
    });
  }
  await evidence.recordDecision(REFUSED, {
    event: 'held',
    at: '2026-11-23T12:05:00.000Z',
    nonce: NONCE,
    outcome: 'refuse',
    reasons: [{ rule: 'maxLinks', said: { key: 'verdict.reason.links_many', params: { count: 5, max: 2 } } }],
    draftRef: 'wp:12',
    expiresAt: '2026-11-23T12:50:00.000Z',
  });
  await evidence.recordDecision(REFUSED, {
    event: 'refused',
    at: '2026-11-23T12:20:00.000Z',
    nonce: NONCE,
    by: 'link',
  });
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await deleteKeys(redis, prefix);
  await redis.quit();
});

async function serve(language: Language) {
  const bundle = createEvidenceBundler({
    store: evidence,
    t: createTranslator(language),
    timeZone: 'Europe/Prague',
    clock: testClock('2026-11-23T13:00:00.000Z'),
  });
  const server = await startStatusServer(statusDeps(store, { language, evidence, bundle }), {
    host: '127.0.0.1',
    port: 0,
  });
  const get = async (path: string) => {
    const res = await fetch(server.url + path.replace(/^\//, ''), { redirect: 'manual' });
    return { res, body: Buffer.from(await res.arrayBuffer()) };
  };
  return { server, get };
}

describe('the deal page of a held deal never published', () => {
  it.each([
    ['en', 'The article was never published'],
    ['cs', 'Článek nebyl zveřejněn'],
  ] as const)('%s: offers the bundle of the decisions', async (language, said) => {
    const { server, get } = await serve(language);
    try {
      const page = await get(`/deals/${REFUSED}`);
      expect(page.res.status).toBe(200);
      const $ = cheerio.load(page.body.toString('utf8'));
      const card = $('section[data-evidence]');
      expect(card.attr('data-evidence')).toBe('0');
      expect(card.attr('data-evidence-decisions')).toBe('2');
      expect(card.text()).toContain(said);
      const href = card.find('a[data-evidence-download]').attr('href');
      expect(href).toBe(`/deals/${REFUSED}/evidence`);

      const zip = await get(href ?? '');
      expect(zip.res.status).toBe(200);
      const files = unzipSync(new Uint8Array(zip.body));
      expect(Object.keys(files).sort()).toEqual(['evidence.json', 'report.html']);
      const json = JSON.parse(Buffer.from(files['evidence.json'] ?? new Uint8Array()).toString('utf8'));
      expect(json.decisions.map((d: { event: string }) => d.event)).toEqual(['held', 'refused']);
      expect(json.state).toBe('refused');
    } finally {
      await server.close();
    }
  });

  it('shows no card and no download for a deal with no evidence at all', async () => {
    const { server, get } = await serve('en');
    try {
      const page = await get(`/deals/${NEVER_HELD}`);
      const $ = cheerio.load(page.body.toString('utf8'));
      expect($('section[data-evidence]').length).toBe(0);
      expect($('a[data-evidence-download]').length).toBe(0);
      expect((await get(`/deals/${NEVER_HELD}/evidence`)).res.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
