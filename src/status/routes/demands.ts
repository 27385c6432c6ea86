/**
 * "Poptávky / Demands" (issue 30 items 2 and 3):
 *
 *   GET  /demands                        every configured blog, the newest demands of each
 *   GET  /demands/:blog                  one blog's demands, with "decline all"
 *   GET  /demands/:blog/decline          the decline-all confirmation (changes nothing)
 *   POST /demands/:blog/decline          declines (password + CSRF), 303 back with the outcome
 *   GET  /demands/:blog/:demand          one demand: brief, verdict, the offer form
 *   GET  /demands/:blog/:demand/offer    the offer confirmation (changes nothing)
 *   POST /demands/:blog/:demand/offer    offers through the one offer service (password + CSRF), 303 back
 *
 * Nothing is sent to the marketplace on a GET. The outcome is the flash on the page the POST returns to.
 */
import express, { type Request, type Response, type Router } from 'express';
import { checkOfferInput, noteLine } from '../../demands/offer.js';
import { inputFailure } from '../../demands/offer-errors.js';
import { declineOutcomeText, type OutcomeText, offerOutcomeText } from '../../i18n/demand-text.js';
import { scrubText } from '../../redact.js';
import { MAX_OFFER_NOTE_CHARS } from '../../rules/settings.js';
import { parsePositiveInt } from '../format.js';
import { setFlash } from '../security.js';
import type { StatusDemands, StatusDeps } from '../types.js';
import { renderDemand } from '../views/demand.js';
import { renderDeclineConfirm, renderOfferConfirm } from '../views/demand-confirm.js';
import { renderDemands } from '../views/demands.js';
import type { PageKit } from './page-kit.js';

/** Demands per blog on `/demands` (each blog's own page shows all it keeps). */
export const DEMANDS_OVERVIEW_LIMIT = 20;

/** A reward as typed: digits (spaces allowed, `1 500`), or empty for the base. */
export function parseReward(raw: unknown): { ok: true; value: number | undefined } | { ok: false } {
  if (raw === undefined) return { ok: true, value: undefined };
  if (typeof raw !== 'string') return { ok: false };
  const digits = raw.replace(/[\s\u00a0\u202f]/g, '');
  if (digits === '') return { ok: true, value: undefined };
  return /^[0-9]{1,9}$/.test(digits) && Number(digits) > 0
    ? { ok: true, value: Number(digits) }
    : { ok: false };
}

export function demandRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  const blogIds = (deps.blogs ?? []).map((b) => b.id);
  const form = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 10 });

  /** The blog (and demand) of the path, or undefined after the 400/404 page; with the demand services. */
  function target(
    req: Request,
    res: Response,
  ): { demands: StatusDemands; blogId: number; demandId: number | undefined } | undefined {
    const blog = parsePositiveInt(req.params.blog);
    const demand = parsePositiveInt(req.params.demand);
    if (!blog.ok || blog.value === undefined || !demand.ok) {
      kit.fail(req, res, 400, kit.t.t('demand.page.bad_id'), kit.t.t('demand.page.bad_id_text'));
      return undefined;
    }
    if (!blogIds.includes(blog.value)) {
      const text = kit.t.t('demand.page.unknown_blog_text', { blog: String(blog.value) });
      kit.fail(req, res, 404, kit.t.t('status.error.not_found'), text);
      return undefined;
    }
    if (!deps.demands) {
      kit.fail(req, res, 404, kit.t.t('status.error.not_found'), kit.t.t('demand.page.off'));
      return undefined;
    }
    return { demands: deps.demands, blogId: blog.value, demandId: demand.value };
  }

  /** The demand of the path, or undefined after the 404 page. */
  async function record(req: Request, res: Response) {
    const at = target(req, res);
    if (!at || at.demandId === undefined) return undefined;
    const found = await kit.read('status.source.demands', at.demands.store.get(at.blogId, at.demandId));
    if (!found) {
      const params = { demand: String(at.demandId), blog: String(at.blogId) };
      kit.fail(
        req,
        res,
        404,
        kit.t.t('demand.page.not_found'),
        kit.t.t('demand.page.not_found_text', params),
      );
      return undefined;
    }
    return { ...at, record: found };
  }

  function flashBack(req: Request, res: Response, outcome: OutcomeText, path: string): void {
    // A marketplace's own words (`other_code`) may carry anything: scrubbed and masked as the deal actions' are.
    const message = kit.mask(scrubText(outcome.text));
    setFlash(req, res, { ok: outcome.ok, message }, kit.signer, kit.cookies);
    res.redirect(303, `${kit.base}${path}`);
  }

  router.get('/demands', async (req, res) => {
    const ctx = kit.viewContext(req, res, false);
    const { demands } = deps;
    if (!demands) {
      kit.send(res, 200, renderDemands(ctx, { blogs: [], single: false }));
      return;
    }
    const blogs = await Promise.all(
      blogIds.map(async (blogId) => {
        const read = await kit.source('status.source.demands', () =>
          demands.store.list(blogId, DEMANDS_OVERVIEW_LIMIT + 1),
        );
        if (!read.ok) return { blogId, records: read };
        const more = read.value.length > DEMANDS_OVERVIEW_LIMIT;
        return {
          blogId,
          more,
          records: { ok: true as const, value: read.value.slice(0, DEMANDS_OVERVIEW_LIMIT) },
        };
      }),
    );
    const { tally } = demands;
    const market = tally
      ? await kit.source('status.source.demands', async () => ({
          month: tally.monthOf(kit.clock.now()),
          months: await tally.read(),
        }))
      : undefined;
    const view = { pollMinutes: demands.pollMinutes, blogs, single: false, market };
    kit.send(res, 200, renderDemands(ctx, view));
  });

  router.get('/demands/:blog', async (req, res) => {
    const at = target(req, res);
    if (!at) return;
    const records = await kit.source('status.source.demands', () => at.demands.store.list(at.blogId));
    const view = {
      pollMinutes: at.demands.pollMinutes,
      blogs: [{ blogId: at.blogId, records }],
      single: true,
    };
    kit.send(res, 200, renderDemands(kit.viewContext(req, res, true), view));
  });

  router.get('/demands/:blog/decline', async (req, res) => {
    const at = target(req, res);
    if (!at) return;
    const records = await kit.read('status.source.demands', at.demands.store.list(at.blogId));
    const open = records.filter((r) => r.available && !r.offer).length;
    kit.send(res, 200, renderDeclineConfirm(kit.viewContext(req, res, true), at.blogId, open));
  });

  router.post(
    '/demands/:blog/decline',
    form,
    (req, res, next) => {
      if (target(req, res)) next();
    },
    kit.requireForm,
    async (req, res) => {
      const at = target(req, res);
      if (!at) return;
      const outcome = await at.demands.offers.declineAll(at.blogId, 'page');
      kit.log.info({ blogId: at.blogId, ok: outcome.ok }, 'status page: decline all');
      flashBack(req, res, declineOutcomeText(kit.t, outcome), `/demands/${at.blogId}`);
    },
  );

  router.get('/demands/:blog/:demand', async (req, res) => {
    const found = await record(req, res);
    if (!found) return;
    const page = renderDemand(kit.viewContext(req, res, true), found.record, {
      maxNote: MAX_OFFER_NOTE_CHARS,
    });
    kit.send(res, 200, page);
  });

  router.get('/demands/:blog/:demand/offer', async (req, res) => {
    const found = await record(req, res);
    if (!found) return;
    const base = found.record.item.reward;
    const asked = parseReward(req.query.reward);
    const rawNote = typeof req.query.note === 'string' ? req.query.note : undefined;
    const checked = asked.ok ? checkOfferInput(base, asked.value, rawNote) : undefined;
    const reward = asked.ok ? (asked.value ?? base) : undefined;
    const note = noteLine(rawNote);
    const problem = !asked.ok
      ? inputFailure('reward_not_integer').said
      : checked && !checked.ok
        ? checked.failure.said
        : undefined;
    const page = renderOfferConfirm(kit.viewContext(req, res, true), found.record, { reward, note, problem });
    kit.send(res, problem ? 422 : 200, page);
  });

  router.post(
    '/demands/:blog/:demand/offer',
    form,
    (req, res, next) => {
      if (target(req, res)) next();
    },
    kit.requireForm,
    async (req, res) => {
      const at = target(req, res);
      if (!at || at.demandId === undefined) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const asked = parseReward(body.reward);
      const outcome = asked.ok
        ? await at.demands.offers.offer({
            blogId: at.blogId,
            demandId: at.demandId,
            reward: asked.value,
            note: typeof body.note === 'string' ? body.note : undefined,
            by: 'page',
          })
        : { status: 'failed' as const, failure: inputFailure('reward_not_integer') };
      kit.log.info(
        { blogId: at.blogId, demandId: at.demandId, status: outcome.status },
        'status page: offer',
      );
      flashBack(req, res, offerOutcomeText(kit.t, outcome), `/demands/${at.blogId}/${at.demandId}`);
    },
  );
}
