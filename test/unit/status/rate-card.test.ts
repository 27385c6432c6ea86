import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import type { RateLimitSnapshot } from '../../../src/marketplace/rate-limit.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { rateLimitCard } from '../../../src/status/views/system-cards.js';

const NOW = new Date('2026-05-01T12:03:00.000Z');
const AT = new Date('2026-05-01T12:02:00.000Z');

function context(language: Language): ViewContext {
  return {
    base: '/status',
    now: NOW,
    timeZone: 'Europe/Prague',
    version: '9.9.9',
    marketplaceName: 'Marketplace',
    blogNames: new Map(),
    csrf: 'token-123',
    t: createTranslator(language),
  };
}

function card(language: Language, snapshot: RateLimitSnapshot) {
  return cheerio.load(rateLimitCard(context(language), { ok: true, value: snapshot }).value);
}

describe('src/status/views/system-cards (the marketplace API card)', () => {
  const paused: RateLimitSnapshot = {
    limit: 60,
    remaining: 0,
    resetAt: new Date(AT.getTime() + 300_000),
    pause: {
      until: new Date(AT.getTime() + 300_000),
      askedMs: 86_400_000,
      cappedMs: 300_000,
      reason: 'retry_after',
      at: AT,
    },
  };

  it.each([
    ['en', 'asked for a pause of 1 d 00 h', 'waits at most 5 min, then tries again'],
    ['cs', 'vyžádalo pauzu 1 d 00 h', 'čeká nejvýš 5 min a pak to zkusí znovu'],
  ] as const)(
    '%s: says what the marketplace asked for, and what pressbridge waits',
    (language, asked, waits) => {
      // Act
      const $ = card(language, paused);
      const line = $('[data-rate="pause"]');

      // Assert
      expect(line.text()).toContain(asked);
      expect(line.text()).toContain(waits);
      expect(line.find('time').attr('datetime')).toBe(AT.toISOString());
      expect(line.find('code').text()).toBe('marketplace.maxPauseSeconds');
    },
  );

  it('says nothing of a pause when the marketplace asked for none', () => {
    // Act
    const $ = card('en', { limit: 60, remaining: 60, resetAt: NOW });

    // Assert
    expect($('[data-rate="pause"]')).toHaveLength(0);
    expect($('section').text()).toContain('The whole window is available.');
  });
});
