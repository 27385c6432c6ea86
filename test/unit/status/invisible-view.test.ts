import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DealRecord } from '../../../src/deals/record.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { pageInfo } from '../../../src/status/format.js';
import { html } from '../../../src/status/html.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import { renderDeals } from '../../../src/status/views/deals.js';
import type { ViewContext } from '../../../src/status/views/layout.js';

// Escapes, not the characters: this file must not display differently from what it holds.
const RLO = '\u202E';
const SPOOF = `${RLO}gnp.exe`;
/** Format characters (bidi, zero-width), line separators, every control but the line feed. */
const HIDDEN = /[\p{Cf}\u2028\u2029]|[^\P{Cc}\n]/u;
const NOW = new Date('2026-05-01T10:00:00.000Z');

const ctx: ViewContext = {
  base: '/status',
  now: NOW,
  timeZone: 'Europe/Prague',
  version: '9.9.9',
  marketplaceName: 'Marketplace',
  blogNames: new Map([[101, `Zahrada ${SPOOF}`]]),
  csrf: 'token-123',
  t: createTranslator('en'),
};

// A record stored before the marketplace edge cleaned names: the page must still not be fooled by it.
const record: DealRecord = {
  dealId: 7,
  blogId: 101,
  state: 'failed',
  title: `Invoice ${SPOOF}`,
  receivedAt: NOW.toISOString(),
  deadline: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  attempts: 1,
  steps: {},
  data: {},
  error: `site said ${SPOOF}\u0007`,
};

describe('src/status/views: bidi controls in titles and names are shown, never obeyed', () => {
  it('the deals table shows the title and the blog name with <U+202E>, and no bidi control reaches the page', () => {
    const page = renderDeals(ctx, {
      items: [record],
      total: 1,
      paging: pageInfo(1, 1, 25),
      state: undefined,
      states: ['failed'],
    }).value;
    expect(page).not.toMatch(HIDDEN);
    const $ = cheerio.load(page);
    const row = $('tr[data-deal="7"]');
    expect(row.text()).toContain('Invoice <U+202E>gnp.exe');
    expect(row.text()).toContain('Zahrada <U+202E>gnp.exe');
  });

  it('the deal page shows them in its heading, error and event log', () => {
    const page = renderDeal(ctx, {
      record,
      log: [{ time: NOW.toISOString(), level: 'warn', msg: `title ${SPOOF}`, fields: {} }],
      events: [
        {
          event: 'message.created',
          receivedAt: NOW.toISOString(),
          outcome: 'recorded',
          body: { event: 'message.created', message: { text: SPOOF } },
        },
      ],
    }).value;
    expect(page).not.toMatch(HIDDEN);
    const $ = cheerio.load(page);
    expect($('h1').text()).toContain('Invoice <U+202E>gnp.exe');
    expect($('body').text()).toContain('site said <U+202E>gnp.exe<U+0007>');
    expect($('pre').text()).toContain('"text": "<U+202E>gnp.exe"');
  });

  it('the html tag shows every invisible character of a value, in text and in attributes, keeping line breaks', () => {
    const out = html`<p title="${SPOOF}">${`a\u200Bb\nc\u2066`}</p>`.value;
    expect(out).toBe('<p title="&lt;U+202E&gt;gnp.exe">a&lt;U+200B&gt;b\nc&lt;U+2066&gt;</p>');
  });
});
