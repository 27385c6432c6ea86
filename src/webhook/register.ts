/**
 * Registering this daemon's webhook with the marketplace, for `pressbridge webhook register|test` and the setup's
 * intake step alike: the URL goes to the marketplace, the secret it returns to the secret file (./secret-file.ts,
 * mode 0600), where the daemon reads it.
 */
import type { Config } from '../config/schema.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import type { WebhookTestResult } from '../marketplace/schema.js';
import { secretFilePath, writeSecretFile } from './secret-file.js';

/** Registers the URL and keeps the returned secret; returns the secret file's path. */
export async function registerWebhook(
  client: Pick<MarketplaceClient, 'putWebhook'>,
  config: Pick<Config, 'webhook' | 'dataDir'>,
  url: string,
): Promise<string> {
  const result = await client.putWebhook(url);
  const path = secretFilePath(config);
  writeSecretFile(path, { secret: result.secret, updatedAt: new Date().toISOString(), url });
  return path;
}

/** The marketplace sends a signed `webhook.test` to the registered URL. */
export function testWebhook(client: Pick<MarketplaceClient, 'testWebhook'>): Promise<WebhookTestResult> {
  return client.testWebhook();
}
