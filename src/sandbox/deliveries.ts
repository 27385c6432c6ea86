/**
 * Webhook registrations (one per API key) and event deliveries, following the document's delivery rules:
 * a POST with a JSON body, signed with HMAC-SHA256 of the raw body (lowercase hex), where only HTTP 200 counts
 * as delivered; anything else, or no answer, is retried after 5, 10, 20 and 40 minutes (× timeScale), five
 * attempts in all. The signature is computed at each attempt with the key's current secret, so after a rotation
 * the old secret signs nothing.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { BODY_LIMITS, readBodyHeadText } from '../http-body.js';
import type { Logger } from '../logger.js';
import { LIMITS, MAX_DELIVERY_ATTEMPTS, WEBHOOK_RETRY_MINUTES } from './api-document.js';
import type { WireDates } from './dates.js';

export { MAX_DELIVERY_ATTEMPTS };
/** The document lists the last 50 deliveries per webhook. */
export const DELIVERY_LOG_SIZE = LIMITS.deliveryLogSize;
export const DELIVERY_USER_AGENT = 'SandboxMarketplace-Webhook/1.0';

export interface WebhookRegistration {
  url: string;
  secret: string;
}

export interface DeliveryAttempt {
  /** ISO 8601 instant the attempt started. */
  at: string;
  /** HTTP status; 0 when no answer arrived. */
  status: number;
  error?: string;
  durationMs: number;
}

export interface DeliveryRecord {
  id: number;
  /** The API key whose webhook receives it. */
  apiKey: string;
  event: string;
  deal_id: number | null;
  url: string;
  /** Last HTTP status; 0 = no answer (yet). */
  status: number;
  attempts: number;
  /** The start of the receiver's last answer body, or the network error. */
  response: string | null;
  /** Service date-time of the next attempt, null when none is planned. */
  next_attempt: string | null;
  created_at: string;
  delivered: boolean;
  /** No further attempt will be made (delivered, out of attempts, or the webhook was removed). */
  finished: boolean;
  /** The exact raw body sent (what the signature covers). */
  body: string;
  history: DeliveryAttempt[];
}

export interface SendOptions {
  /** Retries per the schedule (events); false for `webhook.test`, which is tried once. */
  retry: boolean;
}

export interface WebhookDispatcher {
  register(apiKey: string, url: string): WebhookRegistration;
  get(apiKey: string): WebhookRegistration | undefined;
  remove(apiKey: string): boolean;
  rotate(apiKey: string): WebhookRegistration | undefined;
  /** Starts a delivery; resolves with its record once the FIRST attempt has finished. */
  send(apiKey: string, body: Record<string, unknown>, options: SendOptions): Promise<DeliveryRecord>;
  records(apiKey?: string): DeliveryRecord[];
  /** Cancels pending retries and in-flight attempts. */
  close(): void;
}

export interface DispatcherOptions {
  signatureHeader: string;
  timeScale: number;
  timeoutMs: number;
  /** How `next_attempt` / `created_at` are written. */
  dates: WireDates;
  log: Logger;
  /** Keep at most this many records in memory (oldest dropped). */
  maxRecords?: number;
}

export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

function dealIdOf(body: Record<string, unknown>): number | null {
  if (typeof body.deal_id === 'number') return body.deal_id;
  const deal = body.deal;
  if (deal && typeof deal === 'object' && 'id' in deal && typeof deal.id === 'number') return deal.id;
  return null;
}

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const registrations = new Map<string, WebhookRegistration>();
  const records: DeliveryRecord[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<AbortController>();
  const maxRecords = options.maxRecords ?? 10_000;
  let nextId = 1;
  let closed = false;

  const attempt = async (record: DeliveryRecord, sendOptions: SendOptions): Promise<void> => {
    const registration = registrations.get(record.apiKey);
    if (closed) return;
    if (!registration) {
      record.finished = true;
      record.next_attempt = null;
      record.response = 'webhook removed';
      return;
    }
    record.url = registration.url;
    const started = Date.now();
    const controller = new AbortController();
    inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error('timeout')), options.timeoutMs);
    let status = 0;
    let response: string | null = null;
    let error: string | undefined;
    try {
      const answer = await fetch(registration.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': DELIVERY_USER_AGENT,
          [options.signatureHeader]: signBody(registration.secret, record.body),
        },
        body: record.body,
        // A redirect is not a 200: the service would not follow it either.
        redirect: 'manual',
        signal: controller.signal,
      });
      status = answer.status;
      // The receiver's answer is kept to its first 500 characters: only its start is read.
      response = (await readBodyHeadText(answer, BODY_LIMITS.error.bytes)).text.slice(0, 500);
    } catch (cause) {
      error = controller.signal.aborted ? 'timeout' : cause instanceof Error ? cause.message : String(cause);
      response = error;
    } finally {
      clearTimeout(timeout);
      inFlight.delete(controller);
    }
    if (closed) return;
    record.attempts += 1;
    record.status = status;
    record.response = response;
    record.history.push({
      at: new Date(started).toISOString(),
      status,
      durationMs: Date.now() - started,
      ...(error === undefined ? {} : { error }),
    });
    record.delivered = status === 200;
    const delayMinutes = WEBHOOK_RETRY_MINUTES[record.attempts - 1];
    if (record.delivered || !sendOptions.retry || delayMinutes === undefined) {
      record.finished = true;
      record.next_attempt = null;
    } else {
      const delayMs = delayMinutes * 60_000 * options.timeScale;
      record.next_attempt = options.dates.write(Date.now() + delayMs);
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(record, sendOptions);
      }, delayMs);
      timer.unref();
      timers.add(timer);
    }
    options.log.info(
      {
        deliveryId: record.id,
        event: record.event,
        status,
        attempts: record.attempts,
        delivered: record.delivered,
      },
      'sandbox webhook delivery attempt',
    );
  };

  return {
    register(apiKey, url) {
      const registration = { url, secret: randomBytes(32).toString('hex') };
      registrations.set(apiKey, registration);
      return { ...registration };
    },
    get(apiKey) {
      const registration = registrations.get(apiKey);
      return registration ? { ...registration } : undefined;
    },
    remove(apiKey) {
      return registrations.delete(apiKey);
    },
    rotate(apiKey) {
      const registration = registrations.get(apiKey);
      if (!registration) return undefined;
      registration.secret = randomBytes(32).toString('hex');
      return { ...registration };
    },
    async send(apiKey, body, sendOptions) {
      const record: DeliveryRecord = {
        id: nextId++,
        apiKey,
        event: typeof body.event === 'string' ? body.event : 'unknown',
        deal_id: dealIdOf(body),
        url: registrations.get(apiKey)?.url ?? '',
        status: 0,
        attempts: 0,
        response: null,
        next_attempt: options.dates.write(Date.now()),
        created_at: options.dates.write(Date.now()),
        delivered: false,
        finished: false,
        body: JSON.stringify(body),
        history: [],
      };
      records.push(record);
      if (records.length > maxRecords) records.splice(0, records.length - maxRecords);
      await attempt(record, sendOptions);
      return record;
    },
    records(apiKey) {
      return apiKey === undefined ? [...records] : records.filter((r) => r.apiKey === apiKey);
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const controller of inFlight) controller.abort(new Error('sandbox closed'));
      inFlight.clear();
    },
  };
}
