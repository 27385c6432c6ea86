/**
 * Extra services bought on a deal (a Facebook share, a link in the newsletter, …). pressbridge cannot perform
 * them: it hands in the article URL alone, and says plainly, on the deal page, in the deal log and in
 * `pressbridge deal <id>`, which services need the blogger's hand and where (the deal's `web_url`).
 */
import type { DealService } from '../marketplace/schema.js';
import { BoughtService, readDealData } from './data.js';
import { DEAL_LOG, type DealLogMessage } from './log-messages.js';
import type { DealLogger } from './logger.js';
import type { DealStore } from './record.js';

function needsUrls(urls: DealService['urls']): boolean | null {
  if (urls === undefined) return null;
  if (typeof urls === 'boolean') return urls;
  if (typeof urls === 'number') return urls > 0;
  return urls.length > 0;
}

/** The bought services of a deal detail or event, in the record's shape. */
export function servicesOf(source: { services?: DealService[] | undefined }): BoughtService[] {
  return (source.services ?? []).map((s) => ({
    id: s.id,
    name: s.name ?? null,
    needsUrls: needsUrls(s.urls),
  }));
}

/** The record's `data.services`, read leniently: each item by the schema (src/deals/data.ts), bad ones left out. */
export function storedServices(data: Record<string, unknown>): BoughtService[] {
  const value = data.services;
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const parsed = BoughtService.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * One sentence per service: "service 12 'Sdílení na Facebooku' needs its URL handed in by hand at <web_url>".
 * A service that takes no URL (the marketplace said so) still needs the blogger to perform it.
 */
export function serviceLines(
  services: readonly BoughtService[],
  webUrl?: string,
): Array<{ msg: DealLogMessage; fields: Record<string, unknown> }> {
  return services.map((s) => ({
    msg: s.needsUrls === false ? DEAL_LOG.service_by_blogger : DEAL_LOG.service_needs_url,
    fields: { service: s.id, ...(s.name ? { name: s.name } : {}), ...(webUrl ? { webUrl } : {}) },
  }));
}

/**
 * After the hand-in: the services bought on the deal (known from the deal detail or list, else from the
 * event) each get a warning line in the deal log, and are kept in the record for the deal page and the CLI.
 */
export async function flagServices(input: {
  store: Pick<DealStore, 'get' | 'update'>;
  dealId: number;
  log: Pick<DealLogger, 'warn'>;
  event: { services?: DealService[] | undefined };
}): Promise<void> {
  const { store, dealId, log } = input;
  const record = await store.get(dealId);
  const known = storedServices(record?.data ?? {});
  const services = known.length > 0 ? known : servicesOf(input.event);
  if (services.length === 0) return;
  if (known.length === 0) await store.update(dealId, { data: { services } });
  const { webUrl } = readDealData(record?.data);
  for (const line of serviceLines(services, webUrl)) log.warn(line.fields, line.msg);
}
