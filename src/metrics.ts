/**
 * Prometheus metrics (prom-client), served on the status listener's `/metrics`. Counters are fed by hooks
 * (webhook outcomes, marketplace answers, deal events); gauges that mirror Redis (queue depth, rate-limit
 * budget) are read when Prometheus scrapes, so they are never stale and cost nothing between scrapes.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { DealRunState } from './deals/lifecycle.js';
import { isFinal } from './deals/lifecycle.js';
import type { DealEvents } from './deals/record.js';
import type { ResponseInfo } from './marketplace/client-options.js';
import type { RateLimitSnapshot } from './marketplace/rate-limit.js';
import type { WebhookOutcome } from './webhook/receiver.js';

export interface MetricsSources {
  queueCounts?: () => Promise<Record<string, number>>;
  rateLimit?: () => Promise<RateLimitSnapshot>;
}

export interface Metrics {
  readonly registry: Registry;
  webhook(event: string | undefined, outcome: WebhookOutcome): void;
  marketplaceResponse(info: ResponseInfo): void;
  dealState(state: DealRunState): void;
  step(step: string, outcome: string, ms: number): void;
  /** Wires the gauges read at scrape time. */
  setSources(sources: MetricsSources): void;
  /** The exposition text and its content type. */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(options: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry, prefix: 'pressbridge_' });
  let sources: MetricsSources = {};

  const webhooks = new Counter({
    name: 'pressbridge_webhooks_total',
    help: 'Webhook deliveries received, by event and result',
    labelNames: ['event', 'result'] as const,
    registers: [registry],
  });
  const signatureFailures = new Counter({
    name: 'pressbridge_webhook_signature_failures_total',
    help: 'Webhook deliveries refused for a missing or wrong signature',
    registers: [registry],
  });
  const deals = new Counter({
    name: 'pressbridge_deals_total',
    help: 'Deals that reached a final state, by state',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const steps = new Histogram({
    name: 'pressbridge_step_duration_seconds',
    help: 'Duration of each pipeline step, by step and outcome',
    labelNames: ['step', 'outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'pressbridge_marketplace_requests_total',
    help: 'Marketplace API requests, by operation and HTTP status (0 = no answer)',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'pressbridge_marketplace_rate_limited_total',
    help: 'Marketplace answers 429 (rate limit) met',
    registers: [registry],
  });
  new Gauge({
    name: 'pressbridge_rate_limit_remaining',
    help: 'Marketplace requests that may start now in the current rate-limit window',
    registers: [registry],
    async collect() {
      if (!sources.rateLimit) return;
      try {
        this.set((await sources.rateLimit()).remaining);
      } catch {
        // Redis down: leave the last value; /readyz reports the outage.
      }
    },
  });
  new Gauge({
    name: 'pressbridge_queue_jobs',
    help: 'Deal jobs in the queue, by BullMQ state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      if (!sources.queueCounts) return;
      try {
        const counts = await sources.queueCounts();
        for (const [state, n] of Object.entries(counts)) this.set({ state }, n);
      } catch {
        // as above
      }
    },
  });

  return {
    registry,
    webhook(event, outcome) {
      webhooks.inc({ event: event ?? 'unknown', result: outcome });
      if (outcome === 'unauthorized') signatureFailures.inc();
    },
    marketplaceResponse(info) {
      requests.inc({ operation: info.operation, status: String(info.status) });
      if (info.status === 429) rateLimited.inc();
    },
    dealState(state) {
      // A final state (src/deals/lifecycle.ts) is counted once in `pressbridge_deals_total`.
      if (isFinal(state)) deals.inc({ state });
    },
    step(step, outcome, ms) {
      steps.observe({ step, outcome }, ms / 1000);
    },
    setSources(next) {
      sources = next;
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

/**
 * Metrics as deal-event subscribers (src/deals/events.ts): step durations, and final states. A final state is
 * counted when it is written, so a deal retried into `handed_in` after `failed` counts in both (the counters
 * say what happened, the status page what is).
 */
export function subscribeMetrics(events: DealEvents, metrics: Metrics): void {
  events.onStep(({ step, outcome, ms }) => metrics.step(step, outcome, ms));
  events.onChanged(({ patch }) => {
    if (patch.state) metrics.dealState(patch.state);
  });
}
