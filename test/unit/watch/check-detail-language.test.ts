/**
 * A check of a live article that got no answer, read back in the blogger's language: the stored detail keeps its
 * English (the log, the evidence), and the deal page's card, the findings list, the evidence report and the
 * notification say its phrase: the network reason as `net.code.*` words it, not NETWORK_REASONS' English.
 */
import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { type ArticleCheck, readArticleCheck } from '../../../src/deals/article-check.js';
import type { DealRecord } from '../../../src/deals/record.js';
import { renderReport } from '../../../src/evidence/report.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { networkFailure } from '../../../src/network-reason.js';
import { renderMessage } from '../../../src/notify/render.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { checkFindings } from '../../../src/status/views/obligations.js';
import { foreignWords } from '../../helpers/language.js';

const NOW = new Date('2026-11-05T10:00:00.000Z');
const refused = networkFailure(
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:80'), { code: 'ECONNREFUSED' }),
  }),
);
const REASON = { cs: 'spojení odmítnuto [ECONNREFUSED]', en: 'connection refused [ECONNREFUSED]' } as const;

const gone: ArticleCheck = {
  at: '2026-11-05T08:30:00.000Z',
  ok: false,
  status: 0,
  missing: [],
  links: 2,
  problem: 'gone',
  findings: [{ kind: 'gone', detail: refused.error, detailSaid: refused.errorSaid }],
  detail: refused.error,
  detailSaid: refused.errorSaid,
};

function ctx(language: Language): ViewContext {
  return {
    base: '',
    now: NOW,
    timeZone: 'Europe/Prague',
    version: '1',
    marketplaceName: 'Marketplace',
    blogNames: new Map(),
    csrf: 'x',
    t: createTranslator(language),
  };
}

function record(articleCheck: unknown): DealRecord {
  return {
    dealId: 5,
    blogId: 1,
    state: 'handed_in',
    url: 'https://blog.example/a',
    receivedAt: '2026-11-01T08:00:00.000Z',
    deadline: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-05T09:00:00.000Z',
    attempts: 1,
    steps: {},
    data: { articleCheck },
  };
}

const card = (language: Language, articleCheck: unknown) =>
  load(renderDeal(ctx(language), { record: record(articleCheck), log: [], events: [] }).value)(
    '[data-article-check]',
  ).text();

describe('a live article check without an answer, in the reader’s language', () => {
  it('stores the English beside the phrase, and reads both back', () => {
    expect(gone.detail).toBe(REASON.en);
    // Through the record's own (lenient) reading, as the pages get it.
    expect(readArticleCheck({ articleCheck: JSON.parse(JSON.stringify(gone)) })).toEqual(gone);
  });

  it.each(['cs', 'en'] as const)('%s: the deal page, the findings and the notification', (language) => {
    const t = createTranslator(language);
    expect(card(language, gone)).toContain(REASON[language]);
    const findings = load(checkFindings(ctx(language), gone).value).text();
    expect(findings).toContain(REASON[language]);
    const body = renderMessage(
      {
        topic: 'article_check',
        dealId: 5,
        blogId: 1,
        url: 'https://blog.example/a',
        problem: 'gone',
        detail: gone.detail,
        detailSaid: gone.detailSaid,
      },
      'problem',
      t,
      { timeZone: 'Europe/Prague' },
    ).body;
    expect(body).toContain(REASON[language]);
    expect(foreignWords(card(language, gone), language)).toEqual([]);
  });

  it.each(['cs', 'en'] as const)('%s: the evidence report', (language) => {
    const report = renderReport(createTranslator(language), {
      evidence: {
        dealId: 5,
        deal: {
          dealId: 5,
          blogId: 1,
          url: 'https://blog.example/a',
          receivedAt: '2026-11-01T08:00:00.000Z',
          deadline: '2026-11-01T09:00:00.000Z',
          watch: { links: [] },
          updatedAt: '2026-11-05T09:00:00.000Z',
        },
        entries: [{ seq: 1, kind: 'change', check: gone }],
        latest: { check: gone },
        pruned: [],
        bytes: 0,
      },
      claims: [],
      snapshots: new Map(),
      generatedAt: NOW.toISOString(),
    });
    const text = load(report).text();
    expect(text).toContain(REASON[language]);
    expect(text).not.toContain(REASON[language === 'cs' ? 'en' : 'cs']);
  });

  it('a check stored before the phrase was kept, or with one that does not read, shows its English', () => {
    const old = { ...gone, detailSaid: undefined, findings: [{ kind: 'gone', detail: REASON.en }] };
    expect(card('cs', old)).toContain(REASON.en);
    const odd = { ...gone, detailSaid: { key: 7 } };
    expect(readArticleCheck({ articleCheck: odd })?.detailSaid).toBeUndefined();
    expect(card('cs', odd)).toContain(REASON.en);
  });
});
