/**
 * `claim.created` and `message.created` webhooks as notifications: the text's first line and the deal's
 * `web_url` (kept on the deal record as `data.webUrl` once the deal detail or list was read). For the daemon's
 * `eventHandlers` (src/main.ts): idempotent, since the notifier sends one message per event key
 * (`claim:<deal>:<created_at>`), so a redelivery is no second message; never throws, so a notification never
 * costs the marketplace a redelivery.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DealStore } from '../../deals/record.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import type { AnyEvent } from '../../marketplace/schema.js';
import { firstLine } from '../render.js';
import type { Notifier } from '../types.js';
import { dealRef } from './deal-states.js';

const Post = z.object({ text: z.string().catch(''), created_at: z.string().optional().catch(undefined) });
const ClaimCreated = z.object({ event: z.literal('claim.created'), claim: Post });
const MessageCreated = z.object({ event: z.literal('message.created'), message: Post });

export function createWebhookEventSource(options: {
  notifier: Notifier;
  store: Pick<DealStore, 'get'>;
  log: Logger;
}): (event: AnyEvent, dealId: number | undefined) => Promise<void> {
  const { notifier, store, log } = options;
  return async (event, dealId) => {
    if (dealId === undefined) return;
    try {
      const claim = ClaimCreated.safeParse(event);
      const message = claim.success ? undefined : MessageCreated.safeParse(event);
      const post = claim.success ? claim.data.claim : message?.success ? message.data.message : undefined;
      if (!post) return;
      const record = await store.get(dealId).catch(() => undefined);
      await notifier.raise({
        topic: claim.success ? 'claim' : 'message',
        firstLine: firstLine(post.text),
        // The marketplace's own time names the post; without it, the text does (same text, same post).
        createdAt:
          post.created_at ?? `text-${createHash('sha256').update(post.text).digest('hex').slice(0, 12)}`,
        ...(record ? dealRef(record) : {}),
        dealId,
      });
    } catch (error) {
      log.warn(
        { event: event.event, dealId, err: errorMessage(error) },
        'notification source: event not read',
      );
    }
  };
}
