/**
 * The shared request handling of the sandbox's /v1 routes: every answer passes through one pipeline
 * (count → rate limit → faults → auth → body → idempotency → handler → profile shape) so headers and errors are
 * uniform. The routes (routes/*.ts) register through `createRoutes` and only write handlers.
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import type { Logger } from '../logger.js';
import { ERROR } from './api-document.js';
import { ApiError, type ApiResult, errorResult } from './api-error.js';
import type { WireDates } from './dates.js';
import type { WebhookDispatcher } from './deliveries.js';
import type { DemandStore } from './demands.js';
import type { EventSender } from './events.js';
import type { FaultInjector } from './faults.js';
import { type IdempotencyStore, isValidIdempotencyKey } from './idempotency.js';
import type { PhotoCache } from './photos.js';
import { profileRouteKey, reshape, type SandboxProfile } from './profile.js';
import type { RateLimiter } from './rate-limit.js';
import type { ApiKeyRecord, DealRecord, Role, Scope } from './records.js';
import type { SandboxState } from './state.js';
import type { StatsRecorder } from './stats.js';

export interface ApiDeps {
  state: SandboxState;
  demands: DemandStore;
  dispatcher: WebhookDispatcher;
  /** Events to an account's webhooks (offer.created, deal.accepted, message.created). */
  events: EventSender;
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

export interface Context {
  req: Request;
  key: ApiKeyRecord;
  body: unknown;
}

export type Handler = (ctx: Context) => Promise<ApiResult> | ApiResult;

export interface RouteSpec {
  roles: readonly Role[];
  scope: Scope;
}

export const BOTH: readonly Role[] = ['bloger', 'inzerent'];
export const BLOGGER: readonly Role[] = ['bloger'];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const ok = (json: unknown, status = 200): ApiResult => ({ status, json });

function bearerToken(req: Request): string | undefined {
  const header = req.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export function positiveInt(raw: string): number | undefined {
  if (!/^\d{1,15}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n > 0 ? n : undefined;
}

export function pathId(req: Request, name: string): number {
  const raw = req.params[name];
  const id = typeof raw === 'string' ? positiveInt(raw) : undefined;
  if (id === undefined) throw new ApiError(404, ERROR.notFound, `Nothing found at ${req.originalUrl}`);
  return id;
}

/** The deal at `:id` when the caller's account owns it (the blog's for a blogger, the advertiser's else): 404, 403. */
export function ownedDeal(ctx: Context, state: SandboxState): DealRecord {
  const id = pathId(ctx.req, 'id');
  const deal = state.deals.get(id);
  if (!deal) throw new ApiError(404, ERROR.notFound, `Deal ${id} does not exist`);
  const owner =
    ctx.key.role === 'bloger' ? state.blogs.get(deal.blogId)?.accountId : deal.advertiserAccountId;
  if (owner !== ctx.key.accountId) {
    throw new ApiError(403, ERROR.wrongRole, `Deal ${id} belongs to another account`);
  }
  return deal;
}

export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, ERROR.badBody, 'The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

export function zodMessage(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Registers a route on the router, its handler wrapped in the shared pipeline. */
export type Routes = Record<Method, (route: string, spec: RouteSpec, handler: Handler) => void> & {
  /** Anything not matched so far: still counted, limited and authenticated, then answered by `handler`. */
  fallback(spec: RouteSpec, handler: Handler): void;
};

export function createRoutes(router: Router, deps: ApiDeps): Routes {
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

  const route =
    (method: Method) =>
    (path: string, spec: RouteSpec, handler: Handler): void => {
      router[method](path, pipeline(path, spec, handler));
    };
  return {
    get: route('get'),
    post: route('post'),
    put: route('put'),
    patch: route('patch'),
    delete: route('delete'),
    fallback(spec, handler) {
      router.use(pipeline('/*', spec, handler));
    },
  };
}
