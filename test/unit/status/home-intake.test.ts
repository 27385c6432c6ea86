/**
 * The home page cannot say "all is well" while deals cannot get in (issue 26): a stalled intake and an unreadable
 * listed deal are red lines with the reason and the fix, in Czech and English, and the marketplace's words in them
 * are inert.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/i18n/index.js';
import { issueAtSaid } from '../../../src/marketplace/http.js';
import { readItem } from '../../../src/marketplace/list-items.js';
import { Deal } from '../../../src/marketplace/schema.js';
import { homeTone, needItems } from '../../../src/status/views/home-needs.js';
import { type OverviewData, renderOverview } from '../../../src/status/views/overview.js';
import { foreignWords } from '../../helpers/language.js';
import { allWell, at, context, NOW } from './home-fixtures.js';

const page = (language: Language, data: OverviewData) =>
  cheerio.load(renderOverview(context(language), data).value);

const failing: OverviewData['intake'] = {
  ok: true,
  value: {
    reason: 'failing',
    since: NOW.getTime() - 5 * 60_000,
    detail: 'unexpected answer for /v1/deals: not JSON',
  },
};
const poisoned: OverviewData['unreadable'] = {
  ok: true,
  value: [
    {
      key: 'deal:602',
      id: 602,
      reason: 'demand: <img src=x onerror=alert(1)>',
      firstAt: at(-3),
      lastAt: at(-1),
    },
    { key: 'raw:abc', rawId: 'abc', reason: 'id: Invalid input', firstAt: at(-3), lastAt: at(-2) },
  ],
};

describe('src/status/views (the home page and the intake)', () => {
  it("a Czech blogger reads the failing poll's error in Czech; the English stays for the log", () => {
    const detailSaid = {
      key: 'market.bad_response',
      params: { path: '/v1/deals', detail: { key: 'market.detail.not_json', params: { type: 'text/html' } } },
    };
    const value = {
      reason: 'failing' as const,
      since: NOW.getTime() - 5 * 60_000,
      detail: 'unexpected answer for /v1/deals: not JSON (text/html)',
      detailSaid,
    };
    const $ = page('cs', allWell({ intake: { ok: true, value } }));
    const item = $('[data-need="intake"]');
    expect(item.find('.detail').text()).toBe('nečekaná odpověď na /v1/deals: není JSON (text/html)');
    expect(item.text()).not.toContain('unexpected answer');
  });

  it('an open door and no unreadable deal: all is well', () => {
    const facts = allWell({ intake: { ok: true, value: undefined }, unreadable: { ok: true, value: [] } });
    expect(homeTone(needItems(facts))).toBe('ok');
  });

  it.each([
    ['cs', 'Nové obchody nepřicházejí', 'nejde přečíst'],
    ['en', 'New deals are not coming in', 'cannot be read'],
  ] as const)(
    '%s: a failing intake is a red line with its reason and the fix',
    (language, headline, reason) => {
      const $ = page(language, allWell({ intake: failing }));
      expect($('[data-verdict]').attr('data-verdict')).toBe('bad');
      const item = $('[data-need="intake"]');
      expect(item.text()).toContain(headline);
      expect(item.text()).toContain(reason);
      expect(item.text()).toContain('not JSON');
      expect(item.text()).toContain('pressbridge doctor --live');
      expect(item.find('a[href="/status/system#intake"]').length).toBe(1);
    },
  );

  it('a long pause the marketplace asked for says what was asked and what is kept to', () => {
    const paused: OverviewData['intake'] = {
      ok: true,
      value: {
        reason: 'paused',
        since: NOW.getTime() - 60_000,
        detail: '',
        askedMs: 86_400_000,
        cappedMs: 300_000,
      },
    };
    const $ = page('en', allWell({ intake: paused }));
    expect($('[data-need="intake"]').text()).toMatch(/pause of 1,440 min[\s\S]*at most 5 min/);
  });

  it('names each unreadable deal, the hostile reason inert; the verdict is red', () => {
    const $ = page('cs', allWell({ unreadable: poisoned }));
    expect($('[data-verdict]').attr('data-verdict')).toBe('bad');
    const items = $('[data-need="unreadable"]');
    expect(items.length).toBe(2);
    expect(items.first().text()).toContain('602');
    expect(items.last().text()).toContain('„abc“');
    expect($('img').length).toBe(0);
    expect(items.first().text()).toContain('<img src=x onerror=alert(1)>');
  });

  it.each([
    ['cs', 'demand: očekáváno: mapa (klíč: hodnota)'],
    ['en', 'demand: expected a map (key: value)'],
  ] as const)('%s: says why a deal was left out in the reader’s language', (language, why) => {
    const read = readItem(Deal, { id: 602, state: 'akceptovano', blog: { id: 1, name: 'Blog' } }, 'data', 3);
    if (read.ok || !read.skipped.issue) throw new Error('the item was read');
    const item = {
      key: 'deal:602',
      id: 602,
      reason: read.skipped.reason,
      reasonSaid: issueAtSaid(read.skipped.issue),
      firstAt: at(-3),
      lastAt: at(-1),
    };
    const $ = page(language, allWell({ unreadable: { ok: true, value: [item] } }));
    const shown = $('[data-need="unreadable"]');
    expect(shown.find('.detail').text()).toBe(why);
    expect(foreignWords(shown.text(), language)).toEqual([]);
  });

  it('names the newest five unreadable deals and counts the rest', () => {
    const many: OverviewData['unreadable'] = {
      ok: true,
      value: Array.from({ length: 8 }, (_, i) => ({
        key: `deal:${700 + i}`,
        id: 700 + i,
        reason: 'demand: Invalid input',
        firstAt: at(-3),
        lastAt: at(-1),
      })),
    };
    const $ = page('en', allWell({ unreadable: many }));
    expect($('[data-need="unreadable"]').length).toBe(5);
    expect($('[data-need="unreadable_more"]').text()).toContain('And more unreadable deals: 3');
  });

  it('a source that cannot be read is not an open door', () => {
    const facts = allWell({ intake: { ok: false, error: 'timeout' } });
    expect(needItems(facts).some((i) => i.kind === 'intake')).toBe(false);
  });
});
