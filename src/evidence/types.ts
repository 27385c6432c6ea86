/**
 * The evidence of a deal's live article, kept on disk outside Redis (issue 22, item 3). The contract between
 * the store (./store.ts), the watcher that writes it (src/watch/check-deal.ts), the bundle (./bundle.ts, the
 * CLI's `pressbridge evidence`, the deal page's download) and the status page's views.
 *
 * Layout, one folder per deal: `<evidence dir>/<dealId>/`
 * - `deal.json`     EvidenceDeal: what is needed to watch the deal again when Redis forgot it (atomic rewrite)
 * - `checks.jsonl`  EvidenceEntry per line, append-only: the first check after the hand-in and every change
 * - `latest.json`   EvidenceLatest: the newest check, whatever it found (atomic rewrite)
 * - `pruned.jsonl`  EvidencePruned per line, append-only: which snapshot files the size limits removed, when
 * - `decisions.jsonl` EvidenceDecision per line, append-only: the last look's hold and its decision (./look.ts);
 *   a held deal that was never published has this file only
 * - `snapshots/<seq>-<sha256 first 16>.html.gz`  the article part of the page as served, gzip
 */
import { z } from 'zod';
import { ArticleCheck } from '../deals/article-check.js';

/** The deal as the watcher knows it: enough to rebuild its record and its watch schedule after a Redis loss. */
export const EvidenceDeal = z.object({
  dealId: z.number().int().positive(),
  blogId: z.number().int(),
  title: z.string().optional(),
  /** The handed-in URL. */
  url: z.string(),
  /** ISO 8601. */
  receivedAt: z.string(),
  deadline: z.string(),
  handedInAt: z.string().optional(),
  /** The deal's page in the marketplace (`web_url`). */
  webUrl: z.string().optional(),
  /** `data.paid` as recorded at `deal.paid`. */
  paid: z.object({ reward: z.number().nullable(), price: z.number().nullable(), at: z.string() }).optional(),
  /** `data.watch` as the record holds it (links, label, reference, lastText). */
  watch: z.looseObject({ links: z.array(z.string()) }),
  /** Set when the watcher ended the watch (ISO 8601) and why: the claim window is over, … */
  watchEnded: z.object({ at: z.string(), reason: z.string() }).optional(),
  /** ISO 8601: when this file was last written. */
  updatedAt: z.string(),
});
export type EvidenceDeal = z.infer<typeof EvidenceDeal>;

export const EvidenceSnapshot = z.object({
  /** File name under `snapshots/`. */
  file: z.string(),
  /** SHA-256 (hex) of the article part, uncompressed, exactly as served. */
  sha256: z.string(),
  /** Its size uncompressed, and on disk. */
  bytes: z.number().int(),
  storedBytes: z.number().int(),
});
export type EvidenceSnapshot = z.infer<typeof EvidenceSnapshot>;

/** One line of `checks.jsonl`. */
export const EvidenceEntry = z.object({
  /** 1, 2, 3 … in the order written. */
  seq: z.number().int().positive(),
  /** `first`: the first check recorded for the deal; `change`: a check that differs from the entry before. */
  kind: z.enum(['first', 'change']),
  check: ArticleCheck,
  /** SHA-256 (hex) of the page's body as fetched (absent: a 304, or no body came). */
  pageSha256: z.string().optional(),
  /** The article part kept with this check (absent: no body, or the deal's size limit left no room). */
  snapshot: EvidenceSnapshot.optional(),
  /** Why no snapshot was kept though the page was read: `deal_limit`. */
  snapshotSkipped: z.string().optional(),
});
export type EvidenceEntry = z.infer<typeof EvidenceEntry>;

export const EvidenceLatest = z.object({
  check: ArticleCheck,
  pageSha256: z.string().optional(),
});
export type EvidenceLatest = z.infer<typeof EvidenceLatest>;

export const EvidencePruned = z.object({
  at: z.string(),
  file: z.string(),
  /** `deal_limit` (evidence.maxDealBytes) or `total_limit` (evidence.maxTotalBytes). */
  reason: z.enum(['deal_limit', 'total_limit']),
});
export type EvidencePruned = z.infer<typeof EvidencePruned>;

/**
 * One line of `decisions.jsonl` (docs/decisions/0025-the-last-look.md): the deal was held with `reasons`, or the
 * hold `nonce` was decided: approved / refused by `link` (the notification's signed link), `page` (the deal page,
 * behind the password) or `rule` (`rules.onNoAnswer` at the expiry), or lapsed (`no_answer`: onNoAnswer hold).
 * Each (event, nonce) is written once.
 */
export const EvidenceDecision = z.object({
  event: z.enum(['held', 'approved', 'refused', 'no_answer', 'message_sent']),
  /** ISO 8601: when it happened (the hold, the decision's claim, the lapse). */
  at: z.string(),
  nonce: z.string(),
  by: z.enum(['link', 'page', 'rule']).optional(),
  /** The hold: the verdict (`ask` / `refuse`), its reasons as catalog phrases, the draft, the expiry. */
  outcome: z.enum(['ask', 'refuse']).optional(),
  reasons: z.array(z.object({ rule: z.string(), said: z.unknown() })).optional(),
  draftRef: z.string().optional(),
  expiresAt: z.string().optional(),
  /** `message_sent`: the refusal as the advertiser got it (`POST /v1/deals/{id}/messages`). */
  text: z.string().optional(),
  /** ISO 8601: when this line was written. */
  recordedAt: z.string(),
});
export type EvidenceDecision = z.infer<typeof EvidenceDecision>;

/** All of one deal's evidence, read. */
export interface DealEvidence {
  dealId: number;
  /** `deal.json`: absent for a held deal that was never published (its evidence is `decisions` alone). */
  deal?: EvidenceDeal;
  /** Oldest first. */
  entries: EvidenceEntry[];
  latest?: EvidenceLatest;
  pruned: EvidencePruned[];
  /** The last look's hold and decision, oldest first (absent: never held). */
  decisions?: EvidenceDecision[];
  /** Bytes the deal's folder takes on disk. */
  bytes: number;
}

/** What one check brings to the store. */
export interface CheckEvidence {
  check: ArticleCheck;
  /** SHA-256 (hex) of the page's body as fetched. */
  pageSha256?: string;
  /** The article part of the page exactly as served (the content element's source), when the page was read. */
  articleHtml?: string;
}

export interface EvidenceStore {
  readonly dir: string;
  /**
   * Writes `deal.json` (only when it changed). It comes with a check, so the watch is on: an earlier end note
   * (`watchEnded`) goes (a deal paid after its unpaid watch ran out is watched again).
   */
  saveDeal(deal: Omit<EvidenceDeal, 'updatedAt'>): Promise<void>;
  /**
   * Records a check: always `latest.json`; a line in `checks.jsonl` when it is the deal's first or differs from
   * the last line (./changed.ts: status, final URL, findings, links, label, indexability, text fingerprint; a
   * refused or unreadable check proves nothing and is never a line), with a snapshot of `articleHtml` when one
   * is given and the deal's limit leaves room. Then the limits are enforced. Needs `deal.json` written first.
   */
  recordCheck(dealId: number, evidence: CheckEvidence): Promise<{ appended?: EvidenceEntry }>;
  /** Notes that the watch is over (kept in `deal.json`; such deals' snapshots are pruned first). */
  endWatch(dealId: number, reason: string): Promise<void>;
  /**
   * Appends a line to `decisions.jsonl` unless one with the same event and nonce is there; true when written.
   * Needs no `deal.json` (a held deal may never be published).
   */
  recordDecision(dealId: number, entry: Omit<EvidenceDecision, 'recordedAt'>): Promise<boolean>;
  /** The deal's `decisions.jsonl`, oldest first (empty when none). */
  readDecisions(dealId: number): Promise<EvidenceDecision[]>;
  /**
   * The deal's evidence, or undefined when there is none: neither `deal.json` nor a line of `decisions.jsonl`
   * (a held deal never published has the decisions only, and no `deal`).
   */
  read(dealId: number): Promise<DealEvidence | undefined>;
  /** A snapshot, uncompressed (throws when it was pruned or does not exist). */
  readSnapshot(dealId: number, file: string): Promise<Buffer>;
  /** Every deal that has evidence (ascending ids). */
  dealIds(): Promise<number[]>;
  /** Bytes on disk in all, and per deal. */
  usage(): Promise<{ totalBytes: number; deals: number }>;
}

/** What the bundle is made of besides the evidence itself (./bundle.ts). */
export interface BundleSources {
  /** The deal's record in Redis, when there is one (its state, the hand-in as recorded). */
  record?: import('../deals/record.js').DealRecord;
  /** The deal's recorded webhook events (the store's `readEvents`): the `claim.created` ones are the claims. */
  events?: readonly import('../deals/record.js').EventRecord[];
}

/**
 * One bundle to attach to the answer to a claim: a zip with `report.html` (the blogger's language), `evidence.json`
 * (everything, machine-readable, with every hash) and `snapshots/` (each kept article part, uncompressed, as
 * served; `snapshots` says how many the zip holds). Undefined when the deal has no evidence.
 */
export type EvidenceBundler = (
  dealId: number,
  sources: BundleSources,
) => Promise<{ fileName: string; zip: Buffer; snapshots: number } | undefined>;
