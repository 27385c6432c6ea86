/**
 * `GET /v1/deals/{id}/messages` and `/claims`: a deal's threads, newest 500 (`orezano` when more), marked read
 * with `oznacit_prectene=1`. A closed deal's messages answer 409 `obchod_uzavren`; claims are shown only for a
 * handed-in article or arbitration (the sandbox has no "problem" on paid articles).
 */
import type { DealState } from '../api-document.js';
import { ERROR } from '../api-document.js';
import { ApiError } from '../api-error.js';
import type { DealRecord } from '../records.js';
import { type ApiDeps, BOTH, type Context, ok, ownedDeal, type Routes } from '../request.js';
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
}
