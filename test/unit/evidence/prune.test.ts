import { describe, expect, it } from 'vitest';
import { planDealPrune, planTotalPrune, type SnapshotOnDisk } from '../../../src/evidence/prune.js';

const snap = (seq: number, bytes = 100, at = `2026-11-${10 + seq}T00:00:00Z`): SnapshotOnDisk => ({
  file: `${seq}-x.html.gz`,
  bytes,
  seq,
  at,
});

describe('planDealPrune', () => {
  const base = { firstFile: '1-x.html.gz', lineBytes: 10, prunedLineBytes: 0, maxDealBytes: 1000 };
  it('removes nothing while the new snapshot fits', () => {
    expect(planDealPrune({ ...base, snapshots: [snap(1)], dealBytes: 500, newBytes: 100 })).toEqual({
      remove: [],
      keepNew: true,
    });
  });
  it('removes the oldest but the first to make room', () => {
    const snapshots = [snap(1), snap(2), snap(3), snap(4)];
    const plan = planDealPrune({ ...base, snapshots, dealBytes: 950, newBytes: 150 });
    expect(plan.remove.map((s) => s.seq)).toEqual([2, 3]);
    expect(plan.keepNew).toBe(true);
  });
  it('keeps no new snapshot when even that is not enough, and keeps the newest', () => {
    const snapshots = [snap(1), snap(2), snap(3)];
    const plan = planDealPrune({ ...base, snapshots, dealBytes: 995, newBytes: 5000 });
    expect(plan.keepNew).toBe(false);
    expect(plan.remove.map((s) => s.seq)).toEqual([2]);
  });
});

describe('planTotalPrune', () => {
  it('goes tier by tier, oldest first within one', () => {
    const deals = [
      {
        dealId: 1,
        paid: false,
        watchEnded: false,
        firstFile: '1-x.html.gz',
        snapshots: [snap(1, 100, 'a'), snap(2, 100, 'b'), snap(3, 100, 'z')],
      },
      { dealId: 2, paid: false, watchEnded: true, firstFile: '1-x.html.gz', snapshots: [snap(1, 100, 'c')] },
      {
        dealId: 3,
        paid: true,
        watchEnded: true,
        firstFile: '1-x.html.gz',
        snapshots: [snap(1, 100, 'd'), snap(2, 100, 'e')],
      },
    ];
    const order = planTotalPrune(deals, 10_000, 0).map((s) => `${s.tier}:${s.dealId}/${s.snapshot.seq}`);
    expect(order).toEqual(['1:3/1', '1:3/2', '2:2/1', '3:1/2', '4:1/1', '4:1/3']);
    expect(planTotalPrune(deals, 150, 0)).toHaveLength(2);
  });
});
