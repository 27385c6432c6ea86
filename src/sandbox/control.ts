/**
 * The sandbox's control API: how tests, benchmarks and the demo play the advertiser and the service itself.
 * Mounted under `/_sandbox` (NOT under /v1): no bearer auth, no rate limit, never counted in the stats.
 * Bodies are JSON; errors use the API's envelope `{error: {code, message, support_code}}`.
 *
 *   POST /_sandbox/deals                 body CreateDealInput (all optional: blogId, title, html, photos, cover,
 *                                        publishedBy, instantPublish, categoryId, approvalDelayMs, deliver,
 *                                        deadlineMinutes, acceptedMinutesAgo, price, reward, targetUrl,
 *                                        state)
 *                                        → 201 SandboxDeal; deal.accepted delivery starts unless deliver:false
 *                                        acceptedMinutesAgo (≥ 0, default 0): the acceptance lies that many
 *                                        minutes in the past; publish_deadline = acceptance + deadlineMinutes
 *                                        (default 60), so it may already be past; the deal.accepted goes out
 *                                        now, i.e. late (as after a receiver's downtime). changed_at = the
 *                                        acceptance.
 *   GET  /_sandbox/deals                 → {data: SandboxDeal[]}
 *   GET  /_sandbox/deals/:id             → SandboxDeal (also the deals' web_url)
 *   POST /_sandbox/deals/:id/deliver     re-deliver its deal.accepted → {data: DeliveryRecord[]} after 1st attempts
 *   POST /_sandbox/deals/:id/state       body {state, reason?} → SandboxDeal (no event sent)
 *   POST /_sandbox/deals/:id/pay         → SandboxDeal in state proplaceno (its paidAt counts in GET /v1/payouts
 *                                        paid_monthly); sends deal.paid
 *   POST /_sandbox/demands               body CreateDemandInput (name, reward required; blogIds?, kind? standard|
 *                                        vip|publication|writing, price?, url?, keywords?, keywordUrls?,
 *                                        linksMode?, description?, expectation?, ns?, articleText?, sharedText?,
 *                                        titlePhoto?, photos?, deliver?) → 201 SandboxDemand; an active demand
 *                                        for the blogs (default all), demand.created delivery starts unless
 *                                        deliver:false
 *   GET  /_sandbox/demands               → {data: SandboxDemand[]}
 *   GET  /_sandbox/offers                → {data: SandboxOffer[]} ({id, demandId, blogId, state, price, reward,
 *                                        note, higherBid, reason}): every deal that began as a blog's offer
 *   POST /_sandbox/offers/:id/accept     body as POST /v1/offers/{id}/accept (all optional: price, services,
 *                                        note, keywords, article_text, photos, category_id) → SandboxDeal in
 *                                        state akceptovano; deal.accepted delivery starts. Refusals as /v1:
 *                                        409 spatny_stav, 422 nizsi_cena_nepovolena / cena_pod_minimem /
 *                                        nedostatecny_kredit, 400 chybi_parametr (article_text) …
 *   POST /_sandbox/offers/:id/decline    body {rating?, reason?} → SandboxDeal in state odmitnuto
 *   GET  /_sandbox/deals/:id/messages    → {data: [{author: bloger|inzerent, text, at (ISO)}]}, oldest first
 *   POST /_sandbox/events                body {event, ...fields, account_id?} → {data: DeliveryRecord[]}
 *   GET  /_sandbox/hand-ins              → {data: HandInRecord[]}
 *   GET  /_sandbox/stats                 → SandboxStats;  DELETE /_sandbox/stats resets the counters
 *   GET  /_sandbox/deliveries            → {data: DeliveryRecord[]} (all keys, with bodies and attempt history)
 *   PUT  /_sandbox/blogs/:id             body {name, url, categories?, accountId?, mode?, instantPublish?,
 *                                        lowerPriceAllowed?}
 *                                        → 200 {id, name, url, …} (create or replace)
 *   GET  /_sandbox/faults                → FaultSettings
 *   POST /_sandbox/faults                body FaultSettings (replaces; {} switches every fault off)
 *                                        {serverErrorEvery?, serverErrorNext?, random429?, retryAfterSeconds?,
 *                                         latencyMs?, routes?: ['GET /v1/deals/:id/text', …]}
 *   GET  /_sandbox/health                → {ok: true, url, dateFormat}
 *
 * Date-times: the control API's own fields (acceptedAt, publishDeadline, …) are ISO 8601 instants; the
 * service-side bodies it returns (acceptedEvent) and everything under /v1 and in webhooks follow the sandbox's
 * `dateFormat` (SandboxOptions / `pressbridge sandbox --date-format prague|utc|iso`; default prague =
 * `YYYY-MM-DD HH:MM:SS` Europe/Prague wall clock, utc = the same in UTC, iso = ISO 8601 with offset).
 */
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { z } from 'zod';
import {
  DEAL_STATES,
  DEMAND_KINDS,
  LIMITS,
  PUBLISHED_BY,
  PUBLISHING_MODES,
  TITLE_PHOTO_MODES,
} from './api-document.js';
import { ApiError, errorBody } from './api-error.js';
import type { CreateDemandInput } from './demands.js';
import { FaultSettings } from './faults.js';
import type { BlogInput, CreateDealInput } from './records.js';
import type { Sandbox } from './types.js';

export const CreateDealBody = z.object({
  blogId: z.number().int().positive().optional(),
  title: z.string().min(1).optional(),
  html: z.string().min(1).optional(),
  photos: z.number().int().min(0).max(LIMITS.maxPhotoN).optional(),
  cover: z.boolean().optional(),
  publishedBy: z.enum(PUBLISHED_BY).optional(),
  instantPublish: z.boolean().optional(),
  categoryId: z.number().int().nullable().optional(),
  approvalDelayMs: z.number().int().min(0).optional(),
  deliver: z.boolean().optional(),
  deadlineMinutes: z.number().positive().optional(),
  acceptedMinutesAgo: z.number().min(0).optional(),
  price: z.number().int().min(0).optional(),
  reward: z.number().int().min(0).optional(),
  targetUrl: z.url().optional(),
  state: z.enum(DEAL_STATES).optional(),
});

export const CreateDemandBody = z.object({
  blogIds: z.array(z.number().int().positive()).min(1).optional(),
  kind: z.enum(DEMAND_KINDS).optional(),
  name: z.string().min(1),
  reward: z.number().int().positive(),
  price: z.number().int().positive().optional(),
  url: z.url().optional(),
  keywords: z.string().optional(),
  keywordUrls: z.array(z.object({ keyword: z.string().min(1), url: z.url() })).optional(),
  linksMode: z.number().int().optional(),
  description: z.string().optional(),
  expectation: z.string().optional(),
  ns: z.number().int().positive().optional(),
  articleText: z.string().min(1).optional(),
  sharedText: z.boolean().optional(),
  titlePhoto: z.enum(TITLE_PHOTO_MODES).optional(),
  photos: z.number().int().min(0).max(LIMITS.maxPhotoN).optional(),
  deliver: z.boolean().optional(),
});

const CategoryBody = z.object({
  id: z.number().int(),
  name: z.string().min(1),
  default: z.boolean().optional(),
});

const BlogBody = z.object({
  name: z.string().min(1),
  url: z.string().min(1),
  categories: z.array(CategoryBody).max(LIMITS.maxCategories).optional(),
  accountId: z.number().int().positive().optional(),
  mode: z.enum(PUBLISHING_MODES).optional(),
  instantPublish: z.boolean().optional(),
  lowerPriceAllowed: z.boolean().optional(),
});

const StateBody = z.object({ state: z.enum(DEAL_STATES), reason: z.string().nullable().optional() });
const EventBody = z.looseObject({
  event: z.string().min(1),
  account_id: z.number().int().positive().optional(),
});

/** zod's optional output is `T | undefined`; the sandbox's inputs (exactOptionalPropertyTypes) want absent keys. */
function withoutUndefined<T extends Record<string, unknown>>(
  value: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], undefined>;
  };
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    throw new ControlError(
      400,
      'spatne_telo',
      result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; '),
    );
  }
  return result.data;
}

function idParam(req: Request): number {
  const raw = req.params.id;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw new ControlError(404, 'nenalezeno', `Bad id ${String(raw)}`);
  return id;
}

export function createControlRouter(sandbox: Sandbox): Router {
  const router = Router();
  router.use(express.json({ limit: '10mb' }));

  const found = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new ControlError(404, 'nenalezeno', `${what} does not exist`);
    return value;
  };
  // A RangeError from the sandbox is a caller mistake (unknown blog or deal), not a sandbox failure.
  const guard = async <T>(run: () => T | Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof RangeError) throw new ControlError(404, 'nenalezeno', error.message);
      throw error;
    }
  };

  router.get('/health', (_req, res) => {
    res.json({ ok: true, url: sandbox.url, dateFormat: sandbox.dateFormat });
  });

  router.post('/deals', async (req, res) => {
    const input: CreateDealInput = withoutUndefined(parse(CreateDealBody, req.body));
    res.status(201).json(await guard(() => sandbox.createDeal(input)));
  });

  router.get('/deals', (_req, res) => {
    res.json({ data: sandbox.listDeals() });
  });

  router.get('/deals/:id', (req, res) => {
    const id = idParam(req);
    res.json(found(sandbox.getDeal(id), `Deal ${id}`));
  });

  router.post('/deals/:id/deliver', async (req, res) => {
    const id = idParam(req);
    res.json({ data: await guard(() => sandbox.deliverDeal(id)) });
  });

  router.post('/deals/:id/state', async (req, res) => {
    const id = idParam(req);
    const body = parse(StateBody, req.body);
    res.json(await guard(() => sandbox.setDealState(id, body.state, body.reason)));
  });

  router.post('/deals/:id/pay', async (req, res) => {
    const id = idParam(req);
    res.json(await guard(() => sandbox.payDeal(id)));
  });

  router.post('/demands', async (req, res) => {
    const input: CreateDemandInput = withoutUndefined(parse(CreateDemandBody, req.body));
    res.status(201).json(await guard(() => sandbox.createDemand(input)));
  });

  router.get('/demands', (_req, res) => {
    res.json({ data: sandbox.listDemands() });
  });

  router.get('/offers', (_req, res) => {
    res.json({ data: sandbox.listOffers() });
  });

  router.post('/offers/:id/accept', async (req, res) => {
    const id = idParam(req);
    res.json(await guard(() => sandbox.acceptOffer(id, req.body ?? {})));
  });

  router.post('/offers/:id/decline', async (req, res) => {
    const id = idParam(req);
    res.json(await guard(() => sandbox.declineOffer(id, req.body ?? {})));
  });

  router.get('/deals/:id/messages', async (req, res) => {
    const id = idParam(req);
    res.json({ data: await guard(() => sandbox.messages(id)) });
  });

  router.post('/events', async (req, res) => {
    const { account_id: accountId, ...event } = parse(EventBody, req.body);
    const data = await sandbox.sendEvent(event, accountId === undefined ? {} : { accountId });
    res.json({ data });
  });

  router.get('/hand-ins', (_req, res) => {
    res.json({ data: sandbox.handIns() });
  });

  router.get('/stats', (_req, res) => {
    res.json(sandbox.stats());
  });

  router.delete('/stats', (_req, res) => {
    sandbox.resetStats();
    res.json(sandbox.stats());
  });

  router.get('/deliveries', (_req, res) => {
    res.json({ data: sandbox.deliveries() });
  });

  router.put('/blogs/:id', (req, res) => {
    const id = idParam(req);
    const body = parse(BlogBody, req.body);
    const { categories, ...rest } = withoutUndefined(body);
    const blog: BlogInput = {
      id,
      ...rest,
      ...(categories ? { categories: categories.map((c) => withoutUndefined(c)) } : {}),
    };
    sandbox.putBlog(blog);
    res.json(blog);
  });

  router.get('/faults', (_req, res) => {
    res.json(sandbox.failureMode());
  });

  router.post('/faults', (req, res) => {
    sandbox.setFailureMode(parse(FaultSettings, req.body));
    res.json(sandbox.failureMode());
  });

  router.use((req, res) => {
    res.status(404).json(errorBody('nenalezeno', `No control route ${req.method} ${req.originalUrl}`));
  });

  // Express needs the four-argument form to recognise an error handler.
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof ControlError || error instanceof ApiError) {
      res.status(error.status).json(errorBody(error.code, error.message));
      return;
    }
    const status =
      typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number'
        ? error.status
        : 500;
    const message = error instanceof Error ? error.message : String(error);
    res.status(status).json(errorBody(status < 500 ? 'spatne_telo' : 'server', message));
  });

  return router;
}
