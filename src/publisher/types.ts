/**
 * The contract between the publishing pipeline (src/pipeline/) and the publisher plugins (plugins/<name>/).
 *
 * The pipeline owns everything that is the same for every target: deciding, fetching, normalising photos,
 * parsing the article, verifying the public URL and handing it in. A plugin owns only what differs per target:
 * turning the parsed article into the target's format, storing media and the post, and finding what an
 * earlier (crashed) attempt already stored so that a retry never makes a second post or a second set of media.
 */
import type { z } from 'zod';
import type { Check } from '../checks.js';
import type { Clock } from '../clock.js';
import type { Said } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Article, Block } from '../render/types.js';

export type { Said } from '../errors.js';
export type { PublisherPhrase } from './phrase.js';
export type { Clock, Logger };

/** A photo after normalisation (upright, metadata stripped, resized, re-encoded), ready to upload. */
export interface PublishImage {
  /** 0 = the cover (featured image), 1..5 = the photo for marker `[fotoN]`. */
  n: number;
  bytes: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  /** ASCII file name derived from the slug, e.g. `prilis-zlutoucky-kun-1.jpg`. */
  filename: string;
  alt: string;
  width: number;
  height: number;
}

/** What a plugin may remember in the deal record while it works (merged into the record's `data`). */
export type PublisherProgress = Record<string, unknown>;

/** The deal as far as a plugin needs it. */
export interface PublishDeal {
  dealId: number;
  blogId: number;
  /** The blogger's own category number as the marketplace delivered it (`category_id`), or null. */
  categoryId: number | null;
  deadline: Date;
  /**
   * When the blogger accepted the deal (the marketplace's agent deadline is 60 minutes after it): the article's
   * date, and how far back a plugin looks for an earlier attempt's work.
   */
  acceptedAt: Date;
  /**
   * The demand's keywords (the `deal.accepted` event's `demand.keywords`, comma-separated there), trimmed, in
   * their order, without empty or repeated ones; empty or absent when the deal has none. Plugins may turn them
   * into tags (the WordPress option `tags: keywords`).
   */
  keywords?: readonly string[];
}

export interface PublishInput {
  deal: PublishDeal;
  /**
   * Parsed and sanitised; `article.title` is defined (the pipeline supplies a fallback). The blog's policy for
   * paid articles is applied already (src/render/policy.ts): its links carry the configured `rel` tokens, and
   * the disclosure label is a `disclosure` block at the top or bottom of `article.blocks` (none when the blog
   * turned it off). A plugin renders it like any block (plugins/wordpress/blocks.ts, src/render/plain.ts) and must not drop it.
   */
  article: Article & { title: string };
  slug: string;
  /** Every normalised photo, the cover included (its `n` is 0). */
  images: readonly PublishImage[];
  /**
   * What this plugin reported through `progress` on an earlier attempt of the same deal (from the deal
   * record), e.g. media ids already uploaded or the post id. Empty on the first attempt. A plugin must not
   * trust it blindly (the target may have changed) nor depend on it (the record may be lost): it is a hint
   * that saves requests, and the plugin's own lookup in the target is the source of truth.
   */
  previous: PublisherProgress;
  /** Persist a step's result at once (e.g. each media id as soon as it exists). */
  progress(patch: PublisherProgress): Promise<void>;
  /** Writes to the daemon's log and to the deal's own log on the status page. */
  log: PublishLog;
  signal: AbortSignal;
}

/** A brief for a deal the blogger writes by hand (`published_by: "bloger"` with `bloggerPublished: draft`). */
export interface DraftInput {
  deal: PublishDeal;
  title: string;
  /** Sanitised HTML describing the brief: name, keywords with their URLs, target URL, description. */
  briefHtml: string;
  /** The same brief rendered (parsed into blocks by the pipeline): plugins never parse `briefHtml` themselves. */
  brief: readonly Block[];
  slug: string;
  previous: PublisherProgress;
  progress(patch: PublisherProgress): Promise<void>;
  log: PublishLog;
  signal: AbortSignal;
}

export interface PublishResult {
  /** The public URL of the article (to verify and hand in). */
  url: string;
  /** A short reference for the status page and logs, e.g. `wp:123` or a commit SHA. */
  ref: string;
  /**
   * True when the post was already live (found by the plugin's lookup: an earlier attempt's) rather than created
   * or made live now (a draft of the deal's, e.g. the last look's hold, raised by this call is not reused).
   */
  reused: boolean;
}

export interface DraftResult {
  ref: string;
  /** Where the blogger edits the draft (e.g. wp-admin), when there is such a place. */
  editUrl?: string;
  reused: boolean;
}

/**
 * The held draft of the last look (docs/decisions/0025-the-last-look.md) when the blogger refused the deal: where
 * `holdDraft` or `createDraft` kept it (`ref`, the `DraftResult`'s).
 */
export interface DiscardDraftInput {
  deal: PublishDeal;
  ref: string;
  /** The slug the draft was kept under (the blogger's editor may have dropped a marker; the slug still finds it). */
  slug: string;
  previous: PublisherProgress;
  progress(patch: PublisherProgress): Promise<void>;
  log: PublishLog;
  signal: AbortSignal;
}

/**
 * What became of a refused deal's held draft: `trashed` (recoverable by the blogger, e.g. WordPress's trash),
 * `deleted` (a file the public never had), `gone` (nothing of the deal's left to put away, e.g. a retry), or
 * `kept` (the target has no safe way; `detail` says where it stays, for the deal log).
 */
export interface DiscardDraftResult {
  outcome: 'trashed' | 'deleted' | 'gone' | 'kept';
  detail?: string;
}

export interface ReachabilityResult {
  ok: boolean;
  /**
   * One line for the status page ("WordPress at https://…: signed in as …", "connection refused"), as a phrase
   * of ./phrase.ts: the page says it in the blogger's language.
   */
  detail: Said;
}

/**
 * One line of `pressbridge doctor`: a check (src/checks.ts: `status`, `detail`, the `fix` for a warn or fail)
 * with its `name`, what was checked (e.g. "WordPress credentials for https://blog.example.cz"); each part a phrase
 * (./phrase.ts) that doctor says in the blogger's language.
 */
export type DiagnosticCheck = Check<Said> & { name: Said };

export interface PublishLog {
  debug(fields: Record<string, unknown>, msg: string): void;
  info(fields: Record<string, unknown>, msg: string): void;
  warn(fields: Record<string, unknown>, msg: string): void;
  error(fields: Record<string, unknown>, msg: string): void;
}

/**
 * One configured target. Errors: throw `PublishError` (src/errors.ts) with `retryable` set: true for network
 * faults, timeouts and 5xx; false for what a retry cannot fix (rejected credentials, no API at the URL),
 * with a message that tells the blogger what to fix and names the site.
 */
export interface Publisher {
  readonly kind: string;
  /** Human name of the target for logs and the status page (e.g. the site URL). */
  readonly target: string;
  /**
   * Makes the deal's article live, exactly once. When the last look held the deal first, there is ONE post
   * afterwards: a plugin with `holdDraft` finds that draft (it carries the deal's own marker) and makes it the
   * live post, or, where a draft cannot become the live post (GitHub's held pull request), puts it away once the
   * live post exists; one without removes what `createDraft` kept for the hold once the live post exists (or its README
   * says why it cannot).
   */
  publish(input: PublishInput): Promise<PublishResult>;
  /** A brief for the blogger to write (`published_by: bloger`); without `holdDraft`, also the last look's hold. */
  createDraft(input: DraftInput): Promise<DraftResult>;
  /**
   * The last look holds the deal (decision 0025): the article stored as `publish` would store it (media, the
   * deal's marker) but unpublished, as the target's draft of that very post, idempotent like `publish`. A later
   * `publish` of the deal raises it to live, so approve leaves one post. Optional: without it the pipeline holds
   * the deal with `createDraft`.
   */
  holdDraft?(input: PublishInput): Promise<DraftResult>;
  /**
   * The blogger refused a held deal: put its draft away so it does not linger as if it were the blogger's own.
   * Never touches a live post; idempotent (a second call answers `gone`). Optional: without it the draft stays
   * where it was kept, and the deal log says so.
   */
  discardDraft?(input: DiscardDraftInput): Promise<DiscardDraftResult>;
  /** Cheap health check for the status page (one request at most). */
  checkReachable(signal?: AbortSignal): Promise<ReachabilityResult>;
  /**
   * `pressbridge doctor`: thorough checks of the target (credentials, permissions, where the API lives), one
   * entry per check, each failure with the fix. Optional: without it doctor uses `checkReachable`.
   */
  diagnose?(signal?: AbortSignal): Promise<DiagnosticCheck[]>;
  /** The target's own categories, for `pressbridge categories sync` (ids the marketplace should use). */
  listCategories?(signal?: AbortSignal): Promise<Array<{ id: number; name: string; default?: boolean }>>;
  close?(): Promise<void>;
}

export interface PublisherContext {
  blogId: number;
  log: Logger;
  /** pressbridge's folder for its own files (config `dataDir`). */
  dataDir: string;
  /** The daemon's clock: plugins wait (rate limits, merges) and date things by it, never by their own. */
  clock: Clock;
  /** Tests may inject a fetch (nock needs none: it patches the global one). */
  fetch?: typeof fetch;
}

/** What `plugins/<name>/index.ts` exports as its default. */
export interface PublisherPlugin<Options = unknown> {
  readonly name: string;
  /** Validates the blog's `options` from the config at start-up (readable errors come from zod issues). */
  readonly optionsSchema: z.ZodType<Options>;
  create(options: Options, context: PublisherContext): Publisher;
}
