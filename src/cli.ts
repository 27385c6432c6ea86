#!/usr/bin/env node
/**
 * The `pressbridge` command. Errors the user can fix (a bad config, an unreachable service, a refused key) are
 * printed as plain sentences without a stack trace, and the process exits with status 1.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { startWithoutConfig } from './app/setup-start.js';
import { earningsCommand } from './commands/earnings.js';
import { evidenceCommand } from './commands/evidence.js';
import { cliTranslator, useConfigLanguage } from './commands/language.js';
import { notifyCommand } from './commands/notify.js';
import { operatorCommands } from './commands/operator.js';
import { serviceCommand } from './commands/service.js';
import { startedLine } from './commands/start-line.js';
import { LISTENERS, portFlagsAsEnv, portFromEnv } from './config/listeners.js';
import { defaultDataDir, findConfigPath, loadConfig } from './config/load.js';
import type { Config } from './config/schema.js';
import { runUntilSignal } from './daemon/signals.js';
import { startDemo } from './demo.js';
import { AppError, ConfigError, errorMessage, ListenError } from './errors.js';
import type { Translator } from './i18n/index.js';
import { intakeOf } from './intake/mode.js';
import { createLogger } from './logger.js';
import { startDaemon } from './main.js';
import { shownRedisUrl } from './redis/outage.js';
import { neutraliseInvisible } from './render/invisible.js';
import { sandboxCommand } from './sandbox/cli.js';
import { setupCommand } from './setup/command.js';
import { VERSION } from './version.js';

interface ConfigOption {
  config?: string;
}

function integer(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min) throw new InvalidArgumentError(`expected an integer ≥ ${min}`);
    return n;
  };
}

function readConfig(options: ConfigOption, env: NodeJS.ProcessEnv = process.env): Readonly<Config> {
  const config = loadConfig({ path: options.config, env });
  useConfigLanguage(config.ui);
  return config;
}

export function buildProgram(): Command {
  const program = new Command('pressbridge')
    .description('publishes accepted sponsored-article deals to your blog and hands the URL back')
    .version(VERSION)
    .showHelpAfterError()
    .showSuggestionAfterError();

  program
    .command('start')
    .description(
      'run the daemon: the worker, the intake and the status page (the webhook listener only when the intake takes webhooks) until SIGTERM/Ctrl+C',
    )
    .option('-c, --config <file>', 'config file (default: $PRESSBRIDGE_CONFIG)')
    .option(
      `${LISTENERS.status.flag} <port>`,
      `the status page port, also the setup page's without a config (or $${LISTENERS.status.env}; default 8081)`,
      integer(0),
    )
    .option(
      `${LISTENERS.webhook.flag} <port>`,
      `the webhook listener port, used once the intake takes webhooks (or $${LISTENERS.webhook.env}; default 8080)`,
      integer(0),
    )
    .option('--no-webhook', 'do not listen for webhooks (a worker-only process)')
    .option('--no-worker', 'do not process deals (a webhook-only process)')
    .option('--no-status', 'do not serve the status page and /metrics')
    .option(
      '--setup-host <host>',
      'without a config: where the setup page listens',
      // Docker sets only PRESSBRIDGE_STATUS_HOST (0.0.0.0): the setup page then listens where the status page will.
      process.env.PRESSBRIDGE_SETUP_HOST ?? process.env.PRESSBRIDGE_STATUS_HOST ?? '127.0.0.1',
    )
    .option(
      '--setup-port <port>',
      `without a config: the setup page port (or $PRESSBRIDGE_SETUP_PORT; default: the status page port)`,
      integer(0),
    )
    .action(
      async (
        options: ConfigOption & {
          webhook: boolean;
          worker: boolean;
          status: boolean;
          statusPort?: number;
          webhookPort?: number;
          setupHost: string;
          setupPort?: number;
        },
      ) => {
        // The port flags reach the config as the variables they stand for: flag, then variable, then the file.
        const env = portFlagsAsEnv(process.env, { status: options.statusPort, webhook: options.webhookPort });
        // No config anywhere (no -c, no $PRESSBRIDGE_CONFIG, none in the data folder): the setup page first.
        if (!findConfigPath(options.config, env)) {
          const setupPort = env.PRESSBRIDGE_SETUP_PORT?.trim() ?? '';
          const fromEnv = /^\d{1,5}$/.test(setupPort) ? Number(setupPort) : undefined;
          await startWithoutConfig({
            host: options.setupHost,
            // The setup page becomes the status page: it listens where the status page will.
            port: options.setupPort ?? fromEnv ?? portFromEnv(env, 'status') ?? 8081,
            dataDir: defaultDataDir(env),
            env,
          });
          return;
        }
        const config = readConfig(options, env);
        const log = createLogger({ level: config.log.level });
        const daemon = await startDaemon({
          config,
          log,
          // Absent: the listener runs while the intake takes webhooks (and in a webhook-only process).
          ...(options.webhook ? {} : { webhook: false }),
          worker: options.worker,
          status: options.status,
        });
        if (process.stdout.isTTY) {
          const { redis } = await daemon.ready();
          const redisDown = redis ? undefined : shownRedisUrl(config.redis.url);
          process.stdout.write(`${startedLine(daemon, cliTranslator(), intakeOf(config), redisDown)}\n`);
        }
        await runUntilSignal(daemon, log);
      },
    );

  program
    .command('demo')
    .description('sandbox marketplace + daemon on this machine, accepting sample deals (no config needed)')
    .option('--deals <n>', 'sample deals to accept', integer(1), 5)
    .option('--interval <seconds>', 'seconds between two deals', integer(1), 5)
    .option('--sandbox-port <port>', 'sandbox marketplace port (0 = any free port)', integer(0), 8090)
    .option('--webhook-port <port>', 'webhook listener port (0 = any free port)', integer(0), 8080)
    .option('--status-port <port>', 'status page port (0 = any free port)', integer(0), 8081)
    .option('--site-port <port>', 'the demo blog (static site) port (0 = any free port)', integer(0), 8082)
    .option('--redis <url>', 'Redis to use', process.env.PRESSBRIDGE_REDIS_URL ?? 'redis://127.0.0.1:6379')
    .option('--data-dir <dir>', 'folder for the demo files', '.data/demo')
    .option('--exit-after <seconds>', 'stop after this many seconds (0 = at Ctrl+C)', integer(0), 0)
    .option('--log-level <level>', 'daemon log level (logs go to stderr)', 'warn')
    .action(
      async (options: {
        deals: number;
        interval: number;
        sandboxPort: number;
        webhookPort: number;
        statusPort: number;
        sitePort: number;
        redis: string;
        dataDir: string;
        exitAfter: number;
        logLevel: string;
      }) => {
        const log = createLogger({ level: options.logLevel, destination: process.stderr });
        const run = await startDemo({
          sandboxPort: options.sandboxPort,
          webhookPort: options.webhookPort,
          statusPort: options.statusPort,
          sitePort: options.sitePort,
          redisUrl: options.redis,
          deals: options.deals,
          intervalSeconds: options.interval,
          exitAfterSeconds: options.exitAfter,
          dataDir: options.dataDir,
          log,
        });
        const stop = (): void => void run.stop();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        await run.done;
      },
    );

  program.addCommand(setupCommand());
  program.addCommand(sandboxCommand());
  program.addCommand(notifyCommand());
  for (const command of operatorCommands()) program.addCommand(command);
  program.addCommand(earningsCommand());
  program.addCommand(evidenceCommand());
  program.addCommand(serviceCommand());

  return program;
}

/**
 * One readable paragraph for errors the user can act on, framed in the blogger's language ("Chyba: …" /
 * "Error: …"); the stack only for real bugs. The messages themselves, thrown deep in the code, stay English.
 */
export function describeFailure(error: unknown, t: Translator = cliTranslator()): string {
  const framed = (message: string): string => t.t('cli.error.frame', { message });
  if (error instanceof ConfigError) return framed(error.message);
  if (error instanceof ListenError) {
    const ways = LISTENERS[error.listener];
    const where = `${error.address}:${error.port}`;
    const key = error.code === 'port_in_use' ? 'cli.error.port_in_use' : 'cli.error.port_not_allowed';
    const what = t.t(
      error.listener === 'status' ? 'cli.error.status_listener' : 'cli.error.webhook_listener',
    );
    return framed(
      t.t(key, { where, what, flag: ways.flag, env: ways.env, setup: ways.setupFlag, key: ways.key }),
    );
  }
  if (error instanceof AppError) return framed(error.message);
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE' || code === 'EACCES') {
    const { address, port } = error as { address?: string; port?: number };
    const where =
      address !== undefined && port !== undefined ? `${address}:${port}` : t.t('cli.error.the_address');
    return framed(t.t(code === 'EADDRINUSE' ? 'cli.error.in_use' : 'cli.error.not_allowed', { where }));
  }
  if (error instanceof Error) return `${t.t('cli.error.bug')}\n${error.stack ?? error.message}`;
  return framed(errorMessage(error));
}

/**
 * The arguments with `--help`/`-h` dropped when a command word names no command (`pressbridge stauts --help`,
 * `pressbridge webhook tset --help`): commander would print the help and exit 0; without the flag it reports the
 * unknown command with a suggestion, lists the commands (showHelpAfterError) and exits 1.
 */
export function withoutHelpAfterUnknownCommand(program: Command, argv: readonly string[]): string[] {
  let command = program;
  for (const arg of argv.slice(2)) {
    // An option, or a command without subcommands (the rest are its own): commander's to judge.
    if (arg.startsWith('-') || command.commands.length === 0 || arg === 'help') return [...argv];
    const next = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!next) return argv.filter((a, i) => i < 2 || (a !== '--help' && a !== '-h'));
    command = next;
  }
  return [...argv];
}

async function main(argv: readonly string[]): Promise<void> {
  try {
    const program = buildProgram();
    await program.parseAsync(withoutHelpAfterUnknownCommand(program, argv));
  } catch (error) {
    // A marketplace's error text can carry a bidi override or an ESC: shown as `<U+XXXX>`, as Output does.
    console.error(
      neutraliseInvisible(describeFailure(error, cliTranslator()), { mode: 'show', multiline: true }),
    );
    process.exitCode = 1;
  }
}

// Runs when started as a program (node, tsx, the `pressbridge` bin), not when a test imports the module.
const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) await main(process.argv);
