/**
 * The total limit while deals write at once: it prunes other deals' snapshots, so it must never see a snapshot
 * whose check line is still being written (such a file has no time yet and would look the oldest of all), nor
 * interleave with a deal's own writes. Real files. That window (the snapshot on disk, its line not yet appended)
 * lasts microseconds, so one test holds it open: the store's appends go through a stand-in of files.ts that
 * can hold back one file's next line.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { folderBytes } from '../../src/evidence/files.js';
import type { createEvidenceStore as CreateEvidenceStore } from '../../src/evidence/store.js';
import type { EvidenceStore } from '../../src/evidence/types.js';
import { createSilentLogger } from '../../src/logger.js';
import { check, deal, incompressibleHtml, testClock } from '../unit/evidence/fixtures.js';

const BIG = 1 << 30;
const SNAPSHOT = 24 * 1024;

/** The line held back: appended to `file` once `released` resolves; `reached` once the append waits. */
const hold = {
  file: undefined as string | undefined,
  released: Promise.resolve(),
  reached: () => {},
};
const FILES = '../../src/evidence/files.js';
let createEvidenceStore: typeof CreateEvidenceStore;
// A module stand-in: this file lives with the integration files, which each get their own modules
// (vitest.config.ts), so the stand-in cannot reach the unit files that share theirs in a worker.
beforeAll(async () => {
  vi.doMock(FILES, async (importOriginal: () => Promise<typeof import('../../src/evidence/files.js')>) => {
    const files = await importOriginal();
    return {
      ...files,
      appendLine: async (file: string, line: string): Promise<number> => {
        if (file === hold.file) {
          hold.file = undefined;
          hold.reached();
          await hold.released;
        }
        return files.appendLine(file, line);
      },
    };
  });
  vi.resetModules();
  ({ createEvidenceStore } = await import('../../src/evidence/store.js'));
});
afterAll(() => {
  vi.doUnmock(FILES);
  vi.resetModules();
});
let release: () => void = () => {};
/** Holds back the next line appended to `file`; resolves once that append is waiting. */
function holdLine(file: string): Promise<void> {
  hold.file = file;
  hold.released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return new Promise<void>((resolve) => {
    hold.reached = resolve;
  });
}

describe('evidence total limit with deals writing at once', () => {
  let dir: string;
  const open = (maxTotalBytes: number): EvidenceStore =>
    createEvidenceStore({
      dir,
      settings: { maxDealBytes: BIG, maxTotalBytes },
      clock: testClock('2026-11-25T00:00:00.000Z'),
      log: createSilentLogger(),
      headroom: 0,
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-ev-total-race-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Every deal's lines, snapshot files and pruning notes agree: nothing recorded is lost or dangling. */
  async function assertConsistent(store: EvidenceStore): Promise<void> {
    for (const dealId of await store.dealIds()) {
      const evidence = await store.read(dealId);
      const onDisk = readdirSync(join(dir, String(dealId), 'snapshots')).sort();
      const recorded = (evidence?.entries ?? []).flatMap((e) => (e.snapshot ? [e.snapshot.file] : []));
      const pruned = (evidence?.pruned ?? []).map((p) => p.file);
      // No file without its line, no line whose file went without a note, nothing noted twice.
      expect(
        onDisk.filter((f) => !recorded.includes(f)),
        `deal ${dealId}: files without a line`,
      ).toEqual([]);
      expect(
        recorded.filter((f) => onDisk.includes(f) === pruned.includes(f)),
        `deal ${dealId}: a line whose file is both kept and pruned, or neither`,
      ).toEqual([]);
      expect(new Set(pruned).size).toBe(pruned.length);
    }
  }

  it('never prunes a snapshot whose line is still being written, though it has no time yet', async () => {
    // Arrange: five old deals with their hand-in snapshot (November 1-5); deals 20 and 30 are new.
    const setup = open(BIG);
    for (const id of [1, 2, 3, 4, 5]) {
      await setup.saveDeal(deal(id));
      const at = `2026-11-0${id}T10:00:00.000Z`;
      await setup.recordCheck(id, { check: check({ at }), articleHtml: incompressibleHtml(SNAPSHOT) });
    }
    await setup.saveDeal(deal(20));
    await setup.saveDeal(deal(30));
    // Any new snapshot takes the store over its limit.
    const store = open((await folderBytes(dir)) + 2048);
    const late = check({ at: '2026-11-20T10:00:00.000Z' });

    // Act: deal 30's snapshot is on disk, its line held back, while deal 20's check runs the total limit.
    const held = holdLine(join(dir, '30', 'checks.jsonl'));
    const thirty = store.recordCheck(30, { check: late, articleHtml: incompressibleHtml(SNAPSHOT) });
    await held;
    const twenty = store.recordCheck(20, { check: late, articleHtml: incompressibleHtml(SNAPSHOT) });
    // The line goes on once deal 20's check (and its pass) returned; a pass that waits for deal 30's turn
    // would wait for ever, so it goes on after a moment too (how long does not change the outcome).
    void twenty.finally(release);
    setTimeout(release, 50);
    const [a, b] = await Promise.all([twenty, thirty]);

    // Assert: the old deals' snapshots went, oldest first; both new hand-in snapshots stay.
    for (const [id, result] of [
      [20, a],
      [30, b],
    ] as const) {
      const file = result.appended?.snapshot?.file ?? '?';
      expect(existsSync(join(dir, String(id), 'snapshots', file)), `deal ${id}'s new snapshot`).toBe(true);
    }
    expect(readdirSync(join(dir, '1', 'snapshots'))).toEqual([]);
    expect(readdirSync(join(dir, '5', 'snapshots'))).toHaveLength(1);
    await assertConsistent(store);
    expect((await store.usage()).totalBytes).toBe(await folderBytes(dir));
  });

  it('keeps the lines and the notes in step when one deal writes while another deal prunes it', async () => {
    // Arrange: two deals take turns writing checks with snapshots, under a limit a few snapshots wide.
    const setup = open(BIG);
    await setup.saveDeal(deal(1));
    await setup.saveDeal(deal(2));
    const store = open((await folderBytes(dir)) + 5 * SNAPSHOT);

    // Act: both write eight changes at once; the deals' own middle snapshots are what the limit prunes.
    const write = (dealId: number) =>
      Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.recordCheck(dealId, {
            check: check({ at: `2026-11-2${dealId}T1${i}:00:00.000Z`, textSha256: String(i).repeat(64) }),
            articleHtml: incompressibleHtml(SNAPSHOT),
          }),
        ),
      );
    const [one, two] = await Promise.all([write(1), write(2)]);

    // Assert: every check is a line, in order; each deal keeps its hand-in snapshot; lines and files agree.
    expect(one.map((r) => r.appended?.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(two.map((r) => r.appended?.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const [dealId, results] of [
      [1, one],
      [2, two],
    ] as const) {
      const first = results[0]?.appended?.snapshot?.file ?? '?';
      expect(existsSync(join(dir, String(dealId), 'snapshots', first))).toBe(true);
      expect((await store.read(dealId))?.entries).toHaveLength(8);
    }
    await assertConsistent(store);
    expect((await store.usage()).totalBytes).toBe(await folderBytes(dir));
  });
});
