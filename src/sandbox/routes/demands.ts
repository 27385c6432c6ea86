/**
 * The /v1 demand routes (API document, Endpoints): the blog's available demands, a demand's full brief (to
 * a blogger as the document's Blogger table says, to the advertiser who owns it with its `price`), the
 * materials' photos under the same rule, an offer (bid) on a demand with its `note` and `offer.created` to
 * the advertiser's webhook, the decline of all available demands. The demands themselves: demands.ts; the
 * advertiser's offer routes (list, accept, decline): offers.ts.
 * Not here: creating, switching and listing demands through /v1 (the control API creates them).
 */
import { z } from 'zod';
import { ERROR } from '../api-document.js';
import { ApiError } from '../api-error.js';
import { bloggerDemandView, type DemandEntry, demandDetailView, isBlogIncomplete } from '../demands.js';
import type { BlogRecord } from '../records.js';
import {
  type ApiDeps,
  BLOGGER,
  BOTH,
  bodyObject,
  type Context,
  ok,
  pathId,
  type Routes,
  zodMessage,
} from '../request.js';

const OfferBody = z.object({
  demand_id: z.number().int().positive(),
  reward: z.number().int().positive().optional(),
  note: z.string().optional(),
});

export function demandRoutes(routes: Routes, deps: ApiDeps): void {
  const { state, demands } = deps;

  /** The blog at `:id` when the caller owns it (404, 403 as PATCH /v1/blogs/{id}). */
  const ownBlog = (ctx: Context): BlogRecord => {
    const id = pathId(ctx.req, 'id');
    const blog = state.blogs.get(id);
    if (!blog) throw new ApiError(404, ERROR.notFound, `Blog ${id} does not exist`);
    if (blog.accountId !== ctx.key.accountId) {
      throw new ApiError(403, ERROR.wrongRole, `Blog ${id} belongs to another account`);
    }
    return blog;
  };
  const completeBlog = (ctx: Context): BlogRecord => {
    const blog = ownBlog(ctx);
    if (isBlogIncomplete(blog)) {
      throw new ApiError(422, ERROR.blogIncomplete, `Blog ${blog.id} has no minimum price set`);
    }
    return blog;
  };

  routes.get('/blogs/:id/demands', { roles: BLOGGER, scope: 'read' }, (ctx) => {
    const blog = completeBlog(ctx);
    return ok({ data: demands.availableFor(blog.id).map(bloggerDemandView) });
  });

  routes.post('/blogs/:id/demands/decline', { roles: BLOGGER, scope: 'write' }, (ctx) => {
    const blog = completeBlog(ctx);
    // The response body is not shown in the document; the sandbox answers the declined demands' ids.
    const declined = demands.availableFor(blog.id).map((entry) => {
      state.createDeal(
        { blogId: blog.id, state: 'zruseno', price: entry.price, reward: entry.reward, deliver: false },
        entry.brief,
      );
      return entry.brief.id;
    });
    return ok({ declined });
  });

  routes.post('/blogs/:id/offers', { roles: BLOGGER, scope: 'write' }, (ctx) => {
    const blog = ownBlog(ctx);
    const body = bodyObject(ctx.body);
    if (body.demand_id === undefined)
      throw new ApiError(400, ERROR.missingParameter, 'demand_id is required');
    const parsed = OfferBody.safeParse(body);
    if (!parsed.success) throw new ApiError(400, ERROR.badParameter, zodMessage(parsed.error));
    const { demand_id: demandId, reward, note } = parsed.data;
    if (isBlogIncomplete(blog)) {
      throw new ApiError(422, ERROR.blogIncomplete, `Blog ${blog.id} has no minimum price set`);
    }
    const entry = demands.entries.get(demandId);
    if (!entry || !demands.suits(entry, blog.id)) {
      throw new ApiError(
        404,
        ERROR.demandUnavailable,
        `Demand ${demandId} is not available to blog ${blog.id}`,
      );
    }
    const existing = demands.dealOf(entry, blog.id);
    if (existing) {
      throw new ApiError(
        409,
        ERROR.offerExists,
        `Blog ${blog.id} already has deal ${existing.id} (${existing.state}) on demand ${demandId}`,
      );
    }
    if (reward !== undefined && reward < entry.reward) {
      throw new ApiError(
        422,
        ERROR.lowHigherBid,
        `A higher bid must exceed the base reward ${entry.reward} Kč (asked ${reward} Kč)`,
      );
    }
    const higher = reward !== undefined && reward > entry.reward;
    const offerReward = reward ?? entry.reward;
    // A higher bid raises the advertiser's price in the demand's own proportion.
    const price = higher ? Math.round((offerReward * entry.price) / entry.reward) : entry.price;
    const deal = state.createDeal(
      {
        blogId: blog.id,
        state: higher ? 'nabidnuto_vyssi' : 'nabidnuto',
        price,
        reward: offerReward,
        deliver: false,
      },
      entry.brief,
    );
    deal.offer = { note: note ?? null, higherBid: higher, at: deal.changedAt };
    deps.events.startToAccount(entry.advertiserAccountId, {
      event: 'offer.created',
      demand: { id: entry.brief.id, name: entry.brief.name, url: entry.brief.url },
      offer: {
        id: deal.id,
        price,
        higher_bid: higher,
        blog: { id: blog.id, name: blog.name, url: blog.url },
      },
    });
    return ok({
      id: deal.id,
      state: deal.state,
      demand_id: demandId,
      blog_id: blog.id,
      price,
      reward: offerReward,
    });
  });

  /** The demand at `:id` if the caller may see it (demands.ts `visibleTo`); 404 otherwise, as if absent. */
  const visibleDemand = (ctx: Context): DemandEntry => {
    const id = pathId(ctx.req, 'id');
    const entry = demands.entries.get(id);
    if (!entry || !demands.visibleTo(entry, ctx.key)) {
      throw new ApiError(404, ERROR.notFound, `Demand ${id} does not exist`);
    }
    return entry;
  };

  routes.get('/demands/:id', { roles: BOTH, scope: 'read' }, (ctx) => {
    const entry = visibleDemand(ctx);
    if (ctx.key.role === 'bloger') return ok(demandDetailView(entry));
    // The advertiser's view: its price, no blogger reward.
    const { reward: _reward, ...brief } = demandDetailView(entry);
    return ok({ ...brief, price: entry.price });
  });

  routes.get('/demands/:id/photos/:n', { roles: BOTH, scope: 'read' }, async (ctx) => {
    const entry = visibleDemand(ctx);
    const raw = ctx.req.params.n;
    const n = typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : -1;
    if (!entry.materials?.photos.includes(n)) {
      throw new ApiError(404, ERROR.notFound, `Demand ${entry.brief.id} has no photo ${String(raw)}`);
    }
    const bytes = await deps.photos.get(entry.brief.id, n, 'demand');
    return { status: 200, bytes, contentType: 'image/jpeg' };
  });
}
