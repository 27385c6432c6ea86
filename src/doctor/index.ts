/**
 * The checks of `pressbridge doctor`: config, Redis, the API key and the blogs, every blog target, the intake and
 * the webhook, the marketplace's dates, each with a fix for a failure. The command (src/commands/doctor.ts) prints
 * them as they come; the setup's last page lists them (src/app/setup-mode.ts, through `doctorOfInstallation`).
 */
import type { Check } from '../checks.js';
import { openContext } from '../command-context.js';
import type { Env } from '../config/paths.js';
import type { DoctorContext } from './context.js';
import { dateTimeChecks } from './dates.js';
import { marketplaceChecks } from './marketplace.js';
import { ownRedisStoppedCheck, redisChecks } from './redis.js';
import { targetChecks } from './targets.js';
import { webhookChecks } from './webhook.js';

/**
 * Runs the checks in order and returns them all; `onCheck` hears each one as soon as its group is done (the
 * terminal shows the Redis lines while the marketplace is still being asked). `source`: where the config came from.
 */
export async function runDoctor(
  ctx: DoctorContext,
  source: string,
  onCheck: (check: Check) => void = () => {},
): Promise<Check[]> {
  const all: Check[] = [];
  const emit = (checks: Check[]): void => {
    for (const c of checks) {
      all.push(c);
      onCheck(c);
    }
  };
  const { t } = ctx;
  const blogs = ctx.config.blogs.length;
  emit([
    { status: 'ok', name: t.t('cli.doctor.config'), detail: t.t('cli.doctor.config_ok', { source, blogs }) },
  ]);
  const stopped = await ownRedisStoppedCheck(ctx);
  emit(stopped ? [stopped] : await redisChecks(ctx));
  // The marketplace checks count their requests in that Redis (the shared rate limit), the date-time check reads
  // its findings there: without it only the blogs' own sites are asked.
  if (!stopped) emit(await marketplaceChecks(ctx));
  emit(await targetChecks(ctx));
  if (!stopped) {
    emit(await webhookChecks(ctx));
    emit(await dateTimeChecks(ctx));
  }
  return all;
}

/** Doctor's checks of the installation a config file describes (the setup's last page), collected. */
export async function doctorOfInstallation(configPath: string, env: Env): Promise<Check[]> {
  const ctx = openContext({ config: configPath }, env as NodeJS.ProcessEnv);
  try {
    return await runDoctor(ctx, configPath);
  } finally {
    await ctx.close();
  }
}
