import { describe, expect, it } from 'vitest';
import { type LookClaim, lookKey, readLookToken, signLookToken } from '../../../src/deals/look-token.js';

const key = lookKey('api-key-of-the-blogger');
const now = Date.parse('2026-12-01T10:00:00Z');
const claim: LookClaim = {
  dealId: 4242,
  action: 'approve',
  expiresMs: now + 60_000,
  nonce: 'n0nce-abcdef12',
};

describe('src/deals/look-token', () => {
  it('reads back what it signed, before the expiry', () => {
    const token = signLookToken(key, claim);
    expect(readLookToken(key, token, now)).toEqual({ ok: true, claim });
  });

  it('is expired at and after expiresMs, and still says which deal it named', () => {
    const token = signLookToken(key, claim);
    expect(readLookToken(key, token, claim.expiresMs)).toEqual({ ok: false, reason: 'expired', claim });
    expect(readLookToken(key, token, claim.expiresMs + 1).ok).toBe(false);
  });

  it('refuses another key (a rotated API key): the signature does not hold', () => {
    const token = signLookToken(key, claim);
    expect(readLookToken(lookKey('another-api-key'), token, now)).toEqual({ ok: false, reason: 'signature' });
  });

  it('refuses a token whose body was changed (approve → refuse, another deal) with the old signature', () => {
    const token = signLookToken(key, claim);
    const [, sig] = token.split('.');
    for (const body of [
      `4242.refuse.${claim.expiresMs}.${claim.nonce}`,
      `4243.approve.${claim.expiresMs}.${claim.nonce}`,
      `4242.approve.${claim.expiresMs + 3_600_000}.${claim.nonce}`,
    ]) {
      const forged = `${Buffer.from(body).toString('base64url')}.${sig}`;
      expect(readLookToken(key, forged, now)).toEqual({ ok: false, reason: 'signature' });
    }
  });

  it.each([
    ['empty', ''],
    ['no signature', 'abc'],
    ['three parts', 'a.b.c'],
    ['garbage body', `${Buffer.from('hello').toString('base64url')}.AAAA`],
    ['too long', 'x'.repeat(300)],
  ])('reads %s as malformed', (_name, token) => {
    expect(readLookToken(key, token, now)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('never puts the API key or the derived key in the token', () => {
    const token = signLookToken(key, claim);
    const decoded = Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8');
    expect(decoded).toBe(`4242.approve.${claim.expiresMs}.${claim.nonce}`);
    expect(token).not.toContain('api-key');
    expect(token).not.toContain(key.toString('base64url'));
  });
});
