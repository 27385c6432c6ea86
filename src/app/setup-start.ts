/**
 * `pressbridge start` without a config: setup mode (./setup-mode.ts) until the setup is written, then the
 * daemon in the same process, until SIGTERM/Ctrl+C.
 */
import { runUntilSignal } from '../daemon/signals.js';
import { errorMessage } from '../errors.js';
import { processLanguage } from '../i18n/process-language.js';
import { createLogger } from '../logger.js';
import { startDaemon } from '../main.js';
import { createWordPressConnection } from '../setup/wordpress/index.js';
import { startSetupMode } from './setup-mode.js';
import type { Daemon } from './types.js';

export async function startWithoutConfig(options: {
  host: string;
  port: number;
  dataDir: string;
  /** The environment the written config is loaded with (`start`'s port flags included). */
  env?: NodeJS.ProcessEnv;
}): Promise<void> {
  const env = options.env ?? process.env;
  // Setup mode logs only problems: its one line on stdout is the blogger's.
  const log = createLogger({ level: 'warn' });
  // No config yet: PRESSBRIDGE_LANGUAGE, else the locale, else Czech (src/i18n/process-language.ts).
  const language = processLanguage({ env });
  const mode = await startSetupMode({
    dataDir: options.dataDir,
    listen: { host: options.host, port: options.port },
    env,
    log,
    language,
    wordpress: createWordPressConnection({ log }),
    startDaemon: (config) => startDaemon({ config, log: createLogger({ level: config.log.level }) }),
    print: (line) => void process.stdout.write(`${line}\n`),
  });
  let daemon: Daemon | undefined;
  mode.daemon.then(
    (started) => {
      daemon = started;
    },
    (error: unknown) => {
      log.fatal({ err: errorMessage(error) }, 'the daemon did not start on the new config');
      void mode.close().then(() => process.exit(1));
    },
  );
  await runUntilSignal(
    {
      close: async () => {
        await mode.close();
        await daemon?.close();
      },
    },
    log,
  );
}
