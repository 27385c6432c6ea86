/**
 * `pressbridge webhook register|rotate|status|test|deliveries`: the marketplace's webhook for this daemon. The
 * secret goes to the secret file (mode 0600), where the daemon reads it; the marketplace's answers are printed as
 * JSON (English keys, as the marketplace sends them); the confirmations in the blogger's language. `webhook test`
 * answers with one sentence and exits 1 unless the test delivery was answered with 200.
 */
import { Command } from 'commander';
import type { Config } from '../config/schema.js';
import { AppError } from '../errors.js';
import type { Translator } from '../i18n/index.js';
import { pollEvery, resolveIntake, takesWebhooks } from '../intake/mode.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { WebhookTestResult } from '../marketplace/schema.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { readSecretFile, secretFilePath, writeSecretFile } from '../webhook/secret-file.js';
import { type CommonOptions, configOption, withContext } from './context.js';
import { cliTranslator } from './language.js';

/** `webhook register <url>`: registers the URL and keeps the returned secret; returns the secret file's path. */
export async function registerWebhook(
  client: MarketplaceClient,
  config: Pick<Config, 'webhook' | 'dataDir'>,
  url: string,
): Promise<string> {
  const result = await client.putWebhook(url);
  const path = secretFilePath(config);
  writeSecretFile(path, { secret: result.secret, updatedAt: new Date().toISOString(), url });
  return path;
}

/** `webhook test`: the marketplace sends a signed `webhook.test` to the registered URL. */
export function testWebhook(client: MarketplaceClient): Promise<WebhookTestResult> {
  return client.testWebhook();
}

export function webhookCommand(plugins?: PluginRegistry): Command {
  const t = cliTranslator();
  const webhook = new Command('webhook').description(t.t('help.webhook'));
  webhook
    .command('register <url>')
    .description(t.t('help.webhook.register'))
    .option(...configOption(t))
    .action(async (url: string, options: CommonOptions) => {
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

/**
 * What the running daemon does with the registration (src/intake/mode.ts): starts its webhook listener after its
 * next poll, listens already, or keeps polling only because the config pins `intake.mode: poll`.
 */
export function listenerAfterRegistration(
  config: Pick<Config, 'intake' | 'reconcile' | 'webhook' | 'dataDir'>,
  t: Translator,
): string {
  const { host, port } = config.webhook.listen;
  const where = `${host}:${port}`;
  if (!takesWebhooks(resolveIntake(config, true))) return t.t('cli.webhook.poll_pinned', { where });
  const before = resolveIntake(config, false);
  if (takesWebhooks(before)) return t.t('cli.webhook.listening', { where });
  return t.t('cli.webhook.listens_soon', { where, every: pollEvery(before) ?? '' });
}

/** `webhook test`'s answer as one sentence: delivered, no answer at all, or answered with another status. */
export function webhookTestVerdict(
  result: WebhookTestResult,
  url: string,
  t: Translator,
): { ok: boolean; sentence: string } {
  if (result.delivered && result.status >= 200 && result.status < 300)
    return { ok: true, sentence: t.t('run.webhook.test_ok', { url, status: String(result.status) }) };
  if (result.status === 0) return { ok: false, sentence: t.t('run.webhook.test_no_answer', { url }) };
  return { ok: false, sentence: t.t('run.webhook.test_refused', { url, status: String(result.status) }) };
}
