/** Server-drawn charts (issue 30 item 6): bars as inline SVG within the page's CSP, and the same numbers told. */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { barChart, lastMonths } from '../../../src/status/views/charts.js';
import { earningsChart } from '../../../src/status/views/earnings.js';
import type { ViewContext } from '../../../src/status/views/layout.js';

const context = (language: Language): ViewContext => ({
  base: '/status',
  now: new Date('2026-11-23T12:00:00.000Z'),
  timeZone: 'Europe/Prague',
  version: '9.9.9',
  marketplaceName: 'Marketplace',
  blogNames: new Map(),
  csrf: 'token',
  t: createTranslator(language),
});

describe('lastMonths', () => {
  it('counts back across a year, oldest first', () => {
    expect(lastMonths('2026-02', 4)).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(lastMonths('2026-11', 12)).toHaveLength(12);
    expect(lastMonths('2026-11', 12)[0]).toBe('2025-12');
  });
});

describe('barChart', () => {
  const chart = (values: number[][]) =>
    cheerio.load(
      barChart({
        id: 'offers',
        title: 'Offers <by> month',
        series: [
          { key: 'made', label: 'made' },
          { key: 'accepted', label: 'accepted' },
        ],
        groups: values.map((v, i) => ({ label: `m${i}<i>`, values: v })),
        format: (n) => `${n} x`,
      }).value,
    );

  it('draws a bar per value, its height in proportion to the largest, each value in its title and the table', () => {
    const $ = chart([
      [4, 2],
      [8, 0],
    ]);
    const bars = $('rect.bar');
    expect(bars).toHaveLength(4);
    const height = (i: number) => Number(bars.eq(i).attr('height'));
    expect(height(2)).toBeGreaterThan(0);
    expect(height(0)).toBeCloseTo(height(2) / 2, 0);
    expect(height(1)).toBeCloseTo(height(2) / 4, 0);
    expect(height(3)).toBe(0);
    expect(bars.eq(2).find('title').text()).toBe('m1<i>: made 8 x');
    expect(
      $('table.visually-hidden td')
        .map((_, td) => $(td).text())
        .get(),
    ).toEqual(['4 x', '2 x', '8 x', '0 x']);
    expect($('.chart-legend li')).toHaveLength(2);
  });

  it('escapes every text and uses no style attribute (the CSP allows none) and no script', () => {
    const markup = barChart({
      id: 'x',
      title: '<script>alert(1)</script>',
      series: [{ key: 'paid', label: '"><img src=x>' }],
      groups: [{ label: '<b>', values: [1] }],
      format: String,
    }).value;
    expect(markup).not.toContain('<script');
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('<b>');
    expect(markup).not.toMatch(/\sstyle=/);
  });

  it('an empty chart draws flat bars and a 0 scale', () => {
    const $ = chart([
      [0, 0],
      [-5, 0],
    ]);
    expect(
      $('rect.bar')
        .map((_, r) => Number($(r).attr('height')))
        .get(),
    ).toEqual([0, 0, 0, 0]);
    expect($('svg > text.chart-label').first().text()).toBe('0 x');
  });
});

describe('earningsChart', () => {
  it.each(['cs', 'en'] as const)(
    'draws the last 12 months in %s, a month without payouts at 0',
    (language) => {
      const ctx = context(language);
      const $ = cheerio.load(
        earningsChart(ctx, {
          month: '2026-11',
          months: [
            { month: '2026-11', count: 3, amount: 5400 },
            { month: '2026-09', count: 1, amount: 1800 },
            { month: '2025-11', count: 1, amount: 999 },
          ],
        }).value,
      );
      const values = $('rect.bar')
        .map((_, r) => Number($(r).attr('data-value')))
        .get();
      expect(values).toHaveLength(12);
      expect(values.at(-1)).toBe(5400);
      expect(values.at(-3)).toBe(1800);
      expect(values.at(-2)).toBe(0);
      expect(values).not.toContain(999);
      const labels = $('g[data-group] > text')
        .map((_, t) => $(t).text())
        .get();
      expect(labels.at(-1)).toBe(language === 'cs' ? 'lis' : 'Nov');
      expect($('figcaption').text()).toBe(ctx.t.t('money.chart.title'));
    },
  );
});
