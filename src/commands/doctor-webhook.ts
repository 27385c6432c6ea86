/** `pressbridge doctor`'s webhook lines: the secret file and the webhook as the marketplace has it registered. */
import { errorMessage } from '../errors.js';
import { readSecretFile, secretFilePath } from '../webhook/secret-file.js';
import type { CommandContext } from './context.js';
import type { Check } from './output.js';

export async function webhookChecks(ctx: CommandContext): Promise<Check[]> {
  const { t } = ctx;
  const path = secretFilePath(ctx.config);
  const secretName = t.t('cli.doctor.webhook.secret');
  const name = 'webhook';
  const register = t.t('cli.doctor.webhook.register_fix');
  let file: ReturnType<typeof readSecretFile>;
  try {
    file = readSecretFile(path);
  } catch (error) {
    return [{ status: 'fail', name: secretName, detail: errorMessage(error) }];
  }
  const checks: Check[] = [];
  if (!file && !ctx.config.webhook.secret) {
    const detail = t.t('cli.doctor.webhook.no_secret', { path });
    checks.push({ status: 'fail', name: secretName, detail, fix: register });
  }
  try {
    const state = await ctx.client.getWebhook({ priority: 'high' });
    if (!state.url) {
      checks.push({ status: 'fail', name, detail: t.t('cli.doctor.webhook.none'), fix: register });
    } else if (file?.url && file.url !== state.url) {
      checks.push({
        status: 'fail',
        name,
        detail: t.t('cli.doctor.webhook.other_url', { url: state.url, registered: file.url }),
        fix: t.t('cli.doctor.webhook.other_url_fix'),
      });
    } else if (state.active === false) {
      checks.push({
        status: 'fail',
        name,
        detail: t.t('cli.doctor.webhook.off', { url: state.url }),
        fix: 'pressbridge webhook register <url>',
      });
    } else {
      checks.push({ status: 'ok', name, detail: t.t('cli.doctor.webhook.ok', { url: state.url }) });
    }
  } catch (error) {
    checks.push({ status: 'fail', name, detail: errorMessage(error) });
  }
  return checks;
}
