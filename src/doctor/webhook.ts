/**
 * `pressbridge doctor`'s intake and webhook lines: which intake runs and what it costs, the secret file and the
 * webhook as the marketplace has it registered. Polling needs no webhook, so without one it is no failure.
 */
import type { Check } from '../checks.js';
import { errorSaid } from '../errors.js';
import { type Intake, intakeOf, pollEvery } from '../intake/mode.js';
import type { MarketplaceClient } from '../marketplace/api.js';
import { readSecretFile, secretFilePath } from '../webhook/secret-file.js';
import type { DoctorContext } from './context.js';

/** The intake line: mode, pace and its share of the key's requests a minute. */
export function intakeCheck(
  ctx: Pick<DoctorContext, 'config' | 't'>,
  intake: Intake = intakeOf(ctx.config),
): Check {
  const { t } = ctx;
  const name = t.t('cli.doctor.intake.name');
  const every = pollEvery(intake);
  if (every === undefined) return { status: 'ok', name, detail: t.t('cli.doctor.intake.webhook') };
  const params = { every, perMinute: intake.requestsPerMinute, budget: intake.budgetPerMinute };
  const key = intake.mode === 'both' ? 'cli.doctor.intake.both' : 'cli.doctor.intake.poll';
  return { status: 'ok', name, detail: t.t(key, params) };
}

/** What the webhook lines read: the config, the translator and the marketplace's `GET /v1/webhook`. */
export type WebhookCheckContext = Pick<DoctorContext, 'config' | 't'> & {
  client: Pick<MarketplaceClient, 'getWebhook'>;
};

export async function webhookChecks(ctx: WebhookCheckContext): Promise<Check[]> {
  const { t } = ctx;
  const intake = intakeOf(ctx.config);
  const polling = intake.mode === 'poll';
  const path = secretFilePath(ctx.config);
  const secretName = t.t('cli.doctor.webhook.secret');
  const name = 'webhook';
  const register = t.t('cli.doctor.webhook.register_fix');
  const checks: Check[] = [intakeCheck(ctx, intake)];
  let file: ReturnType<typeof readSecretFile>;
  try {
    file = readSecretFile(path);
  } catch (error) {
    return [...checks, { status: 'fail', name: secretName, detail: t.say(errorSaid(error)) }];
  }
  const secret = Boolean(file || ctx.config.webhook.secret);
  // Polling with a secret: only `intake.mode: poll` in the config does that; nothing listens for the webhook.
  if (polling && secret) {
    const detail = t.t('cli.doctor.webhook.poll_pinned');
    checks.push({ status: 'warn', name, detail, fix: t.t('cli.doctor.webhook.poll_pinned_fix') });
  }
  if (!secret && !polling) {
    const detail = t.t('cli.doctor.webhook.no_secret', { path });
    checks.push({ status: 'fail', name: secretName, detail, fix: register });
  }
  try {
    const state = await ctx.client.getWebhook({ priority: 'high' });
    if (!state.url) {
      if (polling) checks.push({ status: 'ok', name, detail: t.t('cli.doctor.webhook.not_needed') });
      else checks.push({ status: 'fail', name, detail: t.t('cli.doctor.webhook.none'), fix: register });
    } else if (!secret) {
      checks.push({
        status: 'warn',
        name,
        detail: t.t('cli.doctor.webhook.unused', { url: state.url }),
        fix: t.t('cli.doctor.webhook.unused_fix'),
      });
    } else if (file?.url && file.url !== state.url) {
      checks.push({
        status: 'fail',
        name,
        detail: t.t('cli.doctor.webhook.other_url', { url: state.url, registered: file.url }),
        fix: t.t('cli.doctor.webhook.other_url_fix'),
      });
    } else if (state.active === false) {
      checks.push({
        status: polling ? 'warn' : 'fail',
        name,
        detail: t.t('cli.doctor.webhook.off', { url: state.url }),
        fix: 'pressbridge webhook register <url>',
      });
    } else {
      checks.push({ status: 'ok', name, detail: t.t('cli.doctor.webhook.ok', { url: state.url }) });
    }
  } catch (error) {
    checks.push({ status: polling ? 'warn' : 'fail', name, detail: t.say(errorSaid(error)) });
  }
  return checks;
}
