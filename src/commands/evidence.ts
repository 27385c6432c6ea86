/**
 * `pressbridge evidence <deal> [--out <file>]`: the evidence bundle of a deal (src/evidence/bundle.ts), written
 * as a zip for the blogger to attach to the answer to a claim. The evidence comes from the disk
 * (`evidence.dir`, else `<dataDir>/evidence`); the deal's record and its claims from Redis when it answers (best
 * effort: without Redis the bundle still comes from the disk, and the command says so).
 */
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command } from 'commander';
import type { Redis } from 'ioredis';
import { loadConfig } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { createDealStore } from '../deals/store.js';
import { AppError, errorMessage } from '../errors.js';
import { createEvidenceServices } from '../evidence/services.js';
import { evidenceDirOf } from '../evidence/store.js';
import type { BundleSources } from '../evidence/types.js';
import { createLogger, type Logger } from '../logger.js';
import { closeRedisClient, createRedisClient } from '../redis/client.js';
import { runningEmbeddedRedisUrl } from '../redis/embedded.js';
import { CONFIG_OPTION, positiveInt } from './context.js';
import { useConfigLanguage } from './language.js';
import { createOutput } from './output.js';

/** How many of the deal's webhook events are read for its claims. */
const EVENTS_READ = 500;

/** The deal's record and events from Redis, or why they could not be read. */
async function readSources(
  config: Readonly<Config>,
  dealId: number,
  log: Logger,
): Promise<{ sources: BundleSources; error?: string }> {
  const embedded = config.redis.embedded ? runningEmbeddedRedisUrl(config.dataDir) : undefined;
  let redis: Redis | undefined;
  try {
    redis = createRedisClient(embedded ?? config.redis.url, 'producer', {
      log,
      extra: { lazyConnect: true, retryStrategy: () => null },
    });
    await redis.connect();
    const store = createDealStore({ redis, prefix: config.redis.prefix });
    const [record, events] = await Promise.all([
      store.get(dealId),
      store.readEvents(dealId, { limit: EVENTS_READ }),
    ]);
    return { sources: { ...(record ? { record } : {}), events } };
  } catch (error) {
    return { sources: {}, error: errorMessage(error) };
  } finally {
    if (redis) await closeRedisClient(redis);
  }
}

export function evidenceCommand(): Command {
  return new Command('evidence')
    .description("a deal's evidence bundle (zip: report, evidence.json, article copies) to answer a claim")
    .argument('<deal>', 'deal id', positiveInt)
    .option('--out <file>', 'where to write the zip (default: its own name in the current folder)')
    .option(...CONFIG_OPTION)
    .action(async (dealId: number, options: { out?: string; config?: string }) => {
      const config = loadConfig({ path: options.config, env: process.env, lenientBlogSecrets: true });
      const t = useConfigLanguage(config.ui);
      const out = createOutput({ json: false, t });
      // Commands print their own results; the library's log lines are for problems only.
      const log = createLogger({ level: 'warn', destination: process.stderr });
      const dir = evidenceDirOf(config);
      const { store, bundler } = createEvidenceServices(config, { log });
      const evidence = await store.read(dealId);
      if (!evidence) {
        throw new AppError('not_found', t.t('evidence.cli.unknown_deal', { deal: String(dealId), dir }));
      }
      const { sources, error } = await readSources(config, dealId, log);
      if (error !== undefined) process.stderr.write(`${t.t('evidence.cli.no_redis', { error })}\n`);
      const bundle = await bundler(dealId, sources);
      if (!bundle) {
        throw new AppError('not_found', t.t('evidence.cli.unknown_deal', { deal: String(dealId), dir }));
      }
      const file = resolve(options.out ?? bundle.fileName);
      await writeFile(file, bundle.zip, { mode: 0o600 });
      const pruned = new Set(evidence.pruned.map((p) => p.file));
      const snapshots = evidence.entries.filter((e) => e.snapshot && !pruned.has(e.snapshot.file)).length;
      out.line(
        t.t('evidence.cli.written', {
          deal: String(dealId),
          file,
          checks: evidence.entries.length,
          snapshots,
          sha: createHash('sha256').update(bundle.zip).digest('hex'),
        }),
      );
    });
}
