import { z } from 'zod';
import {
  AnyEvent,
  DealAcceptedEvent,
  DealPaidEvent,
  eventDealId,
  KNOWN_EVENTS,
} from '../marketplace/schema.js';
import { neutraliseInvisible } from '../render/invisible.js';

export type KnownEventName = (typeof KNOWN_EVENTS)[number];

/** What a signed body turned out to be. Pure: the receiver decides the HTTP answer from this. */
export type ParsedWebhook =
  | { kind: 'bad_json'; message: string }
  | { kind: 'invalid'; event: string | undefined; message: string; body: unknown; dealId: number | undefined }
  | { kind: 'deal.accepted'; event: DealAcceptedEvent; body: unknown }
  | { kind: 'other'; event: AnyEvent; known: boolean; dealId: number | undefined };

export function isKnownEvent(name: string): name is KnownEventName {
  return (KNOWN_EVENTS as readonly string[]).includes(name);
}

/** One line naming each problem by its path, e.g. `deal.id: expected number, received string`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(body)'}: ${issue.message}`)
    .join('; ');
}

/** The advertiser's words in `claim.created`/`message.created`: kept as sent, but for invisible characters. */
const PostText = z.looseObject({
  text: z
    .string()
    .transform((text) => neutraliseInvisible(text, { multiline: true }))
    .optional()
    .catch(undefined),
});

/**
 * `event` with the text of its claim or message (when it has one) cleaned, so the event log and the
 * notification built from it hold no bidi override or other invisible control (src/render/invisible.ts).
 */
function withCleanPostTexts(event: AnyEvent): AnyEvent {
  const out: AnyEvent = { ...event };
  for (const key of ['claim', 'message'] as const) {
    const post = PostText.safeParse(event[key]);
    if (post.success && typeof post.data.text === 'string') out[key] = post.data;
  }
  return out;
}

/**
 * Parses a webhook body that has already passed the signature check. Unknown events and unknown fields are
 * accepted (the API's versioning rules); `deal.accepted` must have the shape we act on, and `deal.paid` money
 * that fits (src/marketplace/money.ts).
 *
 * A `deal.paid` with an impossible amount is `invalid`, so the receiver answers 400 as for a malformed
 * `deal.accepted`: it is logged and kept in the event log with outcome `invalid`, nothing is recorded on the
 * deal, and the failure shows in the marketplace's delivery log, the one place its operators look. Its retries
 * are bounded (the document: at most 5 attempts over 75 minutes), so a 400 costs four more identical refusals,
 * not an endless redelivery; a 200 would tell the marketplace all was well with a payout we refused.
 */
export function parseWebhookBody(rawBody: Buffer): ParsedWebhook {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch (error) {
    return { kind: 'bad_json', message: `body is not valid JSON: ${(error as Error).message}` };
  }
  const any = AnyEvent.safeParse(body);
  if (!any.success) {
    return {
      kind: 'invalid',
      event: undefined,
      message: `not a webhook event: ${describeIssues(any.error)}`,
      body,
      dealId: undefined,
    };
  }
  if (any.data.event === 'deal.paid') {
    const paid = DealPaidEvent.safeParse(body);
    if (!paid.success) {
      return {
        kind: 'invalid',
        event: 'deal.paid',
        message: `deal.paid refused, nothing recorded: ${describeIssues(paid.error)}`,
        body,
        dealId: eventDealId(any.data),
      };
    }
  }
  if (any.data.event !== 'deal.accepted') {
    return {
      kind: 'other',
      event: withCleanPostTexts(any.data),
      known: isKnownEvent(any.data.event),
      dealId: eventDealId(any.data),
    };
  }
  const accepted = DealAcceptedEvent.safeParse(body);
  if (!accepted.success) {
    return {
      kind: 'invalid',
      event: 'deal.accepted',
      message: `deal.accepted has an unexpected shape: ${describeIssues(accepted.error)}`,
      body,
      dealId: eventDealId(any.data),
    };
  }
  return { kind: 'deal.accepted', event: accepted.data, body };
}
