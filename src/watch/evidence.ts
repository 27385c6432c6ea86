/**
 * The watcher's side of the evidence on disk (src/evidence/, issue 22 item 3): what it writes after each check,
 * and how a deal's record and watch come back from it when Redis forgot them.
 *
 * - After each check: `deal.json` (the deal as the record holds it, rewritten only when it changed), then the
 *   check with the page's SHA-256 and the article part as served; the store decides whether it is a line of the
 *   append-only record (the first check, every change) and keeps the latest in any case.
 * - A failed write (a full disk) is logged as an error and never fails the check: the record, the
 *   notification and the next check go on, and the evidence store compares the next check with its own last
 *   line, so the change is still recorded then.
 * - Restore: a deal with evidence whose watch is not over, but with no record in Redis (Redis lost its data),
 *   gets its record back as `handed_in` with what the evidence holds (URL, hand-in time, payout, the links and
 *   label looked for, the last check); the caller then schedules it.
 */
import { readDealData } from '../deals/data.js';
import type { DealRecord, DealStore } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { CheckEvidence, EvidenceDeal, EvidenceStore } from '../evidence/types.js';
import type { Logger } from '../logger.js';

/** The deal as the evidence keeps it (`deal.json`), from its record. */
export function evidenceDealOf(record: DealRecord): Omit<EvidenceDeal, 'updatedAt'> | undefined {
  if (!record.url) return undefined;
  const data = readDealData(record.data);
  return {
    dealId: record.dealId,
    blogId: record.blogId,
    ...(record.title === undefined ? {} : { title: record.title }),
    url: record.url,
    receivedAt: record.receivedAt,
    deadline: record.deadline,
    ...(data.handedInAt === undefined ? {} : { handedInAt: data.handedInAt }),
    ...(data.webUrl === undefined ? {} : { webUrl: data.webUrl }),
    ...(data.paid === undefined ? {} : { paid: data.paid }),
    watch: data.watch ?? { links: [] },
  };
}

/** Writes the deal and the check; logs and swallows a failure (see the module comment). */
export async function keepEvidence(
  evidence: EvidenceStore,
  record: DealRecord,
  inspection: CheckEvidence,
  log: Logger,
): Promise<void> {
  const deal = evidenceDealOf(record);
  if (!deal) return;
  try {
    await evidence.saveDeal(deal);
    await evidence.recordCheck(record.dealId, inspection);
  } catch (error) {
    log.error(
      { dealId: record.dealId, err: errorMessage(error), dir: evidence.dir },
      'article evidence not written (is the disk full?); the check itself is recorded',
    );
  }
}

/** Notes the end of the watch in the evidence; a failure is logged only. */
export async function endEvidence(
  evidence: EvidenceStore,
  dealId: number,
  reason: string,
  log: Logger,
): Promise<void> {
  try {
    await evidence.endWatch(dealId, reason);
  } catch (error) {
    log.warn({ dealId, err: errorMessage(error) }, 'article evidence: the end of the watch not noted');
  }
}

/**
 * The record of a deal Redis lost, made again from its evidence: `handed_in`, with the URL, the hand-in and
 * payout, the links and label looked for and the last check. Undefined when the evidence is not whole enough or
 * a record exists (nothing is overwritten).
 */
export async function restoreRecord(
  store: Pick<DealStore, 'createIfAbsent' | 'update' | 'appendLog' | 'get'>,
  evidence: EvidenceStore,
  dealId: number,
): Promise<DealRecord | undefined> {
  const read = await evidence.read(dealId);
  // A deal with decisions only (held, never published) was never handed in: nothing to restore.
  if (!read?.deal) return undefined;
  const { deal, latest } = read;
  const created = await store.createIfAbsent({
    dealId,
    blogId: deal.blogId,
    receivedAt: deal.receivedAt,
    deadline: deal.deadline,
    state: 'handed_in',
    ...(deal.title === undefined ? {} : { title: deal.title }),
    data: {
      ...(deal.handedInAt === undefined ? {} : { handedInAt: deal.handedInAt }),
      ...(deal.webUrl === undefined ? {} : { webUrl: deal.webUrl }),
      ...(deal.paid === undefined ? {} : { paid: deal.paid }),
      watch: deal.watch,
      ...(latest ? { articleCheck: latest.check } : {}),
    },
  });
  if (!created.created) return undefined;
  await store.update(dealId, { url: deal.url });
  await store.appendLog(dealId, {
    level: 'warn',
    msg: 'deal record restored from the article evidence on disk (Redis had lost it); the article watch goes on',
    blogId: deal.blogId,
    fields: { dir: evidence.dir, checks: read.entries.length },
  });
  return await store.get(dealId);
}
