import { describe, expect, it } from 'vitest';
import { MarketplaceError, PublishError } from '../../../src/errors.js';
import { createTranslator, MESSAGES } from '../../../src/i18n/index.js';
import { classifyNoAnswer, classifyResponse } from '../../../src/marketplace/classify.js';
import { NETWORK_REASONS, networkReason, networkReasonPhrase } from '../../../src/network-reason.js';
import { english, phrase, publishError } from '../../../src/publisher/phrase.js';
import { redactPhrase } from '../../../src/redact.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

describe('phrases: what deep code says, in the reader’s language (src/errors.ts Phrase)', () => {
  it('says a phrase with nested phrases in each language; a text as it came; an unknown key as its fallback', () => {
    const fix = phrase('wp.fix.wrong_password', { fix: phrase('wp.fix.password') });
    expect(en.say(fix)).toBe(english(fix));
    expect(en.say(fix)).toMatch(/^WordPress received the credentials and refused them: create a new/);
    expect(cs.say(fix)).toMatch(/^WordPress přihlašovací údaje dostal a odmítl je: vytvořte tomu uživateli/);
    expect(cs.say('You are not currently logged in.')).toBe('You are not currently logged in.');
    expect(cs.say({ key: 'some.newer.key' }, 'as it was stored')).toBe('as it was stored');
  });

  it('makes a plugin’s error: English message for the log, the phrase for the blogger', () => {
    const said = phrase('wp.error.timeout', {
      site: 'https://blog.cz',
      request: 'GET /wp/v2/users/me',
      ms: '1000',
    });
    const error = publishError('wordpress_timeout', said, { retryable: true });
    expect(error).toBeInstanceOf(PublishError);
    expect(error.message).toBe(
      'WordPress at https://blog.cz did not answer GET /wp/v2/users/me within 1000 ms; will retry (raise the option timeoutMs for a slow host)',
    );
    expect(cs.say(error.phrase ?? '')).toContain('neodpověděl na GET /wp/v2/users/me do 1000 ms');
  });

  it('has every network reason of src/network-reason.ts in the catalog, the same English', () => {
    for (const [code, reason] of Object.entries(NETWORK_REASONS)) {
      expect(MESSAGES[`net.code.${code}` as keyof typeof MESSAGES]?.en, code).toBe(reason);
      const error = Object.assign(new Error('x'), { code });
      expect(en.say(networkReasonPhrase(error))).toBe(networkReason(error));
      expect(cs.say(networkReasonPhrase(error))).not.toBe(networkReason(error));
    }
  });

  it('frames a marketplace error in the language around the marketplace’s own words, hint included', () => {
    const error = classifyResponse(
      { method: 'GET', path: '/v1/me' },
      401,
      new Headers(),
      JSON.stringify({ error: { code: 'neplatny_klic', message: 'Klíč neznáme', support_code: 'PC-1' } }),
    );
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error.message).toBe(
      'Marketplace GET /v1/me failed: 401 neplatny_klic: Klíč neznáme — the marketplace rejected the API key: create a new key in the account settings (API keys) and set marketplace.apiKey (support code PC-1)',
    );
    expect(en.say(error.phrase ?? '')).toBe(error.message);
    expect(cs.say(error.phrase ?? '')).toBe(
      'Tržiště: GET /v1/me selhalo: 401 neplatny_klic: Klíč neznáme — tržiště API klíč odmítlo: vytvořte v nastavení účtu nový klíč (API klíče) a nastavte marketplace.apiKey (kód pro podporu PC-1)',
    );
    const timeout = classifyNoAnswer({ method: 'GET', path: '/v1/me' }, 'timeout', undefined, {
      timeoutMs: 500,
    });
    expect(en.say(timeout.phrase ?? '')).toBe(timeout.message);
    expect(cs.say(timeout.phrase ?? '')).toBe(
      'Tržiště: GET /v1/me selhalo: timeout: žádná odpověď do 500 ms',
    );
  });

  it('redacts a secret in a phrase’s values at any depth', () => {
    const said = phrase('wp.error.unavailable', {
      site: 's',
      request: 'r',
      status: '500',
      said: phrase('wp.error.redirect_to', { location: 'x?key=SECRET1' }),
    });
    expect(english(redactPhrase(said, ['SECRET1']))).not.toContain('SECRET1');
  });
});
