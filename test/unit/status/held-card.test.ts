import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import type { HeldData } from '../../../src/deals/data.js';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { advertiserMessage } from '../../../src/pipeline/steps/look-step.js';
import { html } from '../../../src/status/html.js';
import { heldCard, renderLookConfirm } from '../../../src/status/views/held-card.js';
import type { ViewContext } from '../../../src/status/views/layout.js';

const hostile = '<img src=x onerror=alert(1)>kasino';
const held: HeldData = {
  at: '2026-12-01T10:00:00.000Z',
  outcome: 'refuse',
  reasons: [
    {
      rule: 'refusedDomains',
      outcome: 'refuse',
      said: {
        key: 'verdict.reason.domain',
        params: { link: `https://evil.example/${hostile}`, domain: 'evil.example' },
      },
    },
  ],
  expiresAt: '2026-12-01T10:50:00.000Z',
  nonce: 'hold-nonce-1',
  draftRef: 'wp:12',
};

const ctxOf = (language: Language): ViewContext => ({
  base: '/status',
  now: new Date('2026-12-01T10:10:00.000Z'),
  timeZone: 'Europe/Prague',
  version: '9.9.9',
  marketplaceName: 'Marketplace',
  blogNames: new Map(),
  csrf: 'token-123',
  t: createTranslator(language),
});

const card = (language: Language, data: Record<string, unknown>, state = 'held') =>
  cheerio.load(html`${heldCard(ctxOf(language), 55, state, data, 'hold')}`.toString());

describe('src/status/views/held-card', () => {
  it.each([
    ['cs', 'Obchod 55 čeká na váš pohled', 'vede na odmítanou doménu', 'Schválit a zveřejnit', 'Odmítnout'],
    ['en', 'Deal 55 waits for your look', 'leads to the refused domain', 'Approve and publish', 'Refuse'],
  ] as const)(
    'says the hold, its reasons and both buttons in %s',
    (language, title, reason, approve, refuse) => {
      const $ = card(language, { held });
      expect($('h2').text()).toBe(title);
      expect($('.look-reasons li').text()).toContain(reason);
      expect(
        $('form')
          .map((_, f) => $(f).attr('action'))
          .get(),
      ).toEqual(['/status/deals/55/approve', '/status/deals/55/refuse']);
      expect(
        $('button')
          .map((_, b) => $(b).text())
          .get(),
      ).toEqual([approve, refuse]);
      expect($('input[name="csrf"]').first().attr('value')).toBe('token-123');
    },
  );

  it("prints the advertiser's words as text, never as markup", () => {
    const $ = card('en', { held });
    expect($('img').length).toBe(0);
    expect($('.look-reasons li').text()).toContain(hostile);
  });

  it('shows the decision and no buttons once decided', () => {
    const lookDecision = {
      decision: 'refuse',
      by: 'page',
      at: '2026-12-01T10:20:00.000Z',
      nonce: held.nonce,
    };
    const $cs = card('cs', { held, lookDecision }, 'refused');
    expect($cs('form').length).toBe(0);
    expect($cs('strong').text()).toBe('Rozhodnutí: odmítnuto, na stránce obchodu, 2026-12-01T10:20:00.000Z.');
    const $en = card('en', { held, lookDecision }, 'refused');
    expect($en('strong').text()).toBe('Decision: refused, on the deal page, 2026-12-01T10:20:00.000Z.');
  });

  it('is empty for a deal never held', () => {
    expect(heldCard(ctxOf('en'), 55, 'handed_in', {}, 'hold')).toBe('');
  });

  it('the link page (GET) holds a POST form to the same link and changes nothing by itself', () => {
    const page = renderLookConfirm(ctxOf('cs'), {
      dealId: 55,
      action: 'refuse',
      held,
      postTo: '/status/look/tok',
    });
    const $ = cheerio.load(page.toString());
    expect($('form').attr('method')).toBe('post');
    expect($('form').attr('action')).toBe('/status/look/tok');
    expect($('p').first().text()).toContain('Odmítnout obchod 55');
  });

  it('tells the advertiser why in Czech, in the advertiser voice, the reasons as data', () => {
    const message = advertiserMessage(held);
    expect(message).toContain('nemohu na svém blogu zveřejnit');
    expect(message).toContain('odkaz na doménu evil.example není na tomto blogu přijatelný');
    // Not the blogger's own phrase ("vede na odmítanou doménu"), nor English.
    expect(message).not.toContain('odmítanou');
    expect(message).not.toContain('refused domain');
  });

  it('says each reason once, and an unknown reason in neutral words', () => {
    const twice: HeldData = {
      ...held,
      reasons: [
        ...held.reasons,
        ...held.reasons,
        { rule: 'future', outcome: 'ask', said: { key: 'verdict.reason.from_the_future' } },
        {
          rule: 'maxLinks',
          outcome: 'refuse',
          said: { key: 'verdict.reason.links_many', params: { count: 5, max: 2 } },
        },
      ],
    };
    const message = advertiserMessage(twice);
    expect(message.split('evil.example').length - 1).toBe(1);
    expect(message).toContain('obsah neodpovídá zaměření blogu');
    expect(message).toContain('článek má 5 odkazů, na tomto blogu nejvýše 2');
    expect(message).not.toContain('vy berete');
  });
});
