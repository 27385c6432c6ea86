/**
 * The last look in the evidence (src/evidence/look.ts): a held deal's record, as the deal store changes it,
 * written to `decisions.jsonl` once per event: the hold with its reasons, then approved / refused with who (the
 * link, the page, the rule) and when, or the lapse; a deal never published has this file only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HeldData, LookDecision } from '../../../src/deals/data.js';
import { claimDecision } from '../../../src/deals/look.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { lookEvidence } from '../../../src/evidence/look.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import type { EvidenceStore } from '../../../src/evidence/types.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { deal as evidenceDeal, testClock } from './fixtures.js';

const redis: Redis = createTestRedis();
const prefixes: string[] = [];
let dir: string;
let store: DealStore;
let evidence: EvidenceStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pb-look-evidence-'));
  const prefix = randomPrefix();
  prefixes.push(prefix);
  evidence = createEvidenceStore({
    dir: join(dir, 'evidence'),
    settings: { maxDealBytes: 10_000_000, maxTotalBytes: 100_000_000 },
    clock: testClock('2026-11-23T12:30:00.000Z'),
    log: createSilentLogger(),
  });
  store = createDealStore({ redis, prefix });
  store.events.onChanged(lookEvidence(evidence, createSilentLogger()));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
afterAll(async () => {
  for (const p of prefixes) await deleteKeys(redis, p);
  redis.disconnect();
});

const held: HeldData = {
  at: '2026-11-23T12:05:00.000Z',
  outcome: 'refuse',
  reasons: [
    {
      rule: 'refusedDomains',
      outcome: 'refuse',
      said: { key: 'verdict.reason.domain', params: { link: 'https://evil.test/x', domain: 'evil.test' } },
    },
  ],
  expiresAt: '2026-11-23T12:50:00.000Z',
  nonce: 'nonce-of-hold-1',
  draftRef: 'wp:12',
};

async function heldDeal(dealId: number) {
  await store.createIfAbsent({
    dealId,
    blogId: 3,
    receivedAt: '2026-11-23T12:00:00.000Z',
    deadline: '2026-11-23T13:00:00.000Z',
    data: {},
  });
  await store.update(dealId, { state: 'processing' });
  await store.update(dealId, { state: 'held', data: { held } });
}

const decision = (d: LookDecision['decision'], by: LookDecision['by']): LookDecision => ({
  decision: d,
  by,
  at: '2026-11-23T12:20:00.000Z',
  nonce: held.nonce,
});

describe('the last look in the evidence', () => {
  it('records the hold with its reasons, then the approval by the link, each once', async () => {
    await heldDeal(91);
    expect((await claimDecision(store, 91, decision('approve', 'link'))).kind).toBe('decided');
    // The approved deal goes on: later writes add nothing, a second tap neither.
    await store.update(91, { state: 'publishing' });
    await claimDecision(store, 91, decision('refuse', 'page'));
    await store.update(91, { state: 'handed_in', url: 'https://blog.example/a' });
    const lines = await evidence.readDecisions(91);
    expect(lines.map((l) => [l.event, l.by, l.at])).toEqual([
      ['held', undefined, held.at],
      ['approved', 'link', '2026-11-23T12:20:00.000Z'],
    ]);
    expect(lines[0]?.reasons).toEqual([{ rule: 'refusedDomains', said: held.reasons[0]?.said }]);
    expect(lines[0]).toMatchObject({ outcome: 'refuse', draftRef: 'wp:12', expiresAt: held.expiresAt });
    // One line per event on disk, JSON per line.
    const raw = readFileSync(join(dir, 'evidence', '91', 'decisions.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(raw).toHaveLength(2);
  });

  it('records a refusal on the page, and the rule (onNoAnswer) as who decided', async () => {
    await heldDeal(92);
    await claimDecision(store, 92, decision('refuse', 'page'));
    await store.update(92, { state: 'refused' });
    await heldDeal(93);
    await claimDecision(store, 93, decision('approve', 'no_answer'));
    expect((await evidence.readDecisions(92)).map((l) => [l.event, l.by])).toEqual([
      ['held', undefined],
      ['refused', 'page'],
    ]);
    expect((await evidence.readDecisions(93)).map((l) => [l.event, l.by])).toEqual([
      ['held', undefined],
      ['approved', 'rule'],
    ]);
    // The refusal sent to the advertiser: its text as they got it, once.
    const text = 'Dobrý den, článek nemůžeme zveřejnit: <b>kasino</b>.';
    await store.update(92, { data: { lookMessage: { at: '2026-11-23T12:21:00.000Z', text } } });
    await store.update(92, { state: 'refused' });
    const lines = await evidence.readDecisions(92);
    expect(lines.map((l) => l.event)).toEqual(['held', 'refused', 'message_sent']);
    expect(lines[2]).toMatchObject({ at: '2026-11-23T12:21:00.000Z', text });
  });

  it('records a lapse (onNoAnswer: hold) as no_answer by the rule, and nothing for a deal never held', async () => {
    await heldDeal(94);
    await store.update(94, { state: 'held', data: { lookLapsed: { at: '2026-11-23T12:50:01.000Z' } } });
    expect((await evidence.readDecisions(94)).map((l) => [l.event, l.by, l.at])).toEqual([
      ['held', undefined, held.at],
      ['no_answer', 'rule', '2026-11-23T12:50:01.000Z'],
    ]);
    await store.createIfAbsent({
      dealId: 95,
      blogId: 3,
      receivedAt: '2026-11-23T12:00:00.000Z',
      deadline: '2026-11-23T13:00:00.000Z',
      data: {},
    });
    await store.update(95, { state: 'processing' });
    expect(await evidence.readDecisions(95)).toEqual([]);
  });

  it('shows the decisions with the rest of the evidence once the article is watched', async () => {
    await heldDeal(96);
    await claimDecision(store, 96, decision('approve', 'page'));
    await evidence.saveDeal(evidenceDeal(96));
    const read = await evidence.read(96);
    expect(read?.decisions?.map((l) => l.event)).toEqual(['held', 'approved']);
  });
});
