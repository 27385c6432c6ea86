/**
 * The last look in the evidence bundle (src/evidence/report-look.ts, src/evidence/store.ts `read`): a held deal
 * never published has evidence (its `decisions.jsonl`) and a bundle; the report shows the hold (when, the
 * reasons, the draft, the expiry) and the decision (who, when) or the lapse, in Czech and English, with the
 * advertiser's words in the reasons inert.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from 'cheerio';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvidenceBundler } from '../../../src/evidence/bundle.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import type { EvidenceDecision, EvidenceStore } from '../../../src/evidence/types.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { foreignWords } from '../../helpers/language.js';
import { deal, testClock } from './fixtures.js';

const HOSTILE = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
const NONCE = 'nonce-of-hold-1';
const held: Omit<EvidenceDecision, 'recordedAt'> = {
  event: 'held',
  at: '2026-11-23T12:05:00.000Z',
  nonce: NONCE,
  outcome: 'refuse',
  reasons: [
    {
      rule: 'refusedWords',
      said: { key: 'verdict.reason.word', params: { word: HOSTILE, where: { key: 'verdict.where.text' } } },
    },
    {
      rule: 'refusedDomains',
      said: {
        key: 'verdict.reason.domain',
        params: { link: `https://evil.test/${HOSTILE}`, domain: 'evil.test' },
      },
    },
  ],
  draftRef: `wp:12${HOSTILE}`,
  expiresAt: '2026-11-23T12:50:00.000Z',
};
const text = (bytes: Uint8Array | undefined): string =>
  Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

describe('the last look in the evidence bundle', () => {
  let dir: string;
  let store: EvidenceStore;
  const clock = testClock('2026-11-23T13:00:00.000Z');

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-report-look-'));
    store = createEvidenceStore({
      dir,
      settings: { maxDealBytes: 1 << 30, maxTotalBytes: 1 << 30 },
      clock,
      log: createSilentLogger(),
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const bundle = async (dealId: number, language: Language) => {
    const bundler = createEvidenceBundler({
      store,
      t: createTranslator(language),
      timeZone: 'Europe/Prague',
      clock,
    });
    const result = await bundler(dealId, {});
    if (!result) throw new Error('no bundle');
    const files = unzipSync(new Uint8Array(result.zip));
    return {
      ...result,
      files,
      report: text(files['report.html']),
      json: JSON.parse(text(files['evidence.json'])),
    };
  };

  const refused = async (dealId: number) => {
    await store.recordDecision(dealId, { ...held });
    await store.recordDecision(dealId, {
      event: 'refused',
      at: '2026-11-23T12:20:00.000Z',
      nonce: NONCE,
      by: 'page',
    });
  };

  it('reads a held deal never published (decisions only) as evidence without deal.json', async () => {
    await refused(61);
    const read = await store.read(61);
    expect(read?.deal).toBeUndefined();
    expect(read?.dealId).toBe(61);
    expect(read?.entries).toEqual([]);
    expect(read?.decisions?.map((d) => [d.event, d.by])).toEqual([
      ['held', undefined],
      ['refused', 'page'],
    ]);
    expect(await store.read(62)).toBeUndefined();
  });

  it('bundles a refused deal: the report shows the hold and the refusal, evidence.json the decisions', async () => {
    await refused(61);
    const { files, report, json, snapshots } = await bundle(61, 'en');
    expect(snapshots).toBe(0);
    expect(Object.keys(files).sort()).toEqual(['evidence.json', 'report.html']);
    expect(json.dealId).toBe(61);
    expect(json.deal).toBeNull();
    expect(json.decisions.map((d: EvidenceDecision) => d.event)).toEqual(['held', 'refused']);
    const $ = load(report);
    expect($('title').text()).toBe('Evidence of the article – deal #61');
    expect($('[data-never-published]').text()).toContain('never published');
    expect($('h2').text()).toContain('The last look');
    const at = (iso: string) => createTranslator('en').dateTime(iso, 'Europe/Prague');
    const hold = $('[data-look="held"]');
    expect(hold.text()).toBe(`Held at ${at(held.at)}`);
    const table = hold.next('table').text();
    expect(table).toContain('refuse');
    expect(table).toContain(`the refused word "${HOSTILE}" in the text`);
    expect(table).toContain(`the link https://evil.test/${HOSTILE} leads to the refused domain evil.test`);
    expect(table).toContain(`wp:12${HOSTILE}`);
    expect(table).toContain(at(held.expiresAt ?? ''));
    expect($('[data-look="refused"]').text()).toBe(
      `Decision: refused, on the deal page, ${at('2026-11-23T12:20:00.000Z')}.`,
    );
  });

  it('shows the refusal as the advertiser got it, the text inert', async () => {
    await refused(62);
    const text = `Dobrý den, článek nemůžeme zveřejnit: ${HOSTILE}`;
    await store.recordDecision(62, {
      event: 'message_sent',
      at: '2026-11-23T12:21:00.000Z',
      nonce: NONCE,
      text,
    });
    const { report, json } = await bundle(62, 'cs');
    expect(json.decisions.map((d: EvidenceDecision) => d.event)).toEqual(['held', 'refused', 'message_sent']);
    const $ = load(report);
    expect($('[data-look="message_sent"]').text()).toContain('Zpráva inzerentovi');
    expect($('[data-look="message_sent"] + blockquote').text()).toBe(text);
    expect(report).not.toContain('<script');
  });

  it('keeps the advertiser words in the reasons inert', async () => {
    await refused(61);
    const { report } = await bundle(61, 'cs');
    const $ = load(report);
    expect($('script, img, iframe, object, embed, a, form, base').length).toBe(0);
    const handlers = $('*')
      .toArray()
      .flatMap((el) => Object.keys((el as { attribs?: Record<string, string> }).attribs ?? {}))
      .filter((name) => name.startsWith('on'));
    expect(handlers).toEqual([]);
    expect(report).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(report).not.toContain('<script>');
  });

  it.each([
    [
      'cs',
      'Poslední pohled',
      'Rozhodnutí: schváleno, odkazem z upozornění',
      'Bez odpovědi: zadržení vypršelo',
    ],
    ['en', 'The last look', 'Decision: approved, by the notification’s link', 'No answer: the hold lapsed'],
  ] as const)(
    '%s: says the hold and each decision in the blogger’s language',
    async (language, heading, approved, lapsed) => {
      // A deal approved by the link and then published (deal.json, no check yet), and one that lapsed.
      await store.saveDeal(deal(63));
      await store.recordDecision(63, { ...held });
      await store.recordDecision(63, {
        event: 'approved',
        at: '2026-11-23T12:20:00.000Z',
        nonce: NONCE,
        by: 'link',
      });
      await store.recordDecision(64, { ...held, outcome: 'ask' });
      await store.recordDecision(64, {
        event: 'no_answer',
        at: '2026-11-23T12:50:01.000Z',
        nonce: NONCE,
        by: 'rule',
      });
      const published = await bundle(63, language);
      const never = await bundle(64, language);
      expect(published.report).toContain(heading);
      expect(published.report).toContain(approved);
      expect(published.report).not.toContain('data-never-published');
      expect(never.report).toContain(lapsed);
      const data = [HOSTILE, 'evil.test', 'wp:12', 'onNoAnswer', 'SHA-256', 'sha256sum', 'Článek 63'];
      for (const { report } of [published, never]) {
        const words = load(report)('body').text();
        expect(foreignWords(words, language, data)).toEqual([]);
      }
    },
  );

  it('shows no last look for a deal never held', async () => {
    await store.saveDeal(deal(65));
    const { report, json } = await bundle(65, 'en');
    expect(report).not.toContain('The last look');
    expect(json.decisions).toBeUndefined();
    expect(json.deal.dealId).toBe(65);
  });
});
