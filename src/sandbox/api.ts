/**
 * The sandbox's /v1 API, following shared/marketplace-api-v1.md and the working assumptions: Czech field
 * names, states and error codes exactly. The shared request handling (rate limit, faults, auth, body,
 * idempotency, profile shapes) lives in request.ts; the routes in routes/ (account, deals, demands, offers,
 * threads, payouts, webhook).
 */
import { Router } from 'express';
import { ERROR } from './api-document.js';
import { ApiError } from './api-error.js';
import { type ApiDeps, BOTH, createRoutes } from './request.js';
import { accountRoutes } from './routes/account.js';
import { dealRoutes } from './routes/deals.js';
import { demandRoutes } from './routes/demands.js';
import { offerRoutes } from './routes/offers.js';
import { payoutRoutes } from './routes/payouts.js';
import { threadRoutes } from './routes/threads.js';
import { webhookRoutes } from './routes/webhook.js';

export function createApiRouter(deps: ApiDeps): Router {
  const router = Router();
  const routes = createRoutes(router, deps);
  accountRoutes(routes, deps);
  dealRoutes(routes, deps);
  demandRoutes(routes, deps);
  offerRoutes(routes, deps);
  threadRoutes(routes, deps);
  payoutRoutes(routes, deps);
  webhookRoutes(routes, deps);
  // Anything else under /v1: still counted, limited and authenticated, then 404.
  routes.fallback({ roles: BOTH, scope: 'read' }, (ctx) => {
    throw new ApiError(404, ERROR.notFound, `No such endpoint: ${ctx.req.method} ${ctx.req.originalUrl}`);
  });
  return router;
}
