/**
 * The deal record's `data`, typed: one sub-schema per owner, so every key has one owner (the part of the program
 * that decides its value) and one type. Read leniently, as the owners' readers always did: a key that does not
 * match its schema reads as absent, never as an error, and keys of older versions pass untouched.
 *
 * | owner | keys | written by |
 * |---|---|---|
 * | pipeline progress | handedInAt, handIn, draft, skipReason, publishedAt, publishReused, verifiedAt, deal, article, photos, photosDropped, publisher | the pipeline's steps (an operator's "hand in again" clears handedInAt) |
 * | marketplace answer | marketplaceCheck, webUrl (older records: web_url), services | the verdict (./verdict.ts), reconciliation's list, the hand-in's services |
 * | lateness / closure | late, closed | the verdict (./verdict.ts) |
 * | money | reward, price, paid | the producer at `deal.accepted`, `deal.paid` (src/money/paid.ts) |
 * | acceptance | acceptance (the demand id and the raw `publish_deadline` of the first acceptance: ./recycled-id.ts) | the producer when it creates the record |
 * | watch | watch (the links and the disclosure label to look for, stored at the render step; the links' reference rel and text and the last text fingerprint, by the watcher), articleCheck | the article watcher |
 * | last look | held, lookDecision (claimed once: ./look.ts), lookMessage | the look step (held, the message sent), the blogger's approve/refuse or the expiry (lookDecision) |
 * | operator | none of its own: the operator's actions write states and clear the pipeline's keys | |
 */
import { z } from 'zod';
import type { Phrase } from '../errors.js';
import { ArticleCheck } from './article-check.js';

/** The stored copy of a refusal message is cut here (it is our text, a few reasons long). */
export const MAX_LOOK_MESSAGE_CHARS = 8_000;

const lenient = <T extends z.ZodTypeAny>(schema: T) => schema.optional().catch(undefined);

export const HandInProgress = z.object({
  articleUrl: z.string(),
  dealState: z.string(),
  via: z.enum(['answer', 'deal_detail']),
  tries: z.number(),
  late: z.boolean(),
});

export const DraftProgress = z.looseObject({
  ref: z.string(),
  reused: lenient(z.boolean()),
  withKeywordUrls: lenient(z.boolean()),
  editUrl: lenient(z.string()),
});

/** The pipeline's progress: how far the deal got (src/pipeline/resume-point.ts reads where a retry starts). */
export const PipelineData = z.object({
  /** Set once the marketplace took the URL: the deal is done. */
  handedInAt: lenient(z.string()),
  handIn: lenient(HandInProgress),
  /** A draft holding the brief exists (published_by bloger, `bloggerPublished: draft`): the deal is done. */
  draft: lenient(DraftProgress),
  skipReason: lenient(z.string()),
  /** Set with the record's `url` once the article is published: a retry only verifies and hands in. */
  publishedAt: lenient(z.string()),
  publishReused: lenient(z.boolean()),
  verifiedAt: lenient(z.string()),
  /** The text's own flags (the marketplace's latest word). */
  deal: lenient(
    z.object({
      publishedBy: z.string(),
      instantPublish: z.boolean(),
      categoryId: z.number().nullable().optional(),
    }),
  ),
  article: lenient(z.object({ slug: z.string(), titleSource: z.string(), blocks: z.number() })),
  photos: lenient(
    z.array(z.object({ n: z.number(), filename: z.string(), width: z.number(), height: z.number() })),
  ),
  photosDropped: lenient(
    z.array(z.object({ n: z.number(), code: z.string(), message: z.string() })).nullable(),
  ),
  /** The publisher plugin's progress: opaque to the pipeline (src/publisher/types.ts). */
  publisher: lenient(z.record(z.string(), z.unknown())),
});

/** The marketplace's stored answer about the deal (./verdict.ts), its page and its bought services. */
export const MarketplaceCheck = z.object({
  /** ISO 8601: when the marketplace answered. */
  at: z.string(),
  state: z.string(),
  articleUrl: z.string().nullable().catch(null),
  reason: z.string().nullable().catch(null),
  /** `list`: taken from `GET /v1/deals` by reconciliation (no request of its own); else `GET /v1/deals/{id}`. */
  via: z.enum(['list', 'detail']).optional().catch(undefined),
});
export type MarketplaceCheck = z.infer<typeof MarketplaceCheck>;

export const BoughtService = z.object({
  id: z.number(),
  name: z.string().nullable().catch(null),
  /** The service takes URLs of its own (`extra_urls`); null when the marketplace did not say. */
  needsUrls: z.boolean().nullable().catch(null),
});
export type BoughtService = z.infer<typeof BoughtService>;

export const MarketplaceAnswerData = z.object({
  marketplaceCheck: lenient(MarketplaceCheck),
  webUrl: lenient(z.string()),
  /** Older versions' name of `webUrl`, read when `webUrl` is absent (`dealPage`). */
  web_url: lenient(z.string()),
  services: lenient(z.array(BoughtService)),
});

/** The verdict's word on time and closure: a late window the marketplace granted, or why it ended `closed`. */
export const LatenessData = z.object({
  /** Handed in (or being handed in) after our deadline, because the marketplace said it still waits. */
  late: lenient(z.object({ since: z.string() })),
  closed: lenient(z.object({ state: z.string(), reason: z.string().nullable() })),
});

/** Money (src/money/): the amounts known at `deal.accepted`, and the payment. */
export const MoneyData = z.object({
  reward: lenient(z.number()),
  price: lenient(z.number()),
  paid: lenient(z.object({ reward: z.number().nullable(), price: z.number().nullable(), at: z.string() })),
});

/** The first acceptance, as the producer saw it (./recycled-id.ts tells a reused deal id by it). */
export const AcceptanceData = z.object({
  acceptance: lenient(z.object({ demandId: lenient(z.number()), publishDeadline: lenient(z.string()) })),
});

/** The article watcher (src/watch/): what to look for on the live page, and what the last check found. */
export const WatchData = z.object({
  watch: lenient(z.looseObject({ links: z.array(z.string()) })),
  articleCheck: lenient(ArticleCheck),
});

/** A catalog phrase as stored (src/errors.ts `Phrase`); its params are said as data by the translator. */
const PhraseData = z.custom<Phrase>(
  (value) =>
    typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string',
);

/** The last look (./look.ts, docs/decisions/0025-the-last-look.md): why a deal is held, and what was decided. */
export const HeldData = z.object({
  /** ISO 8601: when the deal was held. */
  at: z.string(),
  outcome: z.enum(['ask', 'refuse']),
  /** The verdict's reasons, as catalog phrases (src/rules/verdict.ts). */
  reasons: z.array(z.object({ rule: z.string(), outcome: z.enum(['ask', 'refuse']), said: PhraseData })),
  /** ISO 8601: when the links expire and `rules.onNoAnswer` applies. */
  expiresAt: z.string(),
  /** Random per hold: a link signed for an earlier hold of the same deal id does not decide this one. */
  nonce: z.string(),
  /** Where the draft is kept (the publisher's `holdDraft`, else its `createDraft`). */
  draftRef: z.string(),
  editUrl: z.string().optional(),
  /** `rules.onNoAnswer` as it was at the hold (for the notification; the job reads the rules at the expiry). */
  onNoAnswer: z.enum(['hold', 'publish', 'refuse']).optional(),
});
export type HeldData = z.infer<typeof HeldData>;

export const LookDecision = z.object({
  decision: z.enum(['approve', 'refuse']),
  /** `link`: a signed link; `page`: the deal page's buttons; `no_answer`: `rules.onNoAnswer` at the expiry. */
  by: z.enum(['link', 'page', 'no_answer']),
  at: z.string(),
  nonce: z.string(),
});
export type LookDecision = z.infer<typeof LookDecision>;

export const LookData = z.object({
  held: lenient(HeldData),
  lookDecision: lenient(LookDecision),
  /** ISO 8601: the refusal's message reached the advertiser (sent once). */
  /** The refusal sent to the advertiser: when, and its text (the evidence keeps it). */
  lookMessage: lenient(z.object({ at: z.string(), text: lenient(z.string().max(MAX_LOOK_MESSAGE_CHARS)) })),
  /** ISO 8601 and the publisher's answer: the refused deal's held draft was put away (`discardDraft`), once. */
  lookDraft: lenient(z.object({ at: z.string(), outcome: z.enum(['trashed', 'deleted', 'gone', 'kept']) })),
  /** ISO 8601: `onNoAnswer: hold` took effect; the deal waits for nothing more. */
  lookLapsed: lenient(z.object({ at: z.string() })),
});

/** The operator's own keys: none today (its actions write states and clear the pipeline's keys). */
export const OperatorData = z.object({});

export const DealData = z.looseObject({
  ...PipelineData.shape,
  ...MarketplaceAnswerData.shape,
  ...LatenessData.shape,
  ...MoneyData.shape,
  ...AcceptanceData.shape,
  ...WatchData.shape,
  ...LookData.shape,
  ...OperatorData.shape,
});
export type DealData = z.infer<typeof DealData>;

/** A write to `data`: each key replaces the stored one, `null` removes it; keys of older versions pass. */
export type DealDataPatch = { [K in keyof DealData]?: NonNullable<DealData[K]> | null } & Record<
  string,
  unknown
>;

/** The typed view of a record's `data`: keys that do not match their schema read as absent. */
export function readDealData(data: Readonly<Record<string, unknown>> | undefined): DealData {
  return DealData.parse(data ?? {});
}

/** The deal's page in the marketplace's web app (`webUrl`, else an older record's `web_url`). */
export function dealPage(data: Readonly<Record<string, unknown>>): string | undefined {
  const { webUrl, web_url } = readDealData(data);
  return webUrl ?? web_url;
}

/** Enough of the late marks to tell them: a hand-in's `late` flag, and any stored late window. */
const LateMarks = z.object({
  handIn: lenient(z.object({ late: lenient(z.boolean()) })),
  late: z.unknown().optional(),
});

/**
 * Handed in (or being worked on) after our reading of the deadline, because the marketplace still waited: the
 * hand-in says so, or the verdict stored a late window.
 */
export function handedInLate(data: Readonly<Record<string, unknown>>): boolean {
  const { handIn, late } = LateMarks.parse(data);
  return handIn?.late === true || (late !== undefined && late !== null);
}
