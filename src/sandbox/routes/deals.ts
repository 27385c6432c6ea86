/** The /v1 deal routes: the list, a deal, its text and photos, the article hand-in. */
import { z } from 'zod';
import {
  DEAL_STATES,
  type DealState,
  ERROR,
  LIMITS,
  TEXT_STATES,
  WEB_VISIBLE_STATES,
} from '../api-document.js';
import { ApiError } from '../api-error.js';
import type { DealRecord } from '../records.js';
import {
  type ApiDeps,
  BLOGGER,
  BOTH,
  bodyObject,
  type Context,
  ok,
  ownedDeal,
  positiveInt,
  type Routes,
} from '../request.js';
import { isOnBlogDomain, normaliseUrl, parseHttpUrl } from '../urls.js';
import { dealTextView, dealView } from '../views.js';

/** `zmeneno_od` as the document gives it; an ISO form with `Z` or an offset is also taken. */
const CHANGED_SINCE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/;

const ExtraUrls = z.record(z.string(), z.array(z.string()));

export function dealRoutes(routes: Routes, deps: ApiDeps): void {
  const dealFor = (ctx: Context): DealRecord => ownedDeal(ctx, deps.state);

  routes.get('/deals', { roles: BOTH, scope: 'read' }, ({ req, key }) => {
    const query = (name: string): string | undefined => {
      const value = req.query[name];
      if (value === undefined) return undefined;
      if (typeof value !== 'string') {
        throw new ApiError(400, ERROR.badParameter, `Query parameter ${name} given more than once`);
      }
      return value;
    };
    const intParam = (name: string): number | undefined => {
      const raw = query(name);
      if (raw === undefined) return undefined;
      const n = positiveInt(raw);
      if (n === undefined) throw new ApiError(400, ERROR.badParameter, `${name} must be a positive integer`);
      return n;
    };

    const stateRaw = query('state');
    if (stateRaw !== undefined && !(DEAL_STATES as readonly string[]).includes(stateRaw)) {
      throw new ApiError(400, ERROR.badParameter, `Unknown state ${stateRaw}`);
    }
    const state = stateRaw as DealState | undefined;
    const blogId = intParam('blog_id');
    const demandId = intParam('demand_id');
    const page = intParam('strana') ?? 1;
    const perPage = intParam('na_stranu') ?? LIMITS.perPageDefault;
    if (perPage > LIMITS.perPageMax) {
      throw new ApiError(400, ERROR.badParameter, `na_stranu is at most ${LIMITS.perPageMax}`);
    }
    const changedSinceRaw = query('zmeneno_od');
    let changedSince: number | undefined;
    if (changedSinceRaw !== undefined) {
      const parsed = CHANGED_SINCE.test(changedSinceRaw) ? deps.dates.read(changedSinceRaw) : undefined;
      if (parsed === undefined)
        throw new ApiError(400, ERROR.badParameter, 'zmeneno_od must be YYYY-MM-DDTHH:MM:SS');
      changedSince = parsed;
    }

    const states: ReadonlySet<DealState> = state
      ? new Set(state === 'nabidnuto' ? ['nabidnuto', 'nabidnuto_vyssi'] : [state])
      : WEB_VISIBLE_STATES;
    const matching = [...deps.state.deals.values()]
      .filter((d) =>
        key.role === 'bloger'
          ? deps.state.blogs.get(d.blogId)?.accountId === key.accountId
          : d.advertiserAccountId === key.accountId,
      )
      .filter((d) => states.has(d.state))
      .filter((d) => blogId === undefined || d.blogId === blogId)
      .filter((d) => demandId === undefined || d.demand.id === demandId)
      // changed_at has whole seconds on the wire: compare at that precision.
      .filter((d) => changedSince === undefined || Math.floor(d.changedAt / 1000) * 1000 >= changedSince)
      .sort((a, b) => b.id - a.id);
    const slice = matching.slice((page - 1) * perPage, page * perPage);
    return ok({
      data: slice.map((d) =>
        dealView(d, deps.state.blogs.get(d.blogId), {
          role: key.role,
          detail: false,
          baseUrl: deps.baseUrl(),
          dates: deps.dates,
        }),
      ),
      strana: page,
      na_stranu: perPage,
      celkem: matching.length,
    });
  });

  routes.get('/deals/:id', { roles: BOTH, scope: 'read' }, (ctx) => {
    const deal = dealFor(ctx);
    return ok(
      dealView(deal, deps.state.blogs.get(deal.blogId), {
        role: ctx.key.role,
        detail: true,
        baseUrl: deps.baseUrl(),
        dates: deps.dates,
      }),
    );
  });

  const assertTextIssued = (deal: DealRecord): void => {
    if (!TEXT_STATES.has(deal.state)) {
      throw new ApiError(409, ERROR.wrongState, `Deal ${deal.id} is in state ${deal.state}; no text yet`);
    }
    if (deal.approvalPendingUntil !== null && Date.now() < deal.approvalPendingUntil) {
      throw new ApiError(
        409,
        ERROR.awaitingApproval,
        `The text of deal ${deal.id} awaits the advertiser's approval; try again later`,
      );
    }
  };

  routes.get('/deals/:id/text', { roles: BLOGGER, scope: 'read' }, (ctx) => {
    const deal = dealFor(ctx);
    assertTextIssued(deal);
    return ok(dealTextView(deal));
  });

  routes.get('/deals/:id/photos/:n', { roles: BOTH, scope: 'read' }, async (ctx) => {
    const deal = dealFor(ctx);
    const raw = ctx.req.params.n;
    const n = typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : -1;
    if (n < 0 || n > LIMITS.maxPhotoN || !deal.photos.includes(n)) {
      throw new ApiError(404, ERROR.notFound, `Deal ${deal.id} has no photo ${String(raw)}`);
    }
    if (ctx.key.role === 'bloger') assertTextIssued(deal);
    const bytes =
      deal.photoBytes.get(n) ??
      (deal.photoDemandId === null
        ? await deps.photos.get(deal.id, n)
        : await deps.photos.get(deal.photoDemandId, n, 'demand'));
    return { status: 200, bytes, contentType: 'image/jpeg' };
  });

  const checkReachable = async (url: string): Promise<boolean> => {
    try {
      const answer = await fetch(url, {
        redirect: 'follow',
        signal: AbortSignal.timeout(deps.reachabilityTimeoutMs),
        headers: { 'User-Agent': 'SandboxMarketplace-Checker/1.0' },
      });
      await answer.body?.cancel();
      return answer.ok;
    } catch {
      return false;
    }
  };

  routes.post('/deals/:id/article', { roles: BLOGGER, scope: 'write' }, async (ctx) => {
    const deal = dealFor(ctx);
    const body = bodyObject(ctx.body);
    if (body.url === undefined || body.url === null || body.url === '') {
      throw new ApiError(400, ERROR.missingParameter, 'Missing url');
    }
    const url = typeof body.url === 'string' ? parseHttpUrl(body.url) : undefined;
    if (!url) throw new ApiError(400, ERROR.badUrl, 'url must be an absolute http(s) URL');
    let extraUrls: Record<string, string[]> | null = null;
    if (body.extra_urls !== undefined) {
      const parsed = ExtraUrls.safeParse(body.extra_urls);
      if (!parsed.success) {
        throw new ApiError(400, ERROR.badBody, 'extra_urls must map service ids to arrays of URLs');
      }
      if (Object.values(parsed.data).some((list) => list.some((u) => !parseHttpUrl(u)))) {
        throw new ApiError(400, ERROR.badUrl, 'extra_urls contains an invalid URL');
      }
      extraUrls = parsed.data;
    }

    const assertCanHandIn = (): void => {
      if (deal.state !== 'akceptovano') {
        if (deal.articleUrl !== null) {
          throw new ApiError(409, ERROR.articleHandedIn, `Deal ${deal.id} already has its article`);
        }
        throw new ApiError(409, ERROR.wrongState, `Deal ${deal.id} is in state ${deal.state}`);
      }
      if (deps.state.isUrlUsed(url.href)) {
        throw new ApiError(409, ERROR.urlUsed, 'This URL was already handed in for a deal');
      }
    };
    // State first (a repeat is `clanek_odevzdan` whatever its URL), then the domain, then reuse of the URL.
    if (deal.state !== 'akceptovano') assertCanHandIn();
    const blog = deps.state.blogs.get(deal.blogId);
    if (!blog || !isOnBlogDomain(url, blog.url)) {
      throw new ApiError(422, ERROR.foreignDomain, `The URL is not on the blog's domain ${blog?.url ?? ''}`);
    }
    assertCanHandIn();
    if (deps.checkReachability && !(await checkReachable(url.href))) {
      throw new ApiError(422, ERROR.articleUnreachable, `The article at ${url.href} is not reachable`);
    }
    // The reachability check awaited: a concurrent hand-in may have won meanwhile.
    assertCanHandIn();

    deal.articleUrl = normaliseUrl(url.href);
    deal.extraUrls = extraUrls;
    deps.state.setDealState(deal, 'ke_schvaleni');
    deps.state.handIns.push({ dealId: deal.id, url: deal.articleUrl, at: new Date().toISOString() });
    deps.log.info({ dealId: deal.id, url: deal.articleUrl }, 'sandbox article handed in');
    return ok({ id: deal.id, state: deal.state, article_url: deal.articleUrl });
  });
}
