/**
 * What the operator commands share: the config, Redis, the rate-limited client, the store, the queue. This module
 * is what their definitions import; opening a context (src/command-context.ts) loads the rest only when a
 * command runs, so `--help` and each command start without the others' modules.
 */
import { InvalidArgumentError } from 'commander';
import type { CommandContext } from '../command-context.js';
import type { Translator } from '../i18n/index.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { cliTranslator, useConfigLanguage } from './language.js';
import type { Output } from './output.js';

/** `--config` and `--json`, which every operator command takes. */
export interface CommonOptions {
  config?: string;
  json?: boolean;
}

/** Runs a command with an open context and its output, and closes the context whatever happens. */
export async function withContext<T>(
  options: CommonOptions,
  plugins: PluginRegistry | undefined,
  fn: (ctx: CommandContext, out: Output) => Promise<T>,
  extra: {
    fetch?: typeof fetch;
    /** false: the command says itself that pressbridge's own Redis is not running (doctor's check). */
    ownRedisRequired?: boolean;
  } = {},
): Promise<T> {
  const [{ openContext }, { createOutput }, { ownRedisStopped }] = await Promise.all([
    import('../command-context.js'),
    import('./output.js'),
    import('../redis/embedded.js'),
  ]);
  const { ownRedisRequired = true, ...more } = extra;
  const ctx = openContext({ config: options.config, ...(plugins ? { plugins } : {}), ...more });
  // The config is read: the command's later messages use its language and times its zone.
  useConfigLanguage(ctx.config.ui);
  const out = createOutput({ json: options.json ?? false, t: ctx.t });
  try {
    // pressbridge's own Redis runs with the daemon: without it, one sentence, not a failure in Redis' words.
    const stopped = ownRedisRequired ? await ownRedisStopped(ctx.config) : undefined;
    if (stopped) throw stopped;
    return await fn(ctx, out);
  } finally {
    await ctx.close();
  }
}

/** `-c, --config <file>` with its help in the language. */
export function configOption(t: Translator = cliTranslator()): [string, string] {
  return ['-c, --config <file>', t.t('help.config')];
}

/** Commander's parser for ids and counts. */
/** A positive whole number written in digits only (no `1e3`, `0x10`, sign or decimals), at most 15 of them. */
export function positiveInt(value: string): number {
  const n = /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError(cliTranslator().t('cli.arg.positive'));
  return n;
}
