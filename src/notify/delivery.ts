/**
 * One message on one channel: the rate limit, then the attempts with backoff, each end recorded (for the status
 * page) and logged. Errors are redacted before they are kept or logged.
 */
import type { Redis } from 'ioredis';
import type { Clock } from '../clock.js';
import { errorMessage, errorPhrase, type Phrase, type Said } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { Channel } from './channels/index.js';
import { hold, takeRateSlot } from './limits.js';
import { type ChannelResult, recordResult } from './record.js';
import type { NotifyChannel } from './settings.js';
import { budgetOf, type OutgoingMessage, type RateBudget } from './types.js';

export interface ChannelEntry {
  channel: Channel;
  settings: NotifyChannel;
}

/** What the dispatcher lends each delivery. */
export interface DeliveryContext {
  redis: Redis;
  prefix: string;
  log: Logger;
  /** Waits between attempts. */
  delays: readonly number[];
  /** Aborted when the dispatcher closes: the waits end, the message is kept for after the restart. */
  signal: AbortSignal;
  /** The time of a rate slot, and the waits between attempts. */
  clock: Clock;
  result(status: ChannelResult['status'], extra?: Partial<ChannelResult>): ChannelResult;
  /** A Redis step whose failure is logged, not thrown. */
  quietly<T>(what: string, step: Promise<T>): Promise<T | undefined>;
  /** Redacts secrets (the config's, and `extra`) from a text. */
  clean(text: string, extra?: readonly string[]): string;
  /** The same over a phrase's values. */
  cleanPhrase(phrase: Phrase, extra?: readonly string[]): Phrase;
}

const english = createTranslator('en').say;

/** A result's reason in our words: its English (the log's) from the catalog, its phrase for the blogger. */
export function reasonOf(said: Phrase): { reason: string; reasonSaid: Phrase } {
  return { reason: english(said), reasonSaid: said };
}

/** Tries the channel until it takes the message or the attempts are used up; records and logs the end. */
async function attempt(
  ctx: DeliveryContext,
  entry: ChannelEntry,
  message: OutgoingMessage,
): Promise<ChannelResult> {
  const name = entry.channel.name;
  let reason = '';
  let reasonSaid: Said | undefined;
  for (let i = 0; i <= ctx.delays.length; i += 1) {
    if (i > 0) {
      try {
        await ctx.clock.sleep(ctx.delays[i - 1] ?? 0, ctx.signal);
      } catch {
        break;
      }
    }
    if (ctx.signal.aborted) break;
    try {
      await entry.channel.deliver(message, ctx.signal);
      const sent = ctx.result('sent', { attempts: i + 1 });
      ctx.log.info(
        { channel: name, topic: message.topic, messageId: message.id, attempts: i + 1 },
        'notification sent',
      );
      await ctx.quietly('record', recordResult(ctx.redis, ctx.prefix, message.id, name, sent));
      return sent;
    } catch (error) {
      reason = ctx.clean(errorMessage(error), entry.channel.secrets);
      // Our own words (a network reason, Telegram's refusal) keep their phrase; a peer's stay as they came.
      const phrase = errorPhrase(error);
      reasonSaid = phrase === undefined ? undefined : ctx.cleanPhrase(phrase, entry.channel.secrets);
      ctx.log.debug(
        { channel: name, messageId: message.id, attempt: i + 1, reason },
        'notification attempt failed',
      );
    }
  }
  if (ctx.signal.aborted) {
    // Stopped between attempts: the message waits in Redis and goes out after the restart.
    const kept = await ctx.quietly(
      'hold',
      hold(ctx.redis, ctx.prefix, name, message).then(() => true),
    );
    const last: Said = reasonSaid ?? (reason || { key: 'notify.result.none' });
    const held = kept
      ? ctx.result('held', reasonOf({ key: 'notify.result.stopped_held', params: { reason: last } }))
      : ctx.result(
          'failed',
          reasonOf({ key: 'notify.result.stopped', params: { reason: reasonSaid ?? reason } }),
        );
    await ctx.quietly('record', recordResult(ctx.redis, ctx.prefix, message.id, name, held));
    return held;
  }
  const failed = ctx.result('failed', {
    reason,
    ...(reasonSaid !== undefined ? { reasonSaid } : {}),
    attempts: ctx.delays.length + 1,
  });
  ctx.log.warn(
    {
      channel: name,
      type: entry.channel.type,
      topic: message.topic,
      messageId: message.id,
      reason,
      attempts: ctx.delays.length + 1,
    },
    'notification not delivered: the channel refused or did not answer every attempt',
  );
  await ctx.quietly('record', recordResult(ctx.redis, ctx.prefix, message.id, name, failed));
  return failed;
}

/** The channel's limit for a budget. */
export function budgetLimit(settings: NotifyChannel, budget: RateBudget): number {
  return budget === 'outside' ? settings.maxOutsidePerHour : settings.maxPerHour;
}

/** A message through its budget's rate limit, then to the channel. */
export async function limitedAttempt(
  ctx: DeliveryContext,
  entry: ChannelEntry,
  message: OutgoingMessage,
  direct: boolean,
): Promise<ChannelResult> {
  if (!direct) {
    const { name } = entry.channel;
    const budget = budgetOf(message.topic);
    const max = budgetLimit(entry.settings, budget);
    const allowed = await ctx.quietly(
      'rate limit',
      takeRateSlot(ctx.redis, ctx.prefix, name, budget, max, ctx.clock.now(), message.urgent),
    );
    if (allowed === false) {
      const suppressed = ctx.result(
        'suppressed',
        reasonOf({
          key: budget === 'outside' ? 'notify.result.rate_limit_outside' : 'notify.result.rate_limit',
          params: { max: String(max) },
        }),
      );
      ctx.log.info(
        { channel: name, topic: message.topic, messageId: message.id, budget },
        'notification suppressed by the rate limit',
      );
      await ctx.quietly('record', recordResult(ctx.redis, ctx.prefix, message.id, name, suppressed));
      return suppressed;
    }
  }
  return attempt(ctx, entry, message);
}
