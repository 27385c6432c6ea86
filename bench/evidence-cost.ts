/**
 * Issue 22: what the evidence on disk costs at N watched deals: each deal's first check recorded (deal.json, a
 * line, the latest, a gzip snapshot of the article part of a typical page), then a change for every tenth deal;
 * the wall time of one `recordCheck` (p50 / p99) and the bytes on disk, per deal and in all, with the default
 * limits. Real files in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { systemClock } from '../src/clock.js';
import type { ArticleCheck } from '../src/deals/article-check.js';
import { EvidenceSettings } from '../src/evidence/settings.js';
import { createEvidenceStore } from '../src/evidence/store.js';
import { createSilentLogger } from '../src/logger.js';
import { readLivePage } from '../src/render/page-facts.js';
import { round } from './lib/stats.js';

export interface EvidenceCost {
  deals: number;
  /** The article part kept per snapshot, uncompressed KB. */
  articleKB: number;
  recordMs: { p50: number; p99: number };
  bytesPerDeal: number;
  totalMB: number;
}

export async function evidenceCost(deals: number, page: string, link: string): Promise<EvidenceCost> {
  const dir = mkdtempSync(join(tmpdir(), 'pb-bench-evidence-'));
  try {
    const store = createEvidenceStore({
      dir,
      settings: EvidenceSettings.parse({}),
      clock: systemClock,
      log: createSilentLogger(),
    });
    const facts = readLivePage(page, { links: [link] });
    const article = page.slice(...facts.textRange);
    const check = (n: number, at: string): ArticleCheck => ({
      at,
      ok: true,
      status: 200,
      finalUrl: 'https://blog.example.cz/sekacky/',
      missing: [],
      links: 1,
      advertiserLinks: [{ href: link, present: true, rel: 'sponsored', text: 'sekačky' }],
      label: { text: 'Komerční sdělení', present: true },
      indexable: { noindexMeta: false, noindexHeader: false, canonicalMoved: false },
      textSha256: String(n % 10).repeat(64),
      findings: n === 0 ? [] : [{ kind: 'text_edited', detail: 'the text changed' }],
      detail: 'HTTP 200',
    });
    const times: number[] = [];
    const record = async (dealId: number, n: number) => {
      const t = performance.now();
      await store.recordCheck(dealId, {
        check: check(n, new Date().toISOString()),
        pageSha256: 'a'.repeat(64),
        articleHtml: n === 0 ? article : `${article}<p>upraveno ${dealId}</p>`,
      });
      times.push(performance.now() - t);
    };
    for (let dealId = 1; dealId <= deals; dealId++) {
      await store.saveDeal({
        dealId,
        blogId: 1,
        title: 'Sekačky',
        url: `https://blog.example.cz/sekacky-${dealId}/`,
        receivedAt: '2026-11-01T08:00:00.000Z',
        deadline: '2026-11-01T09:00:00.000Z',
        handedInAt: '2026-11-01T08:01:00.000Z',
        watch: { links: [link], label: 'Komerční sdělení' },
      });
      await record(dealId, 0);
    }
    for (let dealId = 10; dealId <= deals; dealId += 10) await record(dealId, 1);
    const sorted = [...times].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    const { totalBytes } = await store.usage();
    return {
      deals,
      articleKB: round(Buffer.byteLength(article) / 1024, 1),
      recordMs: { p50: round(at(0.5), 2), p99: round(at(0.99), 2) },
      bytesPerDeal: Math.round(totalBytes / deals),
      totalMB: round(totalBytes / 1024 / 1024, 1),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
