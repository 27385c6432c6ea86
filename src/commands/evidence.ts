/**
 * `pressbridge evidence <deal> [--out <file>]`: the evidence bundle of a deal (src/evidence/bundle.ts), written
 * as a zip for the blogger to attach to the answer to a claim. The evidence comes from the disk
 * (`evidence.dir`, else `<dataDir>/evidence`); the deal's record and its claims from Redis when it answers (best
 * effort: without Redis the bundle still comes from the disk, and the command says so).
 *
 * The zip goes to a new file only (O_CREAT|O_EXCL|O_NOFOLLOW, mode 0600): never through a link planted under the
 * predictable name, never over an existing file (which would keep its own mode). An evidence folder that cannot be
 * read (a planted link or FIFO, a permission) is one sentence naming the folder, not a stack trace.
 */
import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Command } from 'commander';
import type { Redis } from 'ioredis';
import type { Config } from '../config/schema.js';
import { AppError, errorMessage } from '../errors.js';
import type { BundleSources } from '../evidence/types.js';
import type { Translator } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import { configOption, positiveInt } from './context.js';
import { cliTranslator, useConfigLanguage } from './language.js';

/** How many of the deal's webhook events are read for its claims. */
const EVENTS_READ = 500;

/** The deal's record and events from Redis, or why they could not be read. */
async function readSources(
  config: Readonly<Config>,
  dealId: number,
  log: Logger,
): Promise<{ sources: BundleSources; error?: string }> {
  const [{ createDealStore }, { closeRedisClient, createRedisClient }, { commandRedisUrl }] =
    await Promise.all([
      import('../deals/store.js'),
      import('../redis/client.js'),
      import('../redis/embedded.js'),
    ]);
  let redis: Redis | undefined;
  try {
    redis = createRedisClient(commandRedisUrl(config), 'producer', {
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

/** Writes `bytes` to a file that did not exist (mode 0600); the refusal or failure as the blogger's sentence. */
async function writeNewFile(file: string, bytes: Buffer, t: Translator): Promise<void> {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let handle: import('node:fs/promises').FileHandle;
  try {
    handle = await open(file, flags, 0o600);
  } catch (error) {
    // EEXIST also for a symbolic link under that name, wherever it points (O_EXCL never follows one).
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ELOOP')
      throw new AppError('evidence_exists', t.t('evidence.cli.exists', { file }));
    throw new AppError(
      'evidence_write',
      t.t('evidence.cli.write_failed', { file, error: errorMessage(error) }),
    );
  }
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(file, { force: true });
    throw new AppError(
      'evidence_write',
      t.t('evidence.cli.write_failed', { file, error: errorMessage(error) }),
    );
  }
  await handle.close();
}

export function evidenceCommand(): Command {
  const t = cliTranslator();
  return new Command('evidence')
    .description(t.t('help.evidence'))
    .argument('<deal>', t.t('help.deal_id'), positiveInt)
    .option('--out <file>', t.t('help.evidence.out'))
    .option(...configOption(t))
    .action(async (dealId: number, options: { out?: string; config?: string }) => {
      // What the command runs is loaded when it runs (--help and the other commands start without it).
      const [
        { loadConfig },
        { createEvidenceServices },
        { evidenceDirOf },
        { createLogger },
        { scrubText },
        { createOutput },
      ] = await Promise.all([
        import('../config/load.js'),
        import('../evidence/services.js'),
        import('../evidence/store.js'),
        import('../logger.js'),
        import('../redact.js'),
        import('./output.js'),
      ]);
      const config = loadConfig({ path: options.config, env: process.env, lenientBlogSecrets: true });
      const t = useConfigLanguage(config.ui);
      const out = createOutput({ json: false, t });
      // Commands print their own results; the library's log lines are for problems only.
      const log = createLogger({ level: 'warn', destination: process.stderr });
      const dir = evidenceDirOf(config);
      const { store, bundler } = createEvidenceServices(config, { log });
      /** The disk's refusal (a planted link or FIFO, a permission) as one sentence naming the folder. */
      const unreadable = (cause: unknown): AppError =>
        new AppError(
          'evidence_unreadable',
          t.t('evidence.cli.unreadable', {
            deal: String(dealId),
            dir,
            error: scrubText(errorMessage(cause)),
          }),
        );
      const evidence = await store.read(dealId).catch((cause: unknown) => {
        throw unreadable(cause);
      });
      if (!evidence) {
        throw new AppError('not_found', t.t('evidence.cli.unknown_deal', { deal: String(dealId), dir }));
      }
      const { sources, error } = await readSources(config, dealId, log);
      if (error !== undefined) process.stderr.write(`${t.t('evidence.cli.no_redis', { error })}\n`);
      const bundle = await bundler(dealId, sources).catch((cause: unknown) => {
        throw unreadable(cause);
      });
      if (!bundle) {
        throw new AppError('not_found', t.t('evidence.cli.unknown_deal', { deal: String(dealId), dir }));
      }
      const file = resolve(options.out ?? bundle.fileName);
      await writeNewFile(file, bundle.zip, t);
      out.line(
        t.t('evidence.cli.written', {
          deal: String(dealId),
          file,
          checks: evidence.entries.length,
          // What the zip holds: a snapshot pruned, refused (a link, a FIFO) or named twice is not counted.
          snapshots: bundle.snapshots,
          sha: createHash('sha256').update(bundle.zip).digest('hex'),
        }),
      );
    });
}
