/**
 * The deal page's Evidence and Claims cards and `GET /deals/:id/evidence` over real HTTP, with a real DealStore in
 * a real Redis. The evidence store (src/evidence/store.ts) is being written in parallel: its `read` is a tiny
 * in-memory object here, and the bundler is a port (a function answering a small zip-like Buffer).
 */
import * as cheerio from 'cheerio';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleCheck } from '../../../src/deals/article-check.js';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import type { BundleSources, DealEvidence, EvidenceBundler } from '../../../src/evidence/types.js';
import type { Language } from '../../../src/i18n/index.js';
import { startStatusServer } from '../../../src/status/index.js';
import type { StatusDeps } from '../../../src/status/types.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { statusDeps } from './fixtures.js';

const HOSTILE = '<img src=x onerror=alert(1)>';
const SHA_PAGE = 'a'.repeat(16) + 'b'.repeat(48);
const SHA_GONE = 'c'.repeat(64);
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;

const WITH_EVIDENCE = 7001;
const CLAIM_ONLY = 7002;
const PLAIN = 7003;

const ok: ArticleCheck = {
  at: '2026-11-01T09:00:00.000Z',
  ok: true,
  status: 200,
  missing: [],
  links: 1,
  detail: '',
};

const EVIDENCE: DealEvidence = {
  dealId: WITH_EVIDENCE,
  deal: {
    dealId: WITH_EVIDENCE,
    blogId: 101,
    title: HOSTILE,
    url: 'https://zahrada-dum.cz/clanek/',
    receivedAt: '2026-11-01T08:00:00.000Z',
    deadline: '2026-11-01T09:00:00.000Z',
    watch: { links: ['https://shop.example/'] },
    watchEnded: { at: '2026-11-20T09:00:00.000Z', reason: 'claim_window' },
    updatedAt: '2026-11-20T09:00:00.000Z',
  },
  entries: [
    {
      seq: 1,
      kind: 'first',
      check: ok,
      pageSha256: SHA_PAGE,
      snapshot: { file: '1-aaaa.html.gz', sha256: SHA_PAGE, bytes: 5000, storedBytes: 1200 },
    },
    {
      seq: 2,
      kind: 'change',
      check: {
        ...ok,
        at: '2026-11-10T09:00:00.000Z',
        ok: false,
        problem: 'links',
        findings: [{ kind: 'link_lost', detail: `https://shop.example/${HOSTILE}` }],
        detail: 'missing',
      },
      pageSha256: SHA_PAGE,
      snapshot: { file: '2-aaaa.html.gz', sha256: SHA_PAGE, bytes: 5000, storedBytes: 1200 },
    },
    {
      seq: 3,
      kind: 'change',
      check: {
        ...ok,
        at: '2026-11-20T09:00:00.000Z',
        ok: false,
        status: 404,
        problem: 'gone',
        detail: 'HTTP 404',
      },
      pageSha256: SHA_GONE,
      snapshotSkipped: 'deal_limit',
    },
  ],
  pruned: [{ at: '2026-11-15T00:00:00.000Z', file: '1-aaaa.html.gz', reason: 'total_limit' }],
  bytes: 3 * 1024 * 1024 + 512 * 1024,
};

/** `EvidenceStore.read` over one deal's evidence; a deal id of 0 makes it fail. */
function memoryEvidence(failing = false): Pick<NonNullable<StatusDeps['evidence']>, 'read'> {
  return {
    read: async (dealId) => {
      if (failing) throw new Error('EACCES: permission denied, open evidence/7001/checks.jsonl');
      return dealId === WITH_EVIDENCE ? EVIDENCE : undefined;
    },
  };
}

const ZIP = Buffer.from('PK\u0003\u0004 a tiny stand-in for the zip');

function bundler(calls: Array<{ dealId: number; sources: BundleSources }>): EvidenceBundler {
  return async (dealId, sources) => {
    calls.push({ dealId, sources });
    return dealId === WITH_EVIDENCE
      ? { fileName: 'důkazy "obchod"\r\nX-Evil: 1 7001.zip', zip: ZIP, snapshots: 0 }
      : undefined;
  };
}

function claimEvent(dealId: number, text: string, createdAt: string) {
  return {
    event: 'claim.created',
    receivedAt: '2026-11-21T10:00:00.000Z',
    outcome: 'recorded',
    body: { event: 'claim.created', deal_id: dealId, claim: { text, created_at: createdAt } },
  };
}

async function serve(overrides: Partial<StatusDeps>, language: Language = 'en') {
  const server = await startStatusServer(statusDeps(store, { language, ...overrides }), {
    host: '127.0.0.1',
    port: 0,
  });
  const get = async (path: string) => {
    const res = await fetch(server.url + path.replace(/^\//, ''), { redirect: 'manual' });
    const body = Buffer.from(await res.arrayBuffer());
    const text = body.toString('utf8');
    return { res, body, text, $: cheerio.load(text) };
  };
  return { server, get };
}

beforeAll(async () => {
  redis = createTestRedis();
  await deleteKeys(redis, prefix);
  store = createDealStore({ redis, prefix });
  for (const dealId of [WITH_EVIDENCE, CLAIM_ONLY, PLAIN]) {
    await store.createIfAbsent({
      dealId,
      blogId: 101,
      receivedAt: new Date().toISOString(),
      deadline: new Date().toISOString(),
      state: 'handed_in',
      title: HOSTILE,
    });
  }
  await store.recordEvent(
    WITH_EVIDENCE,
    claimEvent(WITH_EVIDENCE, `${HOSTILE}\nThe link is gone.`, '2026-11-21 11:00:00'),
  );
  // A redelivery of the same post is one claim.
  await store.recordEvent(
    WITH_EVIDENCE,
    claimEvent(WITH_EVIDENCE, `${HOSTILE}\nThe link is gone.`, '2026-11-21 11:00:00'),
  );
  await store.recordEvent(CLAIM_ONLY, claimEvent(CLAIM_ONLY, 'Article removed', '2026-11-21 12:00:00'));
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
});

describe('the deal page: claims and evidence', () => {
  it('shows the claim before the evidence timeline, every text escaped', async () => {
    const { server, get } = await serve({ evidence: memoryEvidence(), bundle: bundler([]) });
    try {
      const { res, $, text } = await get(`/deals/${WITH_EVIDENCE}`);
      expect(res.status).toBe(200);
      const claims = $('[data-claims]');
      expect(claims.attr('data-claims')).toBe('1');
      expect(claims.find('pre[data-claim-text]').text()).toBe(`${HOSTILE}\nThe link is gone.`);
      expect(claims.text()).toContain('Attach the evidence bundle to your answer.');
      expect(claims.find('a[data-evidence-download]').attr('href')).toBe(`/deals/${WITH_EVIDENCE}/evidence`);
      expect(text.indexOf('data-claims=')).toBeLessThan(text.indexOf('data-evidence='));
      // Nothing hostile became markup: not the title, not the claim, not the finding's detail.
      expect($('img').length).toBe(0);
      expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');

      const card = $('section[data-evidence]');
      expect(card.attr('data-evidence')).toBe('3');
      expect(card.text()).toContain('On disk: 3.5 MiB');
      expect(card.text()).toContain('(the claim window is over)');
      expect(card.find('a[data-evidence-download]').length).toBe(1);
      const rows = card.find('tr[data-seq]');
      expect(rows.map((_, el) => $(el).attr('data-seq')).get()).toEqual(['3', '2', '1']);
      expect(rows.map((_, el) => $(el).attr('data-kind')).get()).toEqual(['change', 'change', 'first']);
      expect($(rows[0]).text()).toContain('HTTP 404');
      expect($(rows[0]).text()).toContain('the article is not reachable');
      expect($(rows[1]).text()).toContain('an advertiser link is lost');
      const sha = $(rows[2]).find('code[data-sha256]');
      expect(sha.attr('title')).toBe(SHA_PAGE);
      expect(sha.text()).toBe(`${SHA_PAGE.slice(0, 12)}…`);
      expect(rows.map((_, el) => $(el).find('[data-snapshot]').attr('data-snapshot')).get()).toEqual([
        'skipped',
        'kept',
        'pruned',
      ]);
    } finally {
      await server.close();
    }
  });

  it('renders in Czech', async () => {
    const { server, get } = await serve({ evidence: memoryEvidence(), bundle: bundler([]) }, 'cs');
    try {
      const { $ } = await get(`/deals/${WITH_EVIDENCE}`);
      expect($('section[data-evidence] h2').text()).toBe('Důkazy');
      expect($('section[data-evidence]').text()).toContain('Na disku: 3,5 MiB');
      expect($('section[data-evidence]').text()).toContain('(lhůta pro reklamaci uplynula)');
      expect($('[data-claims]').text()).toContain('K odpovědi na reklamaci přiložte balík důkazů.');
      expect($('tr[data-seq="1"] [data-snapshot]').text()).toBe('odstraněna kvůli limitu místa');
    } finally {
      await server.close();
    }
  });

  it('says so when a claimed deal has no evidence, and shows no card for a deal without either', async () => {
    const { server, get } = await serve({ evidence: memoryEvidence(), bundle: bundler([]) });
    try {
      const claimed = await get(`/deals/${CLAIM_ONLY}`);
      expect(claimed.$('[data-claims]').text()).toContain('pressbridge has no recorded evidence');
      expect(claimed.$('a[data-evidence-download]').length).toBe(0);
      expect(claimed.$('section[data-evidence]').length).toBe(0);
      const plain = await get(`/deals/${PLAIN}`);
      expect(plain.$('[data-claims]').length).toBe(0);
      expect(plain.$('section[data-evidence]').length).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('shows the open claim the marketplace reports when no post was recorded', async () => {
    const { server, get } = await serve({
      evidence: memoryEvidence(),
      bundle: bundler([]),
      openClaim: async (dealId) => dealId === PLAIN,
    });
    try {
      const { $ } = await get(`/deals/${PLAIN}`);
      expect($('[data-claims] [data-claim-open]').text()).toContain('The marketplace reports an open claim');
      expect($('[data-claims]').text()).toContain('pressbridge has no recorded evidence');
      // A recorded post says more than the flag: no second line.
      const recorded = await get(`/deals/${CLAIM_ONLY}`);
      expect(recorded.$('[data-claim-open]').length).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('keeps the page when the evidence cannot be read', async () => {
    const { server, get } = await serve({ evidence: memoryEvidence(true) });
    try {
      const { res, $ } = await get(`/deals/${WITH_EVIDENCE}`);
      expect(res.status).toBe(200);
      expect($('section[data-evidence="unavailable"]').text()).toContain('EACCES');
    } finally {
      await server.close();
    }
  });
});

describe('GET /deals/:id/evidence', () => {
  it('answers the bundle as an attachment with a safe ASCII file name', async () => {
    const calls: Array<{ dealId: number; sources: BundleSources }> = [];
    const { server, get } = await serve({ evidence: memoryEvidence(), bundle: bundler(calls) });
    try {
      const { res, body } = await get(`/deals/${WITH_EVIDENCE}/evidence`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="d-kazy-obchod-X-Evil-1-7001.zip"',
      );
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-evil')).toBeNull();
      expect(body.equals(ZIP)).toBe(true);
      expect(calls).toHaveLength(1);
      expect(calls[0]?.sources.record?.dealId).toBe(WITH_EVIDENCE);
      expect(calls[0]?.sources.events?.filter((e) => e.event === 'claim.created')).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('is a plain 404 page without evidence or without a bundler, 400 for a bad id', async () => {
    const withBundler = await serve({ bundle: bundler([]) });
    try {
      const none = await withBundler.get(`/deals/${PLAIN}/evidence`);
      expect(none.res.status).toBe(404);
      expect(none.res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(none.res.headers.get('content-disposition')).toBeNull();
      expect(none.$('h1').text()).toContain('No evidence');
      expect((await withBundler.get('/deals/abc/evidence')).res.status).toBe(400);
    } finally {
      await withBundler.server.close();
    }
    const without = await serve({}, 'cs');
    try {
      const none = await without.get(`/deals/${WITH_EVIDENCE}/evidence`);
      expect(none.res.status).toBe(404);
      expect(none.text).toContain('Žádné důkazy');
    } finally {
      await without.server.close();
    }
  });
});
