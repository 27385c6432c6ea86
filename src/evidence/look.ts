/**
 * The last look in the evidence (docs/decisions/0025-the-last-look.md): every hold and its decision as lines of
 * the deal's `decisions.jsonl`, written by a deal-event subscriber (src/deals/events.ts) from what the record
 * says, so whoever decided (the signed link, the deal page, the rule at the expiry; this process or another) the
 * line follows the record's next change, and a line already written is not written again:
 *
 * | the record | the line |
 * |---|---|
 * | `held` | `held`: the verdict, its reasons (catalog phrases), the draft, the expiry |
 * | `lookDecision` naming the hold | `approved` / `refused`, by `link`, `page` or `rule` (onNoAnswer), at |
 * | `lookLapsed` (onNoAnswer: hold) | `no_answer`, by `rule`, at |
 * | `lookMessage` (a refusal sent) | `message_sent`: the text the advertiser got, at |
 */
import { readDealData } from '../deals/data.js';
import type { DealChangedListener } from '../deals/record.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { appendLine, readJsonLines } from './files.js';
import { EvidenceDecision, type EvidenceStore } from './types.js';

export const DECISIONS_FILE = 'decisions.jsonl';

type NewDecision = Omit<EvidenceDecision, 'recordedAt'>;

/** Appends `entry` unless the file has its (event, nonce) already; true when written. Call in the deal's turn. */
export async function appendDecision(file: string, entry: NewDecision, now: string): Promise<boolean> {
  const lines = await readJsonLines(file, EvidenceDecision);
  if (lines.some((line) => line.event === entry.event && line.nonce === entry.nonce)) return false;
  await appendLine(file, JSON.stringify(EvidenceDecision.parse({ ...entry, recordedAt: now })));
  return true;
}

/** The lines the record calls for (see the table above), oldest first. */
export function decisionsOf(data: Record<string, unknown>): NewDecision[] {
  const { held, lookDecision, lookLapsed, lookMessage } = readDealData(data);
  if (!held) return [];
  const out: NewDecision[] = [
    {
      event: 'held',
      at: held.at,
      nonce: held.nonce,
      outcome: held.outcome,
      reasons: held.reasons.map((r) => ({ rule: r.rule, said: r.said })),
      draftRef: held.draftRef,
      expiresAt: held.expiresAt,
    },
  ];
  if (lookDecision && lookDecision.nonce === held.nonce) {
    out.push({
      event: lookDecision.decision === 'approve' ? 'approved' : 'refused',
      at: lookDecision.at,
      nonce: held.nonce,
      by: lookDecision.by === 'no_answer' ? 'rule' : lookDecision.by,
    });
  } else if (lookLapsed) {
    out.push({ event: 'no_answer', at: lookLapsed.at, nonce: held.nonce, by: 'rule' });
  }
  if (lookMessage?.text !== undefined) {
    out.push({ event: 'message_sent', at: lookMessage.at, nonce: held.nonce, text: lookMessage.text });
  }
  return out;
}

/** The subscriber: a held deal's changes written to its evidence. Never throws (a failure is logged). */
export function lookEvidence(
  evidence: Pick<EvidenceStore, 'recordDecision'>,
  log: Logger,
): DealChangedListener {
  return async ({ dealId, record }) => {
    if (record.data.held === undefined) return;
    try {
      for (const entry of decisionsOf(record.data)) await evidence.recordDecision(dealId, entry);
    } catch (error) {
      log.warn({ dealId, err: errorMessage(error) }, 'evidence: the last look not recorded');
    }
  };
}
