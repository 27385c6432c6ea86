/**
 * GET /deals (a page of deals, filterable by state) and GET /deals/:id (one deal: timeline, log, events, its
 * claims and its evidence on disk).
 */
import type { Router } from 'express';
import { DEAL_RUN_STATES } from '../../deals/lifecycle.js';
import { pageInfo, parseChoice, parsePositiveInt } from '../format.js';
import { scrubEvent, scrubLog, scrubRecord } from '../scrub-records.js';
import type { StatusDeps } from '../types.js';
import { renderDeal } from '../views/deal.js';
import { renderDeals } from '../views/deals.js';
import type { PageKit } from './page-kit.js';

export const DEALS_PAGE_SIZE = 25;
const DEAL_LOG_LIMIT = 200;
const DEAL_EVENTS_LIMIT = 50;

export function dealRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.get('/deals', async (req, res) => {
    const page = parsePositiveInt(req.query.page, 100_000);
    const state = parseChoice(req.query.state, DEAL_RUN_STATES);
    if (!page.ok) {
      kit.fail(req, res, 400, kit.t.t('status.error.bad_page'), kit.t.t('status.error.bad_page_text'));
      return;
    }
    if (!state.ok) {
      kit.fail(
        req,
        res,
        400,
        kit.t.t('status.error.bad_state'),
        kit.t.t('status.error.bad_state_text', { states: DEAL_RUN_STATES.join(', ') }),
      );
      return;
    }
    const pageNumber = page.value ?? 1;
    const offset = (pageNumber - 1) * DEALS_PAGE_SIZE;
    const listed = await kit.read(
      'status.source.deals',
      deps.store.list({ offset, limit: DEALS_PAGE_SIZE, ...(state.value ? { state: state.value } : {}) }),
    );
    kit.send(
      res,
      200,
      renderDeals(kit.viewContext(req, res, true), {
        items: listed.items.map(scrubRecord),
        total: listed.total,
        paging: pageInfo(listed.total, pageNumber, DEALS_PAGE_SIZE),
        state: state.value,
        states: DEAL_RUN_STATES,
      }),
    );
  });

  router.get('/deals/:id', async (req, res) => {
    const dealId = kit.dealIdOf(req, res);
    if (dealId === undefined) return;
    const { evidence, openClaim } = deps;
    const [[record, dealLog, events], evidenceRead, claimRead] = await Promise.all([
      kit.read(
        'status.source.deal',
        Promise.all([
          deps.store.get(dealId),
          deps.store.readLog(dealId, { limit: DEAL_LOG_LIMIT }),
          deps.store.readEvents(dealId, { limit: DEAL_EVENTS_LIMIT }),
        ]),
      ),
      evidence ? kit.source('status.source.evidence', () => evidence.read(dealId)) : undefined,
      openClaim ? kit.source('status.source.deal', () => openClaim(dealId)) : undefined,
    ]);
    if (!record) {
      kit.fail(
        req,
        res,
        404,
        kit.t.t('status.error.no_deal'),
        kit.t.t('status.error.no_deal_text', { dealId: String(dealId) }),
      );
      return;
    }
    kit.send(
      res,
      200,
      renderDeal(kit.viewContext(req, res, true), {
        record: scrubRecord(record),
        log: dealLog.map(scrubLog),
        events: events.map(scrubEvent),
        evidence: evidenceRead,
        downloadable: deps.bundle !== undefined,
        openClaim: claimRead?.ok === true && claimRead.value,
        onNoAnswer: deps.onNoAnswer?.(record.blogId),
      }),
    );
  });
}
