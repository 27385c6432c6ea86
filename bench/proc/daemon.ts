/**
 * A pressbridge daemon as the bench runs it: its own process (so its RSS is its own), started through the same
 * `startDaemon` as `pressbridge start`, with the pipeline processor built as in src/main.ts. Settings come in
 * PB_BENCH_CHILD (see bench/lib/protocol.ts); logs go to stdout (the parent sends them to a file).
 *
 * Instrumentation (only with `instrument: true`, for timing): outgoing HTTP requests are timed by wrapping
 * `globalThis.fetch` (the marketplace client and the verify step call it per request) and the WordPress
 * plugin's injectable fetch; `getDealPhoto` is timed by wrapping the client the pipeline gets.
 */
import { readFileSync } from 'node:fs';
import wordpress from '../../plugins/wordpress/index.js';
import { parseConfig } from '../../src/config/load.js';
import { createLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import type { MarketplaceClient } from '../../src/marketplace/api.js';
import { createPipelineProcessor } from '../../src/pipeline/index.js';
import type { PluginRegistry } from '../../src/publisher/registry.js';
import { createPublishers } from '../../src/publisher/registry.js';
import { createRenderPool } from '../../src/render/pool.js';
import { NULL_PUBLISHER, nullPublisher } from '../lib/null-publisher.js';
import {
  CHILD_ENV,
  type ChildToParent,
  type DaemonChildSettings,
  type ParentToChild,
  type TimedPhoto,
  type TimedRequest,
} from '../lib/protocol.js';

const send = (message: ChildToParent): void => {
  process.send?.(message);
};

const settings = JSON.parse(process.env[CHILD_ENV] ?? '{}') as DaemonChildSettings;

// `pressbridge start` runs from src/cli.ts, which defines every command (each loads what it runs only when it
// runs) before it starts the daemon: load the same modules, so that memory figures are those of the real
// process. (cli.ts runs nothing when imported.)
let cliLoaded = true;
try {
  await import('../../src/cli.js');
} catch (error) {
  cliLoaded = false;
  process.stderr.write(`bench daemon: src/cli.js not loaded (${String(error)}); figures without it\n`);
}
const config = parseConfig(settings.config, {});
const log = createLogger({ level: settings.logLevel });

// --- instrumentation --------------------------------------------------------------------------------------------
const requests: TimedRequest[] = [];
const photos: TimedPhoto[] = [];
const marketplaceOrigin = new URL(config.marketplace.baseUrl).origin;
const wordpressOrigins = new Set(
  config.blogs.filter((b) => b.publisher === 'wordpress').map((b) => new URL(String(b.options.url)).origin),
);

function timed(inner: typeof fetch, fallback: TimedRequest['target']): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const target: TimedRequest['target'] =
      url.origin === marketplaceOrigin
        ? 'marketplace'
        : wordpressOrigins.has(url.origin)
          ? 'wordpress'
          : fallback;
    const start = performance.timeOrigin + performance.now();
    let status = 0;
    try {
      const response = await inner(input, init);
      status = response.status;
      return response;
    } finally {
      requests.push({
        target,
        method,
        path: `${url.pathname}${url.search}`,
        start,
        end: performance.timeOrigin + performance.now(),
        status,
      });
    }
  };
}

// The plugin's injected fetch wraps the real one (not the wrapped global), so no request is counted twice.
const realFetch = globalThis.fetch;
if (settings.instrument) globalThis.fetch = timed(realFetch, 'site');

function timedClient(client: MarketplaceClient): MarketplaceClient {
  return Object.assign(Object.create(client) as MarketplaceClient, {
    async getDealPhoto(...args: Parameters<MarketplaceClient['getDealPhoto']>) {
      const start = performance.timeOrigin + performance.now();
      const file = await client.getDealPhoto(...args);
      photos.push({ dealId: args[0], n: args[1].n, start, end: performance.timeOrigin + performance.now() });
      return file;
    },
  });
}

/** See DaemonChildSettings.serialMediaForOddDeals: one upload at a time, for odd deal ids only. */
function serialForOddDeals(inner: typeof fetch): typeof fetch {
  let chain: Promise<unknown> = Promise.resolve();
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const deal = /pressbridge-deal-(\d+)-photo-/.exec(url)?.[1];
    if ((init?.method ?? 'GET').toUpperCase() !== 'POST' || deal === undefined || Number(deal) % 2 === 0) {
      return inner(input, init);
    }
    const sent = chain.then(() => inner(input, init));
    chain = sent.catch(() => undefined);
    return sent;
  };
}
const wordpressFetch = (): typeof fetch => {
  const timedFetch = timed(realFetch, 'wordpress');
  return settings.serialMediaForOddDeals ? serialForOddDeals(timedFetch) : timedFetch;
};

// --- publishers -----------------------------------------------------------------------------------------------
const plugins: PluginRegistry =
  settings.publisher === 'wordpress'
    ? {
        wordpress: settings.instrument
          ? {
              ...wordpress,
              create: (options, context) =>
                wordpress.create(options, { ...context, fetch: wordpressFetch() }),
            }
          : wordpress,
      }
    : { [NULL_PUBLISHER]: nullPublisher };

const publishers = createPublishers(config, plugins, { log });
const renderPool = createRenderPool({ threads: config.render.threads });
const pipeline = createPipelineProcessor({
  resolveBlog: (blogId) => publishers.get(blogId),
  settings: config.pipeline,
  render: config.render,
  renderPool,
});

const daemon = await startDaemon({
  config,
  log,
  webhook: settings.role !== 'worker',
  worker: settings.role !== 'webhook',
  status: settings.role === 'full' || settings.role === 'webhook',
  plugins,
  process: settings.instrument ? (ctx) => pipeline({ ...ctx, client: timedClient(ctx.client) }) : pipeline,
});

process.on('message', (message: ParentToChild) => {
  if (message.type === 'report') {
    send({ type: 'report', requests, photos });
  } else if (message.type === 'memory') {
    send({
      type: 'memory',
      usage: process.memoryUsage(),
      // Whether libvips is mapped into the process (sharp loaded): a large part of the idle RSS.
      loadedSharp: readFileSync('/proc/self/maps', 'utf8').includes('libvips'),
    });
  } else if (message.type === 'stop') {
    void (async () => {
      await daemon.close();
      await publishers.close();
      await renderPool.close();
      send({ type: 'stopped' });
      process.disconnect?.();
      process.exit(0);
    })();
  }
});
process.on('disconnect', () => {
  // The orchestrator died: do not linger.
  void daemon.close().finally(() => process.exit(0));
});

const ready: ChildToParent = {
  type: 'ready',
  pid: process.pid,
  rateLimitWindowMs: config.marketplace.rateLimitWindowMs,
  // Read without the type: the sweep is newer than some builds this bench may run against.
  reconcile: (daemon as { reconciler?: unknown }).reconciler !== undefined,
  cliLoaded,
};
if (daemon.webhookUrl) ready.webhookUrl = daemon.webhookUrl;
send(ready);
