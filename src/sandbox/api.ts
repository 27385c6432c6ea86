/**
 * The sandbox's /v1 API, following shared/marketplace-api-v1.md and the working assumptions: Czech field
 * names, states and error codes exactly; every answer passes through one pipeline
 * (count → rate limit → faults → auth → body → idempotency → handler) so headers and errors are uniform.
 */
import express, { type Request, type RequestHandler, type Response, Router } from 'express';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import {
  DEAL_STATES,
  type DealState,
  ERROR,
  LIMITS,
  TEXT_STATES,
  WEB_VISIBLE_STATES,
} from './api-document.js';
import { ApiError, type ApiResult, errorResult } from './api-error.js';
import type { WireDates } from './dates.js';
import type { WebhookDispatcher } from './deliveries.js';
import type { FaultInjector } from './faults.js';
import { type IdempotencyStore, isValidIdempotencyKey } from './idempotency.js';
import type { PhotoCache } from './photos.js';
import { profileRouteKey, reshape, type SandboxProfile } from './profile.js';
import type { RateLimiter } from './rate-limit.js';
import {
  type ApiKeyRecord,
  blogView,
  type DealRecord,
  dealTextView,
  dealView,
  normaliseUrl,
  type Role,
  type SandboxState,
  type Scope,
} from './state.js';
import type { StatsRecorder } from './stats.js';

export interface ApiDeps {
  state: SandboxState;
  dispatcher: WebhookDispatcher;
  limiter: RateLimiter;
  faults: FaultInjector;
  stats: StatsRecorder;
  idempotency: IdempotencyStore;
  photos: PhotoCache;
  baseUrl: () => string;
  /** How date-times are written on the wire (and `zmeneno_od` read). */
  dates: WireDates;
  /** Answers in a real service's captured shapes (sandbox --profile). */
  profile?: SandboxProfile;
  allowHttpWebhooks: boolean;
  checkReachability: boolean;
  reachabilityTimeoutMs: number;
  log: Logger;
}

interface Context {
  req: Request;
  key: ApiKeyRecord;
  body: unknown;
}

type Handler = (ctx: Context) => Promise<ApiResult> | ApiResult;

interface RouteSpec {
  roles: readonly Role[];
  scope: Scope;
}

const BOTH: readonly Role[] = ['bloger', 'inzerent'];
const BLOGGER: readonly Role[] = ['bloger'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** `zmeneno_od` as the document gives it; an ISO form with `Z` or an offset is also taken. */
const CHANGED_SINCE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/;

const ok = (json: unknown, status = 200): ApiResult => ({ status, json });

function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

function positiveInt(raw: string): number | undefined {
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

function pathId(req: Request, name: string): number {
  const raw = req.params[name];
  const id = typeof raw === 'string' ? positiveInt(raw) : undefined;
  if (id === undefined) throw new ApiError(404, ERROR.notFound, `Nothing found at ${req.originalUrl}`);
  return id;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The article's host must be the blog's host or a subdomain of it (`www.` on the blog's address ignored). */
export function isOnBlogDomain(articleUrl: URL, blogUrl: string): boolean {
  const blog = parseHttpUrl(blogUrl) ?? parseHttpUrl(`http://${blogUrl}`);
  if (!blog) return false;
  const blogHost = blog.hostname.toLowerCase().replace(/^www\./, '');
  const host = articleUrl.hostname.toLowerCase();
  return host === blogHost || host.endsWith(`.${blogHost}`);
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, ERROR.badBody, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function zodMessage(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

const CategoryInput = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  default: z.boolean().optional(),
});

const BlogPatchBody = z.object({
  name: z.string().min(1).optional(),
  description: z.string().optional(),
  note: z.string().optional(),
  min_price: z.number().int().min(0).optional(),
  monthly_visitors: z.number().int().min(0).optional(),
  writing_service: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  writing_price_per_ns: z.number().int().min(0).optional(),
  agent_publish: z.boolean().optional(),
  categories: z
    .array(CategoryInput)
    .max(LIMITS.maxCategories)
    .refine((list) => new Set(list.map((c) => c.id)).size === list.length, 'category ids must be unique')
    .optional(),
});

const ExtraUrls = z.record(z.string(), z.array(z.string()));

export function createApiRouter(deps: ApiDeps): Router {
  const router = Router();
  const jsonParser = express.json({ limit: '1mb' });

  const parseBody = (req: Request, res: Response): Promise<unknown> =>
    new Promise((resolve, reject) => {
      jsonParser(req, res, (error?: unknown) => {
        if (error) reject(new ApiError(400, ERROR.badBody, 'The request body is not valid JSON'));
        else resolve(req.body);
      });
    });

  /** `route` (e.g. `GET /v1/deals/{id}/text`) picks the profile's captured shape for a 2xx answer. */
  const send = (res: Response, result: ApiResult, route?: string): void => {
    if ('headers' in result && result.headers) res.set(result.headers);
    const profile = deps.profile;
    if ('bytes' in result) {
      res
        .status(result.status)
        .type(profile?.photoContentType ?? result.contentType)
        .send(result.bytes);
      return;
    }
    const shape = route !== undefined && result.status < 300 ? profile?.shapes.get(route) : undefined;
    res.status(result.status).json(shape ? reshape(result.json, shape, deps.baseUrl()) : result.json);
  };

  const pipeline =
    (route: string, spec: RouteSpec, handler: Handler): RequestHandler =>
    async (req, res) => {
      const label = `/v1${route}`;
      res.on('finish', () => deps.stats.record(req.method, label, res.statusCode));
      try {
        const token = bearerToken(req);
        // Unauthenticated calls are limited by address, so even a 401 carries the limit headers.
        const decision = deps.limiter.take(token ?? `anonymous:${req.ip ?? ''}`);
        res.set({
          'X-RateLimit-Limit': String(decision.limit),
          'X-RateLimit-Remaining': String(decision.remaining),
          'X-RateLimit-Reset': String(decision.resetSeconds),
        });
        if (!decision.allowed) {
          throw new ApiError(429, ERROR.rateLimit, 'Too many requests for this key; see Retry-After', {
            'Retry-After': String(decision.retryAfterSeconds),
          });
        }

        const routeLabel = `${req.method} ${label}`;
        const latency = deps.faults.latencyMs(routeLabel);
        if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
        const fault = deps.faults.decide(routeLabel);
        if (fault.kind === 'server') throw new ApiError(500, ERROR.server, 'Injected server error');
        if (fault.kind === 'rate_limit') {
          throw new ApiError(429, ERROR.rateLimit, 'Injected rate limit', {
            'Retry-After': String(fault.retryAfterSeconds),
          });
        }

        if (!token) throw new ApiError(401, ERROR.missingKey, 'Send the header Authorization: Bearer <key>');
        const key = deps.state.keys.get(token);
        if (!key || key.disabled) {
          throw new ApiError(401, ERROR.invalidKey, 'The API key is unknown or was invalidated');
        }
        if (!spec.roles.includes(key.role)) {
          throw new ApiError(403, ERROR.wrongRole, `This operation is not available to role ${key.role}`);
        }
        if (spec.scope === 'write' && !key.scopes.includes('write')) {
          throw new ApiError(403, ERROR.missingScope, 'This operation needs a key with scope write');
        }

        const isWrite = WRITE_METHODS.has(req.method);
        const body = isWrite ? await parseBody(req, res) : undefined;
        const execute = async (): Promise<ApiResult> => {
          try {
            return await handler({ req, key, body });
          } catch (error) {
            if (error instanceof ApiError) return errorResult(error);
            throw error;
          }
        };

        const idempotencyKey = isWrite ? req.get('idempotency-key') : undefined;
        if (idempotencyKey === undefined) {
          send(res, await execute(), profileRouteKey(req.method, label));
          return;
        }
        if (!isValidIdempotencyKey(idempotencyKey)) {
          throw new ApiError(400, ERROR.badParameter, 'Idempotency-Key must have 8 to 100 characters');
        }
        const scope = `${key.key}\n${req.method} ${req.path}\n${idempotencyKey}`;
        const { result, replayed } = await deps.idempotency.run(scope, execute);
        if (replayed) res.set('Idempotency-Replayed', 'true');
        send(res, result, profileRouteKey(req.method, label));
      } catch (error) {
        if (error instanceof ApiError) {
          send(res, errorResult(error));
          return;
        }
        deps.log.error({ err: error, path: req.originalUrl }, 'sandbox handler failed');
        send(res, errorResult(new ApiError(500, ERROR.server, 'Internal error in the sandbox')));
      }
    };

  const get = (route: string, spec: RouteSpec, handler: Handler): void => {
    router.get(route, pipeline(route, spec, handler));
  };
  const post = (route: string, spec: RouteSpec, handler: Handler): void => {
    router.post(route, pipeline(route, spec, handler));
  };

  const dealFor = (ctx: Context): DealRecord => {
    const id = pathId(ctx.req, 'id');
    const deal = deps.state.deals.get(id);
    if (!deal) throw new ApiError(404, ERROR.notFound, `Deal ${id} does not exist`);
    const owner =
      ctx.key.role === 'bloger' ? deps.state.blogs.get(deal.blogId)?.accountId : deal.advertiserAccountId;
    if (owner !== ctx.key.accountId) {
      throw new ApiError(403, ERROR.wrongRole, `Deal ${id} belongs to another account`);
    }
    return deal;
  };

  const publishedCount = (blogId: number): number =>
    [...deps.state.deals.values()].filter((d) => d.blogId === blogId && d.articleUrl !== null).length;

  // --- identity and blogs -----------------------------------------------------------------------------------

  get('/me', { roles: BOTH, scope: 'read' }, ({ key }) => {
    const blocked = [...deps.state.deals.values()]
      .filter((d) => d.advertiserAccountId === key.accountId && d.state === 'akceptovano')
      .reduce((sum, d) => sum + d.price, 0);
    return ok({
      id: key.accountId,
      login: `${key.role}${key.accountId}`,
      role: key.role,
      scopes: [...key.scopes],
      credit: key.role === 'inzerent' ? { available: 100_000, blocked } : { available: 0, blocked: 0 },
    });
  });

  get('/blogs', { roles: BLOGGER, scope: 'read' }, ({ key }) =>
    ok({
      data: [...deps.state.blogs.values()]
        .filter((b) => b.accountId === key.accountId)
        .map((b) => blogView(b, publishedCount(b.id), deps.dates)),
    }),
  );

  router.patch(
    '/blogs/:id',
    pipeline('/blogs/:id', { roles: BLOGGER, scope: 'write' }, ({ req, key, body }) => {
      const id = pathId(req, 'id');
      const blog = deps.state.blogs.get(id);
      if (!blog) throw new ApiError(404, ERROR.notFound, `Blog ${id} does not exist`);
      if (blog.accountId !== key.accountId) {
        throw new ApiError(403, ERROR.wrongRole, `Blog ${id} belongs to another account`);
      }
      const parsed = BlogPatchBody.safeParse(bodyObject(body));
      if (!parsed.success) throw new ApiError(400, ERROR.badParameter, zodMessage(parsed.error));
      const patch = parsed.data;
      if (patch.agent_publish !== undefined) {
        if (blog.mode === 'wordpress' || blog.mode === 'github') {
          throw new ApiError(409, ERROR.wrongState, `Blog ${id} publishes in ${blog.mode} mode`);
        }
        blog.mode = patch.agent_publish ? 'agent' : 'manual';
      }
      if (patch.categories) {
        blog.categories = patch.categories.map((c) => ({
          id: c.id,
          name: c.name,
          ...(c.default === undefined ? {} : { default: c.default }),
        }));
      }
      if (patch.name !== undefined) blog.name = patch.name;
      if (patch.description !== undefined) blog.description = patch.description;
      if (patch.note !== undefined) blog.note = patch.note;
      if (patch.min_price !== undefined) blog.minPrice = patch.min_price;
      if (patch.writing_service !== undefined) blog.writingService = patch.writing_service;
      if (patch.writing_price_per_ns !== undefined) blog.writingPricePerNs = patch.writing_price_per_ns;
      if (patch.monthly_visitors !== undefined) {
        blog.monthlyVisitors = patch.monthly_visitors;
        blog.monthlyVisitorsUpdated = Date.now();
      }
      return ok(blogView(blog, publishedCount(blog.id), deps.dates));
    }),
  );

  // --- deals ------------------------------------------------------------------------------------------------

  get('/deals', { roles: BOTH, scope: 'read' }, ({ req, key }) => {
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

  get('/deals/:id', { roles: BOTH, scope: 'read' }, (ctx) => {
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

  get('/deals/:id/text', { roles: BLOGGER, scope: 'read' }, (ctx) => {
    const deal = dealFor(ctx);
    assertTextIssued(deal);
    return ok(dealTextView(deal));
  });

  get('/deals/:id/photos/:n', { roles: BOTH, scope: 'read' }, async (ctx) => {
    const deal = dealFor(ctx);
    const raw = ctx.req.params.n;
    const n = typeof raw === 'string' && /^\d{1,2}$/.test(raw) ? Number(raw) : -1;
    if (n < 0 || n > LIMITS.maxPhotoN || !deal.photos.includes(n)) {
      throw new ApiError(404, ERROR.notFound, `Deal ${deal.id} has no photo ${String(raw)}`);
    }
    if (ctx.key.role === 'bloger') assertTextIssued(deal);
    const bytes = deal.photoBytes.get(n) ?? (await deps.photos.get(deal.id, n));
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

  post('/deals/:id/article', { roles: BLOGGER, scope: 'write' }, async (ctx) => {
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

  // --- webhook management -----------------------------------------------------------------------------------

  const webhookSpec: RouteSpec = { roles: BOTH, scope: 'write' };

  router.put(
    '/webhook',
    pipeline('/webhook', webhookSpec, ({ key, body }) => {
      const input = bodyObject(body);
      if (input.url === undefined || input.url === null || input.url === '') {
        throw new ApiError(400, ERROR.missingParameter, 'Missing url');
      }
      const url = typeof input.url === 'string' ? parseHttpUrl(input.url) : undefined;
      if (!url) throw new ApiError(400, ERROR.badUrl, 'url must be an absolute HTTPS URL');
      const httpAllowed = deps.allowHttpWebhooks && isLoopback(url.hostname);
      if (url.protocol !== 'https:' && !httpAllowed) {
        throw new ApiError(400, ERROR.badUrl, 'The webhook URL must use HTTPS');
      }
      const registration = deps.dispatcher.register(key.key, url.href);
      return ok({ url: registration.url, secret: registration.secret });
    }),
  );

  get('/webhook', webhookSpec, ({ key }) => {
    const registration = deps.dispatcher.get(key.key);
    return ok({ url: registration?.url ?? null, active: registration !== undefined });
  });

  router.delete(
    '/webhook',
    pipeline('/webhook', webhookSpec, ({ key }) => {
      deps.dispatcher.remove(key.key);
      return ok({ url: null, active: false });
    }),
  );

  const noWebhook = (): ApiError =>
    new ApiError(404, ERROR.notFound, 'No webhook is registered for this key; PUT /v1/webhook first');

  post('/webhook/rotate-secret', webhookSpec, ({ key }) => {
    const registration = deps.dispatcher.rotate(key.key);
    if (!registration) throw noWebhook();
    return ok({ url: registration.url, secret: registration.secret });
  });

  post('/webhook/test', webhookSpec, async ({ key }) => {
    if (!deps.dispatcher.get(key.key)) throw noWebhook();
    const record = await deps.dispatcher.send(
      key.key,
      {
        event: 'webhook.test',
        message: 'Testovací zpráva z pískoviště (sandbox marketplace)',
        sent_at: deps.dates.write(Date.now()),
      },
      { retry: false },
    );
    return ok({ delivered: record.delivered, status: record.status });
  });

  get('/webhook/deliveries', webhookSpec, ({ key }) => ({
    status: 200,
    json: {
      data: deps.dispatcher
        .records(key.key)
        .slice(-LIMITS.deliveryLogSize)
        .reverse()
        .map((r) => ({
          id: r.id,
          event: r.event,
          deal_id: r.deal_id,
          url: r.url,
          status: r.status,
          attempts: r.attempts,
          delivered: r.delivered,
          response: r.response,
          next_attempt: r.next_attempt,
          created_at: r.created_at,
        })),
    },
  }));

  // Anything else under /v1: still counted, limited and authenticated, then 404.
  router.use(
    pipeline('/*', { roles: BOTH, scope: 'read' }, (ctx) => {
      throw new ApiError(404, ERROR.notFound, `No such endpoint: ${ctx.req.method} ${ctx.req.originalUrl}`);
    }),
  );

  return router;
}
