/**
 * What `pressbridge deal <id>` says about a deal's lateness and extra services (issue 12). Kept apart from
 * operator.ts: the command adds one call. (Doctor's line on the marketplace's date-times: src/doctor/dates.ts.)
 */
import { handedInLate, readDealData } from '../deals/data.js';
import type { DealRecord } from '../deals/record.js';
import { storedServices } from '../deals/services.js';
import { storedCheck } from '../deals/verdict.js';
import type { Translator } from '../i18n/index.js';

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
