/**
 * The delivery side of notifications (issue 15): hands each `OutgoingMessage` to every channel that wants it,
 * holding non-urgent ones during quiet hours, counting each channel's hourly limit, retrying a failed delivery
 * with backoff, and recording every message with its per-channel result for the status page (src/notify/record.ts).
 *
 * `send()` never throws and never waits for a channel: a dead channel never affects a deal. No secret reaches
 * a message, a log line or a recorded result: messages are scrubbed of the config's secrets, errors of the
 * channel's own (its token, password, URL) and of credential-shaped text (src/redact.ts).
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { type Clock, systemClock } from '../clock.js';
import { errorMessage } from '../errors.js';
import { createTranslator, type Language } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import { redact, redactPhrase, scrubPhrase, scrubText } from '../redact.js';
import { createChannel } from './channels/index.js';
import {
  budgetLimit,
  type ChannelEntry,
  type DeliveryContext,
  limitedAttempt,
  reasonOf,
} from './delivery.js';
import { hold, takeHeld, takeSuppressed } from './limits.js';
import { isQuiet } from './quiet-hours.js';
import {
  type ChannelResult,
  type NotificationRecord,
  readRecentNotifications,
  recordMessage,
} from './record.js';
import type { NotifySettings, QuietHours } from './settings.js';
import type { Dispatcher, OutgoingMessage, RateBudget } from './types.js';

/** Waits before the 2nd, 3rd and 4th attempt: about half a minute in all. */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 25_000];

export interface DispatcherOptions {
  settings: NotifySettings;
  redis: Redis;
  /** `redis.prefix`. */
  prefix: string;
  log: Logger;
  /** `ui.language`: for the dispatcher's own messages (the rate-limit summary). */
  language: Language;
  /** `ui.timeZone`: the zone of quiet hours that name none (default Europe/Prague). */
  timeZone?: string;
  clock?: Clock;
  /** Waits between attempts; its length + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** How often held messages and rate-limit summaries are looked at (default 60 s; 0: only by `tick()`). */
  tickMs?: number;
  /** Secret values of the whole config (`configSecrets`): never sent in a message. */
  secrets?: () => Iterable<string | undefined>;
}

export interface DeliverOptions {
  /** Only these channels (by name), whatever their blog/topic filters. */
  channels?: readonly string[];
}

export interface NotifyDispatcher extends Dispatcher {
  /** Like `send`, but resolves with each channel's final result (after the retries). Never rejects. */
  deliver(message: OutgoingMessage, options?: DeliverOptions): Promise<Record<string, ChannelResult>>;
  /** Releases held messages whose quiet hours ended and sends the rate-limit summaries that are due. */
  tick(): Promise<void>;
  /** Resolves when every delivery under way has ended. */
  idle(): Promise<void>;
  readonly channelNames: readonly string[];
}

type Entry = ChannelEntry;

/** For processes without channels. */
export const noopDispatcher: Dispatcher = { send: async () => {}, close: async () => {} };

export function createDispatcher(options: DispatcherOptions): NotifyDispatcher {
  const { settings, redis, prefix, log } = options;
  const clock = options.clock ?? systemClock;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const t = createTranslator(options.language).t;
  const entries: Entry[] = settings.channels.map((s) => ({
    settings: s,
    channel: createChannel(s, { timeoutMs }),
  }));
  const stop = new AbortController();
  const inflight = new Set<Promise<unknown>>();
  let closed = false;

  const quietOf = (entry: Entry): QuietHours | undefined =>
    entry.settings.quietHours === false ? undefined : (entry.settings.quietHours ?? settings.quietHours);
  const configSecrets = (): string[] => [...(options.secrets?.() ?? [])].filter((s): s is string => !!s);
  const secretsWith = (extra: readonly string[]): string[] => [
    ...extra,
    ...configSecrets(),
    ...entries.flatMap((e) => e.channel.secrets),
  ];
  const clean = (text: string, extra: readonly string[] = []): string =>
    scrubText(redact(text, secretsWith(extra)));
  const cleanPhrase: DeliveryContext['cleanPhrase'] = (phrase, extra = []) =>
    scrubPhrase(redactPhrase(phrase, secretsWith(extra)));
  const result = (status: ChannelResult['status'], extra: Partial<ChannelResult> = {}): ChannelResult => ({
    status,
    at: clock.now().toISOString(),
    ...extra,
  });
  /** A Redis step that must not stop a delivery: its failure is logged. */
  const quietly = async <T>(what: string, step: Promise<T>): Promise<T | undefined> => {
    try {
      return await step;
    } catch (error) {
      log.warn({ err: clean(errorMessage(error)), what }, 'notifications: Redis step failed');
      return undefined;
    }
  };
  const track = <T>(promise: Promise<T>): Promise<T> => {
    inflight.add(promise);
    void promise.finally(() => inflight.delete(promise)).catch(() => undefined);
    return promise;
  };

  const ctx: DeliveryContext = {
    redis,
    prefix,
    log,
    delays,
    signal: stop.signal,
    clock,
    result,
    quietly,
    clean,
    cleanPhrase,
  };

  function wants(entry: Entry, message: OutgoingMessage): boolean {
    const { blogs, topics } = entry.settings;
    if (topics && !topics.includes(message.topic)) return false;
    if (blogs && message.blogId !== undefined && !blogs.includes(message.blogId)) return false;
    return true;
  }

  async function deliver(
    raw: OutgoingMessage,
    opts: DeliverOptions = {},
  ): Promise<Record<string, ChannelResult>> {
    const message: OutgoingMessage = {
      ...raw,
      title: clean(raw.title),
      body: clean(raw.body),
      ...(raw.url ? { url: clean(raw.url) } : {}),
    };
    // `notify test` goes straight out: no filters, quiet hours or limit between the blogger and the answer.
    const direct = message.topic === 'test' || opts.channels !== undefined;
    const targets = entries.filter((e) =>
      opts.channels ? opts.channels.includes(e.channel.name) : wants(e, message),
    );
    if (targets.length === 0 || closed) return {};
    const at = clock.now();
    const holdIt = (e: Entry) => !direct && !message.urgent && isQuiet(quietOf(e), at, options.timeZone);
    const first: Record<string, ChannelResult> = {};
    for (const e of targets) {
      first[e.channel.name] = holdIt(e)
        ? result('held', reasonOf({ key: 'notify.result.quiet_hours' }))
        : result('pending');
    }
    await quietly('record', recordMessage(redis, prefix, message, first));
    const settled = await Promise.all(
      targets.map(async (e): Promise<[string, ChannelResult]> => {
        if (holdIt(e)) {
          const kept = await quietly(
            'hold',
            hold(redis, prefix, e.channel.name, message).then(() => true),
          );
          // Without Redis the message cannot wait: better now than never.
          if (kept) return [e.channel.name, first[e.channel.name] as ChannelResult];
        }
        return [e.channel.name, await limitedAttempt(ctx, e, message, direct)];
      }),
    );
    return Object.fromEntries(settled);
  }

  /** One "N held back" message per budget that suppressed something in an hour gone by. */
  async function summarize(entry: Entry, at: Date): Promise<void> {
    for (const budget of ['own', 'outside'] as const) await summarizeBudget(entry, budget, at);
  }

  async function summarizeBudget(entry: Entry, budget: RateBudget, at: Date): Promise<void> {
    const count = await takeSuppressed(redis, prefix, entry.channel.name, budget, at);
    if (count <= 0) return;
    const params = { count, channel: entry.channel.name, max: budgetLimit(entry.settings, budget) };
    const message: OutgoingMessage = {
      id: randomUUID(),
      topic: 'digest',
      kind: 'event',
      key: `held_back:${entry.channel.name}:${budget === 'own' ? '' : `${budget}:`}${at.toISOString()}`,
      title: t('notify.delivery.held_back_title', params),
      body: t(
        budget === 'own' ? 'notify.delivery.held_back_body' : 'notify.delivery.held_back_outside_body',
        params,
      ),
      urgent: false,
      createdAt: at.toISOString(),
    };
    await quietly(
      'record',
      recordMessage(redis, prefix, message, { [entry.channel.name]: result('pending') }),
    );
    await limitedAttempt(ctx, entry, message, false);
  }

  let ticking: Promise<void> | undefined;
  async function tickOnce(): Promise<void> {
    const at = clock.now();
    await Promise.all(
      entries.map(async (entry) => {
        if (isQuiet(quietOf(entry), at, options.timeZone)) return;
        const releases: Array<Promise<unknown>> = [];
        for (;;) {
          if (closed) break;
          const message = await takeHeld(redis, prefix, entry.channel.name);
          if (!message) break;
          log.info(
            { channel: entry.channel.name, messageId: message.id },
            'notification released after quiet hours',
          );
          releases.push(track(limitedAttempt(ctx, entry, message, false)));
        }
        await Promise.all(releases);
        await summarize(entry, at);
      }),
    );
  }
  const tick = (): Promise<void> => {
    ticking ??= tickOnce()
      .catch((error: unknown) => {
        log.warn({ err: clean(errorMessage(error)) }, 'notifications: releasing held messages failed');
      })
      .finally(() => {
        ticking = undefined;
      });
    return ticking;
  };

  const tickMs = options.tickMs ?? 60_000;
  const timer = tickMs > 0 && entries.length > 0 ? setInterval(() => void tick(), tickMs) : undefined;
  timer?.unref();
  // Whatever waited through a restart goes out as soon as it may.
  if (timer) void track(tick());

  return {
    channelNames: entries.map((e) => e.channel.name),
    async send(message) {
      if (closed) return;
      void track(deliver(message)).catch((error: unknown) => {
        log.error({ err: clean(errorMessage(error)) }, 'notifications: delivery failed unexpectedly');
      });
    },
    async deliver(message, opts) {
      try {
        return await track(deliver(message, opts));
      } catch (error) {
        log.error({ err: clean(errorMessage(error)) }, 'notifications: delivery failed unexpectedly');
        return {};
      }
    },
    tick,
    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      stop.abort();
      await Promise.race([Promise.allSettled([...inflight]), delay(5_000, undefined, { ref: false })]);
      for (const e of entries) e.channel.close();
    },
  };
}

/** The status page's list: `readRecentNotifications` bound to a Redis client and prefix. */
export function recentNotificationsReader(
  redis: Redis,
  prefix: string,
): (limit?: number) => Promise<NotificationRecord[]> {
  return (limit) => readRecentNotifications(redis, prefix, limit);
}
