/**
 * A worker process that kills itself (SIGKILL: no cleanup, no graceful stop) at one chosen point of the
 * pipeline, to prove that a restarted worker resumes without a second post, second media or second hand-in.
 *
 *   PB_CRASH_CONFIG  the config document as JSON (parsed like the YAML file)
 *   PB_CRASH_AT      media     after the first photo was uploaded, before the plugin reported it
 *                    post      after the post was created and published, before the pipeline saved its URL
 *                    published after the URL was saved, before verification and hand-in
 *                    handin    after the marketplace accepted the URL, before the pipeline recorded it
 */
import wordpress from '../../plugins/wordpress/index.js';
import { parseConfig } from '../../src/config/load.js';
import type { DealStore } from '../../src/deals/record.js';
import { createLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import type { MarketplaceClient } from '../../src/marketplace/api.js';
import { createPipelineProcessor } from '../../src/pipeline/index.js';
import { createPublishers } from '../../src/publisher/registry.js';
import type { Publisher } from '../../src/publisher/types.js';
import { createRenderPool } from '../../src/render/pool.js';

const point = process.env.PB_CRASH_AT ?? '';
const config = parseConfig(JSON.parse(process.env.PB_CRASH_CONFIG ?? '{}'), {});
const log = createLogger({ level: process.env.PB_CRASH_LOG ?? 'warn', destination: process.stderr });

function die(): never {
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

function crashingPublisher(publisher: Publisher): Publisher {
  return {
    ...publisher,
    kind: publisher.kind,
    target: publisher.target,
    checkReachable: (signal) => publisher.checkReachable(signal),
    createDraft: (input) => publisher.createDraft(input),
    async publish(input) {
      const result = await publisher.publish({
        ...input,
        async progress(patch) {
          if (point === 'media' && patch.wpMedia && Object.keys(patch.wpMedia).length > 0) die();
          await input.progress(patch);
        },
      });
      if (point === 'post') die();
      return result;
    },
  };
}

function crashingClient(client: MarketplaceClient): MarketplaceClient {
  return Object.assign(Object.create(client) as MarketplaceClient, {
    async handInArticle(...args: Parameters<MarketplaceClient['handInArticle']>) {
      const result = await client.handInArticle(...args);
      if (point === 'handin') die();
      return result;
    },
  });
}

function crashingStore(store: DealStore): DealStore {
  return {
    ...store,
    async update(dealId, patch) {
      const changed = await store.update(dealId, patch);
      if (point === 'published' && patch.state === 'verifying') die();
      return changed;
    },
  };
}

const publishers = createPublishers(config, { wordpress }, { log });
const inner = createPipelineProcessor({
  resolveBlog: (blogId) => {
    const found = publishers.get(blogId);
    return found ? { blog: found.blog, publisher: crashingPublisher(found.publisher) } : undefined;
  },
  settings: config.pipeline,
  render: config.render,
  // Ended with the process (the crash point kills it).
  renderPool: createRenderPool({ threads: config.render.threads }),
});

await startDaemon({
  config,
  log,
  webhook: false,
  plugins: { wordpress },
  process: (ctx) => inner({ ...ctx, client: crashingClient(ctx.client), store: crashingStore(ctx.store) }),
  workerOptions: { lockDurationMs: 2_000, stalledIntervalMs: 1_000 },
});
process.stdout.write('worker ready\n');
// Runs until the crash point kills it (or the test kills it).
setInterval(() => {}, 60_000);
