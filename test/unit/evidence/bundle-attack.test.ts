/**
 * Attacks on the evidence bundle (src/evidence/bundle.ts, report.ts): a deal whose snapshots unpack to far more
 * than they take on disk (a hostile page compresses a thousandfold) must bundle in bounded memory; hostile
 * advertiser, marketplace and page strings must leave report.html inert; evidence.json carries no secret.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealRecord, EventRecord } from '../../../src/deals/record.js';
import { createEvidenceBundler } from '../../../src/evidence/bundle.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import type { EvidenceStore } from '../../../src/evidence/types.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { evidenceDealOf } from '../../../src/watch/evidence.js';
import { check, deal, testClock } from './fixtures.js';

const MiB = 1024 * 1024;

describe('evidence bundle under attack', () => {
  let dir: string;
  let store: EvidenceStore;
  const clock = testClock('2026-12-01T09:30:00.000Z');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-bundle-attack-'));
    store = createEvidenceStore({
      dir,
      settings: { maxDealBytes: 2 * MiB, maxTotalBytes: 1 << 30 },
      clock,
      log: createSilentLogger(),
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('bundles 2 MiB of snapshots that unpack to 200 MiB without holding them all in memory', async () => {
    const COUNT = 40;
    await store.saveDeal(deal(1));
    const page = (i: number): string => `<article>${i}${' '.repeat(5 * MiB - 40)}</article>`;
    for (let i = 0; i < COUNT; i++) {
      const at = new Date(Date.UTC(2026, 10, 1, i)).toISOString();
      await store.recordCheck(1, {
        check: check({ at, textSha256: String(i).padStart(64, '0') }),
        articleHtml: page(i),
      });
    }
    const stored = await store.read(1);
    expect(stored?.entries.filter((e) => e.snapshot).length).toBe(COUNT);
    expect(stored?.bytes).toBeLessThan(2 * MiB);

    // The peak of memory outside the JS heap (Buffers) while the bundler reads snapshot after snapshot.
    let peak = 0;
    const sample = (): void => {
      const { arrayBuffers } = process.memoryUsage();
      peak = Math.max(peak, arrayBuffers);
    };
    const watched: Pick<EvidenceStore, 'read' | 'readSnapshot'> = {
      read: (id) => store.read(id),
      readSnapshot: async (id, file) => {
        sample();
        const bytes = await store.readSnapshot(id, file);
        sample();
        return bytes;
      },
    };
    const before = process.memoryUsage().arrayBuffers;
    const bundler = createEvidenceBundler({
      store: watched,
      t: createTranslator('en'),
      timeZone: 'UTC',
      clock,
    });
    const result = await bundler(1, {});
    sample();
    // All 40 held would be 200 MiB and more; one at a time (and what the GC has not taken yet) stays far below.
    expect(peak - before).toBeLessThan(100 * MiB);
    const files = unzipSync(new Uint8Array(result?.zip ?? new Uint8Array()));
    expect(Object.keys(files).filter((n) => n.startsWith('snapshots/'))).toHaveLength(COUNT);
  }, 60_000);

  const BREAK = `"'><script>alert(1)</script></style><style>*{display:none}</style>\u202Egnp.exe\u200B`;
  const JS_URL = 'javascript:alert(document.cookie)';

  async function hostileBundle(claimText: string) {
    const record: DealRecord = {
      dealId: 2,
      blogId: 1,
      state: 'handed_in',
      title: `Title ${BREAK}`,
      receivedAt: '2026-11-01T08:00:00.000Z',
      deadline: '2026-11-08T08:00:00.000Z',
      updatedAt: '2026-11-02T08:00:00.000Z',
      error: 'wp said: Authorization Basic SECRET-APP-PASSWORD',
      url: `https://blog.example/${BREAK}`,
      attempts: 1,
      steps: {},
      data: {
        handedInAt: '2026-11-02T09:00:00.000Z',
        webUrl: JS_URL,
        appPassword: 'SECRET-APP-PASSWORD',
        watch: { links: [JS_URL] },
      },
    };
    const saved = evidenceDealOf(record);
    if (!saved) throw new Error('no deal');
    await store.saveDeal(saved);
    await store.recordCheck(2, {
      check: check({
        finalUrl: JS_URL,
        status: 0,
        ok: false,
        detail: BREAK,
        advertiserLinks: [{ href: JS_URL, present: true, rel: `x" onmouseover="alert(1)`, text: BREAK }],
        label: { text: BREAK, present: false },
        indexable: { noindexMeta: true, noindexHeader: false, canonicalMoved: true, canonical: JS_URL },
        findings: [{ kind: 'link_changed', detail: BREAK, href: JS_URL }],
      }),
      articleHtml: `<article><script>alert(1)</script>${BREAK}</article>`,
    });
    await store.endWatch(2, BREAK);
    const event: EventRecord = {
      event: 'claim.created',
      receivedAt: '2026-11-28T12:00:00.000Z',
      outcome: 'recorded',
      body: { claim: { text: claimText, created_at: BREAK } },
    };
    const bundler = createEvidenceBundler({ store, t: createTranslator('en'), timeZone: 'UTC', clock });
    const result = await bundler(2, { record, events: [event] });
    if (!result) throw new Error('no bundle');
    const files = unzipSync(new Uint8Array(result.zip));
    const text = (name: string): string => Buffer.from(files[name] ?? new Uint8Array()).toString('utf8');
    return { result, files, report: text('report.html'), json: text('evidence.json') };
  }

  it('keeps report.html inert and escaped whatever the advertiser, the marketplace and the page sent', async () => {
    const { report, json } = await hostileBundle(`Claim ${BREAK}`);
    const $ = load(report);
    expect($('script, a, img, iframe, object, embed, form, base, link').length).toBe(0);
    expect($('style').length).toBe(1);
    expect($('meta[http-equiv="Content-Security-Policy"]').attr('content')).toMatch(/^default-src 'none';/);
    const attrs = $('*')
      .toArray()
      .flatMap((el) => Object.keys((el as { attribs?: Record<string, string> }).attribs ?? {}));
    expect(attrs.filter((name) => name.startsWith('on'))).toEqual([]);
    expect(report).not.toContain('\u202E');
    expect(report).not.toContain('\u200B');
    expect(report).toContain('&lt;/style&gt;');
    expect(json).not.toMatch(/[\u202E\u200B]/);
    expect(json).toContain('\\u202e');
    expect(JSON.parse(json).deal.title).toBe(`Title ${BREAK}`);
    // javascript: shows as text only.
    expect($('code').text()).toContain(JS_URL);
    expect(report).not.toMatch(/(href|src|action)=/i);
  });

  it('bundles a 5 MB claim text escaped and whole, and nothing of the record but its state', async () => {
    const big = `${'<b>'.repeat(1_700_000)}end`;
    const { report, json, files } = await hostileBundle(big);
    expect(report.length).toBeGreaterThan(5_000_000);
    expect(load(report)('b').length).toBe(0);
    expect(JSON.parse(json).claims[0].text).toBe(big);
    for (const bytes of Object.values(files))
      expect(Buffer.from(bytes).toString('utf8')).not.toContain('SECRET-APP-PASSWORD');
    expect(Object.keys(JSON.parse(json)).sort()).toEqual(
      [
        'claims',
        'deal',
        'dealId',
        'entries',
        'format',
        'generatedAt',
        'latest',
        'pruned',
        'snapshots',
        'state',
      ].sort(),
    );
  }, 30_000);
});
