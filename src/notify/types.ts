/**
 * The notification contract (issue 15): what the rest of pressbridge tells the blogger about, and the one
 * interface it tells it through. Sources (the deal store's transitions, the monitor, the webhook receiver, the
 * money poller, the article watcher) only ever see `Notifier`; rendering (catalog `notify.*`), the
 * once-per-problem rule, quiet hours, rate limits and the channels live behind it (src/notify/).
 *
 * Two kinds of topic:
 * - a **problem** lasts until it clears: `raise` sends it once per `problemKey`, `resolve` sends the "resolved"
 *   follow-up (only when it had been raised);
 * - an **event** happens once: `raise` sends it once per `problemKey` (a redelivered webhook is not a second
 *   message); `resolve` does nothing for it.
 *
 * A `Notifier` never throws and never waits for a channel: a dead channel never affects a deal.
 */
import type { Phrase, Said } from '../errors.js';

export const PROBLEM_TOPICS = [
  'deal_failed',
  'deadline_at_risk',
  'deadline_missed',
  'approval_waiting',
  'marketplace_unreachable',
  'marketplace_rate_limited',
  'site_unreachable',
  'article_check',
  'intake_stalled',
  'deal_unreadable',
  'demands_stalled',
  'deal_held',
] as const;
export const EVENT_TOPICS = [
  'reconcile_found',
  'claim',
  'message',
  'services',
  'digest',
  'demand',
  'demand_offered',
  'test',
] as const;
/**
 * Topics raised by what the advertiser writes (`claim.created`, `message.created`): as many as they please.
 * So are new demands (`demand`): advertisers create as many as they please.
 * They are counted in their own hourly budget per channel (`maxOutsidePerHour`), apart from everything
 * pressbridge raises about the blogger's own deals and sites (`maxPerHour`). `services` is not among them: it
 * comes once per deal handed in, by the blogger's own action.
 */
export const OUTSIDE_TOPICS = ['claim', 'message', 'demand'] as const satisfies readonly EventTopic[];
export type ProblemTopic = (typeof PROBLEM_TOPICS)[number];
export type EventTopic = (typeof EVENT_TOPICS)[number];
export type NotifyTopic = ProblemTopic | EventTopic;

interface DealRef {
  dealId: number;
  blogId: number;
  /** The article's title, when known. */
  title?: string | undefined;
  /** The deal in the marketplace's web app (`web_url`), when known. */
  webUrl?: string | undefined;
}

/** Everything a notification can be about, with the facts its message needs. */
export type NotifyEvent =
  /**
   * `reason` is the deal's error message, which already says what to fix (`reasonSaid`: the same as a phrase,
   * said in the blogger's language when the message is rendered).
   */
  | ({ topic: 'deal_failed'; reason: string; reasonSaid?: Phrase | undefined } & DealRef)
  /** Not handed in `minutesLeft` minutes before the deadline (`deadline`: ISO 8601). Urgent. */
  | ({ topic: 'deadline_at_risk'; minutesLeft: number; deadline: string } & DealRef)
  /** Urgent. */
  | ({ topic: 'deadline_missed'; reason: string; reasonSaid?: Phrase | undefined } & DealRef)
  /** The text has waited for the advertiser's approval `minutes` minutes. */
  | ({ topic: 'approval_waiting'; minutes: number } & DealRef)
  /** The marketplace has not answered for `minutes` minutes; `detail` is the last error (redacted). */
  | { topic: 'marketplace_unreachable'; minutes: number; detail: string }
  /** The marketplace has refused with 429 for `minutes` minutes. */
  | { topic: 'marketplace_rate_limited'; minutes: number }
  /** The blog's site (WordPress, GitHub) does not answer; `detail` from the plugin's check. */
  | { topic: 'site_unreachable'; blogId: number; blogName: string; detail: string }
  /**
   * The live article no longer answers 200 (`problem: 'gone'`), lost or changed advertiser links (`'links'`),
   * or lost its label or indexability (`'page'`: label gone, noindex, canonical moved; src/watch/findings.ts).
   * `claimUntil` (ISO 8601): on a paid deal, until when the advertiser may still claim.
   */
  | ({
      topic: 'article_check';
      url: string;
      problem: 'gone' | 'links' | 'page';
      detail: string;
      /** What in `detail` is our words (a network reason), said in the blogger's language when rendered. */
      detailSaid?: Said | undefined;
      claimUntil?: string;
    } & DealRef)
  /**
   * The poll intake makes no progress (src/intake/liveness.ts): `reason` says why, `since` (ISO 8601) since when,
   * `detail` the last error (redacted). For `paused`: the pause the marketplace asked for and the one kept to.
   */
  | {
      topic: 'intake_stalled';
      reason: 'paused' | 'failing' | 'silent' | 'cursor_stuck';
      since: string;
      detail: string;
      /** The same when it is our words (a marketplace error, a network reason), said when rendered. */
      detailSaid?: Phrase | undefined;
      askedMinutes?: number;
      cappedMinutes?: number;
    }
  /**
   * The demand intake's poll rounds have not read every blog's demand list for a while (src/demands/health.ts):
   * new demands are not seen. `since` ISO 8601, `detail` the last error (one line). Deals are not affected.
   */
  | { topic: 'demands_stalled'; since: string; detail: string }
  /**
   * An item of the marketplace's list could not be read and was left out (src/intake/unreadable.ts): `item` its
   * key there; `dealId` when its id is usable, `rawId` the id as sent otherwise; `reason` what did not fit (in
   * English; `reasonSaid` the same, said in the blogger's language when the message is rendered).
   */
  | {
      topic: 'deal_unreadable';
      item: string;
      dealId?: number;
      rawId?: string;
      reason: string;
      reasonSaid?: Said | undefined;
    }
  /**
   * The last look held the deal (docs/decisions/0025-the-last-look.md): `reasons` the verdict's (phrases whose
   * params hold the advertiser's words, said as data), `expiresAt` (ISO 8601) when the links stop deciding and
   * `onNoAnswer` applies. The tokens are the signed one-tap links (src/deals/look-token.ts), linked on the status
   * page's address (`/look/<token>`). Urgent: the deadline runs. Resolved when decided (./sources/deal-states.ts).
   */
  | ({
      topic: 'deal_held';
      reasons: readonly Said[];
      expiresAt: string;
      onNoAnswer: 'hold' | 'publish' | 'refuse';
      approveToken: string;
      refuseToken: string;
    } & DealRef)
  /** Deals found by reconciliation: their webhook never came. */
  | { topic: 'reconcile_found'; dealIds: readonly number[] }
  /** A claim post from the advertiser: `firstLine` of its text, `createdAt` as the marketplace sent it. */
  | ({ topic: 'claim'; firstLine: string; createdAt: string } & Partial<DealRef> & { dealId: number })
  /** A message from the advertiser. */
  | ({ topic: 'message'; firstLine: string; createdAt: string } & Partial<DealRef> & { dealId: number })
  /** Extra services the blogger must hand in by hand (names, comma separated). */
  | ({ topic: 'services'; services: string } & DealRef)
  /** The daily digest; `day` is the local date `YYYY-MM-DD` it covers. */
  | {
      topic: 'digest';
      day: string;
      handedIn: number;
      paid: number;
      /** Kč paid on `day`. */
      earned: number;
      /** Kč awaiting payout. */
      awaiting: number;
      /** Deal ids not final yet or needing the blogger (failed, missed). */
      open: readonly number[];
    }
  /**
   * Demands that fit the blog's rules, new in one round of the demand intake (src/demands/intake.ts): one message
   * lists them all; each demand is in one message only (the intake claims it in the store first). `name` is the
   * advertiser's words, passed as data.
   */
  | {
      topic: 'demand';
      blogId: number;
      demands: ReadonlyArray<{ id: number; name?: string | undefined; reward?: number | undefined }>;
    }
  /** An offer made automatically (`blogs[].rules.autoOffer`). */
  | {
      topic: 'demand_offered';
      blogId: number;
      demandId: number;
      name?: string | undefined;
      reward: number;
      dealId?: number | undefined;
    }
  /** `pressbridge notify test`. */
  | { topic: 'test'; channel: string };

/**
 * The key of one distinct problem or event: a second `raise` with the same key sends nothing until `resolve`
 * (problems) or ever (events, kept 30 days).
 */
export function problemKey(event: NotifyEvent): string {
  switch (event.topic) {
    case 'marketplace_unreachable':
    case 'marketplace_rate_limited':
    case 'intake_stalled':
    case 'demands_stalled':
      return event.topic;
    case 'deal_unreadable':
      return `${event.topic}:${event.item}`;
    case 'site_unreachable':
      return `${event.topic}:${event.blogId}`;
    case 'reconcile_found':
      return `${event.topic}:${[...event.dealIds].sort((a, b) => a - b).join(',')}`;
    case 'claim':
    case 'message':
      return `${event.topic}:${event.dealId}:${event.createdAt}`;
    case 'digest':
      return `${event.topic}:${event.day}`;
    case 'demand':
      return `${event.topic}:${event.blogId}:${event.demands
        .map((d) => d.id)
        .sort((a, b) => a - b)
        .join(',')}`;
    case 'demand_offered':
      return `${event.topic}:${event.blogId}:${event.demandId}`;
    case 'test':
      return `${event.topic}:${event.channel}:${Date.now()}`;
    default:
      return `${event.topic}:${event.dealId}`;
  }
}

export function isProblemTopic(topic: NotifyTopic): topic is ProblemTopic {
  return (PROBLEM_TOPICS as readonly string[]).includes(topic);
}

/** The hourly budget a message counts against on each channel: the blogger's own, or the advertiser's. */
export type RateBudget = 'own' | 'outside';

export function budgetOf(topic: NotifyTopic): RateBudget {
  return (OUTSIDE_TOPICS as readonly string[]).includes(topic) ? 'outside' : 'own';
}

/**
 * Deadline alerts pass quiet hours, and so do the alerts that deals cannot get in and a held deal's links (their
 * deadline runs).
 */
export function isUrgent(topic: NotifyTopic): boolean {
  return (
    topic === 'deadline_at_risk' ||
    topic === 'deal_held' ||
    topic === 'deadline_missed' ||
    topic === 'intake_stalled' ||
    topic === 'deal_unreadable'
  );
}

/**
 * How a problem cleared, when that changes the follow-up's words (catalog `notify.event.<topic>.<how>_title` and
 * `_body`, else the topic's `resolved_*`): `lapsed`, a hold nobody decided (`deal_held`, onNoAnswer: hold).
 */
export type ResolvedHow = 'lapsed';

export interface Notifier {
  /** A problem is present / an event happened. Sent once per `problemKey`. Never throws. */
  raise(event: NotifyEvent): Promise<void>;
  /**
   * The problem with this key cleared: the "resolved" follow-up goes out if it had been raised, in the words of
   * `how` when given. Never throws.
   */
  resolve(key: string, how?: ResolvedHow): Promise<void>;
}

/** For processes and tests that notify nobody. */
export const silentNotifier: Notifier = {
  raise: async () => {},
  resolve: async () => {},
};

// ---------------------------------------------------------------------------------------------------------
// Between the notifier (once-per-problem, texts) and the delivery (channels, quiet hours, rate limits, retries).

/** One rendered message, in `ui.language`, ready for the channels. */
export interface OutgoingMessage {
  /** Unique per message (for the status page's list and receivers that dedupe). */
  id: string;
  topic: NotifyTopic;
  /** `problem` first report, `resolved` its follow-up, `event` a one-off. */
  kind: 'problem' | 'resolved' | 'event';
  /** The problem/event key (`problemKey`). */
  key: string;
  /** One line: the e-mail subject, the ntfy title, the first line of a chat message. */
  title: string;
  /** Plain text, a few lines; says what to do. */
  body: string;
  /** Where to act (the deal page of the status page, the marketplace's `web_url`, the article). */
  url?: string | undefined;
  /** Passes quiet hours (deadline alerts). */
  urgent: boolean;
  /** For channels limited to some blogs. */
  blogId?: number | undefined;
  dealId?: number | undefined;
  /** ISO 8601. */
  createdAt: string;
}

/** The delivery side: hands a message to every channel that wants it. Never throws, never waits for a channel. */
export interface Dispatcher {
  send(message: OutgoingMessage): Promise<void>;
  close(): Promise<void>;
}
