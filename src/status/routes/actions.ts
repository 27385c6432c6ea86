/** POST /deals/:id/retry | /hand-in-again | /mark-handled | /approve | /refuse (a held deal): CSRF-protected; 303 back to the deal with a flash. */
import express, { type Router } from 'express';
import { errorMessage } from '../../errors.js';
import { scrubText } from '../../redact.js';
import { setFlash } from '../security.js';
import type { StatusActionResult, StatusDeps } from '../types.js';
import { DEAL_ACTIONS, type DealActionPath } from '../views/deal.js';
import { LOOK_ACTIONS } from '../views/held-card.js';
import type { PageKit } from './page-kit.js';

type ActionName = Exclude<keyof StatusDeps['actions'], 'decideHeld'>;

const ACTION_BY_PATH: Record<DealActionPath, ActionName> = {
  retry: 'retry',
  'hand-in-again': 'handInAgain',
  'mark-handled': 'markHandled',
};

export function actionRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.post(
    '/deals/:id/:action',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    (req, res, next) => {
      const dealId = kit.dealIdOf(req, res);
      if (dealId === undefined) return;
      const look = (LOOK_ACTIONS as readonly string[]).includes(String(req.params.action));
      if (!look && !DEAL_ACTIONS.some((a) => a.path === req.params.action)) {
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
    kit.requireForm,
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
      const lookAction = LOOK_ACTIONS.find((a) => a === req.params.action);
      try {
        if (lookAction) {
          if (!deps.actions.decideHeld) throw new Error('this process does not decide held deals');
          result = await deps.actions.decideHeld(dealId, lookAction, 'page');
        } else result = await deps.actions[action](dealId);
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
