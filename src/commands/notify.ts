/**
 * `pressbridge notify test [channel]`: a test notification through every configured channel (or the named
 * one), straight out (no quiet hours, filters or rate limit), waiting for each channel's answer. Prints one
 * line per channel in `ui.language`; exits 1 when any channel did not take it. The test is recorded like any
 * notification, so the status page's Notifications list shows it too. With `status.publicUrl` it links the status
 * page there (ntfy's `Click`), so tapping it on the phone tries the remote access as well.
 */
import { randomUUID } from 'node:crypto';
import { Command } from 'commander';
import { AppError } from '../errors.js';
import { createTranslator } from '../i18n/index.js';
import type { OutgoingMessage } from '../notify/types.js';
import { configOption } from './context.js';
import { cliTranslator } from './language.js';

/** Shorter than the daemon's half minute: the blogger waits at the terminal. */
const TEST_RETRY_DELAYS_MS = [1_000, 3_000];

export function notifyCommand(): Command {
  const help = cliTranslator();
  const notify = new Command('notify').description(help.t('help.notify'));
  notify
    .command('test [channel]')
    .description(help.t('help.notify.test'))
    .option(...configOption(help))
    .action(async (channel: string | undefined, options: { config?: string }) => {
      // What the test runs is loaded when it runs (--help and the other commands start without it).
      const [
        { loadConfig },
        { configSecrets },
        { createLogger },
        { createDispatcher },
        redisClient,
        { createOutput },
        { resultReason },
      ] = await Promise.all([
        import('../config/load.js'),
        import('../daemon/secrets.js'),
        import('../logger.js'),
        import('../notify/dispatcher.js'),
        import('../redis/client.js'),
        import('./output.js'),
        import('../notify/record.js'),
      ]);
      const { closeRedisClient, createRedisClient } = redisClient;
      // No blog is published here: the blogs' own secrets need not be set.
      const config = loadConfig({ path: options.config, env: process.env, lenientBlogSecrets: true });
      const translator = createTranslator(config.ui.language, config.ui.timeZone);
      const { t } = translator;
      const names = config.notify.channels.map((c) => c.name);
      if (names.length === 0) throw new AppError('notify_no_channels', t('notify.cli.no_channels'));
      if (channel !== undefined && !names.includes(channel)) {
        throw new AppError(
          'notify_unknown_channel',
          t('notify.cli.unknown_channel', { channel, names: names.join(', ') }),
        );
      }
      const targets = channel !== undefined ? [channel] : names;
      const out = createOutput();
      // The results are printed below; the log says only what goes wrong beyond them.
      const log = createLogger({ level: 'error', destination: process.stderr });
      const redis = createRedisClient(config.redis.url, 'store', { log });
      const dispatcher = createDispatcher({
        settings: config.notify,
        redis,
        prefix: config.redis.prefix,
        log,
        language: config.ui.language,
        timeZone: config.ui.timeZone,
        retryDelaysMs: TEST_RETRY_DELAYS_MS,
        tickMs: 0,
        secrets: () => configSecrets(config),
      });
      try {
        out.line(t('notify.cli.sending', { names: targets.join(', ') }));
        const results = await Promise.all(
          targets.map(async (name) => {
            const message: OutgoingMessage = {
              id: randomUUID(),
              topic: 'test',
              kind: 'event',
              key: `test:${name}:${Date.now()}`,
              title: t('notify.cli.test_title'),
              body: t('notify.cli.test_body', { channel: name }),
              urgent: false,
              createdAt: new Date().toISOString(),
              // Tapping the test opens the status page where a phone reaches it: the remote access is tried too.
              ...(config.status.publicUrl ? { url: config.status.publicUrl } : {}),
            };
            const answer = await dispatcher.deliver(message, { channels: [name] });
            return { name, result: answer[name] };
          }),
        );
        for (const { name, result } of results) {
          if (result?.status === 'sent')
            out.line(out.paint(t('notify.cli.sent', { channel: name }), 'green'));
          else {
            const reason =
              (result && resultReason(translator, result)) ??
              t(`notify.page.status_${result?.status ?? 'failed'}`);
            out.line(out.paint(t('notify.cli.failed', { channel: name, reason }), 'red'));
            process.exitCode = 1;
          }
        }
      } finally {
        await dispatcher.close();
        await closeRedisClient(redis);
      }
    });
  return notify;
}
