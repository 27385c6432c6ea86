/**
 * What `pressbridge webhook register|rotate|status|test|deliveries` (webhook-command.ts) runs: the marketplace's
 * webhook for this daemon. The
 * secret goes to the secret file (mode 0600), where the daemon reads it; the marketplace's answers are printed as
 * JSON (English keys, as the marketplace sends them); the confirmations in the blogger's language. `webhook test`
 * answers with one sentence and exits 1 unless the test delivery was answered with 200.
 */
import type { Config } from '../config/schema.js';
import type { Translator } from '../i18n/index.js';
import { pollEvery, resolveIntake, takesWebhooks } from '../intake/mode.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { WebhookTestResult } from '../marketplace/schema.js';
import { secretFilePath, writeSecretFile } from '../webhook/secret-file.js';

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
