import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKnownBrowser } from '../../../src/status/known-browser.js';

const NOW = Date.parse('2026-11-25T10:00:00Z');

describe('src/status/known-browser', () => {
  it('verifies its own cookie for 30 days, not after, and not for another password', () => {
    const secret = Buffer.alloc(32, 7);
    const known = createKnownBrowser('heslo', secret);
    const cookie = known.issue(NOW);

    expect(known.verify(cookie, NOW + 29 * 86_400_000)).toBe(true);
    expect(known.verify(cookie, NOW + 31 * 86_400_000)).toBe(false);
    expect(createKnownBrowser('jine-heslo', secret).verify(cookie, NOW)).toBe(false);
  });

  it('cannot be checked against a password guess without the process secret (no offline guessing)', () => {
    const cookie = createKnownBrowser('heslo').issue(NOW);
    const [issued, mac] = cookie.split('.');

    // What a cookie keyed by the password alone would let anyone holding one compute for a guess
    const guessKey = createHash('sha256').update('pressbridge known browser\nheslo', 'utf8').digest();
    expect(
      createHmac('sha256', guessKey)
        .update(issued ?? '')
        .digest('base64url'),
    ).not.toBe(mac);
    // …and a restarted daemon (a new secret) no longer honours it
    expect(createKnownBrowser('heslo').verify(cookie, NOW)).toBe(false);
  });
});
