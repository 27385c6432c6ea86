/**
 * `pressbridge webhook`: register, rotate, status, test, deliveries. What each runs (src/webhook/register.ts, the
 * secret file, what it says: src/commands/webhook.ts) is loaded when it runs.
 */
import { Command } from 'commander';
import { AppError } from '../errors.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { type CommonOptions, configOption, withContext } from './context.js';
import { cliTranslator } from './language.js';

export function webhookCommand(plugins?: PluginRegistry): Command {
  const t = cliTranslator();
  const webhook = new Command('webhook').description(t.t('help.webhook'));
  webhook
    .command('register <url>')
    .description(t.t('help.webhook.register'))
    .option(...configOption(t))
    .action(async (url: string, options: CommonOptions) => {
      const [{ listenerAfterRegistration }, { registerWebhook }] = await Promise.all([
        import('./webhook.js'),
        import('../webhook/register.js'),
      ]);
      await withContext(options, plugins, async (ctx, out) => {
        const path = await registerWebhook(ctx.client, ctx.config, url);
        out.line(ctx.t.t('cli.webhook.registered', { url }));
        out.line(ctx.t.t('cli.webhook.secret_stored', { path }));
        out.line(listenerAfterRegistration(ctx.config, ctx.t));
      });
    });
  webhook
    .command('rotate')
    .description(t.t('help.webhook.rotate'))
    .option(...configOption(t))
    .action(async (options: CommonOptions) => {
      const { readSecretFile, secretFilePath, writeSecretFile } = await import('../webhook/secret-file.js');
      await withContext(options, plugins, async (ctx, out) => {
        const { config } = ctx;
        const path = secretFilePath(config);
        const before = readSecretFile(path);
        const result = await ctx.client.rotateWebhookSecret();
        const until = new Date(Date.now() + config.webhook.rotationGraceMinutes * 60_000);
        const validUntil = until.toISOString();
        const previous = before?.secret ?? config.webhook.secret;
        writeSecretFile(path, {
          secret: result.secret,
          ...(previous ? { previousSecret: previous, previousValidUntil: validUntil } : {}),
          updatedAt: new Date().toISOString(),
          ...(before?.url ? { url: before.url } : {}),
        });
        const shown = ctx.t.dateTime(until);
        out.line(ctx.t.t('cli.webhook.rotated', { path, until: shown }));
      });
    });
  webhook
    .command('status')
    .description(t.t('help.webhook.status'))
    .option(...configOption(t))
    .action(async (options: CommonOptions) => {
      await withContext(options, plugins, async (ctx, out) => out.data(await ctx.client.getWebhook()));
    });
  webhook
    .command('test')
    .description(t.t('help.webhook.test'))
    .option(...configOption(t))
    .option('--json', t.t('help.webhook.test_json'))
    .action(async (options: CommonOptions) => {
      const [{ webhookTestVerdict }, { testWebhook }, { readSecretFile, secretFilePath }] = await Promise.all(
        [import('./webhook.js'), import('../webhook/register.js'), import('../webhook/secret-file.js')],
      );
      await withContext(options, plugins, async (ctx, out) => {
        const result = await testWebhook(ctx.client);
        const url = readSecretFile(secretFilePath(ctx.config))?.url ?? ctx.t.t('run.webhook.registered_url');
        const verdict = webhookTestVerdict(result, url, ctx.t);
        if (out.json) out.data(result);
        if (!verdict.ok) throw new AppError('webhook_test_failed', verdict.sentence);
        if (!out.json) out.line(out.paint(verdict.sentence, 'green'));
      });
    });
  webhook
    .command('deliveries')
    .description(t.t('help.webhook.deliveries'))
    .option(...configOption(t))
    .action(async (options: CommonOptions) => {
      await withContext(options, plugins, async (ctx, out) => out.data(await ctx.client.webhookDeliveries()));
    });
  return webhook;
}
