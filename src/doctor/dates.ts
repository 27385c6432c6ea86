/** Doctor's line on the marketplace's date-times: how the last first-delivered deal's deadline read. */
import type { Check } from '../checks.js';
import { readDeadlineFinding } from '../deals/deadline-offset.js';
import { errorSaid } from '../errors.js';
import type { DoctorContext } from './context.js';

/**
 * One line: whether the last first-delivered deal's `publish_deadline` read plausibly (src/marketplace/deadline.ts).
 * A zone that explains the offset is a config error (`fail`): every deal would be late and cost one more request.
 */
export async function dateTimeChecks(ctx: Pick<DoctorContext, 'config' | 'redis' | 't'>): Promise<Check[]> {
  const { t } = ctx;
  const zone = ctx.config.marketplace.timeZone;
  const name = t.t('cli.doctor.dates.name');
  try {
    const finding = await readDeadlineFinding(ctx.redis, ctx.config.redis.prefix);
    if (!finding) return [{ status: 'ok', name, detail: t.t('cli.doctor.dates.ok', { zone }) }];
    const seen = t.t('cli.doctor.dates.seen', {
      id: String(finding.dealId),
      at: t.dateTime(finding.at),
      raw: finding.raw ?? '',
    });
    return [
      {
        status: finding.suggestedZone ? 'fail' : 'warn',
        name,
        detail: `${t.say(finding.said ?? finding.message, finding.message)} (${seen})`,
        ...(finding.suggestedZone
          ? { fix: t.t('cli.doctor.dates.fix', { zone: finding.suggestedZone }) }
          : {}),
      },
    ];
  } catch (error) {
    return [
      {
        status: 'warn',
        name,
        detail: t.t('cli.doctor.dates.unreadable', { error: t.say(errorSaid(error)) }),
      },
    ];
  }
}
