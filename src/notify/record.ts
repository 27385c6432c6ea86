/**
 * What the dispatcher keeps in Redis for the status page and across restarts:
 * - the recent notifications (`notify:recent`, the newest `RECENT_LIMIT` ids) and each one's message and
 *   per-channel result (`notify:msg:<id>`, a hash, kept `RECORD_TTL_S`);
 * - messages held for quiet hours (`notify:held:<channel>`, a list: a restart keeps them);
 * - the rate-limit counters (`notify:rate:<channel>:<hour>`) and what was suppressed
 *   (`notify:suppressed:<channel>`, a hash `{ count, window }`), per budget: the blogger's own under these
 *   names (as before budgets existed), the advertiser's under `<channel>:outside`.
 */
import type { Redis } from 'ioredis';
import { type Said, storedSaid } from '../errors.js';
import type { Translator } from '../i18n/index.js';
import type { NotifyTopic, OutgoingMessage, RateBudget } from './types.js';

export const RECENT_LIMIT = 200;
const RECORD_TTL_S = 14 * 24 * 3600;

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'held' | 'suppressed';

/**
 * One channel's result for one message. `reason`: why it failed or was not sent (never a secret), in English
 * for the log; `reasonSaid` the same for the blogger (a catalog phrase, when the reason is our words).
 */
export interface ChannelResult {
  status: DeliveryStatus;
  reason?: string | undefined;
  reasonSaid?: Said | undefined;
  /** ISO 8601: when this result was recorded. */
  at: string;
  /** Attempts made (sent/failed). */
  attempts?: number | undefined;
}

/** A recent notification as the status page lists it. */
export interface NotificationRecord {
  id: string;
  topic: NotifyTopic;
  kind: OutgoingMessage['kind'];
  title: string;
  urgent: boolean;
  blogId?: number | undefined;
  dealId?: number | undefined;
  createdAt: string;
  /** Channel name → its result. */
  channels: Record<string, ChannelResult>;
}

/** A budget's name in its keys: the own budget keeps the key names it had before budgets existed. */
function budgetPart(channel: string, budget: RateBudget): string {
  return budget === 'own' ? channel : `${channel}:${budget}`;
}

export function notifyKeys(prefix: string) {
  return {
    recent: `${prefix}:notify:recent`,
    message: (id: string) => `${prefix}:notify:msg:${id}`,
    held: (channel: string) => `${prefix}:notify:held:${channel}`,
    rate: (channel: string, budget: RateBudget, window: number) =>
      `${prefix}:notify:rate:${budgetPart(channel, budget)}:${window}`,
    suppressed: (channel: string, budget: RateBudget) =>
      `${prefix}:notify:suppressed:${budgetPart(channel, budget)}`,
  };
}

/** Adds a message to the recent list with its channels' first results. */
export async function recordMessage(
  redis: Redis,
  prefix: string,
  message: OutgoingMessage,
  results: Readonly<Record<string, ChannelResult>>,
): Promise<void> {
  const keys = notifyKeys(prefix);
  const summary = {
    id: message.id,
    topic: message.topic,
    kind: message.kind,
    title: message.title,
    urgent: message.urgent,
    blogId: message.blogId,
    dealId: message.dealId,
    createdAt: message.createdAt,
  };
  const fields: Record<string, string> = { message: JSON.stringify(summary) };
  for (const [channel, result] of Object.entries(results)) fields[`ch:${channel}`] = JSON.stringify(result);
  await redis
    .multi()
    .hset(keys.message(message.id), fields)
    .expire(keys.message(message.id), RECORD_TTL_S)
    .lrem(keys.recent, 0, message.id)
    .lpush(keys.recent, message.id)
    .ltrim(keys.recent, 0, RECENT_LIMIT - 1)
    .exec();
}

/** Records one channel's later result (sent after retries, failed, released from quiet hours). */
export async function recordResult(
  redis: Redis,
  prefix: string,
  messageId: string,
  channel: string,
  result: ChannelResult,
): Promise<void> {
  const key = notifyKeys(prefix).message(messageId);
  // Only for a message still recorded: a result must not create a record without its message.
  if ((await redis.exists(key)) === 1) await redis.hset(key, `ch:${channel}`, JSON.stringify(result));
}

/** The newest recorded notifications, newest first. */
export async function readRecentNotifications(
  redis: Redis,
  prefix: string,
  limit = RECENT_LIMIT,
): Promise<NotificationRecord[]> {
  const keys = notifyKeys(prefix);
  const ids = await redis.lrange(keys.recent, 0, Math.max(0, Math.min(limit, RECENT_LIMIT) - 1));
  if (ids.length === 0) return [];
  const pipeline = redis.pipeline();
  for (const id of ids) pipeline.hgetall(keys.message(id));
  const answers = (await pipeline.exec()) ?? [];
  const out: NotificationRecord[] = [];
  for (const [error, value] of answers) {
    if (error || !value || typeof value !== 'object') continue;
    const hash = value as Record<string, string>;
    if (!hash.message) continue;
    try {
      const summary = JSON.parse(hash.message) as Omit<NotificationRecord, 'channels'>;
      const channels: Record<string, ChannelResult> = {};
      for (const [field, text] of Object.entries(hash)) {
        if (field.startsWith('ch:')) channels[field.slice(3)] = readResult(text);
      }
      out.push({ ...summary, channels });
    } catch {
      // A record written by another version that does not parse is left out, not a broken page.
    }
  }
  return out;
}

/** A stored result; a `reasonSaid` that does not read as a phrase (another release's) is dropped. */
function readResult(text: string): ChannelResult {
  const { reasonSaid, ...result } = JSON.parse(text) as ChannelResult;
  const said = storedSaid(reasonSaid);
  return said === undefined ? result : { ...result, reasonSaid: said };
}

/** Why a result is what it is, in the reader's language: its phrase, else its English (none: undefined). */
export function resultReason(
  t: Pick<Translator, 'say'>,
  result: Pick<ChannelResult, 'reason' | 'reasonSaid'>,
): string | undefined {
  return result.reasonSaid !== undefined ? t.say(result.reasonSaid, result.reason) : result.reason;
}
