/**
 * Attacks on the status page's evidence: `GET /deals/:id/evidence` with odd ids, without the password, its
 * Content-Disposition; the deal page's Evidence and Claims cards with hostile strings. The real status app, a
 * real DealStore in Redis (unique prefix), the real evidence store in a temp dir and the real bundler.
 */
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { unzipSync } from 'fflate';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DealStore } from '../../../src/deals/record.js';
import { createDealStore } from '../../../src/deals/store.js';
import { createEvidenceBundler } from '../../../src/evidence/bundle.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import type { EvidenceStore } from '../../../src/evidence/types.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { startStatusServer } from '../../../src/status/index.js';
import { safeZipName } from '../../../src/status/routes/evidence.js';
import type { StatusDeps } from '../../../src/status/types.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../../helpers/redis.js';
import { check, deal, testClock } from '../evidence/fixtures.js';
import { statusDeps } from './fixtures.js';

const DEAL = 7101;
const BREAK = `"'><script>alert(1)</script><img src=x onerror=alert(2)>\u202Egnp.exe`;
const prefix = randomPrefix();
let redis: Redis;
let store: DealStore;
let dir: string;
let evidence: EvidenceStore;
const clock = testClock('2026-12-01T09:30:00.000Z');

beforeAll(async () => {
  redis = createTestRedis();
  store = createDealStore({ redis, prefix });
  dir = mkdtempSync(join(tmpdir(), 'pb-status-ev-attack-'));
  evidence = createEvidenceStore({
    dir,
    settings: { maxDealBytes: 1 << 30, maxTotalBytes: 1 << 30 },
    clock,
    log: createSilentLogger(),
  });
  await store.createIfAbsent({
    dealId: DEAL,
    blogId: 101,
    receivedAt: '2026-11-01T08:00:00.000Z',
    deadline: '2026-11-08T08:00:00.000Z',
    state: 'handed_in',
    title: BREAK,
  });
  await store.recordEvent(DEAL, {
    event: 'claim.created',
    receivedAt: '2026-11-21T10:00:00.000Z',
    outcome: 'recorded',
    body: { claim: { text: `Claim ${BREAK}`, created_at: BREAK } },
  });
  await evidence.saveDeal(deal(DEAL, { title: BREAK }));
  await evidence.recordCheck(DEAL, {
    check: check({
      ok: false,
      problem: 'links',
      findings: [{ kind: 'link_changed', detail: BREAK, href: 'javascript:alert(1)' }],
    }),
    pageSha256: `"><img src=x onerror=alert(3)>`,
    articleHtml: '<article><script>alert(1)</script></article>',
  });
  await evidence.endWatch(DEAL, BREAK);
});

afterAll(async () => {
  await deleteKeys(redis, prefix);
  await redis.quit();
  rmSync(dir, { recursive: true, force: true });
});

async function serve(overrides: Partial<StatusDeps> = {}) {
  const bundle = createEvidenceBundler({
    store: evidence,
    t: createTranslator('en'),
    timeZone: 'UTC',
    clock,
  });
  return startStatusServer(statusDeps(store, { language: 'en', evidence, bundle, ...overrides }), {
    host: '127.0.0.1',
    port: 0,
  });
}

describe('GET /deals/:id/evidence under attack', () => {
  it('answers 400 or 404 to odd ids, never a bundle', async () => {
    const server = await serve();
    try {
      for (const id of [
        '..%2F..%2Fetc',
        '0',
        '-1',
        '1e3',
        '0x10',
        '007',
        '99999999999999999999',
        '7101.0',
        '%20',
      ]) {
        const res = await fetch(`${server.url}deals/${id}/evidence`, { redirect: 'manual' });
        expect([400, 404], id).toContain(res.status);
        expect(res.headers.get('content-type'), id).not.toMatch(/zip/);
        await res.arrayBuffer();
      }
      const ok = await fetch(`${server.url}deals/${DEAL}/evidence`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-disposition')).toBe(
        'attachment; filename="pressbridge-evidence-7101-20261201-0930.zip"',
      );
      const files = unzipSync(new Uint8Array(await ok.arrayBuffer()));
      expect(Object.keys(files)).toContain('report.html');
    } finally {
      await server.close();
    }
  });

  it('asks for the status password before it builds a bundle', async () => {
    const server = await serve({ password: 'correct horse battery' });
    try {
      const without = await fetch(`${server.url}deals/${DEAL}/evidence`);
      expect(without.status).toBe(401);
      expect(without.headers.get('content-type')).not.toMatch(/zip/);
      const basic = `Basic ${Buffer.from('x:correct horse battery').toString('base64')}`;
      const right = await fetch(`${server.url}deals/${DEAL}/evidence`, { headers: { Authorization: basic } });
      expect(right.status).toBe(200);
      expect(right.headers.get('content-type')).toBe('application/zip');
      expect(right.headers.get('cache-control')).toBe('no-store');
    } finally {
      await server.close();
    }
  });

  it('builds no bundle for another site in the browser (Sec-Fetch-Site), but for the page and curl', async () => {
    const server = await serve();
    try {
      const url = `${server.url}deals/${DEAL}/evidence`;
      for (const site of ['cross-site', 'same-site']) {
        const res = await fetch(url, { headers: { 'Sec-Fetch-Site': site } });
        expect(res.status, site).toBe(403);
        expect(res.headers.get('content-type'), site).not.toMatch(/zip/);
        expect(await res.text()).toContain('Download refused');
      }
      for (const site of ['same-origin', 'none', undefined]) {
        const res = await fetch(url, site ? { headers: { 'Sec-Fetch-Site': site } } : {});
        expect(res.status, site).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/zip');
        await res.arrayBuffer();
      }
    } finally {
      await server.close();
    }
  });

  it('keeps any file name out of the header but its safe characters', () => {
    for (const hostile of [
      "a\"; filename*=UTF-8''evil.exe\r\nSet-Cookie: x=1.zip",
      '../../etc/passwd',
      '\u202Egnp.exe.zip',
      '".zip',
      `${'x'.repeat(500)}.zip`,
    ]) {
      const name = safeZipName(hostile, 5);
      expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,115}\.zip$/);
    }
    expect(safeZipName('".zip', 5)).toBe('pressbridge-evidence-5.zip');
  });
});

describe('a deal folder planted as a symbolic link', () => {
  it('is refused: an error page and an unavailable card, nothing read through it', async () => {
    const planted = 7102;
    const outside = mkdtempSync(join(tmpdir(), 'pb-status-ev-outside-'));
    try {
      writeFileSync(join(outside, 'deal.json'), JSON.stringify({ ...deal(planted), title: 'FOREIGN' }));
      symlinkSync(outside, join(dir, String(planted)));
      const server = await serve();
      try {
        const download = await fetch(`${server.url}deals/${planted}/evidence`);
        const body = await download.text();
        // Said for what it is (the disk), not as a Redis outage.
        expect(download.status).toBe(500);
        expect(body).toMatch(/Důkazy nejdou přečíst|The evidence cannot be read/);
        expect(body).not.toMatch(/Redis/);
        expect(download.headers.get('content-type')).not.toMatch(/zip/);
        expect(body).not.toContain('FOREIGN');
        const page = await fetch(`${server.url}deals/${planted}`);
        const text = await page.text();
        expect(text).not.toContain('FOREIGN');
      } finally {
        await server.close();
      }
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('the deal page cards under attack', () => {
  it('escapes every hostile string of the evidence and the claim', async () => {
    const server = await serve();
    try {
      const res = await fetch(`${server.url}deals/${DEAL}`);
      const text = await res.text();
      const $ = cheerio.load(text);
      expect(res.status).toBe(200);
      expect($('section[data-evidence]').length).toBe(1);
      expect($('main').length).toBe(1);
      expect($('[data-claims] pre[data-claim-text]').text()).toContain('<script>alert(1)</script>');
      expect($('main script, main img').length).toBe(0);
      expect($('main [onerror]').length).toBe(0);
      expect($('main a[href^="javascript:"]').length).toBe(0);
      expect(text).not.toContain('\u202E');
      expect($('code[data-sha256]').attr('data-sha256')).toBe(`"><img src=x onerror=alert(3)>`);
    } finally {
      await server.close();
    }
  });
});
