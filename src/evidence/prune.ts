/**
 * Which snapshots the size limits remove (pure; ./store.ts applies the plan). Check lines are never removed,
 * only snapshot files.
 *
 * - Per deal (`evidence.maxDealBytes`): the deal's oldest snapshots go, never its first (the hand-in's) and never
 *   its newest; when even that leaves no room for the new snapshot, the new check is kept without one.
 * - In all (`evidence.maxTotalBytes`): oldest first, in tiers: (1) paid deals whose watch ended, (2) unpaid
 *   deals whose watch ended, (3) the middle snapshots (neither the first nor the newest) of deals still watched,
 *   (4) as a last resort any snapshot.
 */

export interface SnapshotOnDisk {
  file: string;
  /** Bytes on disk (the gzip file). */
  bytes: number;
  /** The entry's seq (the order within the deal). */
  seq: number;
  /** ISO 8601: the check's time (the order across deals). */
  at: string;
}

export interface DealPrunePlan {
  /** Files to delete, oldest first. */
  remove: SnapshotOnDisk[];
  /** Whether the new snapshot is kept. */
  keepNew: boolean;
}

/**
 * The per-deal plan before a new entry is appended. `snapshots`: the deal's files on disk, oldest first;
 * `firstFile`: the deal's first (hand-in) snapshot; `dealBytes`: the folder now; `lineBytes`: the new line;
 * `newBytes`: the new snapshot (0: none); `prunedLineBytes`: what one line of `pruned.jsonl` costs.
 */
export function planDealPrune(input: {
  snapshots: readonly SnapshotOnDisk[];
  firstFile: string | undefined;
  dealBytes: number;
  lineBytes: number;
  newBytes: number;
  prunedLineBytes: number;
  maxDealBytes: number;
}): DealPrunePlan {
  const { snapshots, firstFile, dealBytes, lineBytes, newBytes, prunedLineBytes, maxDealBytes } = input;
  const removable = (keepNewest: boolean): SnapshotOnDisk[] =>
    snapshots.filter((s, i) => s.file !== firstFile && !(keepNewest && i === snapshots.length - 1));
  const freeing = (candidates: SnapshotOnDisk[], size: number): SnapshotOnDisk[] | undefined => {
    const remove: SnapshotOnDisk[] = [];
    let bytes = size;
    for (const candidate of candidates) {
      if (bytes <= maxDealBytes) break;
      remove.push(candidate);
      bytes += prunedLineBytes - candidate.bytes;
    }
    return bytes <= maxDealBytes ? remove : undefined;
  };
  if (newBytes > 0) {
    // The new snapshot is the newest: every older one but the first may go to make room for it.
    const remove = freeing(removable(false), dealBytes + lineBytes + newBytes);
    if (remove) return { remove, keepNew: true };
  }
  // No room (or no new snapshot): the entry comes without one; the existing newest stays.
  const remove = freeing(removable(true), dealBytes + lineBytes);
  return { remove: remove ?? removable(true), keepNew: false };
}

export interface DealSnapshots {
  dealId: number;
  paid: boolean;
  watchEnded: boolean;
  /** On disk, oldest first. */
  snapshots: readonly SnapshotOnDisk[];
  /** The deal's first (hand-in) snapshot. */
  firstFile: string | undefined;
}

export interface TotalPruneStep {
  dealId: number;
  snapshot: SnapshotOnDisk;
  tier: 1 | 2 | 3 | 4;
}

function byAge(a: TotalPruneStep, b: TotalPruneStep): number {
  if (a.snapshot.at !== b.snapshot.at) return a.snapshot.at < b.snapshot.at ? -1 : 1;
  return a.dealId - b.dealId || a.snapshot.seq - b.snapshot.seq;
}

/** The snapshots to remove, in order, until `excessBytes` are freed (all of them when that is not enough). */
export function planTotalPrune(
  deals: readonly DealSnapshots[],
  excessBytes: number,
  prunedLineBytes: number,
): TotalPruneStep[] {
  const tiers: TotalPruneStep[][] = [[], [], [], []];
  for (const deal of deals) {
    deal.snapshots.forEach((snapshot, i) => {
      const middle = snapshot.file !== deal.firstFile && i !== deal.snapshots.length - 1;
      const tier = deal.watchEnded ? (deal.paid ? 1 : 2) : middle ? 3 : 4;
      tiers[tier - 1]?.push({ dealId: deal.dealId, snapshot, tier });
    });
  }
  const steps: TotalPruneStep[] = [];
  let excess = excessBytes;
  for (const tier of tiers) {
    for (const step of tier.sort(byAge)) {
      if (excess <= 0) return steps;
      steps.push(step);
      excess -= step.snapshot.bytes - prunedLineBytes;
    }
  }
  return steps;
}
