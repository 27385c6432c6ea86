import type { Router } from 'express';
import type { Clock } from '../clock.js';
import type { DeadlineFinding } from '../deals/deadline-offset.js';
import type { LookAction } from '../deals/look-token.js';
import type { DealStore } from '../deals/record.js';
import type { RecycledIdFinding } from '../deals/recycled-id.js';
import type { DemandStall } from '../demands/health.js';
import type { OfferService } from '../demands/offer.js';
import type { DemandStore } from '../demands/store.js';
import type { DemandTally } from '../demands/tally.js';
import type { EvidenceBundler, EvidenceStore } from '../evidence/types.js';
import type { Language } from '../i18n/index.js';
import type { Stall } from '../intake/liveness.js';
import type { Intake } from '../intake/mode.js';
import type { UnreadableItem } from '../intake/unreadable.js';
import type { Logger } from '../logger.js';
import type { RateLimitSnapshot } from '../marketplace/rate-limit.js';
import type { Earnings } from '../money/earnings.js';
import type { NotificationRecord } from '../notify/record.js';
import type { NotifyEvent } from '../notify/types.js';
import type { LastSweep } from '../reconcile/index.js';
import type { RulesSave } from '../rules/config-file.js';
import type { RulesForm } from '../rules/fields.js';
import type { BlogRules } from '../rules/settings.js';
import type { ObligationSettings } from '../watch/obligations.js';
import type { GuessLimiter } from './guess-limit.js';
import type { TrustProxySetting } from './settings.js';
import type { WatchScheduleReader } from './watched.js';

/** A data source's answer, or why there is none (Redis down, a timeout): each card copes on its own. */
export type Sourced<T> = { ok: true; value: T } | { ok: false; error: string };

/** The part of the deal store the status page reads (it never writes). */
export type StatusStore = Pick<
  DealStore,
  | 'list'
  | 'get'
  | 'countByState'
  | 'readLog'
  | 'readGlobalLog'
  | 'readEvents'
  | 'readGlobalEvents'
  | 'lastWebhook'
>;

/**
 * Job counts by BullMQ state, e.g. `queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed')`.
 * Deal jobs carry a priority, so BullMQ keeps waiting deals under `prioritized`: the page adds it to `waiting`.
 */
export type QueueCounts = Readonly<Record<string, number>>;

/** One configured blog and whether its publishing target answers. */
export interface TargetStatus {
  blogId: number;
  /** The blog's name from the config, else its id as text. */
  name: string;
  /** The publisher plugin, e.g. `wordpress`. */
  kind: string;
  /** The target as the plugin names it, e.g. the site URL. */
  target: string;
  ok: boolean;
  /** One line from the plugin: "WordPress 6.5 at https://…", "connection refused", … */
  detail: string;
  /** ISO 8601: when this was checked (results are cached). */
  checkedAt?: string;
}

/** The answer of an operator action, shown as the flash message after the redirect. */
export interface StatusActionResult {
  ok: boolean;
  /** One sentence for the blogger. */
  message: string;
}

/** The buttons on the deal page. `createDealActions` (src/operator/actions.ts) fits this shape. */
export interface StatusActions {
  /** Run the deal again now. */
  retry(dealId: number): Promise<StatusActionResult>;
  /** Verify the recorded URL and hand it in again. */
  handInAgain(dealId: number): Promise<StatusActionResult>;
  /** The blogger dealt with it by hand; pressbridge leaves it alone. */
  markHandled(dealId: number): Promise<StatusActionResult>;
  /** The last look: approve or refuse a held deal (src/operator/actions.ts `decideHeld`). */
  decideHeld?(
    dealId: number,
    decision: LookAction,
    by: 'link' | 'page',
    nonce?: string,
  ): Promise<StatusActionResult>;
}

/** A configured blog, for names in the tables and the blog filter of the logs page. */
export interface StatusBlog {
  id: number;
  name?: string | undefined;
}

/** The blogger's rules for the Rules page (`/blogs/:id/rules`). */
export interface StatusRules {
  /** The rules in force; pass `createRulesReader(…)` (src/rules/reader.ts). */
  read(blogId: number): BlogRules | undefined;
  /**
   * Saves a blog's rules into the config file; pass `(id, form) => saveBlogRules(configPath, id, form)`
   * (src/rules/config-file.ts). Omitted (no config file known): the page shows the rules and says where to edit them.
   */
  save?: (blogId: number, form: RulesForm) => RulesSave;
  /** The config file, named when a save fails. */
  file?: string | undefined;
}

/**
 * The demands for the "Poptávky / Demands" pages: the store read, and the one offer service the page offers and
 * declines through (src/demands/services.ts, as the daemon and the CLI build it).
 */
export interface StatusDemands {
  store: Pick<DemandStore, 'list' | 'get' | 'incompleteSince'>;
  offers: OfferService;
  /** `demands.pollMinutes`, for the "none yet" text. */
  pollMinutes: number;
  /** The months' counts for the charts (src/demands/tally.ts; absent: no charts). */
  tally?: Pick<DemandTally, 'read' | 'monthOf'>;
  /** Whether the demand lists have failed long enough to tell (src/demands/health.ts; absent: not judged). */
  stall?: () => Promise<DemandStall | undefined>;
}

/** Everything the status page needs, injected by the composition root (src/main.ts). */
export interface StatusDeps {
  store: StatusStore;
  /** Queue depth; pass `() => queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed')`. */
  queueCounts(): Promise<QueueCounts>;
  /** The marketplace request budget; pass `() => limiter.snapshot()`. */
  rateLimit(): Promise<RateLimitSnapshot>;
  /** Redis answers; pass `() => redisReachable(redis)` from src/daemon/net.ts. */
  redisReachable(): Promise<boolean>;
  /** Each blog's target; `createTargetsProbe(publishers)` (./targets.ts) caches the plugins' checks. */
  targets(): Promise<TargetStatus[]>;
  /** Which intake runs and its cost; pass `() => intakeOf(config)` (src/intake/mode.ts) (omitted: no line). */
  intake?: () => Intake;
  /** The poll intake's stall, if any; pass `() => readDoor(…)` (src/intake/door.ts) (omitted: not judged). */
  intakeDoor?: () => Promise<Stall | undefined>;
  /** List items the intake left out; pass `createUnreadableStore(redis, prefix).list` (omitted: none shown). */
  unreadable?: () => Promise<UnreadableItem[]>;
  /** The last reconciliation sweep; pass `() => readLastSweep(redis, prefix)` (omitted: no card). */
  lastSweep?: () => Promise<LastSweep | undefined>;
  /** A finished deal's id seen again with another acceptance; pass `() => readRecycledIdFinding(redis, prefix)`. */
  recycledId?: () => Promise<RecycledIdFinding | undefined>;
  /** An implausible `publish_deadline` reading; pass `() => readDeadlineFinding(redis, prefix)` (omitted: no card). */
  deadlineFinding?: () => Promise<DeadlineFinding | undefined>;
  /**
   * The recent notifications with their delivery results, newest first; pass
   * `recentNotificationsReader(redis, prefix)` (src/notify/dispatcher.ts) when channels are configured
   * (omitted: the Notifications page says none is).
   */
  notifications?: (limit: number) => Promise<readonly NotificationRecord[]>;
  /**
   * The problems the notifier has raised and not resolved (the marketplace down or rate-limiting, a site down, an
   * article gone); pass `() => readOpenProblems(redis, prefix)` (src/notify/notifier.ts) when notifying (omitted:
   * the home page judges by the deal records, the sites' checks and Redis alone).
   */
  openProblems?: () => Promise<readonly NotifyEvent[]>;
  actions: StatusActions;
  /** The Rules page per blog, linked from the System page (omitted: no page). */
  rules?: StatusRules;
  /** The demands (omitted: the demand intake is off, `demands.enabled: false`, and the pages say so). */
  demands?: StatusDemands;
  /** The Earnings page's numbers; pass `createEarningsReader(…)` (src/money/reader.ts) (omitted: no page). */
  earnings?: () => Promise<Earnings>;
  /**
   * The watch schedule's deal ids and next check times (the zset `<prefix>:watch:due`); pass
   * `watchScheduleReader(redis, prefix)` (./watched.ts) (omitted: the Obligations page says the watch is not wired,
   * and the Earnings page's "at risk of a claim" judges by the listed deal records).
   */
  watchSchedule?: WatchScheduleReader;
  /** `config.watch`: the until dates of the Obligations page and the claim window (default: the schema's). */
  watchSettings?: ObligationSettings;
  /** The evidence on disk (src/evidence/store.ts); only `read` is used (omitted: no Evidence card). */
  evidence?: Pick<EvidenceStore, 'read'>;
  /**
   * Whether the marketplace reports an open claim on the deal (e.g. the poll intake's claim count, src/intake/
   * poll-state.ts `seen`), for a claim whose `claim.created` was not recorded (omitted: recorded events alone).
   */
  openClaim?: (dealId: number) => Promise<boolean>;
  /** Builds a deal's evidence zip (src/evidence/bundle.ts) for `GET /deals/:id/evidence` (omitted: 404). */
  bundle?: EvidenceBundler;
  /**
   * `status.password`. When set, every request needs it (HTTP Basic, any user name). Without it the page
   * answers only requests addressed to a loopback name, and `startStatusServer` refuses a non-loopback listener.
   */
  password?: string | undefined;
  /** Mount point when a reverse proxy serves the page under a path, e.g. `/status` (default: the root). */
  basePath?: string;
  /** Shown in the header and on links to the marketplace's web app (default "marketplace"). */
  marketplaceName?: string;
  /** The configured blogs (`config.blogs`), for names and the logs page's blog filter. */
  blogs?: readonly StatusBlog[];
  /**
   * Secret values (API key, webhook secrets, blog passwords, the status password) that must never be shown:
   * masked in every response even if a bug wrote one into a log line. Values shorter than 8 characters are
   * ignored (masking them would mangle ordinary words); pattern-based redaction still applies to them.
   */
  secretValues?: () => Iterable<string | undefined>;
  /**
   * `status.trustProxy`: whose X-Forwarded-* headers decide the client address, scheme and host (default false:
   * nobody's, the client is the socket's peer). See ./settings.ts.
   */
  trustProxy?: TrustProxySetting;
  /** The password-guess limiter (default: a fresh one with guess-limit.ts's numbers). */
  guesses?: GuessLimiter;
  /** Extra host names (besides loopback ones) accepted without a password, e.g. a container's name. */
  allowedHosts?: readonly string[];
  /** The page's language (`ui.language`; default Czech). */
  language?: Language;
  /** IANA zone for times shown (`ui.timeZone`; default Europe/Prague, never the server's zone). */
  timeZone?: string;
  /** Routes served behind the same access control, e.g. the lead's `/metrics` router. */
  extraRoutes?: Router;
  /**
   * Routes served before the access control, on the listener's root (not under `basePath`): the daemon's
   * `/healthz` and `/readyz`, which health checks (Docker's HEALTHCHECK) ask without a password.
   */
  openRoutes?: Router;
  /**
   * The key of the last look's signed links (src/deals/look-token.ts `lookKey`): with it, `/look/:token` answers
   * without the password (the link is the credential).
   */
  lookKey?: Buffer;
  /** The blogs' `rules.onNoAnswer`, by blog id, for the deal page's held card (default `hold`). */
  onNoAnswer?: (blogId: number) => string | undefined;
  /** Signs the CSRF and flash cookies (default: 32 random bytes per process, so a restart expires forms). */
  cookieSecret?: Buffer;
  /**
   * Longest wait for one data source (default 3000 ms; `targets` gets twice that): the overview then shows that
   * card as unavailable, the other pages answer 503 instead of hanging while Redis is away.
   */
  sourceTimeoutMs?: number;
  log: Logger;
  clock?: Clock;
  /** pressbridge's version, shown in the footer. */
  version: string;
}
