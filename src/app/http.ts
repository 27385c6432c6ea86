/**
 * The daemon's HTTP: the webhook listener, the health routes every listener serves and the metrics route the
 * status listener serves.
 */
import type { Server } from 'node:http';
import express, { type Router } from 'express';
import type { Config } from '../config/schema.js';
import type { DealStore } from '../deals/record.js';
import type { DemandIntake } from '../demands/intake.js';
import { listenAs } from '../http-limits.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import type { Notifications } from '../notify/index.js';
import type { DealProducer } from '../queue/producer.js';
import { VERSION } from '../version.js';
import { createWebhookRouter } from '../webhook/receiver.js';
import { createSecretProvider } from '../webhook/secret-file.js';
import { createDealEventHandler } from './deal-events.js';

/** Readiness: it can take deals now (Redis up, and the worker running when this process runs one). */
export interface Readiness {
  ok: boolean;
  redis: boolean;
  worker: boolean | undefined;
}

/** The webhook route: `deal.accepted` to the producer, other events to their handlers, outcomes to the metrics. */
export function createWebhook(input: {
  config: Readonly<Config>;
  log: Logger;
  producer: DealProducer;
  store: DealStore;
  metrics: Metrics;
  notifications: Pick<Notifications, 'onEvent'>;
  demands?: Pick<DemandIntake, 'onEvent'> | undefined;
}): Router {
  const { config, log, metrics } = input;
  const store = input.store.as('webhook');
  const onEvent = createDealEventHandler(input);
  return createWebhookRouter({
    config: config.webhook,
    producer: input.producer,
    store,
    log,
    secrets: createSecretProvider(config, log),
    onOutcome: (event, outcome) => metrics.webhook(event, outcome),
    onEvent,
  });
}

/**
 * `GET /healthz` (liveness: the process answers) and `GET /readyz` (readiness). Every listener of the daemon
 * serves them, without a password: the status listener in every intake mode (Docker's HEALTHCHECK asks it), the
 * webhook listener while it runs (a process started with `--no-status`).
 */
export function healthRoutes(ready: () => Promise<Readiness>): Router {
  const route = express.Router();
  route.get('/healthz', (_req, res) => {
    res.json({ ok: true, version: VERSION });
  });
  route.get('/readyz', async (_req, res) => {
    const state = await ready();
    res.status(state.ok ? 200 : 503).json(state);
  });
  return route;
}

/** Serves the webhook route beside the health routes. */
export async function startWebhookListener(input: {
  config: Pick<Config, 'webhook'>;
  health: Router;
  webhook: Router;
}): Promise<Server> {
  const app = express();
  app.disable('x-powered-by');
  // Trusts no X-Forwarded-For: the webhook only logs req.ip (a rejected signature's sender), its guard is the
  // signature, and a logged address that any client could choose would mislead more than the proxy's own.
  app.set('trust proxy', false);
  app.use(input.health);
  app.use(input.webhook);
  app.use((_req, res) => {
    res.status(404).json({ error: { code: 'not_found', message: 'not found' } });
  });
  const { host, port } = input.config.webhook.listen;
  return await listenAs('webhook', app, host, port);
}

/** `GET /metrics`: the Prometheus exposition, for the status listener's `extraRoutes`. */
export function metricsRoute(metrics: Metrics): Router {
  const route = express.Router();
  route.get('/metrics', async (_req, res) => {
    const { contentType, body } = await metrics.render();
    res.type(contentType).send(body);
  });
  return route;
}
