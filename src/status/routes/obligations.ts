/**
 * GET /obligations: every deal still under watch, at risk first, a page at a time. The whole schedule is read
 * (ids in slices, records in batches: ./watched.ts) because the order needs every deal's last check; thousands
 * of deals are a few hundred milliseconds of Redis reads, so the read gets four times the usual timeout.
 */
import type { Router } from 'express';
import { obligationRows } from '../../watch/obligations.js';
import { pageInfo, parsePositiveInt } from '../format.js';
import { scrubRecord } from '../scrub-records.js';
import type { StatusDeps } from '../types.js';
import {
  renderObligations,
  renderObligationsOff,
  renderObligationsUnavailable,
} from '../views/obligations.js';
import { DEFAULT_OBLIGATION_SETTINGS, readWatchedDeals, type WatchedRead } from '../watched.js';
import type { PageKit } from './page-kit.js';

export const OBLIGATIONS_PAGE_SIZE = 50;

/** Reading the watched deals takes longer than one card's read: this many times the source timeout. */
export const WATCHED_TIMEOUT_FACTOR = 4;

/** The watched deals with their records, or undefined when no schedule reader is wired. */
export function watchedDealsReader(deps: StatusDeps): (() => Promise<WatchedRead>) | undefined {
  const schedule = deps.watchSchedule;
  if (!schedule) return undefined;
  // Records as stored: whoever shows one scrubs it (only the page's rows, not thousands).
  return async () => await readWatchedDeals(deps.store, await schedule());
}

export function obligationRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  const settings = deps.watchSettings ?? DEFAULT_OBLIGATION_SETTINGS;
  const read = watchedDealsReader(deps);
  router.get('/obligations', async (req, res) => {
    const ctx = kit.viewContext(req, res, false);
    const page = parsePositiveInt(req.query.page, 100_000);
    if (!page.ok) {
      kit.fail(req, res, 400, kit.t.t('status.error.bad_page'), kit.t.t('status.error.bad_page_text'));
      return;
    }
    if (!read) {
      kit.send(res, 200, renderObligationsOff(ctx));
      return;
    }
    const watched = await kit.source('status.source.watch', read, kit.timeoutMs * WATCHED_TIMEOUT_FACTOR);
    if (!watched.ok) {
      kit.send(res, 503, renderObligationsUnavailable(ctx, watched.error));
      return;
    }
    const rows = obligationRows(watched.value.deals, settings);
    const paging = pageInfo(rows.length, page.value ?? 1, OBLIGATIONS_PAGE_SIZE);
    kit.send(
      res,
      200,
      renderObligations(ctx, {
        rows: rows
          .slice(paging.offset, paging.offset + OBLIGATIONS_PAGE_SIZE)
          .map((o) => ({ ...o, record: scrubRecord(o.record) })),
        total: rows.length,
        atRisk: rows.filter((o) => o.problem !== undefined).length,
        missing: watched.value.missing,
        paging,
        settings,
      }),
    );
  });
}
