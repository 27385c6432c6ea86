/** POST /deals/:id/retry | /hand-in-again | /mark-handled: CSRF-protected; 303 back to the deal with a flash. */
import express, { type RequestHandler, type Router } from 'express';
import { errorMessage } from '../../errors.js';
import type { MessageKey } from '../../i18n/index.js';
import { scrubText } from '../../redact.js';
import { type CsrfRefusal, requireCsrf, setFlash } from '../security.js';
import type { StatusActionResult, StatusDeps } from '../types.js';
import { DEAL_ACTIONS, type DealActionPath } from '../views/deal.js';
import type { PageKit } from './page-kit.js';

type ActionName = keyof StatusDeps['actions'];

/** Why a form was refused, as the blogger reads it. */
const CSRF_REASONS: Readonly<Record<CsrfRefusal, MessageKey>> = {
  cross_site: 'status.csrf.cross_site',
  cross_origin: 'status.csrf.cross_origin',
  missing: 'status.csrf.missing',
  mismatch: 'status.csrf.mismatch',
};
const ACTION_BY_PATH: Record<DealActionPath, ActionName> = {
  retry: 'retry',
  'hand-in-again': 'handInAgain',
  'mark-handled': 'markHandled',
};

/** The CSRF check of every POST form of the page: a refusal is logged and answered with the 403 page. */
export function formGuard(kit: PageKit): RequestHandler {
  return requireCsrf(kit.signer, (res, verdict) => {
    kit.log.warn(
      { reason: verdict.reason, path: res.req.path },
      'status page: refused a POST without a valid form token',
    );
    const reason = kit.t.t(CSRF_REASONS[verdict.code], verdict.site ? { site: verdict.site } : undefined);
    kit.fail(res.req, res, 403, kit.t.t('status.error.form'), kit.t.t('status.error.form_text', { reason }));
  });
}

export function actionRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.post(
    '/deals/:id/:action',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    (req, res, next) => {
      const dealId = kit.dealIdOf(req, res);
      if (dealId === undefined) return;
      if (!DEAL_ACTIONS.some((a) => a.path === req.params.action)) {
        const actions = DEAL_ACTIONS.map((a) => kit.t.t(a.label)).join(', ');
        kit.fail(
          req,
          res,
          404,
          kit.t.t('status.error.no_action'),
          kit.t.t('status.error.no_action_text', { actions }),
        );
        return;
      }
      next();
    },
    formGuard(kit),
    async (req, res) => {
      const dealId = Number(req.params.id);
      const action = ACTION_BY_PATH[req.params.action as DealActionPath];
      if (!(await kit.read('status.source.deal', deps.store.get(dealId)))) {
        kit.fail(
          req,
          res,
          404,
          kit.t.t('status.error.no_deal'),
          kit.t.t('status.error.no_deal_action_text', { dealId: String(dealId) }),
        );
        return;
      }
      let result: StatusActionResult;
      try {
        result = await deps.actions[action](dealId);
      } catch (error) {
        kit.log.warn({ dealId, action, err: scrubText(errorMessage(error)) }, 'status page: action failed');
        const label = DEAL_ACTIONS.find((a) => a.path === req.params.action)?.label ?? 'status.action.retry';
        result = {
          ok: false,
          message: kit.t.t('status.action.failed', {
            dealId: String(dealId),
            action: kit.t.t(label),
            error: errorMessage(error),
          }),
        };
      }
      kit.log.info({ dealId, action, ok: result.ok }, 'status page: operator action');
      setFlash(
        req,
        res,
        { ok: result.ok, message: kit.mask(scrubText(result.message)) },
        kit.signer,
        kit.cookies,
      );
      res.redirect(303, `${kit.base}/deals/${dealId}`);
    },
  );
}
