import type { Logger } from '../logger.js';

/** Runs until SIGTERM/SIGINT, then stops gracefully; a second signal exits at once. */
export async function runUntilSignal(daemon: { close(): Promise<void> }, log: Logger): Promise<void> {
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      log.info({ signal }, 'stopping: no new jobs, finishing the running ones');
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await daemon.close();
}
