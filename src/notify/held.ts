/**
 * The `deal_held` notification's body (docs/decisions/0025-the-last-look.md): why the deal is held (the verdict's
 * reasons, said in the blogger's language; the advertiser's words in them pass `text`, like every free text of a
 * message), until when the links decide and what happens after, and the two one-tap links on the status page's
 * address. Without a known address there are no links: the body says to decide on the deal page.
 */
import type { Translator } from '../i18n/index.js';
import type { NotifyEvent } from './types.js';

/** The status page's path of a one-tap link (src/status/routes/look.ts). */
export function lookPath(token: string): string {
  return `/look/${encodeURIComponent(token)}`;
}

export function heldBody(
  event: Extract<NotifyEvent, { topic: 'deal_held' }>,
  tr: Translator,
  options: {
    statusUrl?: string | undefined;
    timeZone: string;
    text: (value: string) => string;
    deal: string;
  },
): string {
  const { t } = tr;
  const reasons = event.reasons.map((r) => options.text(tr.say(r))).join('; ');
  const body = t('notify.event.deal_held.body', {
    deal: options.deal,
    reasons: reasons || '–',
    expires: tr.dateTime(event.expiresAt, options.timeZone),
    choice: t(`look.choice.${event.onNoAnswer}`),
  });
  if (!options.statusUrl) return `${body}\n${t('notify.event.deal_held.no_links')}`;
  const root = options.statusUrl.replace(/\/+$/, '');
  return [
    body,
    t('notify.event.deal_held.approve', { url: `${root}${lookPath(event.approveToken)}` }),
    t('notify.event.deal_held.refuse', { url: `${root}${lookPath(event.refuseToken)}` }),
  ].join('\n');
}
