import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventRecord } from '../../../src/deals/record.js';
import { BUNDLE_FORMAT, createEvidenceBundler } from '../../../src/evidence/bundle.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import type { EvidenceStore } from '../../../src/evidence/types.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { check, deal, testClock } from './fixtures.js';

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
const SHA = /^[0-9a-f]{64}$/;
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const text = (bytes: Uint8Array | undefined): string =>
  Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

describe('evidence bundle', () => {
  let dir: string;
  let store: EvidenceStore;
  const clock = testClock('2026-12-01T09:30:00.000Z');
  const articles: [string, string] = [
    `<article><h1>${HOSTILE}</h1><a href="https://shop.example/">obchod</a></article>`,
    '<article><h1>Upraveno</h1><a href="https://shop.example/" rel="nofollow">obchod</a></article>',
  ];
  const claim: EventRecord = {
    event: 'claim.created',
    receivedAt: '2026-11-28T12:00:00.000Z',
    outcome: 'recorded',
    body: {
      event: 'claim.created',
      deal_id: 42,
      claim: { text: `Odkaz chybí ${HOSTILE}`, created_at: '2026-11-28T11:59:00Z' },
    },
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-bundle-'));
    store = createEvidenceStore({
      dir,
      settings: { maxDealBytes: 1 << 30, maxTotalBytes: 1 << 30 },
      clock,
      log: createSilentLogger(),
    });
    await store.saveDeal(
      deal(42, {
        title: `Titulek ${HOSTILE}`,
        url: `https://blog.example/clanek/?q=${HOSTILE}`,
        paid: { reward: 1500, price: 2000, at: '2026-11-25T10:00:00.000Z' },
      }),
    );
    await store.recordCheck(42, {
      check: check({ at: '2026-11-20T10:00:00.000Z', finalUrl: `https://blog.example/${HOSTILE}` }),
      pageSha256: 'a1'.repeat(32),
      articleHtml: articles[0],
    });
    await store.recordCheck(42, {
      check: check({
        at: '2026-11-27T10:00:00.000Z',
        problem: 'links',
        advertiserLinks: [{ href: 'https://shop.example/', present: true, rel: 'nofollow', text: HOSTILE }],
        findings: [
          { kind: 'link_changed', detail: `rel "" → "nofollow" ${HOSTILE}`, href: 'https://shop.example/' },
        ],
      }),
      pageSha256: 'b2'.repeat(32),
      articleHtml: articles[1],
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const bundle = async (language: 'cs' | 'en', events: EventRecord[] = [claim]) => {
    const bundler = createEvidenceBundler({
      store,
      t: createTranslator(language),
      timeZone: 'Europe/Prague',
      clock,
      afterPayoutMonths: 3,
    });
    const result = await bundler(42, { events });
    if (!result) throw new Error('no bundle');
    return { ...result, files: unzipSync(new Uint8Array(result.zip)) };
  };

  it('holds the report, evidence.json and each snapshot whose SHA-256 the report names', async () => {
    const { fileName, files } = await bundle('cs');
    expect(fileName).toBe('pressbridge-evidence-42-20261201-0930.zip');
    const snapshotNames = Object.keys(files).filter((n) => n.startsWith('snapshots/'));
    expect(snapshotNames).toHaveLength(2);
    const report = text(files['report.html']);
    for (const [i, name] of snapshotNames.sort().entries()) {
      expect(name).toMatch(/^snapshots\/\d+-[0-9a-f]{16}\.html$/);
      const bytes = files[name] ?? new Uint8Array();
      expect(text(bytes)).toBe(articles[i]);
      const hash = sha256(bytes);
      expect(report).toContain(hash);
      expect(name).toContain(hash.slice(0, 16));
    }
    const json = JSON.parse(text(files['evidence.json']));
    expect(json.format).toBe(BUNDLE_FORMAT);
    expect(json.generatedAt).toBe('2026-12-01T09:30:00.000Z');
    expect(json.entries).toHaveLength(2);
    expect(json.entries[0].snapshot.sha256).toBe(
      sha256(files[snapshotNames.sort()[0] ?? ''] ?? new Uint8Array()),
    );
    expect(json.claims[0].text).toBe(`Odkaz chybí ${HOSTILE}`);
    expect(json.claimWindowEnd).toBe('2027-02-25T10:00:00.000Z');
    expect(json.deal.dealId).toBe(42);
    expect(json.latest.check.at).toBe('2026-11-27T10:00:00.000Z');
  });

  it('escapes every hostile string and allows no script', async () => {
    const report = text((await bundle('en')).files['report.html']);
    expect(report).toContain(
      '<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;',
    );
    const $ = load(report);
    expect($('script, img, iframe, object, embed, a, form, base').length).toBe(0);
    const handlers = $('*')
      .toArray()
      .flatMap((el) => Object.keys((el as { attribs?: Record<string, string> }).attribs ?? {}))
      .filter((name) => name.startsWith('on'));
    expect(handlers).toEqual([]);
    expect($('title').text()).toBe('Evidence of the article – deal #42');
    expect($('blockquote').text()).toBe(`Odkaz chybí ${HOSTILE}`);
    expect(report).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(report).not.toMatch(/<a\s/);
  });

  it('reads in Czech', async () => {
    const report = text((await bundle('cs')).files['report.html']);
    expect(report).toContain('<html lang="cs">');
    expect(report).toContain('Důkazy o článku – obchod č. 42');
    expect(report).toContain('Reklamace inzerenta');
    expect(report).toContain('Odkaz chybí &lt;script&gt;');
    expect(report).toContain('odkaz inzerenta se změnil');
    expect(report).toContain('Reklamovat lze do');
    expect(report).toContain('25. 2. 2027');
    expect(report).toContain('sha256sum snapshots/*');
    expect(report).toMatch(/odměna 1\s500\sKč/u);
  });

  it('reads in English, and says a pruned snapshot is gone', async () => {
    const first = (await store.read(42))?.entries[0]?.snapshot?.file ?? '';
    rmSync(join(dir, '42/snapshots', first));
    const { files } = await bundle('en', []);
    const report = text(files['report.html']);
    expect(report).toContain('<html lang="en">');
    expect(report).toContain('Evidence of the article – deal #42');
    expect(report).toContain('No claim is recorded');
    expect(report).toContain('an advertiser link changed');
    expect(report).toContain(`${first} deleted`);
    expect(report).toContain('How to verify the fingerprints');
    expect(Object.keys(files).filter((n) => n.startsWith('snapshots/'))).toHaveLength(1);
    expect(report.match(/[0-9a-f]{64}/g)?.every((h) => SHA.test(h))).toBe(true);
  });

  it('is undefined for a deal without evidence', async () => {
    const bundler = createEvidenceBundler({ store, t: createTranslator('en'), timeZone: 'UTC', clock });
    expect(await bundler(7, {})).toBeUndefined();
  });
});
