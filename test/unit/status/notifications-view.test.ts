/** The Notifications page as a pure view, in Czech and English. */
import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import type { NotificationRecord } from '../../../src/notify/record.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { renderNotifications } from '../../../src/status/views/notifications.js';

const NOW = new Date('2026-11-23T21:40:00.000Z');

function ctx(language: Language): ViewContext {
  return {
    base: '/status',
    now: NOW,
    timeZone: 'Europe/Prague',
    version: '9.9.9',
    marketplaceName: 'Marketplace',
    blogNames: new Map(),
    csrf: '',
    t: createTranslator(language),
  };
}

const RECORDS: NotificationRecord[] = [
  {
    id: 'n2',
    topic: 'deadline_at_risk',
    kind: 'problem',
    title: 'Obchod 4711: termín za 20 minut',
    urgent: true,
    dealId: 4711,
    createdAt: '2026-11-23T21:35:00.000Z',
    channels: {
      phone: { status: 'sent', at: '2026-11-23T21:35:01.000Z', attempts: 1 },
      mail: {
        status: 'failed',
        reason: 'connect ECONNREFUSED 127.0.0.1:25',
        at: '2026-11-23T21:35:31.000Z',
        attempts: 4,
      },
    },
  },
  {
    id: 'n1',
    topic: 'claim',
    kind: 'event',
    title: 'Reklamace <b>od inzerenta</b>',
    urgent: false,
    createdAt: '2026-11-23T21:20:00.000Z',
    channels: {
      phone: { status: 'held', reason: 'quiet hours', at: '2026-11-23T21:20:00.000Z' },
      mail: { status: 'suppressed', reason: 'rate limit (20/hour)', at: '2026-11-23T21:20:00.000Z' },
    },
  },
];

function page(language: Language, data: Partial<Parameters<typeof renderNotifications>[1]> = {}) {
  return cheerio.load(
    renderNotifications(ctx(language), {
      configured: true,
      records: { ok: true, value: RECORDS },
      limit: 200,
      ...data,
    }).value,
  );
}

describe('the Notifications page (view)', () => {
  it('Czech: time, topic, title, each channel with its result and reason, the nav link current', () => {
    const $ = page('cs');
    expect($('html').attr('lang')).toBe('cs');
    expect($('h1').text()).toBe('Upozornění');
    expect($('nav.main a[aria-current="page"]').text()).toBe('Upozornění');
    expect($('nav.main a[aria-current="page"]').attr('href')).toBe('/status/notifications');
    expect(
      $('th')
        .map((_i, el) => $(el).text())
        .get(),
    ).toEqual(['Čas', 'Téma', 'Zpráva', 'Doručení']);
    const rows = $('tr.notification');
    expect(rows.length).toBe(2);
    const first = rows.eq(0);
    expect(first.find('time').text()).toBe('23. 11. 2026 22:35');
    expect(first.find('code').text()).toBe('deadline_at_risk');
    expect(first.text()).toContain('naléhavé');
    expect(first.find('a[href="/status/deals/4711"]').length).toBe(1);
    expect(first.find('li[data-channel="mail"]').text()).toBe(
      'mail nedoručeno connect ECONNREFUSED 127.0.0.1:25 · pokusů: 4',
    );
    expect(first.find('li[data-channel="phone"]').text()).toBe('phone odesláno');
    const second = rows.eq(1);
    expect(second.find('li[data-channel="phone"] .tag').text()).toBe('odloženo');
    expect(second.find('li[data-channel="mail"] .tag').text()).toBe('potlačeno');
    // Titles are text, never markup.
    expect(second.find('b').length).toBe(0);
    expect(second.text()).toContain('Reklamace <b>od inzerenta</b>');
  });

  it('English: the same page in English', () => {
    const $ = page('en');
    expect($('h1').text()).toBe('Notifications');
    expect(
      $('th')
        .map((_i, el) => $(el).text())
        .get(),
    ).toEqual(['Time', 'Topic', 'Message', 'Delivery']);
    const first = $('tr.notification').eq(0);
    expect(first.find('time').text()).toBe('23 Nov 2026, 22:35');
    expect(first.text()).toContain('urgent');
    expect(first.find('li[data-channel="mail"] .tag').text()).toBe('failed');
    expect($('tr.notification').eq(1).find('li[data-channel="phone"] .tag').text()).toBe('held');
    expect($('p.hint').text()).toBe(
      'The newest 200 notifications at most, newest first, and how each channel delivered them.',
    );
  });

  it('says when no channel is configured, when there is nothing yet, and when the list cannot be read', () => {
    expect(page('cs', { configured: false }).text()).toContain('Žádný kanál pro upozornění není nastavený');
    expect(page('en', { records: { ok: true, value: [] } }).text()).toContain('No notifications yet.');
    expect(page('en', { records: { ok: false, error: 'Redis (notifications) timed out' } }).text()).toContain(
      'The notifications cannot be read now: Redis (notifications) timed out',
    );
  });
});
