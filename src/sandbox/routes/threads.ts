/**
 * `GET /v1/deals/{id}/messages` and `/claims`: a deal's threads, newest 500 (`orezano` when more), marked read
 * with `oznacit_prectene=1`. A closed deal's messages answer 409 `obchod_uzavren`; claims are shown only for a
 * handed-in article or arbitration (the sandbox has no "problem" on paid articles).
 * `POST /v1/deals/{id}/messages` `{text}`, both roles: a blogger on a not-yet-accepted offer gets 409
 * `nabidka_ceka`, anyone on a closed deal 409 `obchod_uzavren`; otherwise the message is stored and the
 * counterparty's webhook gets `message.created`. The response body is not shown in the document; the sandbox
 * answers the stored entry `{author, text, created_at}`. Claim posts through /v1 are not served yet.
 */
import type { DealState } from '../api-document.js';
import { ERROR, ERROR_BEYOND_CLIENT } from '../api-document.js';
import { ApiError } from '../api-error.js';
import { OFFER_STATES } from '../offers.js';
import type { DealRecord } from '../records.js';
import { type ApiDeps, BOTH, bodyObject, type Context, ok, ownedDeal, type Routes } from '../request.js';
import { postView } from '../views.js';

const MAX_POSTS = 500;
const CLOSED: ReadonlySet<DealState> = new Set([
  'proplaceno',
  'zruseno',
  'odmitnuto',
  'arbitraz_neproplaceno',
  'storno',
  'proplaceno_text',
]);
const CLAIM_STATES: ReadonlySet<DealState> = new Set(['ke_schvaleni', 'arbitraz']);

export function threadRoutes(routes: Routes, deps: ApiDeps): void {
  const dealFor = (ctx: Context): DealRecord => ownedDeal(ctx, deps.state);

  for (const kind of ['messages', 'claims'] as const) {
    routes.get(`/deals/:id/${kind}`, { roles: BOTH, scope: 'read' }, (ctx) => {
      const deal = dealFor(ctx);
      const shown = kind === 'messages' ? !CLOSED.has(deal.state) : CLAIM_STATES.has(deal.state);
      if (!shown) throw new ApiError(409, ERROR.dealClosed, `Deal ${deal.id} is ${deal.state}: no ${kind}`);
      const posts = deal[kind];
      if (ctx.req.query.oznacit_prectene === '1') {
        for (const post of posts) if (post.author !== ctx.key.role) post.read = true;
      }
      return ok({
        data: posts.slice(-MAX_POSTS).map((post) => postView(post, deps.dates)),
        orezano: posts.length > MAX_POSTS,
      });
    });
  }

  routes.post('/deals/:id/messages', { roles: BOTH, scope: 'write' }, (ctx) => {
    const deal = dealFor(ctx);
    const { text } = bodyObject(ctx.body);
    if (text === undefined || text === '') throw new ApiError(400, ERROR.missingParameter, 'Missing text');
    if (typeof text !== 'string') throw new ApiError(400, ERROR.badParameter, 'text must be a string');
    if (ctx.key.role === 'bloger' && OFFER_STATES.has(deal.state)) {
      throw new ApiError(
        409,
        ERROR_BEYOND_CLIENT.offerWaiting,
        `Deal ${deal.id} is an offer not yet accepted; before acceptance only the offer's note exists`,
      );
    }
    if (CLOSED.has(deal.state)) {
      throw new ApiError(409, ERROR.dealClosed, `Deal ${deal.id} is ${deal.state}: no messages`);
    }
    const post = deps.state.addPost(deal, 'messages', ctx.key.role, text);
    const to = ctx.key.role === 'bloger' ? deal.advertiserAccountId : deps.events.bloggerOf(deal);
    const entry = postView(post, deps.dates);
    deps.events.startToAccount(to, {
      event: 'message.created',
      deal_id: deal.id,
      message: { text: post.text, created_at: entry.created_at },
    });
    return ok(entry);
  });
}
