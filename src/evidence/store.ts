/**
 * The evidence store on disk (./types.ts has the layout and the contract). Writes of one deal run one after
 * another (the keyed lock, per deal); the size limits (./prune.ts) are enforced after each appended line, the
 * total one against a running count of the bytes (./usage.ts). A new check reads of `checks.jsonl` only what was
 * appended since the last one (./check-log.ts).
 *
 * The total limit removes other deals' snapshots, so it reads and prunes each deal inside that deal's turn of the
 * lock: it never sees a snapshot file whose line is still being written (a file without its line would look the
 * oldest of all and go first), and a deal's own writes never interleave with its pruning. The total passes take
 * turns too (a lock of their own); a writer waits for the total pass only after its deal's turn is over, and the
 * pass holds one deal's turn at a time: no deadlock.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import type { Clock } from '../clock.js';
import { createKeyedLock } from '../concurrency.js';
import type { Logger } from '../logger.js';
import { evidenceChanged } from './changed.js';
import { createCheckLogIndex } from './check-log.js';
import {
  appendLine,
  folderBytes,
  readBytes,
  readJson,
  readJsonLines,
  removeFile,
  writeAtomic,
} from './files.js';
import { dealFolders, SNAPSHOT_FILE } from './folders.js';
import { appendDecision, DECISIONS_FILE } from './look.js';
import { type DealSnapshots, planDealPrune, planTotalPrune } from './prune.js';
import type { EvidenceSettings } from './settings.js';
import {
  type CheckEvidence,
  type DealEvidence,
  EvidenceDeal,
  EvidenceDecision,
  EvidenceEntry,
  EvidenceLatest,
  EvidencePruned,
  type EvidenceStore,
} from './types.js';
import { createUsage } from './usage.js';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/**
 * At most this much of a snapshot is unpacked (above `watch.maxBytes`' own maximum, 50 MiB): a snapshot file
 * swapped for a gzip bomb fails to read instead of filling the memory.
 */
export const SNAPSHOT_MAX_BYTES = 64 * 1024 * 1024;
/** What one line of `pruned.jsonl` costs, for the plans (a line is about 90 bytes). */
const PRUNED_LINE_BYTES = 128;

/** The one home of the evidence folder's location: `evidence.dir`, else `<dataDir>/evidence`. */
export function evidenceDirOf(config: { dataDir: string; evidence: { dir?: string | undefined } }): string {
  return config.evidence.dir ?? join(config.dataDir, 'evidence');
}

export function createEvidenceStore(options: {
  dir: string;
  settings: Pick<EvidenceSettings, 'maxDealBytes' | 'maxTotalBytes'>;
  clock: Clock;
  log: Logger;
  /**
   * Over the total limit, pruning goes this share below it (default 0.1), so a store at its limit does not
   * scan every deal again at each new line.
   */
  headroom?: number;
}): EvidenceStore {
  const { dir, settings, clock, log } = options;
  const headroom = options.headroom ?? 0.1;
  const folders = dealFolders(dir);
  const { dealDir, realDealDir, snapshotsDir, dealIds, snapshotsOnDisk } = folders;
  const fileOf = (dealId: number, name: string): string => join(dealDir(dealId), name);
  const now = (): string => clock.now().toISOString();
  const { counted, remeasure } = createUsage(folders);
  const checkLog = createCheckLogIndex();

  // --- taking turns ----------------------------------------------------------------------------------------
  const dealLock = createKeyedLock();
  const serial = <T>(dealId: number, work: () => Promise<T>): Promise<T> =>
    dealLock.run(String(dealId), work);
  const totalLock = createKeyedLock();

  // --- reading ---------------------------------------------------------------------------------------------
  const readDeal = async (dealId: number) =>
    readJson(join(await realDealDir(dealId), 'deal.json'), EvidenceDeal);
  const readEntries = async (dealId: number) =>
    readJsonLines(join(await realDealDir(dealId), 'checks.jsonl'), EvidenceEntry);

  // --- pruning ---------------------------------------------------------------------------------------------
  async function removeSnapshot(
    dealId: number,
    file: string,
    reason: EvidencePruned['reason'],
  ): Promise<void> {
    if (!SNAPSHOT_FILE.test(file)) return;
    if (!(await removeFile(join(await snapshotsDir(dealId), file)))) return;
    const line: EvidencePruned = { at: now(), file, reason };
    await appendLine(fileOf(dealId, 'pruned.jsonl'), JSON.stringify(line));
    log.info({ dealId, file, reason }, 'evidence snapshot pruned');
  }

  /**
   * The total a scan left above the limit with nothing more to prune (the check lines are never pruned): no new
   * scan of every deal until the total grew by the headroom again, not one at each new line.
   */
  let stuckAt: number | undefined;
  async function enforceTotal(): Promise<void> {
    const count = await counted();
    if (count.total <= settings.maxTotalBytes) {
      stuckAt = undefined;
      return;
    }
    const slack = Math.max(1, Math.floor(settings.maxTotalBytes * headroom));
    if (stuckAt !== undefined && count.total < stuckAt + slack) return;
    const deals: DealSnapshots[] = [];
    for (const dealId of await dealIds()) {
      // In the deal's turn: a snapshot being written now is on disk with its line, or not on disk yet.
      const read = await serial(dealId, () => snapshotsOf(dealId)).catch((error: unknown) => {
        // One deal's folder refused (a planted link) or unreadable must not stop the pruning of the others.
        log.warn({ dealId, err: String(error) }, 'evidence: a deal skipped by the total limit');
        return undefined;
      });
      if (read) deals.push(read);
    }
    const target = Math.floor(settings.maxTotalBytes * (1 - headroom));
    const steps = planTotalPrune(deals, count.total - target, PRUNED_LINE_BYTES);
    const byDeal = new Map<number, string[]>();
    for (const { dealId, snapshot } of steps)
      byDeal.set(dealId, [...(byDeal.get(dealId) ?? []), snapshot.file]);
    for (const [dealId, files] of byDeal)
      await serial(dealId, async () => {
        // A file the deal's own limit removed since is gone already: removeSnapshot notes nothing for it.
        for (const file of files) await removeSnapshot(dealId, file, 'total_limit');
        await remeasure(dealId);
      });
    if (steps.length > 0)
      log.warn({ removed: steps.length }, 'evidence over its total limit: snapshots pruned');
    stuckAt = count.total > settings.maxTotalBytes ? count.total : undefined;
    if (stuckAt !== undefined)
      log.warn(
        { totalBytes: count.total, maxTotalBytes: settings.maxTotalBytes },
        'evidence over its total limit with no snapshot left to prune (check lines are kept): raise evidence.maxTotalBytes',
      );
  }
  /** What the total limit's plan needs of one deal; undefined when it has no snapshot file (nothing is read). */
  async function snapshotsOf(dealId: number): Promise<DealSnapshots | undefined> {
    const files = await snapshotsOnDisk(dealId);
    if (files.length === 0) return undefined;
    const [deal, entries] = await Promise.all([readDeal(dealId), readEntries(dealId)]);
    const atOf = new Map(entries.map((e) => [e.seq, e.check.at]));
    return {
      dealId,
      paid: deal?.paid !== undefined,
      watchEnded: deal?.watchEnded !== undefined,
      snapshots: files.map((f) => ({ ...f, at: atOf.get(f.seq) ?? '' })),
      firstFile: entries.find((e) => e.snapshot !== undefined)?.snapshot?.file,
    };
  }
  const enforceTotalInTurn = (): Promise<void> => totalLock.run('total', enforceTotal);

  // --- writing ---------------------------------------------------------------------------------------------
  async function packSnapshot(seq: number, html: string) {
    const raw = Buffer.from(html, 'utf8');
    const sha256 = createHash('sha256').update(raw).digest('hex');
    const gz = await gzip(raw);
    return { file: `${seq}-${sha256.slice(0, 16)}.html.gz`, sha256, bytes: raw.length, gz };
  }

  async function recordCheck(dealId: number, evidence: CheckEvidence): Promise<{ appended?: EvidenceEntry }> {
    await counted();
    const deal = await readDeal(dealId);
    if (!deal) throw new Error(`evidence: deal ${dealId} has no deal.json (saveDeal first)`);
    const latest: EvidenceLatest = {
      check: evidence.check,
      ...(evidence.pageSha256 !== undefined ? { pageSha256: evidence.pageSha256 } : {}),
    };
    await writeAtomic(fileOf(dealId, 'latest.json'), `${JSON.stringify(latest)}\n`);
    const { last, firstFile } = await checkLog.summary(join(await realDealDir(dealId), 'checks.jsonl'));
    if (!evidenceChanged(last?.check, evidence.check)) {
      await remeasure(dealId);
      return {};
    }
    const seq = (last?.seq ?? 0) + 1;
    const entry: EvidenceEntry = { seq, kind: last ? 'change' : 'first', check: evidence.check };
    if (evidence.pageSha256 !== undefined) entry.pageSha256 = evidence.pageSha256;
    const snapshot =
      evidence.articleHtml !== undefined ? await packSnapshot(seq, evidence.articleHtml) : undefined;
    // The line as it will be, with room for the snapshot's description.
    const lineBytes = Buffer.byteLength(JSON.stringify(entry)) + 200;
    const plan = planDealPrune({
      snapshots: await snapshotsOnDisk(dealId),
      firstFile,
      dealBytes: await folderBytes(await realDealDir(dealId)),
      lineBytes,
      newBytes: snapshot?.gz.length ?? 0,
      prunedLineBytes: PRUNED_LINE_BYTES,
      maxDealBytes: settings.maxDealBytes,
    });
    for (const old of plan.remove) await removeSnapshot(dealId, old.file, 'deal_limit');
    if (snapshot && plan.keepNew) {
      await writeAtomic(join(await snapshotsDir(dealId, true), snapshot.file), snapshot.gz);
      entry.snapshot = {
        file: snapshot.file,
        sha256: snapshot.sha256,
        bytes: snapshot.bytes,
        storedBytes: snapshot.gz.length,
      };
    } else if (snapshot) {
      entry.snapshotSkipped = 'deal_limit';
      log.warn({ dealId, seq }, 'evidence: no room for the snapshot within evidence.maxDealBytes');
    }
    await appendLine(fileOf(dealId, 'checks.jsonl'), JSON.stringify(entry));
    await remeasure(dealId);
    return { appended: entry };
  }

  const readDecisions = async (dealId: number) =>
    readJsonLines(join(await realDealDir(dealId), DECISIONS_FILE), EvidenceDecision);

  return {
    dir,
    recordDecision: (dealId, entry) =>
      serial(dealId, async () => {
        await realDealDir(dealId, true);
        if (!(await appendDecision(fileOf(dealId, DECISIONS_FILE), entry, now()))) return false;
        await remeasure(dealId);
        return true;
      }),
    readDecisions,
    saveDeal: (input) =>
      serial(input.dealId, async () => {
        await counted();
        const existing = await readDeal(input.dealId);
        // A save comes with a check, so the watch is on: a deal watched again after its end (paid after its
        // unpaid watch ran out, handed in again) loses its end note; endWatch writes the next one.
        const next = input;
        if (existing) {
          const { updatedAt: _at, ...before } = existing;
          if (JSON.stringify(EvidenceDeal.omit({ updatedAt: true }).parse(next)) === JSON.stringify(before))
            return;
        }
        await realDealDir(input.dealId, true);
        await writeAtomic(
          fileOf(input.dealId, 'deal.json'),
          `${JSON.stringify({ ...next, updatedAt: now() })}\n`,
        );
        await remeasure(input.dealId);
      }),
    recordCheck: async (dealId, evidence) => {
      const result = await serial(dealId, () => recordCheck(dealId, evidence));
      if (result.appended) await enforceTotalInTurn();
      return result;
    },
    endWatch: (dealId, reason) =>
      serial(dealId, async () => {
        await counted();
        const deal = await readDeal(dealId);
        if (!deal) {
          log.warn({ dealId }, 'evidence: no deal.json to note the end of the watch in');
          return;
        }
        if (deal.watchEnded) return;
        const next: EvidenceDeal = { ...deal, watchEnded: { at: now(), reason }, updatedAt: now() };
        await writeAtomic(fileOf(dealId, 'deal.json'), `${JSON.stringify(next)}\n`);
        await remeasure(dealId);
      }),
    async read(dealId) {
      // A held deal never published has its decisions only: evidence too (the bundle of a refusal).
      const [deal, decisions] = await Promise.all([readDeal(dealId), readDecisions(dealId)]);
      if (!deal && decisions.length === 0) return undefined;
      const [entries, latest, pruned, bytes] = await Promise.all([
        readEntries(dealId),
        readJson(fileOf(dealId, 'latest.json'), EvidenceLatest),
        readJsonLines(fileOf(dealId, 'pruned.jsonl'), EvidencePruned),
        folderBytes(await realDealDir(dealId)),
      ]);
      const evidence: DealEvidence = { dealId, entries, pruned, bytes };
      if (deal) evidence.deal = deal;
      if (latest) evidence.latest = latest;
      if (decisions.length > 0) evidence.decisions = decisions;
      return evidence;
    },
    async readSnapshot(dealId, file) {
      if (!SNAPSHOT_FILE.test(file)) throw new Error(`evidence: ${JSON.stringify(file)} is no snapshot name`);
      const bytes = await readBytes(join(await snapshotsDir(dealId), file));
      return gunzip(bytes, { maxOutputLength: SNAPSHOT_MAX_BYTES });
    },
    dealIds,
    async usage() {
      const count = await counted();
      return { totalBytes: count.total, deals: count.perDeal.size };
    },
  };
}
