#!/usr/bin/env node
/**
 * The `pressbridge` command. Errors the user can fix (a bad config, an unreachable service, a refused key) are
 * printed as plain sentences without a stack trace, and the process exits with status 1.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { configOption } from './commands/context.js';
import { demandsCommands } from './commands/demands.js';
import { earningsCommand } from './commands/earnings.js';
import { evidenceCommand } from './commands/evidence.js';
import { localiseProgram } from './commands/help-language.js';
import {
  cliTranslator,
  commandLineLanguage,
  useConfigLanguage,
  useProcessLanguage,
} from './commands/language.js';
import { notifyCommand } from './commands/notify.js';
import { operatorCommands } from './commands/operator.js';
import { serviceCommand } from './commands/service-command.js';
import { LISTENERS, portFlagsAsEnv, portFromEnv } from './config/listeners.js';
import { defaultDataDir, findConfigPath } from './config/paths.js';
import { AppError, errorMessage, ListenError } from './errors.js';
import type { Translator } from './i18n/index.js';
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
    if (!Number.isInteger(n) || n < min)
      throw new InvalidArgumentError(cliTranslator().t('help.error.integer_min', { min: String(min) }));
    return n;
  };
}

/** The program, its help and its messages in `t`'s language (the process's: src/commands/language.ts). */
export function buildProgram(t: Translator = cliTranslator()): Command {
  const program = new Command('pressbridge')
    .description(t.t('help.program'))
    .version(VERSION, '-V, --version', t.t('help.version'))
    .showHelpAfterError()
    .showSuggestionAfterError();

  program
    .command('start')
    .description(t.t('help.start'))
    .option(...configOption(t))
    .option(
      `${LISTENERS.status.flag} <port>`,
      t.t('help.start.status_port', { env: `$${LISTENERS.status.env}` }),
      integer(0),
    )
    .option(
      `${LISTENERS.webhook.flag} <port>`,
      t.t('help.start.webhook_port', { env: `$${LISTENERS.webhook.env}` }),
      integer(0),
    )
    .option('--no-webhook', t.t('help.start.no_webhook'))
    .option('--no-worker', t.t('help.start.no_worker'))
    .option('--no-status', t.t('help.start.no_status'))
    .option(
      '--setup-host <host>',
      t.t('help.start.setup_host'),
      // Docker sets only PRESSBRIDGE_STATUS_HOST (0.0.0.0): the setup page then listens where the status page will.
      process.env.PRESSBRIDGE_SETUP_HOST ?? process.env.PRESSBRIDGE_STATUS_HOST ?? '127.0.0.1',
    )
    .option('--setup-port <port>', t.t('help.start.setup_port'), integer(0))
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
          const { startWithoutConfig } = await import('./main.js');
          await startWithoutConfig({
            host: options.setupHost,
            // The setup page becomes the status page: it listens where the status page will.
            port: options.setupPort ?? fromEnv ?? portFromEnv(env, 'status') ?? 8081,
            dataDir: defaultDataDir(env),
            env,
          });
          return;
        }
        // Each command loads what it runs only when it runs: `--help` and the other commands start fast.
        const [{ loadConfig }, { createLogger }, { startDaemon }, { runUntilSignal }] = await Promise.all([
          import('./config/load.js'),
          import('./logger.js'),
          import('./main.js'),
          import('./daemon/signals.js'),
        ]);
        const config = loadConfig({ path: options.config, env });
        useConfigLanguage(config.ui);
        const log = createLogger({ level: config.log.level });
        const daemon = await startDaemon({
          config,
          configPath: findConfigPath(options.config, env),
          log,
          // Absent: the listener runs while the intake takes webhooks (and in a webhook-only process).
          ...(options.webhook ? {} : { webhook: false }),
          worker: options.worker,
          status: options.status,
        });
        if (process.stdout.isTTY) {
          const [{ startedLine }, { intakeOf }, { shownUrl }] = await Promise.all([
            import('./commands/start-line.js'),
            import('./intake/mode.js'),
            import('./redact.js'),
          ]);
          const { redis } = await daemon.ready();
          const redisDown = redis ? undefined : shownUrl(config.redis.url);
          process.stdout.write(`${startedLine(daemon, cliTranslator(), intakeOf(config), redisDown)}\n`);
        }
        await runUntilSignal(daemon, log);
      },
    );

  program
    .command('demo')
    .description(t.t('help.demo'))
    .option('--deals <n>', t.t('help.demo.deals'), integer(1), 5)
    .option('--interval <seconds>', t.t('help.demo.interval'), integer(1), 5)
    .option('--sandbox-port <port>', t.t('help.demo.sandbox_port'), integer(0), 8090)
    .option('--webhook-port <port>', t.t('help.demo.webhook_port'), integer(0), 8080)
    .option('--status-port <port>', t.t('help.demo.status_port'), integer(0), 8081)
    .option('--site-port <port>', t.t('help.demo.site_port'), integer(0), 8082)
    .option(
      '--redis <url>',
      t.t('help.demo.redis'),
      process.env.PRESSBRIDGE_REDIS_URL ?? 'redis://127.0.0.1:6379',
    )
    .option('--data-dir <dir>', t.t('help.demo.data_dir'), '.data/demo')
    .option('--exit-after <seconds>', t.t('help.demo.exit_after'), integer(0), 0)
    .option('--log-level <level>', t.t('help.demo.log_level'), 'warn')
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
        const [{ createLogger }, { startDemo }] = await Promise.all([
          import('./logger.js'),
          import('./demo.js'),
        ]);
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
          language: t.language,
        });
        const stop = (): void => void run.stop();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
        await run.done;
      },
    );

  program.addCommand(setupCommand(t));
  program.addCommand(sandboxCommand(t));
  program.addCommand(notifyCommand());
  for (const command of operatorCommands()) program.addCommand(command);
  program.addCommand(earningsCommand());
  for (const command of demandsCommands()) program.addCommand(command);
  program.addCommand(evidenceCommand());
  program.addCommand(serviceCommand());
  localiseProgram(program, t);
  return program;
}

/**
 * One readable paragraph for errors the user can act on, in the blogger's language ("Chyba: …" / "Error: …"):
 * an error that carries a phrase (src/errors.ts) is said in it; the stack only for real bugs.
 */
export function describeFailure(error: unknown, t: Translator = cliTranslator()): string {
  const framed = (message: string): string => t.t('cli.error.frame', { message });
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
  if (error instanceof AppError)
    return framed(error.phrase ? t.say(error.phrase, error.message) : error.message);
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
  // Before commander builds the help or reads an option: one language for all this process prints.
  useProcessLanguage(commandLineLanguage(argv.slice(2), process.env));
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
