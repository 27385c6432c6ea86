/**
 * The total limit with real files: which snapshots go first (paid deals whose watch ended, then unpaid ones
 * whose watch ended, then the middle snapshots of watched deals, then any), oldest first within a tier.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderBytes } from '../../../src/evidence/files.js';
import { createEvidenceStore } from '../../../src/evidence/store.js';
import { createSilentLogger } from '../../../src/logger.js';
import { check, deal, incompressibleHtml, testClock } from './fixtures.js';

const BIG = 1024 * 1024 * 1024;

describe('evidence total limit', () => {
  let dir: string;
  const open = (maxTotalBytes: number) =>
    createEvidenceStore({
      dir,
      settings: { maxDealBytes: BIG, maxTotalBytes },
      clock: testClock('2026-11-25T00:00:00.000Z'),
      log: createSilentLogger(),
      // Pruned exactly to the limit, so the test can say which snapshots must go.
      headroom: 0,
    });
  // deal → the days (November) of its snapshots, in seq order
  const layout: Record<number, number[]> = {
    10: [15, 15],
    20: [10, 10],
    30: [12, 13, 14, 17],
    40: [18],
    50: [11, 16, 19],
  };
  const file: Record<string, string> = {};
  const size = (key: string): number =>
    statSync(join(dir, key.split('/')[0] ?? '', 'snapshots', file[key] ?? '')).size;
  const left = (): string[] =>
    Object.keys(file)
      .filter((key) => readdirSync(join(dir, key.split('/')[0] ?? '', 'snapshots')).includes(file[key] ?? ''))
      .sort();
  let trigger = 0;
  /** Sets the limit `excess` bytes below what is on disk and appends one line to deal 40. */
  async function overBy(excess: number): Promise<void> {
    const store = open((await folderBytes(dir)) + 700 - excess);
    trigger += 1;
    const { appended } = await store.recordCheck(40, { check: check({ status: 500 + trigger, ok: false }) });
    expect(appended).toBeDefined();
    expect((await store.usage()).totalBytes).toBe(await folderBytes(dir));
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-evidence-total-'));
    const store = open(BIG);
    for (const [id, days] of Object.entries(layout)) {
      const dealId = Number(id);
      const paid = dealId === 10 ? { paid: { reward: 1, price: 2, at: '2026-11-20T00:00:00Z' } } : {};
      await store.saveDeal(deal(dealId, paid));
      for (const [i, day] of days.entries()) {
        const at = `2026-11-${day}T0${i}:00:00.000Z`;
        const { appended } = await store.recordCheck(dealId, {
          check: check({ at, textSha256: String(i).repeat(64) }),
          articleHtml: incompressibleHtml(24 * 1024),
        });
        file[`${dealId}/${i + 1}`] = appended?.snapshot?.file ?? '';
      }
    }
    await store.endWatch(10, 'claim_window');
    await store.endWatch(20, 'days');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('first the paid deals whose watch ended, though an unpaid ended one is older', async () => {
    await overBy(size('10/1') + size('10/2') + size('20/1') / 2);
    expect(left()).toEqual(['20/2', '30/1', '30/2', '30/3', '30/4', '40/1', '50/1', '50/2', '50/3']);
  });

  it("then the watched deals' middle snapshots, oldest first across deals", async () => {
    await overBy(size('20/2') + size('30/2') + size('30/3') / 2);
    expect(left()).toEqual(['30/1', '30/4', '40/1', '50/1', '50/2', '50/3']);
  });

  it('at last any snapshot, oldest first; the check lines all stay', async () => {
    await overBy(size('50/2') + size('50/1') + size('30/1') / 2);
    expect(left()).toEqual(['30/4', '40/1', '50/3']);
    const store = open(BIG);
    const fifty = await store.read(50);
    expect(fifty?.entries).toHaveLength(3);
    expect(fifty?.pruned.map((p) => [p.file, p.reason])).toEqual([
      [file['50/2'], 'total_limit'],
      [file['50/1'], 'total_limit'],
    ]);
    expect((await store.read(10))?.entries).toHaveLength(2);
    expect((await store.read(40))?.entries).toHaveLength(4);
  });
});
