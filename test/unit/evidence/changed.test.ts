import { describe, expect, it } from 'vitest';
import { evidenceChanged } from '../../../src/evidence/changed.js';
import { check } from './fixtures.js';

describe('evidenceChanged', () => {
  it('records the first check, and not the same facts again at another time', () => {
    expect(evidenceChanged(undefined, check())).toBe(true);
    expect(evidenceChanged(check(), check({ at: '2026-11-21T10:00:00.000Z', detail: 'again' }))).toBe(false);
  });

  it.each([
    ['status', { status: 404, ok: false }],
    ['final URL', { finalUrl: 'https://blog.example/jinam/' }],
    ['findings', { findings: [{ kind: 'noindex' as const, detail: 'meta' }] }],
    [
      'link rel',
      {
        advertiserLinks: [{ href: 'https://shop.example/', present: true, rel: 'nofollow', text: 'obchod' }],
      },
    ],
    [
      'link text',
      { advertiserLinks: [{ href: 'https://shop.example/', present: true, rel: '', text: 'jiný' }] },
    ],
    ['link gone', { advertiserLinks: [{ href: 'https://shop.example/', present: false }] }],
    ['label presence', { label: { text: 'Komerční sdělení', present: false } }],
    ['indexability', { indexable: { noindexMeta: true, noindexHeader: false, canonicalMoved: false } }],
    [
      'canonical',
      {
        indexable: {
          noindexMeta: false,
          noindexHeader: false,
          canonical: 'https://x/',
          canonicalMoved: true,
        },
      },
    ],
    ['text fingerprint', { textSha256: 'b'.repeat(64) }],
  ])('a change of %s is recorded', (_name, overrides) => {
    expect(evidenceChanged(check(), check(overrides))).toBe(true);
  });

  it('compares findings and links regardless of their order', () => {
    const a = { kind: 'link_lost' as const, detail: 'x', href: 'https://a/' };
    const b = { kind: 'noindex' as const, detail: 'meta' };
    const la = { href: 'https://a/', present: true, rel: '', text: 'a' };
    const lb = { href: 'https://b/', present: false };
    expect(
      evidenceChanged(
        check({ findings: [a, b], advertiserLinks: [la, lb] }),
        check({ findings: [b, a], advertiserLinks: [lb, la] }),
      ),
    ).toBe(false);
    expect(
      evidenceChanged(check({ findings: [a, b] }), check({ findings: [a, { ...b, detail: 'header' }] })),
    ).toBe(true);
  });

  it('never records a refused or unreadable check, not even as the first', () => {
    expect(evidenceChanged(undefined, check({ status: 403, refused: true }))).toBe(false);
    expect(evidenceChanged(check(), check({ status: 403, refused: true }))).toBe(false);
    expect(evidenceChanged(check(), check({ unreadable: true, textSha256: 'c'.repeat(64) }))).toBe(false);
  });

  it('a 304 carries the facts over: no change, unless a fact it states differs', () => {
    const notModified = check({ status: 304, notModified: true });
    delete notModified.advertiserLinks;
    delete notModified.textSha256;
    expect(evidenceChanged(check(), notModified)).toBe(false);
    expect(
      evidenceChanged(check(), { ...notModified, findings: [{ kind: 'gone', detail: 'HTTP 404' }] }),
    ).toBe(true);
  });
});
