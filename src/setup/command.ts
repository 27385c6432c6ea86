/**
 * `pressbridge setup`: the setup's steps in a terminal (./terminal.ts), writing `<data dir>/pressbridge.yaml`
 * and its secrets file; `--yes` takes every answer from the flags or the environment.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { CONFIG_FILE_NAME, defaultDataDir } from '../config/load.js';
import { AppError } from '../errors.js';
import { createLogger } from '../logger.js';
import { createSetupEngine } from './engine.js';
import { runTerminalSetup, setupLanguage } from './terminal.js';
import { createWordPressConnection } from './wordpress/index.js';

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

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port 0–65535');
  return n;
}

export function setupCommand(env: NodeJS.ProcessEnv = process.env): Command {
  return new Command('setup')
    .description('set pressbridge up: the marketplace key, your blogs, WordPress, intake, notifications')
    .option('-y, --yes', 'ask nothing: every answer from the flags or the environment')
    .option('--force', 'replace an existing setup in the data folder')
    .option('--lang <cs|en>', 'the language of the questions (default: $LANG)')
    .option(
      '--data-dir <dir>',
      'where pressbridge.yaml and its secrets go (default: $PRESSBRIDGE_DATA_DIR or ./.data)',
    )
    .option('--api-key <key>', 'the marketplace API key (or $PRESSBRIDGE_API_KEY)')
    .option('--base-url <url>', 'the marketplace API address (or $PRESSBRIDGE_BASE_URL)')
    .option('--blog <ids>', 'the blog ids pressbridge publishes, comma-separated (default: every blog)')
    .option('--target <kind>', 'where those blogs are published: wordpress, github or static', 'wordpress')
    .option('--wordpress-url <url>', 'the WordPress site (or $PRESSBRIDGE_WORDPRESS_URL)')
    .option('--wordpress-user <name>', 'the WordPress user (or $PRESSBRIDGE_WORDPRESS_USER)')
    .option(
      '--wordpress-password <password>',
      'an Application Password of that user (or $PRESSBRIDGE_WORDPRESS_PASSWORD)',
    )
    .option('--intake <mode>', 'poll (default) or webhook')
    .option('--webhook-url <url>', 'with --intake webhook: the public HTTPS address')
    .option(
      '--webhook-port <port>',
      'the webhook listener port (default 8080; with poll intake used once a webhook is registered)',
      port,
    )
    .option('--ntfy-topic <topic>', 'notifications to this ntfy.sh topic (a test message is sent)')
    .option('--no-agent', 'do not switch agent publishing on in the marketplace')
    .option(
      '--allow-local',
      'the API or WordPress address is on this machine on purpose (the sandbox, a local WordPress)',
    )
    .option('--status-host <host>', 'where the status page listens (default 127.0.0.1)')
    .option('--status-port <port>', 'the status page port (default 8081)', port)
    .option('--status-password <password>', 'required when the status page listens beyond 127.0.0.1')
    .option('--redis-url <url>', 'the Redis to use (default redis://127.0.0.1:6379, else an embedded one)')
    .option(
      '--redis-prefix <prefix>',
      'the Redis key prefix (default pressbridge; one installation per prefix)',
    )
    .action(async (flags: SetupFlags) => {
      const dataDir = flags.dataDir ?? defaultDataDir(env);
      const existing = join(dataDir, CONFIG_FILE_NAME);
      if (existsSync(existing) && !flags.force) {
        throw new AppError('setup_exists', `${existing} exists already: pass --force to replace it`);
      }
      const language = setupLanguage(flags.lang, env);
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
