/**
 * What a check of the live article found (`CheckResult`), as stored on the deal (`data.articleCheck`), and its
 * reading. It is the one record of a check: the evidence store (src/evidence/) keeps it as is. The shape lives in
 * the deal domain because the record stores it (./data.ts); the watcher (src/watch/), which writes it, and the
 * status page and the evidence, which read it, import it from here.
 * The fields added by issue 22 are optional, so a check stored before still reads.
 */
import { z } from 'zod';
import { storedSaid } from '../errors.js';

/**
 * The kinds of finding (src/watch/findings.ts says when each is found). `gone`, `link_lost`, `link_changed`,
 * `label_gone`, `noindex`, `canonical_moved` last while the page stays so; `text_edited` is a one-off (the
 * text's fingerprint differs from the last one read).
 */
export const FINDING_KINDS = [
  'gone',
  'link_lost',
  'link_changed',
  'label_gone',
  'noindex',
  'canonical_moved',
  'text_edited',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/**
 * What a detail says for the blogger, beside its English: a phrase of the catalog (`net.*`, `watch.fetch.*`,
 * `watch.detail.*`). Read leniently by the one reader of stored phrases (src/errors.ts `storedSaid`): one that does
 * not read as a phrase is dropped, and the English is shown.
 */
const DetailSaid = z
  .unknown()
  .transform((value) => storedSaid(value))
  .optional();

export const Finding = z.object({
  kind: z.enum(FINDING_KINDS),
  /** The facts, language-neutral: an href, `rel "nofollow" → ""`, `HTTP 404`, the canonical URL. */
  detail: z.string(),
  /** A `gone` finding's network reason for the blogger (`detail` is its English). */
  detailSaid: DetailSaid,
  /** The advertiser's href the finding is about (link findings). */
  href: z.string().optional(),
});
export type Finding = z.infer<typeof Finding>;

/** One advertiser link as the check saw it: the href as delivered, and the first `<a>` with it on the page. */
export const CheckedLink = z.object({
  href: z.string(),
  present: z.boolean(),
  /** Its `rel` ('' when none), when present. */
  rel: z.string().optional(),
  /** Its text, whitespace-normalised, when present. */
  text: z.string().optional(),
});
export type CheckedLink = z.infer<typeof CheckedLink>;

export const ArticleCheck = z.object({
  /** ISO 8601. */
  at: z.string(),
  ok: z.boolean(),
  /** HTTP status of the last answer; 0 when none came. */
  status: z.number(),
  /** The URL that answered last (after the redirects followed). */
  finalUrl: z.string().optional(),
  /** Advertiser hrefs the page lacks (empty when it answered no 200). */
  missing: z.array(z.string()),
  /** How many advertiser links were looked for. */
  links: z.number(),
  /**
   * What the notification and the status page call it: `gone`, `links` (a link lost or changed), `page` (label
   * gone, noindex, canonical moved). A text edit alone is recorded but is no problem (the blogger may edit).
   */
  problem: z.enum(['gone', 'links', 'page']).optional(),
  /** Each advertiser link as seen (absent on a 304 or when the page was not read). */
  advertiserLinks: z.array(CheckedLink).optional(),
  /** The disclosure label as published, and whether it is still on the page (absent: none was published). */
  label: z.object({ text: z.string(), present: z.boolean() }).optional(),
  /** Indexability: `noindex` in a robots meta tag or the `X-Robots-Tag` header, and the canonical link. */
  indexable: z
    .object({
      noindexMeta: z.boolean(),
      noindexHeader: z.boolean(),
      canonical: z.string().optional(),
      canonicalMoved: z.boolean(),
    })
    .optional(),
  /** SHA-256 (hex) of the article's text, whitespace-normalised (src/render/page-facts.ts). */
  textSha256: z.string().optional(),
  /** The validators of the answer, sent back on the next check (`If-None-Match`, `If-Modified-Since`). */
  validators: z.object({ etag: z.string().optional(), lastModified: z.string().optional() }).optional(),
  /** The site answered 304: unchanged since the previous check, whose facts this one carries over. */
  notModified: z.boolean().optional(),
  /** What differs from what was delivered or from the previous check (src/watch/findings.ts). */
  findings: z.array(Finding).optional(),
  /**
   * The site refused to show the page to the check (401, 403, 407, 429: bot protection, a login wall, a rate
   * limit): nothing is known, so nothing is raised or resolved.
   */
  refused: z.boolean().optional(),
  /**
   * The page answered but could not be read within the watcher's limits (its parse ran past the render time
   * budget, or links were missing from the `watch.maxBytes` read of a longer page): nothing is known, so
   * nothing is raised or resolved.
   */
  unreadable: z.boolean().optional(),
  /** The facts, language-neutral: `HTTP 404`, a network error, the missing hrefs, the findings. */
  detail: z.string(),
  /** What in `detail` is our words (a network reason, a refused redirect, a limit), for the blogger. */
  detailSaid: DetailSaid,
});
export type ArticleCheck = z.infer<typeof ArticleCheck>;
/** The record of one check, for the deal and for a later evidence store (the same type). */
export type CheckResult = ArticleCheck;

/** The deal's last check, or undefined when there is none (or it does not read as one). */
export function readArticleCheck(data: Record<string, unknown>): ArticleCheck | undefined {
  const parsed = ArticleCheck.safeParse(data.articleCheck);
  return parsed.success ? parsed.data : undefined;
}
