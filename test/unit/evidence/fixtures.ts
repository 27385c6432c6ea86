/** Shared builders for the evidence tests: a check, a deal, a clock that moves when told. */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../src/clock.js';
import type { ArticleCheck } from '../../../src/deals/article-check.js';
import type { EvidenceDeal } from '../../../src/evidence/types.js';

export function check(overrides: Partial<ArticleCheck> = {}): ArticleCheck {
  return {
    at: '2026-11-20T10:00:00.000Z',
    ok: true,
    status: 200,
    finalUrl: 'https://blog.example/clanek/',
    missing: [],
    links: 1,
    advertiserLinks: [{ href: 'https://shop.example/', present: true, rel: '', text: 'obchod' }],
    label: { text: 'Komerční sdělení', present: true },
    indexable: { noindexMeta: false, noindexHeader: false, canonicalMoved: false },
    textSha256: 'a'.repeat(64),
    findings: [],
    detail: 'HTTP 200',
    ...overrides,
  };
}

export function deal(dealId: number, overrides: Partial<EvidenceDeal> = {}): Omit<EvidenceDeal, 'updatedAt'> {
  return {
    dealId,
    blogId: 1,
    title: `Článek ${dealId}`,
    url: `https://blog.example/clanek-${dealId}/`,
    receivedAt: '2026-11-01T08:00:00.000Z',
    deadline: '2026-11-08T08:00:00.000Z',
    handedInAt: '2026-11-02T09:00:00.000Z',
    watch: { links: ['https://shop.example/'] },
    ...overrides,
  };
}

export function testClock(start = '2026-11-20T10:00:00.000Z'): Clock & { set(iso: string): void } {
  let at = new Date(start);
  return {
    now: () => new Date(at),
    sleep: async () => {},
    set(iso) {
      at = new Date(iso);
    },
  };
}

/** HTML that gzip cannot shrink much: `bytes` of random hex inside an article. */
export function incompressibleHtml(bytes: number): string {
  return `<article>${randomBytes(Math.ceil(bytes / 2))
    .toString('hex')
    .slice(0, bytes)}</article>`;
}
