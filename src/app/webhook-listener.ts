/**
 * The webhook listener's life. It listens only while the intake takes webhooks (src/intake/mode.ts
 * `takesWebhooks`): at start-up, or later, when a poll finds that a webhook was registered meanwhile
 * (`pressbridge webhook register` beside a running daemon), without a restart. In poll mode it binds nothing
 * (docs/decisions/0017-no-webhook-listener-in-poll-mode.md). Once listening it stays until the daemon stops.
 */
import type { Server } from 'node:http';
import type { Router } from 'express';
import { portWays } from '../config/listeners.js';
import type { Config } from '../config/schema.js';
import { closeServer, urlOf } from '../daemon/net.js';
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import { startWebhookListener } from './http.js';

export interface WebhookListener {
  /** Listens now (a start-up that needs the listener: a taken port stops the start with a `ListenError`). */
  start(): Promise<void>;
  /** Listens unless it does already; a failure is logged, not thrown, and tried again at the next call. */
  ensure(): Promise<void>;
  /** Where deliveries are accepted, once listening (e.g. `http://127.0.0.1:8080/webhook`). */
  url(): string | undefined;
  stop(): Promise<void>;
}

export function createWebhookListener(input: {
  config: Pick<Config, 'webhook'>;
  log: Logger;
  health: Router;
  webhook: Router;
}): WebhookListener {
  const { config, log } = input;
  let server: Server | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;

  const start = async (): Promise<void> => {
    if (server || stopped) return;
    starting ??= startWebhookListener(input)
      .then(async (listening) => {
        // Stopped while binding: let go of the port at once.
        if (stopped) return await closeServer(listening);
        server = listening;
        log.info({ url: urlOf(listening, config.webhook.path) }, 'webhook listener: listening');
      })
      .finally(() => {
        starting = undefined;
      });
    await starting;
  };

  return {
    start,
    async ensure() {
      if (server || stopped) return;
      try {
        await start();
      } catch (error) {
        const { host, port } = config.webhook.listen;
        log.error(
          { err: errorMessage(error), host, port },
          `webhook listener: cannot listen, the webhook's deliveries fail until it does (the poll still finds the deals); tried again after the next poll; ${portWays('webhook')}`,
        );
      }
    },
    url: () => (server ? urlOf(server, config.webhook.path) : undefined),
    async stop() {
      stopped = true;
      await starting?.catch(() => undefined);
      if (server) await closeServer(server);
      server = undefined;
    },
  };
}
