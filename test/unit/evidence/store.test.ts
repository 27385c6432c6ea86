import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEvidenceStore, evidenceDirOf } from '../../../src/evidence/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { check, deal, incompressibleHtml, testClock } from './fixtures.js';

function statSizeOf(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  return total;
}

const BIG = { maxDealBytes: 1024 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024 };

describe('evidence store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-evidence-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = (settings = BIG, clock = testClock()) =>
    createEvidenceStore({ dir: join(dir, 'evidence'), settings, clock, log: createSilentLogger() });

  it('finds its folder in evidence.dir, else in the data folder', () => {
    expect(evidenceDirOf({ dataDir: '/data', evidence: {} })).toBe('/data/evidence');
    expect(evidenceDirOf({ dataDir: '/data', evidence: { dir: '/elsewhere' } })).toBe('/elsewhere');
  });

  it('keeps the first check and each change with a gzip snapshot; the same facts only in latest.json', async () => {
    const store = open();
    await store.saveDeal(deal(7));
    const html = '<article>Žluťoučký kůň <a href="https://shop.example/">obchod</a></article>';
    const first = await store.recordCheck(7, {
      check: check(),
      pageSha256: 'f'.repeat(64),
      articleHtml: html,
    });
    expect(first.appended).toMatchObject({ seq: 1, kind: 'first', pageSha256: 'f'.repeat(64) });
    const same = await store.recordCheck(7, {
      check: check({ at: '2026-11-21T10:00:00.000Z' }),
      articleHtml: html,
    });
    expect(same.appended).toBeUndefined();
    const refused = await store.recordCheck(7, {
      check: check({ status: 403, refused: true, at: '2026-11-22T00:00:00Z' }),
    });
    expect(refused.appended).toBeUndefined();
    const changed = await store.recordCheck(7, { check: check({ status: 404, ok: false, problem: 'gone' }) });
    expect(changed.appended).toMatchObject({ seq: 2, kind: 'change' });
    expect(changed.appended?.snapshot).toBeUndefined();

    const evidence = await store.read(7);
    expect(evidence?.entries.map((e) => e.seq)).toEqual([1, 2]);
    expect(evidence?.latest?.check.status).toBe(404);
    const snapshot = evidence?.entries[0]?.snapshot;
    expect(snapshot?.file).toMatch(/^1-[0-9a-f]{16}\.html\.gz$/);
    const sha = createHash('sha256').update(html).digest('hex');
    expect(snapshot?.sha256).toBe(sha);
    expect(snapshot?.bytes).toBe(Buffer.byteLength(html));
    const onDisk = readFileSync(join(dir, 'evidence/7/snapshots', snapshot?.file ?? ''));
    expect(gunzipSync(onDisk).toString('utf8')).toBe(html);
    expect((await store.readSnapshot(7, snapshot?.file ?? '')).toString('utf8')).toBe(html);
    await expect(store.readSnapshot(7, '../deal.json')).rejects.toThrow(/no snapshot name/);
    // The latest check after the refusal is the 404: latest.json is rewritten every time.
    expect(JSON.parse(readFileSync(join(dir, 'evidence/7/latest.json'), 'utf8')).check.status).toBe(404);
  });

  it('writes folders 0700 and files 0600, and no temp file stays behind', async () => {
    const store = open();
    await store.saveDeal(deal(3));
    await store.recordCheck(3, { check: check(), articleHtml: '<p>x</p>' });
    await store.endWatch(3, 'claim_window');
    const mode = (path: string) => statSync(path).mode & 0o777;
    expect(mode(join(dir, 'evidence/3'))).toBe(0o700);
    expect(mode(join(dir, 'evidence/3/snapshots'))).toBe(0o700);
    for (const name of ['deal.json', 'latest.json', 'checks.jsonl'])
      expect(mode(join(dir, 'evidence/3', name))).toBe(0o600);
    const snap = readdirSync(join(dir, 'evidence/3/snapshots'));
    expect(snap).toHaveLength(1);
    expect(mode(join(dir, 'evidence/3/snapshots', snap[0] ?? ''))).toBe(0o600);
    expect(readdirSync(join(dir, 'evidence/3')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('saveDeal rewrites deal.json only when it changed; a save after the end of the watch (watched again) clears it', async () => {
    const clock = testClock('2026-11-20T10:00:00.000Z');
    const store = open(BIG, clock);
    await store.saveDeal(deal(5));
    clock.set('2026-11-21T10:00:00.000Z');
    await store.saveDeal(deal(5));
    expect((await store.read(5))?.deal?.updatedAt).toBe('2026-11-20T10:00:00.000Z');
    await store.endWatch(5, 'days');
    expect((await store.read(5))?.deal?.watchEnded).toEqual({
      at: '2026-11-21T10:00:00.000Z',
      reason: 'days',
    });
    // Paid after its unpaid watch ran out: watched again, its next check saves the deal.
    await store.saveDeal(deal(5, { paid: { reward: 1000, price: 1500, at: '2026-11-21T00:00:00Z' } }));
    const saved = (await store.read(5))?.deal;
    expect(saved?.paid?.reward).toBe(1000);
    expect(saved?.watchEnded).toBeUndefined();
  });

  it('refuses a check before deal.json and serialises concurrent checks of a deal', async () => {
    const store = open();
    await expect(store.recordCheck(9, { check: check() })).rejects.toThrow(/saveDeal first/);
    await store.saveDeal(deal(9));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        store.recordCheck(9, { check: check({ textSha256: String(i).repeat(64) }) }),
      ),
    );
    expect(results.map((r) => r.appended?.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('reads past a torn last line and invalid lines, and appends after a torn line cleanly', async () => {
    const store = open();
    await store.saveDeal(deal(4));
    await store.recordCheck(4, { check: check() });
    const file = join(dir, 'evidence/4/checks.jsonl');
    appendFileSync(file, 'not json\n{"seq":"x"}\n{"seq":2,"kind":"chan');
    expect((await store.read(4))?.entries.map((e) => e.seq)).toEqual([1]);
    const next = await store.recordCheck(4, { check: check({ status: 500, ok: false }) });
    expect(next.appended?.seq).toBe(2);
    expect((await store.read(4))?.entries.map((e) => e.check.status)).toEqual([200, 500]);
  });

  it('lists only numeric deal folders and counts the bytes', async () => {
    const store = open();
    await store.saveDeal(deal(12));
    await store.saveDeal(deal(2));
    mkdirSync(join(dir, 'evidence/tmp'));
    mkdirSync(join(dir, 'evidence/012'));
    expect(await store.dealIds()).toEqual([2, 12]);
    const usage = await store.usage();
    expect(usage.deals).toBe(2);
    const onDisk = ['2', '12'].reduce(
      (sum, d) => sum + statSync(join(dir, 'evidence', d, 'deal.json')).size,
      0,
    );
    expect(usage.totalBytes).toBe(onDisk);
    expect(await store.read(99)).toBeUndefined();
  });

  it('scans the folder once: later checks only count what they write', async () => {
    const store = open();
    await store.saveDeal(deal(1));
    const before = (await store.usage()).totalBytes;
    // A folder written behind the store's back is not seen by the running count (no rescan per check) …
    const other = open();
    await other.saveDeal(deal(2));
    await store.recordCheck(1, { check: check(), articleHtml: '<p>a</p>' });
    const usage = await store.usage();
    expect(usage.deals).toBe(1);
    expect(usage.totalBytes).toBeGreaterThan(before);
    expect(usage.totalBytes).toBe(statSizeOf(join(dir, 'evidence/1')));
    // … while a new store scans it all once.
    expect((await open().usage()).deals).toBe(2);
  });

  it("per deal: drops the oldest snapshots but the hand-in's and the newest; no room → no snapshot", async () => {
    const maxDealBytes = 64 * 1024;
    const store = open({ maxDealBytes, maxTotalBytes: BIG.maxTotalBytes });
    await store.saveDeal(deal(1));
    const files: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const { appended } = await store.recordCheck(1, {
        check: check({ textSha256: String(i).repeat(64) }),
        articleHtml: incompressibleHtml(24 * 1024),
      });
      expect(appended?.snapshot).toBeDefined();
      files.push(appended?.snapshot?.file ?? '');
      expect((await store.read(1))?.bytes).toBeLessThanOrEqual(maxDealBytes);
    }
    const evidence = await store.read(1);
    const pruned = evidence?.pruned ?? [];
    expect(pruned.length).toBeGreaterThanOrEqual(2);
    expect(pruned.every((p) => p.reason === 'deal_limit')).toBe(true);
    // Oldest first, never the first (hand-in) one.
    expect(pruned.map((p) => p.file)).toEqual(files.slice(1, 1 + pruned.length));
    const kept = readdirSync(join(dir, 'evidence/1/snapshots')).sort();
    expect(kept).toContain(files[0]);
    expect(kept).toContain(files[5]);
    // Every check line stays.
    expect(evidence?.entries).toHaveLength(6);

    const huge = await store.recordCheck(1, {
      check: check({ textSha256: 'e'.repeat(64) }),
      articleHtml: incompressibleHtml(160 * 1024),
    });
    expect(huge.appended?.snapshot).toBeUndefined();
    expect(huge.appended?.snapshotSkipped).toBe('deal_limit');
    const after = readdirSync(join(dir, 'evidence/1/snapshots')).sort();
    expect(after).toContain(files[0]);
    expect(after).toContain(files[5]);
    expect((await store.read(1))?.entries).toHaveLength(7);
  });
});
