/**
 * What `pressbridge webhook register|test` (webhook-command.ts) says: the confirmations in the blogger's language,
 * `webhook test`'s answer as one sentence (it exits 1 unless the test delivery was answered with 200). The
 * registration itself is src/webhook/register.ts, which the setup uses too.
 */
import type { Config } from '../config/schema.js';
import type { Translator } from '../i18n/index.js';
import { pollEvery, resolveIntake, takesWebhooks } from '../intake/mode.js';
import type { WebhookTestResult } from '../marketplace/schema.js';

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
