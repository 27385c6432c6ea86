/**
 * `pressbridge setup`: the setup's steps in a terminal (./terminal.ts), writing `<data dir>/pressbridge.yaml`
 * and its secrets file; `--yes` takes every answer from the flags or the environment.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { CONFIG_FILE_NAME, defaultDataDir } from '../config/paths.js';
import { AppError } from '../errors.js';
import type { Translator } from '../i18n/index.js';

interface SetupFlags {
  yes?: boolean;
  force?: boolean;
  lang?: string;
  dataDir?: string;
  apiKey?: string;
  baseUrl?: string;
  blog?: string;
  target?: string;
  wordpressUrl?: string;
  wordpressUser?: string;
  wordpressPassword?: string;
  intake?: string;
  webhookUrl?: string;
  ntfyTopic?: string;
  agent: boolean;
  statusHost?: string;
  statusPort?: number;
  webhookPort?: number;
  statusPassword?: string;
  redisUrl?: string;
  redisPrefix?: string;
  allowLocal?: boolean;
}

function port(t: Translator) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(t.t('help.error.port'));
    return n;
  };
}

export function setupCommand(t: Translator, env: NodeJS.ProcessEnv = process.env): Command {
  return new Command('setup')
    .description(t.t('help.setup'))
    .option('-y, --yes', t.t('help.setup.yes'))
    .option('--force', t.t('help.setup.force'))
    .option('--lang <cs|en>', t.t('help.setup.lang'))
    .option('--data-dir <dir>', t.t('help.setup.data_dir'))
    .option('--api-key <key>', t.t('help.setup.api_key'))
    .option('--base-url <url>', t.t('help.setup.base_url'))
    .option('--blog <ids>', t.t('help.setup.blog'))
    .option('--target <kind>', t.t('help.setup.target'), 'wordpress')
    .option('--wordpress-url <url>', t.t('help.setup.wordpress_url'))
    .option('--wordpress-user <name>', t.t('help.setup.wordpress_user'))
    .option('--wordpress-password <password>', t.t('help.setup.wordpress_password'))
    .option('--intake <mode>', t.t('help.setup.intake'))
    .option('--webhook-url <url>', t.t('help.setup.webhook_url'))
    .option('--webhook-port <port>', t.t('help.setup.webhook_port'), port(t))
    .option('--ntfy-topic <topic>', t.t('help.setup.ntfy_topic'))
    .option('--no-agent', t.t('help.setup.no_agent'))
    .option('--allow-local', t.t('help.setup.allow_local'))
    .option('--status-host <host>', t.t('help.setup.status_host'))
    .option('--status-port <port>', t.t('help.setup.status_port'), port(t))
    .option('--status-password <password>', t.t('help.setup.status_password'))
    .option('--redis-url <url>', t.t('help.setup.redis_url'))
    .option('--redis-prefix <prefix>', t.t('help.setup.redis_prefix'))
    .action(async (flags: SetupFlags) => {
      const dataDir = flags.dataDir ?? defaultDataDir(env);
      const existing = join(dataDir, CONFIG_FILE_NAME);
      if (existsSync(existing) && !flags.force) {
        throw new AppError('setup_exists', t.t('setup.cli.exists', { path: existing }));
      }
      // The process's language (src/i18n/process-language.ts), `--lang` its first source: the help's too.
      const { language } = t;
      // Loaded only when the setup runs: the CLI's other commands and --help start without them.
      const [{ createLogger }, { createSetupEngine }, { runTerminalSetup }, { createWordPressConnection }] =
        await Promise.all([
          import('../logger.js'),
          import('./engine.js'),
          import('./terminal.js'),
          import('./wordpress/index.js'),
        ]);
      const log = createLogger({ level: 'error', destination: process.stderr });
      const engine = createSetupEngine({ wordpress: createWordPressConnection({ log }), dataDir, log });
      await runTerminalSetup(
        engine,
        {
          yes: flags.yes,
          apiKey: flags.apiKey ?? env.PRESSBRIDGE_API_KEY,
          baseUrl: flags.baseUrl ?? env.PRESSBRIDGE_BASE_URL,
          blog: flags.blog,
          target: flags.target,
          wordpressUrl: flags.wordpressUrl ?? env.PRESSBRIDGE_WORDPRESS_URL,
          wordpressUser: flags.wordpressUser ?? env.PRESSBRIDGE_WORDPRESS_USER,
          wordpressPassword: flags.wordpressPassword ?? env.PRESSBRIDGE_WORDPRESS_PASSWORD,
          intake: flags.intake,
          webhookUrl: flags.webhookUrl,
          ntfyTopic: flags.ntfyTopic,
          agent: flags.agent,
          statusHost: flags.statusHost,
          statusPort: flags.statusPort,
          webhookPort: flags.webhookPort,
          statusPassword: flags.statusPassword ?? env.PRESSBRIDGE_STATUS_PASSWORD,
          redisUrl: flags.redisUrl ?? env.PRESSBRIDGE_REDIS_URL,
          redisPrefix: flags.redisPrefix,
          allowLocal: flags.allowLocal,
        },
        language,
        { input: process.stdin, output: process.stdout },
      );
    });
}
