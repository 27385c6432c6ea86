/**
 * GET /look/:token and POST /look/:token: the one-tap links of a held deal's notification
 * (docs/decisions/0025-the-last-look.md). Mounted before the password (the link is the credential: a signed,
 * expiring token naming one deal, one action and one hold). GET only shows what a tap would do, so a chat app
 * that previews the link decides nothing; the page's own button POSTs.
 */
import express, { type Router } from 'express';
import { readDealData } from '../../deals/data.js';
import { readLookToken } from '../../deals/look-token.js';
import { errorMessage } from '../../errors.js';
import { scrubText } from '../../redact.js';
import type { StatusDeps } from '../types.js';
import { renderLookConfirm, renderLookMessage } from '../views/held-card.js';
import type { PageKit } from './page-kit.js';

export function lookRoutes(deps: StatusDeps, kit: PageKit, key: Buffer): Router {
  const router = express.Router();
  const title = (dealId?: number) =>
    kit.t.t('look.title', { dealId: dealId === undefined ? '' : String(dealId) });

  function readToken(req: express.Request, res: express.Response) {
    const token = String(req.params.token ?? '');
    const reading = readLookToken(key, token, kit.clock.now().getTime());
    if (reading.ok) return { token, claim: reading.claim };
    const message = kit.t.t(reading.reason === 'expired' ? 'look.link.expired' : 'look.link.invalid');
    const status = reading.reason === 'expired' ? 410 : 404;
    kit.send(
      res,
      status,
      renderLookMessage(kit.viewContext(req, res, false), title(reading.claim?.dealId), message),
    );
    return undefined;
  }

  router.get('/look/:token', async (req, res) => {
    const read = readToken(req, res);
    if (!read) return;
    const { claim, token } = read;
    const held = readDealData(
      (await kit.read('status.source.deal', deps.store.get(claim.dealId)))?.data,
    ).held;
    const page = renderLookConfirm(kit.viewContext(req, res, false), {
      dealId: claim.dealId,
      action: claim.action,
      held: held?.nonce === claim.nonce ? held : undefined,
      postTo: `${kit.base}/look/${encodeURIComponent(token)}`,
    });
    res.set('Cache-Control', 'no-store');
    kit.send(res, 200, page);
  });

  router.post(
    '/look/:token',
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 5 }),
    async (req, res) => {
      const read = readToken(req, res);
      if (!read) return;
      const { claim } = read;
      const decide = deps.actions.decideHeld;
      let message: string;
      let ok = false;
      try {
        if (!decide) throw new Error('this process does not decide held deals');
        const result = await decide(claim.dealId, claim.action, 'link', claim.nonce);
        ({ message, ok } = result);
      } catch (error) {
        kit.log.warn(
          { dealId: claim.dealId, err: scrubText(errorMessage(error)) },
          'look link: the decision failed',
        );
        message = kit.t.t('look.link.invalid');
      }
      kit.log.info({ dealId: claim.dealId, action: claim.action, ok }, 'look link: decision');
      res.set('Cache-Control', 'no-store');
      kit.send(
        res,
        ok ? 200 : 409,
        renderLookMessage(kit.viewContext(req, res, false), title(claim.dealId), kit.mask(message)),
      );
    },
  );
  return router;
}
