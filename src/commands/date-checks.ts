/**
 * What `doctor` and `pressbridge deal <id>` say about the marketplace's date-times and a deal's lateness and
 * extra services (issue 12). Kept apart from operator.ts: each command adds one call.
 */
import { readDeadlineFinding } from '../deals/deadline-offset.js';
import { storedCheck } from '../deals/lost.js';
import { serviceLines, storedServices } from '../deals/services.js';
import type { DealRecord } from '../deals/store.js';
import { errorMessage } from '../errors.js';
import type { CommandContext } from './context.js';
import type { CheckStatus } from './output.js';

export interface DateCheck {
  status: CheckStatus;
  name: string;
  detail: string;
  fix?: string;
}

/**
 * One line: whether the last first-delivered deal's `publish_deadline` read plausibly (src/marketplace/deadline.ts).
 * A zone that explains the offset is a config error (`fail`): every deal would be late and cost one more request.
 */
export async function dateTimeChecks(ctx: Pick<CommandContext, 'config' | 'redis'>): Promise<DateCheck[]> {
  const zone = ctx.config.marketplace.timeZone;
  const name = 'marketplace date-times';
  try {
    const finding = await readDeadlineFinding(ctx.redis, ctx.config.redis.prefix);
    if (!finding) {
      return [{ status: 'ok', name, detail: `read in ${zone}; no implausible publish_deadline seen` }];
    }
    const seen = `deal ${finding.dealId} at ${finding.at}, publish_deadline "${finding.raw ?? ''}"`;
    return [
      {
        status: finding.suggestedZone ? 'fail' : 'warn',
        name,
        detail: `${finding.message} (${seen})`,
        ...(finding.suggestedZone
          ? {
              fix: `set marketplace.timeZone: ${finding.suggestedZone} in the config and restart pressbridge`,
            }
          : {}),
      },
    ];
  } catch (error) {
    return [{ status: 'warn', name, detail: `cannot read the last finding: ${errorMessage(error)}` }];
  }
}

/** Lines for `pressbridge deal <id>`: handed in late, closed by the marketplace, services needing the blogger. */
export function dealNotes(record: Pick<DealRecord, 'data'>): string[] {
  const notes: string[] = [];
  const check = storedCheck(record.data);
  const handIn = record.data.handIn as { late?: unknown } | undefined;
  if (handIn?.late === true || record.data.late) {
    notes.push(
      `Late: past pressbridge's reading of the deadline${check ? `; the marketplace still waited at ${check.at} (${check.state})` : ''}`,
    );
  }
  const webUrl = typeof record.data.webUrl === 'string' ? record.data.webUrl : undefined;
  for (const line of serviceLines(storedServices(record.data), webUrl))
    notes.push(`Needs your hand: ${line}`);
  if (webUrl && notes.length > 0) notes.push(`Deal page: ${webUrl}`);
  return notes;
}
