/**
 * The status page's views in both languages: the same data rendered with a Czech and an English translator
 * (src/i18n), down to the `lang` attribute, headers, state names, dates, numbers, durations and countdowns.
 */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DealRecord, LogEntry } from '../../../src/deals/record.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { pageInfo } from '../../../src/status/format.js';
import { renderDeal } from '../../../src/status/views/deal.js';
import { renderDeals } from '../../../src/status/views/deals.js';
import { renderError } from '../../../src/status/views/error-page.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { renderLogs } from '../../../src/status/views/logs.js';
import { message } from '../../../src/status/views/parts.js';
import { renderSystem } from '../../../src/status/views/system.js';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();
const NBSP = '\u00a0';

function context(language: Language): ViewContext {
  return {
    base: '',
    now: NOW,
    timeZone: 'Europe/Prague',
    version: '9.9.9',
    marketplaceName: 'Marketplace',
    blogNames: new Map([[101, 'Zahrada a dům']]),
    csrf: 'token-123',
    t: createTranslator(language),
  };
}

const record: DealRecord = {
  dealId: 41_007,
  blogId: 101,
  state: 'failed',
  title: 'Zahradní nábytek',
  receivedAt: at(-20),
  deadline: at(40),
  updatedAt: at(-1),
  attempts: 3,
  source: 'reconcile',
  error: 'The marketplace refused the URL',
  supportCode: 'PC-7F3K2Q',
  steps: {
    fetch: { startedAt: at(-19), ms: 1_840, outcome: 'ok' },
    publish: { startedAt: at(-15), ms: 6_530, outcome: 'created' },
    handIn: { startedAt: at(-14), ms: 410, outcome: 'accepted' },
  },
  data: {},
};
const log: LogEntry[] = [{ time: at(-14), level: 'error', msg: 'hand-in refused', fields: { status: 422 } }];

const dealsPage = (language: Language) =>
  cheerio.load(
    renderDeals(context(language), {
      items: [record],
      total: 60,
      paging: pageInfo(60, 2, 25),
      state: 'failed',
      states: ['processing', 'failed'],
    }).value,
  );

const texts = ($: cheerio.CheerioAPI, selector: string): string[] =>
  $(selector)
    .map((_, el) => $(el).text())
    .get();

describe('src/status/views in Czech and English', () => {
  it.each([
    [
      'cs',
      ['Přehled', 'Obchody', 'Poptávky', 'Závazky', 'Výdělky', 'Záznamy', 'Upozornění', 'Systém'],
      ['Obchod', 'Blog', 'Název', 'Stav', 'Přijato', 'Termín', 'Publikováno', 'Odměna', 'Marketplace'],
      'Obchody · selhalo',
    ],
    [
      'en',
      ['Overview', 'Deals', 'Demands', 'Obligations', 'Earnings', 'Logs', 'Notifications', 'System'],
      ['Deal', 'Blog', 'Title', 'State', 'Accepted', 'Deadline', 'Published', 'Reward', 'Marketplace'],
      'Deals · failed',
    ],
  ] as const)('deals table in %s: lang, navigation, headers, heading', (language, nav, headers, heading) => {
    const $ = dealsPage(language);

    expect($('html').attr('lang')).toBe(language);
    expect(texts($, 'nav.main a')).toEqual(nav);
    expect(texts($, 'table.deals th')).toEqual(headers);
    expect($('h1').text()).toBe(heading);
    // Phones show the header text as each cell's label.
    expect($('tr[data-deal] td').first().attr('data-label')).toBe(headers[0]);
  });

  it.each([
    [
      'cs',
      'selhalo',
      'před 20 min',
      '1. 5. 2026 12:40',
      'zbývá 40 min 00 s',
      'stránka 2 z 3',
      '← Novější',
      'vše',
    ],
    ['en', 'failed', '20 min ago', '1 May 2026, 12:40', '40 min 00 s left', 'page 2 of 3', '← Newer', 'any'],
  ] as const)(
    'deals table in %s: state name, age, deadline, countdown, pager, filter',
    (language, state, ago, deadline, left, page, newer, any) => {
      const $ = dealsPage(language);
      const row = $('tr[data-deal="41007"]');

      expect(row.find('.state').text()).toBe(state);
      // The colour follows the raw state in every language.
      expect(row.find('.state').hasClass('tone-problem')).toBe(true);
      expect(row.find('.state').attr('data-state')).toBe('failed');
      expect(row.find('time').eq(0).text()).toBe(ago);
      expect(row.find('time').eq(1).text()).toBe(deadline);
      expect(row.find('.countdown').text()).toBe(left);
      expect($('.pager .muted').text()).toBe(page);
      expect($('a[rel="prev"]').text()).toBe(newer);
      expect($('select[name="state"] option[value="failed"]').text()).toBe(state);
      expect($('select[name="state"] option[value=""]').text()).toBe(any);
    },
  );

  it('gives the ticking script the countdown words of the page language', () => {
    expect(dealsPage('cs')('html').attr('data-left')).toBe('zbývá {time}');
    expect(dealsPage('cs')('html').attr('data-overdue')).toBe('{time} po termínu');
    expect(dealsPage('en')('html').attr('data-left')).toBe('{time} left');
    expect(dealsPage('en')('html').attr('data-overdue')).toBe('overdue {time}');
  });

  it.each([
    [
      'cs',
      'Obchod č. 41007 · Zahradní nábytek',
      ['Zkusit znovu', 'Odevzdat znovu', 'Označit jako vyřízené'],
      '1. 5. 2026 11:40',
      '1. 5. 2026 11:46:00',
      ['stažení', 'publikace', 'odevzdání'],
      '6,5 s',
      'Kód podpory tržiště: PC-7F3K2Q',
      'kontrola zmeškaných webhooků',
    ],
    [
      'en',
      'Deal #41007 · Zahradní nábytek',
      ['Retry now', 'Hand in again', 'Mark as handled'],
      '1 May 2026, 11:40',
      '1 May 2026, 11:46:00',
      ['fetch', 'publish', 'hand in'],
      '6.5 s',
      'Marketplace support code: PC-7F3K2Q',
      'reconciliation',
    ],
  ] as const)(
    'deal page in %s',
    (language, heading, buttons, accepted, logTime, steps, publishMs, support, source) => {
      const $ = cheerio.load(renderDeal(context(language), { record, log, events: [] }).value);

      expect($('h1').text()).toBe(heading);
      expect(texts($, 'form button')).toEqual(buttons);
      expect($('dd time').first().text()).toBe(accepted);
      expect($('.log-line time').text()).toBe(logTime);
      expect(texts($, 'li[data-step] strong')).toEqual(steps);
      expect($('li[data-step="publish"] .num').text()).toBe(publishMs);
      expect($('.error-box p').first().text()).toContain('The marketplace refused the URL');
      expect($('.error-box p').eq(1).text()).toContain(support);
      expect($('dt').filter((_, dt) => $(dt).next().text() === source).length).toBe(1);
    },
  );

  it.each([
    [
      'cs',
      'Termín 2026-05-01 12:40:00+02:00 uplynul dřív, než byla adresa odevzdána. Příspěvek je zveřejněný',
    ],
    ['en', 'The deadline 2026-05-01 12:40:00+02:00 passed before the URL was handed in. The post is live'],
  ] as const)(
    'deal page in %s: a stored error phrase is said in the page’s language, an old English error as stored',
    (language, said) => {
      const why = { key: 'deal.error.deadline_passed', params: { deadline: '2026-05-01 12:40:00+02:00' } };
      const byHand = { key: 'deal.error.by_hand', params: { url: 'https://zahrada.example.cz/nabytek/' } };
      const errorPhrase = { key: 'deal.error.missed', params: { why, byHand } };
      const failed = { ...record, state: 'deadline_missed' as const, errorPhrase };
      const $ = cheerio.load(renderDeal(context(language), { record: failed, log, events: [] }).value);

      expect($('.error-box p').first().text()).toContain(said);
      const newer = { ...record, errorPhrase: { key: 'deal.error.from_a_newer_release' } };
      const $$ = cheerio.load(renderDeal(context(language), { record: newer, log, events: [] }).value);
      expect($$('.error-box p').first().text()).toContain('The marketplace refused the URL');
    },
  );

  it.each([
    ['cs', 'Pozastavit obnovování', 'Stránka se obnovuje každých 10 s.', 'Zatím žádné záznamy.'],
    ['en', 'Pause auto-refresh', 'This page reloads every 10 s.', 'No log lines yet.'],
  ] as const)('logs page in %s', (language, pause, reloads, empty) => {
    const $ = cheerio.load(
      renderLogs(context(language), {
        entries: [],
        level: undefined,
        blogId: undefined,
        levels: ['info', 'warn'],
        blogs: [],
        refreshSeconds: 10,
        limit: 200,
      }).value,
    );

    expect($('a.button').text()).toBe(pause);
    expect($('[data-refresh]').text()).toContain(reloads);
    expect($('.card p').text()).toBe(empty);
  });

  it.each([
    [
      'cs',
      `1${NBSP}234`,
      'Nedostupné: fronta',
      'nedostupný',
      'Další požadavek se uvolní za 42 s',
      'nic nechybí',
    ],
    ['en', '1,234', 'Unavailable: the queue', 'not reachable', 'Next slot frees in 42 s', 'nothing missing'],
  ] as const)(
    'system page in %s: numbers, unavailable cards, Redis, rate limit, sweep, webhook outcome',
    (language, total, unavailable, redis, rate, sweep) => {
      const $ = cheerio.load(
        renderSystem(context(language), {
          counts: { ok: true, value: { handed_in: 1_200, failed: 34 } },
          queue: { ok: false, error: language === 'cs' ? 'fronta' : 'the queue' },
          rateLimit: {
            ok: true,
            value: { limit: 60, remaining: 0, resetAt: new Date(NOW.getTime() + 42_000) },
          },
          lastWebhook: {
            ok: true,
            value: { time: at(-5), event: 'claim.created', outcome: 'recorded', dealId: 7 },
          },
          redis: { ok: true, value: false },
          targets: { ok: true, value: [] },
          lastSweep: {
            ok: true,
            value: { status: 'ok', finishedAt: at(-2), listed: 4, enqueued: [], requeued: [], errors: [] },
          },
        }).value,
      );

      expect($('.big').last().text()).toBe(total);
      expect($('main').text()).toContain(language === 'cs' ? 'zaznamenán' : 'recorded');
      expect($('main').text()).toContain(unavailable);
      expect($('.ok-no').text()).toBe(redis);
      expect($('main').text()).toContain(rate);
      expect($('[data-sweep="ok"] .ok-yes').text()).toBe(sweep);
      expect($('.counts a[href="/deals?state=failed"]').text()).toBe(
        language === 'cs' ? 'selhalo: 34' : 'failed: 34',
      );
    },
  );

  it.each([
    ['cs', 'Přehled · Obchody · Záznamy'],
    ['en', 'Overview · Deals · Logs'],
  ] as const)('error page in %s links back to the pages', (language, links) => {
    const $ = cheerio.load(renderError(context(language), 404, 'T', 'M').value);
    expect($('section p').last().text()).toBe(links);
    expect($('html').attr('lang')).toBe(language);
  });

  it('fills markup into a message and escapes both the message and the data', () => {
    const ctx = context('cs');
    const out = message(ctx, 'status.deadline.read', { raw: '<b>12:00</b>', zone: 1234 }).value;
    expect(out).toBe(`&lt;b&gt;12:00&lt;/b&gt; čteno v zóně 1${NBSP}234`);
    expect(message(ctx, 'status.webhook.hint', {}).value).toContain('{command}');
  });
});
