/**
 * The /v1 advertiser offer routes (API document, Advertiser): a demand's offers, accepting an offer (→
 * `akceptovano`, `deal.accepted` to the blogger) and declining it (→ `odmitnuto`). The operations themselves
 * and the sandbox's readings where the document is silent: offers.ts. `Idempotency-Key` is honoured by the
 * shared pipeline (request.ts) like on every write.
 */
import { ERROR } from '../api-document.js';
import { ApiError } from '../api-error.js';
import {
  AcceptBody,
  acceptOffer,
  advertiserOfferView,
  DeclineBody,
  declineOffer,
  OFFER_STATES,
  parseBody,
} from '../offers.js';
import type { Role } from '../records.js';
import { type ApiDeps, ok, ownedDeal, pathId, type Routes } from '../request.js';

const ADVERTISER: readonly Role[] = ['inzerent'];

export function offerRoutes(routes: Routes, deps: ApiDeps): void {
  const { state, demands } = deps;

  routes.get('/demands/:id/offers', { roles: ADVERTISER, scope: 'read' }, ({ req, key }) => {
    const id = pathId(req, 'id');
    const entry = demands.entries.get(id);
    if (!entry || entry.advertiserAccountId !== key.accountId) {
      throw new ApiError(404, ERROR.notFound, `Demand ${id} does not exist`);
    }
    // Deferring is not modelled: `?state=odlozene` lists none.
    const deferred = req.query.state === 'odlozene';
    const offers = deferred
      ? []
      : [...state.deals.values()].filter((d) => d.demand.id === id && OFFER_STATES.has(d.state));
    return ok({
      data: offers.map((d) => advertiserOfferView(d, state.blogs.get(d.blogId), entry)),
    });
  });

  routes.post('/offers/:id/accept', { roles: ADVERTISER, scope: 'write' }, (ctx) => {
    const deal = ownedDeal(ctx, state);
    const result = acceptOffer({ state, demands, now: Date.now }, deal, parseBody(AcceptBody, ctx.body));
    deps.events
      .dealAccepted(deal)
      .catch((error: unknown) =>
        deps.log.error({ err: error, dealId: deal.id }, 'sandbox deal.accepted delivery failed'),
      );
    deps.log.info({ dealId: deal.id, price: deal.price }, 'sandbox offer accepted');
    return ok(result);
  });

  routes.post('/offers/:id/decline', { roles: ADVERTISER, scope: 'write' }, (ctx) => {
    const deal = ownedDeal(ctx, state);
    return ok(declineOffer(state, deal, parseBody(DeclineBody, ctx.body)));
  });
}
