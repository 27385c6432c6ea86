/**
 * One notification's text in the blogger's language (catalog `notify.event.*`): the title, a body that says
 * what to do, and where to act. Pure. Every free text that comes from elsewhere (an error message, a site's
 * answer, an advertiser's line) passes `redact` (the configured secrets) and `scrubText` (credential-shaped
 * substrings) first, so no secret reaches a channel, and loses its bidi overrides and other invisible
 * characters (src/render/invisible.ts, `strip`: a phone or chat shows no `<U+202E>` marker, only the text), so
 * `U+202E gnp.exe` reads as it is written.
 */
import type { Phrase } from '../errors.js';
import { MESSAGES, type MessageKey, type Translator } from '../i18n/index.js';
import { readServiceDateTime } from '../marketplace/date-time.js';
import { redact, scrubText } from '../redact.js';
import { neutraliseInvisible } from '../render/invisible.js';
import { heldBody } from './held.js';
import type { MessageKind } from './problems.js';
import type { NotifyEvent, ResolvedHow } from './types.js';

export interface RenderOptions {
  /** The status page's root URL: deal messages link `<statusUrl>/deals/<id>`. */
  statusUrl?: string | undefined;
  /** The zone dates are shown in. */
  timeZone: string;
  /** The zone of the marketplace's wall-clock date-times (`created_at` of a claim/message). */
  serviceTimeZone?: string | undefined;
  /** Secret values to remove from free texts (the config's API key, passwords, …). */
  secrets?: readonly string[] | undefined;
  /** A resolved follow-up: how the problem cleared, when the topic has words for it (`ResolvedHow`). */
  resolvedHow?: ResolvedHow | undefined;
}

export interface RenderedMessage {
  title: string;
  body: string;
  url?: string | undefined;
}

/** Most deal ids a digest lists (the count says how many there are). */
const MAX_LISTED = 20;
/** Longest free text (a reason, a first line) quoted in a message. */
const MAX_QUOTED = 300;

function clean(text: string, secrets: readonly string[] | undefined): string {
  // Invisible characters go first, so a zero-width space cannot split a credential out of scrubText's reach.
  const visible = neutraliseInvisible(text);
  const oneSpace = scrubText(redact(visible, secrets ?? [])).trim();
  return oneSpace.length > MAX_QUOTED ? `${oneSpace.slice(0, MAX_QUOTED - 1)}…` : oneSpace;
}

/** The first non-empty line of a text. */
export function firstLine(text: string): string {
  return (
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? ''
  );
}

function dealIdOf(event: NotifyEvent): number | undefined {
  return 'dealId' in event ? event.dealId : undefined;
}

export function renderMessage(
  event: NotifyEvent,
  kind: MessageKind,
  tr: Translator,
  options: RenderOptions,
): RenderedMessage {
  const { t } = tr;
  const text = (value: string) => clean(value, options.secrets);
  const dealId = dealIdOf(event);
  const title = 'title' in event && event.title ? text(event.title) : undefined;
  const deal =
    dealId === undefined
      ? ''
      : title
        ? t('notify.event.deal_label_titled', { id: String(dealId), title })
        : t('notify.event.deal_label', { id: String(dealId) });
  const webUrl = 'webUrl' in event && event.webUrl ? text(event.webUrl) : undefined;
  // A demand's message links its demand page (the offered one's too: the deal has no page before acceptance).
  const statusLink = isDemandTopic(event)
    ? demandLinks(event, options)[0]
    : options.statusUrl && dealId !== undefined
      ? `${options.statusUrl.replace(/\/+$/, '')}/deals/${dealId}`
      : undefined;
  const blog = event.topic === 'site_unreachable' ? text(event.blogName) : '';
  const key = (suffix: string) => `notify.event.${event.topic}.${suffix}` as MessageKey;

  if (kind === 'resolved') {
    // A topic without words for how it cleared says its plain "resolved".
    const how = options.resolvedHow;
    const words = how !== undefined && Object.hasOwn(MESSAGES, key(`${how}_title`)) ? how : 'resolved';
    return {
      title: t(key(`${words}_title`), { deal, blog }),
      body: withLinks(t(key(`${words}_body`), { deal, blog }), tr, statusLink, undefined),
      url: statusLink,
    };
  }

  const body = bodyOf(event, tr, options, text, deal);
  const actInMarketplace = event.topic === 'claim' || event.topic === 'message';
  return {
    title: t(key('title'), {
      deal,
      blog,
      count:
        event.topic === 'reconcile_found'
          ? event.dealIds.length
          : event.topic === 'demand'
            ? event.demands.length
            : '',
      name: event.topic === 'demand_offered' ? text(event.name ?? `#${event.demandId}`) : '',
      day: event.topic === 'digest' ? tr.date(`${event.day}T12:00:00Z`, 'UTC') : '',
    }),
    body: isDemandTopic(event) ? body : withLinks(body, tr, statusLink, webUrl),
    url: actInMarketplace ? (webUrl ?? statusLink) : (statusLink ?? webUrl ?? options.statusUrl),
  };
}

/** The status page's link of a demand (`/demands/<blogId>/<demandId>`): the page the blogger offers from. */
export function demandPath(blogId: number, demandId: number): string {
  return `/demands/${blogId}/${demandId}`;
}

function isDemandTopic(event: NotifyEvent): boolean {
  return event.topic === 'demand' || event.topic === 'demand_offered';
}

/** The demand pages an event names, when the status page's address is known. */
function demandLinks(event: NotifyEvent, options: RenderOptions): string[] {
  if (!options.statusUrl) return [];
  const root = options.statusUrl.replace(/\/+$/, '');
  if (event.topic === 'demand') return event.demands.map((d) => `${root}${demandPath(event.blogId, d.id)}`);
  if (event.topic === 'demand_offered') return [`${root}${demandPath(event.blogId, event.demandId)}`];
  return [];
}

/** A deal's error in the reader's language when the event carries its phrase, else as it came. */
function reasonOf(event: { reason: string; reasonSaid?: Phrase | undefined }, tr: Translator): string {
  return event.reasonSaid ? tr.say(event.reasonSaid, event.reason) : event.reason;
}

function withLinks(
  body: string,
  tr: Translator,
  statusLink: string | undefined,
  webUrl: string | undefined,
): string {
  const lines = [body];
  if (webUrl) lines.push(tr.t('notify.event.link.marketplace', { url: webUrl }));
  if (statusLink) lines.push(tr.t('notify.event.link.status', { url: statusLink }));
  return lines.join('\n');
}

function bodyOf(
  event: NotifyEvent,
  tr: Translator,
  options: RenderOptions,
  text: (value: string) => string,
  deal: string,
): string {
  const { t } = tr;
  switch (event.topic) {
    case 'deal_failed':
      return t('notify.event.deal_failed.body', { deal, reason: text(reasonOf(event, tr)) });
    case 'deadline_at_risk':
      return t('notify.event.deadline_at_risk.body', {
        deal,
        minutes: Math.max(0, Math.round(event.minutesLeft)),
        deadline: tr.dateTime(event.deadline, options.timeZone),
      });
    case 'deadline_missed':
      return t('notify.event.deadline_missed.body', { deal, reason: text(reasonOf(event, tr)) });
    case 'approval_waiting':
      return t('notify.event.approval_waiting.body', { deal, minutes: Math.round(event.minutes) });
    case 'marketplace_unreachable':
      return t('notify.event.marketplace_unreachable.body', {
        minutes: Math.round(event.minutes),
        detail: event.detail ? text(event.detail) : t('notify.event.marketplace_unreachable.no_answer'),
      });
    case 'marketplace_rate_limited':
      return t('notify.event.marketplace_rate_limited.body', { minutes: Math.round(event.minutes) });
    case 'site_unreachable':
      return t('notify.event.site_unreachable.body', {
        blog: text(event.blogName),
        detail: text(event.detail),
      });
    case 'article_check': {
      const body = t(`notify.event.article_check.${event.problem}`, {
        url: text(event.url),
        detail: text(tr.say(event.detailSaid ?? event.detail, event.detail)),
      });
      if (event.claimUntil === undefined) return body;
      const until = t('notify.event.article_check.claim_until', {
        date: tr.date(event.claimUntil, options.timeZone),
      });
      return `${body} ${until}`;
    }
    case 'intake_stalled':
      return t(`notify.event.intake_stalled.${event.reason}`, {
        since: tr.dateTime(event.since, options.timeZone),
        detail: event.detail ? text(tr.say(event.detailSaid ?? event.detail, event.detail)) : '–',
        asked: event.askedMinutes ?? '',
        capped: event.cappedMinutes ?? '',
      });
    case 'demands_stalled':
      return t('notify.event.demands_stalled.body', {
        since: tr.dateTime(event.since, options.timeZone),
        detail: event.detail ? text(event.detail) : '–',
      });
    case 'deal_unreadable':
      return t('notify.event.deal_unreadable.body', {
        what: deal || (event.rawId ? `„${text(event.rawId)}“` : '–'),
        reason: text(tr.say(event.reasonSaid ?? event.reason, event.reason)),
      });
    case 'deal_held':
      return heldBody(event, tr, { ...options, text, deal });
    case 'reconcile_found':
      return t('notify.event.reconcile_found.body', { ids: event.dealIds.join(', ') });
    case 'claim':
    case 'message':
      return t(`notify.event.${event.topic}.body`, {
        deal,
        line: text(firstLine(event.firstLine)),
        at: serviceDate(event.createdAt, tr, options),
      });
    case 'services':
      return t('notify.event.services.body', { deal, services: text(event.services) });
    case 'digest': {
      const summary = t('notify.event.digest.body', {
        handedIn: event.handedIn,
        paid: event.paid,
        earned: tr.money(event.earned),
        awaiting: tr.money(event.awaiting),
      });
      const open =
        event.open.length > 0
          ? t('notify.event.digest.open', {
              count: event.open.length,
              ids: [
                ...event.open
                  .slice(0, MAX_LISTED)
                  .map((id) => t('notify.event.deal_label', { id: String(id) })),
                ...(event.open.length > MAX_LISTED ? ['…'] : []),
              ].join(', '),
            })
          : t('notify.event.digest.nothing_open');
      return `${summary}\n${open}`;
    }
    case 'demand': {
      const links = demandLinks(event, options);
      const lines = event.demands.slice(0, MAX_LISTED).map((d, i) =>
        t('notify.event.demand.line', {
          id: String(d.id),
          name: text(d.name ?? '–'),
          reward: d.reward === undefined ? '–' : tr.money(d.reward),
          link: links[i] ?? '',
        }),
      );
      if (event.demands.length > MAX_LISTED) lines.push('…');
      return [t('notify.event.demand.body', { count: event.demands.length }), ...lines].join('\n');
    }
    case 'demand_offered': {
      const link = demandLinks(event, options)[0];
      const body = t('notify.event.demand_offered.body', {
        id: String(event.demandId),
        name: text(event.name ?? '–'),
        reward: tr.money(event.reward),
        deal: event.dealId === undefined ? '–' : String(event.dealId),
      });
      return link ? `${body}\n${t('notify.event.link.demand', { url: link })}` : body;
    }
    case 'test':
      return t('notify.event.test.body', { channel: text(event.channel) });
  }
}

/** A claim's/message's `created_at` for the reader, ` (date time)`; empty when it is no date-time we know. */
function serviceDate(value: string, tr: Translator, options: RenderOptions): string {
  const read = readServiceDateTime(value, options.serviceTimeZone ?? options.timeZone);
  return read ? ` (${tr.dateTime(read.date, options.timeZone)})` : '';
}
