import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { DealRecord, LogEntry } from '../../../src/deals/record.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { pageInfo } from '../../../src/status/format.js';
import { renderDeal, timeline } from '../../../src/status/views/deal.js';
import { renderDeals } from '../../../src/status/views/deals.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { renderLogs } from '../../../src/status/views/logs.js';
import { queueDepth, renderSystem } from '../../../src/status/views/system.js';

const NOW = new Date('2026-05-01T10:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

const ctx: ViewContext = {
  base: '/status',
  now: NOW,
  timeZone: 'Europe/Prague',
  version: '9.9.9',
  marketplaceName: 'Marketplace',
  blogNames: new Map([[101, 'Zahrada a dům']]),
  csrf: 'token-123',
  t: createTranslator('en'),
};

function deal(overrides: Partial<DealRecord> = {}): DealRecord {
  return {
    dealId: 7,
    blogId: 101,
    state: 'processing',
    title: 'Zahradní nábytek',
    receivedAt: at(-20),
    deadline: at(40),
    updatedAt: at(-1),
    attempts: 1,
    steps: {},
    data: {},
    ...overrides,
  };
}

function dealsPage(items: DealRecord[]) {
  return cheerio.load(
    renderDeals(ctx, {
      items,
      total: items.length,
      paging: pageInfo(items.length, 1, 25),
      state: undefined,
      states: ['processing', 'failed'],
    }).value,
  );
}

describe('src/status/views', () => {
  describe('deals table', () => {
    it.each([
      ['processing', at(40), 'ok'],
      ['processing', at(14), 'soon'],
      ['retrying', at(-3), 'missed'],
      ['failed', at(10), 'soon'],
    ])('a %s deal due at %s shows a %s countdown', (state, deadline, tone) => {
      const $ = dealsPage([deal({ state: state as DealRecord['state'], deadline })]);
      const countdown = $('tr[data-deal="7"] .countdown');

      expect(countdown.length).toBe(1);
      expect(countdown.hasClass(tone)).toBe(true);
      expect(countdown.attr('data-deadline')).toBe(deadline);
    });

    it.each(['handed_in', 'skipped', 'deadline_missed'])(
      'shows no countdown for the final state %s',
      (state) => {
        const $ = dealsPage([deal({ state: state as DealRecord['state'], deadline: at(-5) })]);
        expect($('.countdown').length).toBe(0);
        expect($('tr[data-deal="7"] .state').text()).toBe(state.replaceAll('_', ' '));
      },
    );

    it.each(['handed_in', 'skipped', 'deadline_missed', 'processing'])(
      'fills the deadline column of a %s deal with its time in the blog zone, as the deal page does',
      (state) => {
        const record = deal({ state: state as DealRecord['state'], deadline: at(-5) });
        const $ = dealsPage([record]);
        const cell = $('tr[data-deal="7"] td[data-label="Deadline"] time');
        const onDealPage = cheerio
          .load(renderDeal(ctx, { record, log: [], events: [] }).value)(`time[datetime="${at(-5)}"]`)
          .first();

        expect(cell.attr('datetime')).toBe(at(-5));
        // 09:55 UTC is 11:55 in Prague (summer time).
        expect(cell.text()).toContain('11:55');
        expect(cell.text()).toBe(onDealPage.text());
      },
    );

    it('colours states, links the deal, the published URL and the marketplace only when safe', () => {
      const $ = dealsPage([
        deal({
          dealId: 1,
          state: 'handed_in',
          url: 'https://zahrada-dum.cz/a/',
          data: { webUrl: 'https://m.cz/d/1' },
        }),
        deal({
          dealId: 2,
          state: 'failed',
          url: 'javascript:alert(1)',
          data: { webUrl: 'javascript:alert(2)' },
        }),
        deal({ dealId: 3, state: 'waiting_approval' }),
      ]);

      expect($('tr[data-deal="1"] .state').hasClass('tone-done')).toBe(true);
      expect($('tr[data-deal="2"] .state').hasClass('tone-problem')).toBe(true);
      expect($('tr[data-deal="3"] .state').hasClass('tone-waiting')).toBe(true);
      expect($('tr[data-deal="1"] a[href="/status/deals/1"]').text()).toBe('#1');
      expect($('tr[data-deal="1"] a[href="https://zahrada-dum.cz/a/"]').attr('rel')).toBe(
        'noreferrer noopener',
      );
      expect($('tr[data-deal="1"] a[href="https://m.cz/d/1"]').text()).toBe('open');
      expect($('tr[data-deal="1"] td[data-label="Published"] a').text()).toBe('zahrada-dum.cz/a');
      expect($('a[href^="javascript:"]').length).toBe(0);
      expect($('tr[data-deal="3"] td[data-label="Marketplace"]').text()).toBe('');
      expect($('tr[data-deal="1"] td[data-label="Blog"]').text()).toBe('Zahrada a dům (101)');
      expect($('tr[data-deal="1"] td[data-label="Accepted"]').text()).toBe('20 min ago');
    });

    it('escapes a hostile title', () => {
      const html = renderDeals(ctx, {
        items: [deal({ title: '<script>alert("x")</script>' })],
        total: 1,
        paging: pageInfo(1, 1, 25),
        state: undefined,
        states: [],
      }).value;

      expect(html).not.toContain('<script>alert');
      expect(cheerio.load(html)('td[data-label="Title"]').text()).toBe('<script>alert("x")</script>');
    });

    it('pages with links that keep the state filter', () => {
      const $ = cheerio.load(
        renderDeals(ctx, {
          items: [deal()],
          total: 60,
          paging: pageInfo(60, 2, 25),
          state: 'failed',
          states: ['processing', 'failed'],
        }).value,
      );

      expect($('a[rel="prev"]').attr('href')).toBe('/status/deals?state=failed');
      expect($('a[rel="next"]').attr('href')).toBe('/status/deals?state=failed&page=3');
      expect($('.pager').text()).toContain('page 2 of 3');
      expect($('select[name="state"] option[selected]').attr('value')).toBe('failed');
    });
  });

  describe('deal page', () => {
    const record = deal({
      state: 'failed',
      error: 'The marketplace refused the URL',
      errorCode: 'url_mimo_domenu',
      supportCode: 'PC-7F3K2Q',
      steps: {
        publish: { startedAt: at(-15), ms: 6_530, outcome: 'created' },
        fetch: { startedAt: at(-19), ms: 1_840, outcome: 'ok' },
        render: { startedAt: at(-17), ms: 212, outcome: 'ok' },
      },
    });
    const log: LogEntry[] = [
      {
        time: at(-14),
        level: 'error',
        msg: 'hand-in refused',
        fields: { status: 422, code: 'url_mimo_domenu' },
      },
    ];

    it('orders the timeline by start and measures from the arrival', () => {
      expect(timeline(record).map((i) => [i.name, i.offsetMs])).toEqual([
        ['fetch', 60_000],
        ['render', 180_000],
        ['publish', 300_000],
      ]);
    });

    it('shows steps with durations, the error with its support code, log fields and the three forms', () => {
      const $ = cheerio.load(renderDeal(ctx, { record, log, events: [] }).value);

      expect(
        $('li[data-step]')
          .map((_, el) => $(el).attr('data-step'))
          .get(),
      ).toEqual(['fetch', 'render', 'publish']);
      expect($('li[data-step="publish"] .num').text()).toBe('6.5 s');
      expect($('li[data-step="render"] .num').text()).toBe('212 ms');
      expect($('li[data-step="publish"] .bar span').hasClass('w100')).toBe(true);
      expect($('.error-box').text()).toContain('The marketplace refused the URL');
      expect($('.support-code').text()).toBe('PC-7F3K2Q');
      expect($('.log-line .fields').text()).toContain('status=422');
      const forms = $('form[method="post"]');
      expect(forms.map((_, f) => $(f).attr('action')).get()).toEqual([
        '/status/deals/7/retry',
        '/status/deals/7/hand-in-again',
        '/status/deals/7/mark-handled',
      ]);
      expect(
        forms
          .find('input[name="csrf"]')
          .map((_, i) => $(i).attr('value'))
          .get(),
      ).toEqual(['token-123', 'token-123', 'token-123']);
    });
  });

  describe('logs page', () => {
    const data = {
      entries: [{ time: at(-1), level: 'warn' as const, msg: 'slow', dealId: 7, blogId: 101, fields: {} }],
      level: undefined,
      blogId: undefined,
      levels: ['info', 'warn'],
      blogs: [{ id: 101, label: 'Zahrada a dům (101)' }],
      limit: 200,
    };

    it('reloads itself by meta refresh and offers to pause', () => {
      const $ = cheerio.load(renderLogs(ctx, { ...data, refreshSeconds: 10 }).value);

      expect($('meta[http-equiv="refresh"]').attr('content')).toBe('10');
      expect(
        $('a.button')
          .filter((_, a) => $(a).text() === 'Pause auto-refresh')
          .attr('href'),
      ).toBe('/status/logs?refresh=off');
      expect($('.log-line a[href="/status/deals/7"]').length).toBe(1);
    });

    it('stops reloading while paused', () => {
      const $ = cheerio.load(renderLogs(ctx, { ...data, refreshSeconds: undefined }).value);

      expect($('meta[http-equiv="refresh"]').length).toBe(0);
      expect($('input[name="refresh"]').attr('value')).toBe('off');
      expect(
        $('a.button')
          .filter((_, a) => $(a).text() === 'Resume auto-refresh')
          .attr('href'),
      ).toBe('/status/logs');
    });
  });

  describe('system', () => {
    it('adds prioritised and waiting-children jobs to "waiting"', () => {
      expect(
        queueDepth({ waiting: 1, prioritized: 3, 'waiting-children': 1, active: 2, delayed: 4 }),
      ).toEqual({
        waiting: 5,
        active: 2,
        delayed: 4,
        failed: 0,
      });
    });

    const overview = (lastSweep: Parameters<typeof renderSystem>[1]['lastSweep']) =>
      cheerio.load(
        renderSystem(ctx, {
          counts: { ok: true, value: {} },
          queue: { ok: true, value: {} },
          rateLimit: { ok: true, value: { limit: 60, remaining: 60, resetAt: NOW } },
          lastWebhook: { ok: true, value: undefined },
          redis: { ok: true, value: true },
          targets: { ok: true, value: [] },
          ...(lastSweep ? { lastSweep } : {}),
        }).value,
      );

    it.each([
      ['no sweep yet', { ok: true as const, value: undefined }, 'No sweep yet.'],
      [
        'a sweep that found nothing',
        {
          ok: true as const,
          value: {
            status: 'ok' as const,
            finishedAt: at(-2),
            listed: 4,
            enqueued: [],
            requeued: [],
            errors: [],
          },
        },
        'nothing missing (accepted deals listed: 4)',
      ],
      [
        'a failed sweep',
        {
          ok: true as const,
          value: {
            status: 'failed' as const,
            finishedAt: at(-1),
            listed: 0,
            enqueued: [],
            requeued: [],
            errors: ['marketplace answered 500 server <b>'],
          },
        },
        'failed marketplace answered 500 server <b>',
      ],
      [
        'an unreadable record',
        { ok: false as const, error: 'Redis (reconciliation) timed out' },
        'Unavailable',
      ],
    ])('shows the last reconciliation sweep: %s', (_name, lastSweep, text) => {
      const $ = overview(lastSweep);
      const card = $('h2:contains("Missed webhooks")').parent();
      expect(card.text().replace(/\s+/g, ' ')).toContain(text);
      expect(card.find('b')).toHaveLength(0);
    });

    it('links the deals a sweep queued, and tells where to look', () => {
      const $ = overview({
        ok: true,
        value: {
          status: 'ok',
          finishedAt: at(-3),
          listed: 9,
          enqueued: [501, 502],
          requeued: [503],
          errors: [],
        },
      });
      const card = $('[data-sweep="ok"]');
      expect(card.text()).toContain('queued deals without a webhook (3)');
      expect(
        card
          .find('a')
          .map((_i, a) => $(a).attr('href'))
          .get(),
      ).toEqual(['/status/deals/501', '/status/deals/502', '/status/deals/503']);
      expect(card.text()).toContain('pressbridge webhook deliveries');
    });

    it('shows no reconciliation card where the process runs no sweep', () => {
      expect(overview(undefined)('h2:contains("Missed webhooks")')).toHaveLength(0);
    });

    it('renders each card on its own when a source is unavailable', () => {
      const $ = cheerio.load(
        renderSystem(ctx, {
          counts: { ok: false, error: 'Redis (deal counts) did not answer within 3000 ms' },
          queue: { ok: false, error: 'connection is closed' },
          rateLimit: {
            ok: true,
            value: { limit: 60, remaining: 0, resetAt: new Date(NOW.getTime() + 42_000) },
          },
          lastWebhook: { ok: true, value: undefined },
          redis: { ok: true, value: false },
          targets: { ok: true, value: [] },
        }).value,
      );

      expect($('main').text()).toContain('Unavailable: Redis (deal counts) did not answer within 3000 ms');
      expect($('main').text()).toContain('Unavailable: connection is closed');
      expect($('[data-rate="remaining"]').text()).toBe('0');
      expect($('main').text()).toContain('Next slot frees in 42 s');
      expect($('main').text()).toContain('None received yet.');
      expect($('.ok-no').text()).toBe('not reachable');
    });
  });
});
