/**
 * The notifier (the `Notifier` every source sees): the once-per-problem rule (./problems.ts) kept in Redis, so
 * that several processes (split webhook/worker processes, a restart) agree, then the message rendered in the
 * blogger's language (./render.ts) and handed to the delivery side (`Dispatcher`).
 *
 * Marks: `<prefix>:notify:mark:<key>` holds the raised event (JSON), so the "resolved" follow-up can name what
 * cleared even in another process; `<prefix>:notify:open` lists the open problems' keys. Never throws: a Redis or rendering failure is logged and the source carries on.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import { errorMessage } from '../errors.js';
import { createTranslator, DEFAULT_TIME_ZONE, type Language } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import { outageLevel } from '../redis/outage.js';
import { topicEnabled } from './event-settings.js';
import { type MessageKind, markOp, messageKind, type NotifyAction, topicOfKey } from './problems.js';
import { renderMessage } from './render.js';
import {
  type Dispatcher,
  isProblemTopic,
  isUrgent,
  type Notifier,
  type NotifyEvent,
  type NotifyTopic,
  type OutgoingMessage,
  problemKey,
  type ResolvedHow,
} from './types.js';

export interface NotifierOptions {
  dispatcher: Dispatcher;
  redis: Redis;
  prefix: string;
  language: Language;
  log: Logger;
  /** The status page's root URL (deal messages link to `<statusUrl>/deals/<id>`); a function when it is known
   * only once the page listens. */
  statusUrl?: string | (() => string | undefined) | undefined;
  /** The zone of dates in messages (`ui.timeZone`; default Europe/Prague). */
  timeZone?: string;
  /** The zone of the marketplace's wall-clock date-times (config `marketplace.timeZone`). */
  serviceTimeZone?: string;
  /** Secret values that must never appear in a message (the config's API key, passwords, …). */
  secrets?: () => readonly string[];
  /** Topics switched off (`notify.events.off`). */
  off?: readonly NotifyTopic[];
  clock?: Clock;
}

export function notifyMarkKey(prefix: string, key: string): string {
  return `${prefix}:notify:mark:${key}`;
}

/** `<prefix>:notify:open`: the keys of problems raised and not resolved (the monitor looks for cleared ones). */
export function openProblemsKey(prefix: string): string {
  return `${prefix}:notify:open`;
}

/** Problem keys currently open, of one topic. */
export async function openProblems(redis: Redis, prefix: string, topic: string): Promise<string[]> {
  const keys = await redis.smembers(openProblemsKey(prefix));
  return keys.filter((key) => key.startsWith(`${topic}:`));
}

/**
 * The open problems with the events they were raised with, for the status page's home (a mark that expired or
 * cannot be read is left out). Several keys, one round trip each way.
 */
export async function readOpenProblems(redis: Redis, prefix: string): Promise<NotifyEvent[]> {
  const keys = (await redis.smembers(openProblemsKey(prefix))).sort().slice(0, 100);
  if (keys.length === 0) return [];
  const held = await redis.mget(keys.map((key) => notifyMarkKey(prefix, key)));
  return held.flatMap((value) => {
    const event = value === null ? undefined : parseStored(value);
    return event ? [event] : [];
  });
}

function isProblemKey(key: string): boolean {
  const topic = topicOfKey(key);
  return topic !== undefined && isProblemTopic(topic);
}

export function createNotifier(options: NotifierOptions): Notifier {
  const { dispatcher, redis, prefix, log } = options;
  const clock = options.clock ?? systemClock;
  const tr = createTranslator(options.language, options.timeZone);
  const off = { off: [...(options.off ?? [])] };

  /** Applies the key's mark operation in Redis; whether the mark changed, and the event a removed mark held. */
  async function applyMark(
    key: string,
    action: NotifyAction,
    event: NotifyEvent | undefined,
  ): Promise<{ changed: boolean; stored?: NotifyEvent | undefined }> {
    const op = markOp(key, action);
    const redisKey = notifyMarkKey(prefix, key);
    if (op.op === 'set_if_absent') {
      const set = await redis.set(redisKey, JSON.stringify(event ?? null), 'PX', op.keepMs, 'NX');
      const changed = set === 'OK';
      if (changed && isProblemKey(key)) await redis.sadd(openProblemsKey(prefix), key);
      return { changed };
    }
    if (op.op === 'remove') {
      const held = await redis.getdel(redisKey);
      await redis.srem(openProblemsKey(prefix), key);
      if (held === null) return { changed: false };
      return { changed: true, stored: parseStored(held) };
    }
    return { changed: false };
  }

  async function send(event: NotifyEvent, kind: MessageKind, key: string, how?: ResolvedHow): Promise<void> {
    const rendered = renderMessage(event, kind, tr, {
      resolvedHow: how,
      statusUrl: typeof options.statusUrl === 'function' ? options.statusUrl() : options.statusUrl,
      timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
      serviceTimeZone: options.serviceTimeZone,
      secrets: options.secrets?.() ?? [],
    });
    const message: OutgoingMessage = {
      id: randomUUID(),
      topic: event.topic,
      kind,
      key,
      title: rendered.title,
      body: rendered.body,
      ...(rendered.url ? { url: rendered.url } : {}),
      // A resolved follow-up is good news: it waits for the quiet hours to end.
      urgent: kind !== 'resolved' && isUrgent(event.topic),
      ...('blogId' in event && typeof event.blogId === 'number' ? { blogId: event.blogId } : {}),
      ...('dealId' in event ? { dealId: event.dealId } : {}),
      createdAt: clock.now().toISOString(),
    };
    await dispatcher.send(message);
    log.info({ topic: event.topic, kind, key, messageId: message.id }, 'notification handed to the channels');
  }

  return {
    async raise(event) {
      let key: string | undefined;
      try {
        if (!topicEnabled(off, event.topic)) return;
        key = problemKey(event);
        const { changed } = await applyMark(key, 'raise', event);
        const kind = messageKind(key, 'raise', changed);
        if (kind) await send(event, kind, key);
      } catch (error) {
        log[outageLevel(error)](
          { topic: event.topic, key, err: errorMessage(error) },
          'notification not sent',
        );
      }
    },
    async resolve(key, how) {
      try {
        const { changed, stored } = await applyMark(key, 'resolve', undefined);
        const kind = messageKind(key, 'resolve', changed);
        if (kind && stored && topicEnabled(off, stored.topic)) await send(stored, kind, key, how);
      } catch (error) {
        log[outageLevel(error)]({ key, err: errorMessage(error) }, 'resolved notification not sent');
      }
    },
  };
}

/** The event a mark held; undefined when unreadable (then no follow-up can be written). */
function parseStored(value: string): NotifyEvent | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && 'topic' in parsed ? (parsed as NotifyEvent) : undefined;
  } catch {
    return undefined;
  }
}
