/**
 * What `doctor` and `pressbridge deal <id>` say about the marketplace's date-times and a deal's lateness and
 * extra services (issue 12). Kept apart from operator.ts: each command adds one call.
 */
import type { Check } from '../checks.js';
import type { CommandContext } from '../command-context.js';
import { handedInLate, readDealData } from '../deals/data.js';
import { readDeadlineFinding } from '../deals/deadline-offset.js';
import type { DealRecord } from '../deals/record.js';
import { storedServices } from '../deals/services.js';
import { storedCheck } from '../deals/verdict.js';
import { errorSaid } from '../errors.js';
import type { Translator } from '../i18n/index.js';

/**
 * One line: whether the last first-delivered deal's `publish_deadline` read plausibly (src/marketplace/deadline.ts).
 * A zone that explains the offset is a config error (`fail`): every deal would be late and cost one more request.
 */
export async function dateTimeChecks(ctx: Pick<CommandContext, 'config' | 'redis' | 't'>): Promise<Check[]> {
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

/** Lines for `pressbridge deal <id>` (times in `timeZone`, default the process's): handed in late, closed by the marketplace, services needing the blogger. */
export function dealNotes(record: Pick<DealRecord, 'data'>, t: Translator, timeZone?: string): string[] {
  const notes: string[] = [];
  const check = storedCheck(record.data);
  if (handedInLate(record.data)) {
    notes.push(
      check
        ? t.t('cli.deal.late_waited', { at: t.dateTime(check.at, timeZone), state: check.state })
        : t.t('cli.deal.late'),
    );
  }
  const { webUrl } = readDealData(record.data);
  const where = webUrl ? t.t('cli.deal.service_at', { url: webUrl }) : t.t('cli.deal.service_on_page');
  for (const s of storedServices(record.data)) {
    const service = s.name ? t.t('cli.deal.service_named', { id: String(s.id), name: s.name }) : String(s.id);
    const key = s.needsUrls === false ? 'cli.deal.service_perform' : 'cli.deal.service_url';
    notes.push(t.t(key, { service, where }));
  }
  if (webUrl && notes.length > 0) notes.push(t.t('cli.deal.page', { url: webUrl }));
  return notes;
}
