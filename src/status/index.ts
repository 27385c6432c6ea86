/**
 * The status page: the blogger's view of the daemon (overview, deals, one deal, logs) and the three operator
 * buttons, on its own listener. Server-rendered HTML from pure views (./views), one stylesheet and one small
 * script served by the app itself; every page works without JavaScript.
 *
 * Routes (under `basePath`):
 *   GET  /                       overview
 *   GET  /deals?page=&state=     deals, newest first, 25 a page
 *   GET  /deals/:id              one deal: timeline, log, webhook events, error, buttons
 *   POST /deals/:id/retry | /hand-in-again | /mark-handled    (CSRF-protected; 303 back with a flash message)
 *   GET  /logs?level=&blog=&refresh=off                      recent log lines, reloads every 10 s unless paused
 *   GET  /assets/status.css, /assets/status.js
 * Access control, CSRF and headers: see ./security.ts.
 */
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import {
  DEAL_RUN_STATES,
  type DealRecord,
  type DealRunState,
  type EventRecord,
  LOG_LEVELS,
  type LogEntry,
} from '../deals/store.js';
import { ConfigError, errorMessage } from '../errors.js';
import { listenLimited } from '../http-limits.js';
import { STATUS_CSS, STATUS_JS } from './assets.js';
import { pageInfo, parseChoice, parsePositiveInt } from './format.js';
import type { SafeHtml } from './html.js';
import { createSecretMasker, scrubText, scrubValue } from './redact.js';
import {
  accessControl,
  type CookieContext,
  createCookieSigner,
  csrfToken,
  isLoopbackHost,
  requireCsrf,
  securityHeaders,
  setFlash,
  takeFlash,
} from './security.js';
import { withTimeout } from './timeout.js';
import type { StatusActionResult, StatusDeps } from './types.js';
import { DEAL_ACTIONS, type DealActionPath, renderDeal } from './views/deal.js';
import { renderDeals } from './views/deals.js';
import { renderError } from './views/error-page.js';
import type { ViewContext } from './views/layout.js';
import { renderLogs } from './views/logs.js';
import { type OverviewData, renderOverview, type Sourced } from './views/overview.js';

export { createTargetsProbe } from './targets.js';
export type { StatusDeps } from './types.js';

export const DEALS_PAGE_SIZE = 25;
export const LOGS_LIMIT = 200;
export const LOGS_REFRESH_SECONDS = 10;
const DEAL_LOG_LIMIT = 200;
const DEAL_EVENTS_LIMIT = 50;
/** States the overview lists under "Needs a look". */
const ATTENTION_STATES: readonly DealRunState[] = ['failed', 'retrying', 'waiting_approval'];

/** `/status/` → `/status`; `/` and '' → ''. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(trimmed)) {
    throw new ConfigError([
      { path: 'status.basePath', message: `"${basePath}" is not a URL path like /status` },
    ]);
  }
  return trimmed;
}

function scrubRecord(record: DealRecord): DealRecord {
  const out: DealRecord = { ...record, data: scrubValue(record.data), steps: scrubValue(record.steps) };
  if (record.title !== undefined) out.title = scrubText(record.title);
  if (record.error !== undefined) out.error = scrubText(record.error);
  if (record.url !== undefined) out.url = scrubText(record.url);
  if (record.postRef !== undefined) out.postRef = scrubText(record.postRef);
  return out;
}

function scrubLog(entry: LogEntry): LogEntry {
  return { ...entry, msg: scrubText(String(entry.msg)), fields: scrubValue(entry.fields ?? {}) };
}

function scrubEvent(event: EventRecord): EventRecord {
  return { ...event, body: scrubValue(event.body), outcome: scrubText(String(event.outcome)) };
}

type ActionName = keyof StatusDeps['actions'];
const ACTION_BY_PATH: Record<DealActionPath, ActionName> = {
  retry: 'retry',
  'hand-in-again': 'handInAgain',
  'mark-handled': 'markHandled',
};

/** The status page as an express app (mount it, or let `startStatusServer` listen for it). */
export function createStatusApp(deps: StatusDeps): express.Express {
  const base = normalizeBasePath(deps.basePath);
  const now = deps.now ?? (() => new Date());
  const password = deps.password ? deps.password : undefined;
  const signer = createCookieSigner(deps.cookieSecret);
  const cookies: CookieContext = { path: base || '/' };
  const mask = deps.secretValues ? createSecretMasker(deps.secretValues) : (page: string) => page;
  const timeoutMs = deps.sourceTimeoutMs ?? 3_000;
  const marketplaceName = deps.marketplaceName ?? 'marketplace';
  const blogNames = new Map((deps.blogs ?? []).map((b) => [b.id, b.name ?? String(b.id)]));
  const { log } = deps;

  /** The view context; `forms` issues the CSRF cookie/token and reads the flash (never for refusals). */
  function viewContext(req: Request, res: Response, forms: boolean): ViewContext {
    return {
      base,
      now: now(),
      timeZone: deps.timeZone,
      version: deps.version,
      marketplaceName,
      blogNames,
      csrf: forms ? csrfToken(req, res, signer, cookies) : '',
      flash: forms ? takeFlash(req, res, signer, cookies) : undefined,
    };
  }

  function send(res: Response, status: number, page: SafeHtml): void {
    res.status(status).type('html').set('Cache-Control', 'no-store').send(mask(page.value));
  }

  function fail(req: Request, res: Response, status: number, title: string, message: string): void {
    send(res, status, renderError(viewContext(req, res, false), status, title, message));
  }

  async function source<T>(what: string, read: () => Promise<T>, ms = timeoutMs): Promise<Sourced<T>> {
    try {
      return { ok: true, value: await withTimeout(read(), ms, what) };
    } catch (error) {
      return { ok: false, error: scrubText(errorMessage(error)) };
    }
  }

  /** A store read for a page that cannot do without it: a hung Redis becomes the 503 page, not a hung request. */
  async function read<T>(what: string, promise: Promise<T>): Promise<T> {
    return await withTimeout(promise, timeoutMs, `Redis (${what})`);
  }

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // A reverse proxy on this machine may say the original scheme and host (Secure cookies, Origin check).
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders());

  const router = express.Router();
  router.use(
    accessControl({
      password,
      allowedHosts: deps.allowedHosts ?? [],
      refuse: (res, status, title, message) => {
        send(res, status, renderError(viewContext(res.req, res, false), status, title, message));
      },
    }),
  );

  router.get('/assets/status.css', (_req, res) => {
    res.type('css').set('Cache-Control', 'private, max-age=3600').send(STATUS_CSS);
  });
  router.get('/assets/status.js', (_req, res) => {
    res.type('js').set('Cache-Control', 'private, max-age=3600').send(STATUS_JS);
  });
  router.get('/favicon.ico', (_req, res) => {
    res.status(204).end();
  });

  router.get('/', async (req, res) => {
    const store = deps.store;
    const [counts, queue, rateLimit, lastWebhook, redis, targets, attention] = await Promise.all([
      source('Redis (deal counts)', () => store.countByState()),
      source('the queue', () => deps.queueCounts()),
      source('the rate limiter', () => deps.rateLimit()),
      source('Redis (last webhook)', () => store.lastWebhook()),
      source('Redis', () => deps.redisReachable()),
      source('the blogs', () => deps.targets(), timeoutMs * 2),
      source('Redis (deals)', async () =>
        (await store.list({ state: ATTENTION_STATES, limit: 10 })).items.map(scrubRecord),
      ),
    ]);
    const data: OverviewData = {
      counts,
      queue,
      rateLimit,
      lastWebhook: lastWebhook.ok
        ? {
            ok: true,
            value: lastWebhook.value && {
              ...lastWebhook.value,
              event: scrubText(lastWebhook.value.event),
              outcome: scrubText(lastWebhook.value.outcome),
            },
          }
        : lastWebhook,
      redis,
      targets: targets.ok
        ? {
            ok: true,
            value: targets.value.map((t) => ({
              ...t,
              name: scrubText(t.name),
              target: scrubText(t.target),
              detail: scrubText(t.detail),
            })),
          }
        : targets,
      attention,
      ...(deps.lastSweep
        ? {
            lastSweep: await source('Redis (reconciliation)', async () => {
              const last = await deps.lastSweep?.();
              return last && { ...last, errors: last.errors.map((e) => scrubText(e)) };
            }),
          }
        : {}),
      ...(deps.deadlineFinding
        ? {
            deadlineFinding: await source('Redis (date-times)', async () => {
              const found = await deps.deadlineFinding?.();
              return (
                found && {
                  ...found,
                  message: scrubText(found.message),
                  raw: found.raw && scrubText(found.raw),
                }
              );
            }),
          }
        : {}),
    };
    send(res, 200, renderOverview(viewContext(req, res, true), data));
  });

  router.get('/deals', async (req, res) => {
    const page = parsePositiveInt(req.query.page, 100_000);
    const state = parseChoice(req.query.state, DEAL_RUN_STATES);
    if (!page.ok) {
      fail(req, res, 400, 'Bad page number', 'The page number must be a whole number from 1, like ?page=2.');
      return;
    }
    if (!state.ok) {
      fail(req, res, 400, 'Unknown state', `Filter by one of: ${DEAL_RUN_STATES.join(', ')}.`);
      return;
    }
    const pageNumber = page.value ?? 1;
    const offset = (pageNumber - 1) * DEALS_PAGE_SIZE;
    const listed = await read(
      'deals',
      deps.store.list({ offset, limit: DEALS_PAGE_SIZE, ...(state.value ? { state: state.value } : {}) }),
    );
    send(
      res,
      200,
      renderDeals(viewContext(req, res, true), {
        items: listed.items.map(scrubRecord),
        total: listed.total,
        paging: pageInfo(listed.total, pageNumber, DEALS_PAGE_SIZE),
        state: state.value,
        states: DEAL_RUN_STATES,
      }),
    );
  });

  function dealIdOf(req: Request, res: Response): number | undefined {
    const id = parsePositiveInt(req.params.id);
    if (!id.ok || id.value === undefined) {
      fail(req, res, 400, 'Bad deal id', 'A deal id is a whole number, like /deals/1234.');
      return undefined;
    }
    return id.value;
  }

  router.get('/deals/:id', async (req, res) => {
    const dealId = dealIdOf(req, res);
    if (dealId === undefined) return;
    const [record, dealLog, events] = await read(
      'deal',
      Promise.all([
        deps.store.get(dealId),
        deps.store.readLog(dealId, { limit: DEAL_LOG_LIMIT }),
        deps.store.readEvents(dealId, { limit: DEAL_EVENTS_LIMIT }),
      ]),
    );
    if (!record) {
      fail(
        req,
        res,
        404,
        'No such deal',
        `pressbridge has no record of deal ${dealId}. Records are kept 30 days; a deal pressbridge never heard of can be fetched with \`pressbridge replay ${dealId}\`.`,
      );
      return;
    }
    send(
      res,
      200,
      renderDeal(viewContext(req, res, true), {
        record: scrubRecord(record),
        log: dealLog.map(scrubLog),
        events: events.map(scrubEvent),
      }),
    );
  });

  router.post(
    '/deals/:id/:action',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    (req, res, next) => {
      const dealId = dealIdOf(req, res);
      if (dealId === undefined) return;
      if (!DEAL_ACTIONS.some((a) => a.path === req.params.action)) {
        fail(req, res, 404, 'No such action', 'The deal page offers: retry, hand in again, mark as handled.');
        return;
      }
      next();
    },
    requireCsrf(signer, (res, reason) => {
      log.warn({ reason, path: res.req.path }, 'status page: refused a POST without a valid form token');
      fail(
        res.req,
        res,
        403,
        'Form expired or not from this page',
        `Nothing was done: ${reason}. Reload the deal page and press the button again.`,
      );
    }),
    async (req, res) => {
      const dealId = Number(req.params.id);
      const action = ACTION_BY_PATH[req.params.action as DealActionPath];
      if (!(await read('deal', deps.store.get(dealId)))) {
        fail(req, res, 404, 'No such deal', `pressbridge has no record of deal ${dealId}; nothing was done.`);
        return;
      }
      let result: StatusActionResult;
      try {
        result = await deps.actions[action](dealId);
      } catch (error) {
        log.warn({ dealId, action, err: scrubText(errorMessage(error)) }, 'status page: action failed');
        result = { ok: false, message: `Deal ${dealId}: ${action} failed: ${errorMessage(error)}` };
      }
      log.info({ dealId, action, ok: result.ok }, 'status page: operator action');
      setFlash(req, res, { ok: result.ok, message: mask(scrubText(result.message)) }, signer, cookies);
      res.redirect(303, `${base}/deals/${dealId}`);
    },
  );

  router.get('/logs', async (req, res) => {
    const level = parseChoice(req.query.level, LOG_LEVELS);
    const blog = parsePositiveInt(req.query.blog);
    const refresh = parseChoice(req.query.refresh, ['on', 'off'] as const);
    if (!level.ok || !blog.ok || !refresh.ok) {
      fail(
        req,
        res,
        400,
        'Bad filter',
        `Level is one of ${LOG_LEVELS.join(', ')}; blog is a blog id; refresh is on or off.`,
      );
      return;
    }
    const entries = await read(
      'log',
      deps.store.readGlobalLog({
        limit: LOGS_LIMIT,
        ...(level.value ? { level: level.value } : {}),
        ...(blog.value !== undefined ? { blogId: blog.value } : {}),
      }),
    );
    const blogs = [...blogNames.entries()].map(([id, name]) => ({
      id,
      label: name === String(id) ? `blog ${id}` : `${name} (${id})`,
    }));
    if (blog.value !== undefined && !blogNames.has(blog.value)) {
      blogs.push({ id: blog.value, label: `blog ${blog.value}` });
    }
    send(
      res,
      200,
      renderLogs(viewContext(req, res, true), {
        entries: entries.map(scrubLog),
        level: level.value,
        blogId: blog.value,
        levels: LOG_LEVELS,
        blogs,
        refreshSeconds: refresh.value === 'off' ? undefined : LOGS_REFRESH_SECONDS,
        limit: LOGS_LIMIT,
      }),
    );
  });

  if (deps.extraRoutes) router.use(deps.extraRoutes);

  router.use((req, res) => {
    fail(req, res, 404, 'Not found', 'There is no such page.');
  });

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      fail(req, res, status, 'Bad request', 'The request could not be read; nothing was done.');
      return;
    }
    log.error({ err: scrubText(errorMessage(error)), path: req.path }, 'status page: request failed');
    fail(
      req,
      res,
      503,
      'Data not available',
      `The page could not be built: ${scrubText(errorMessage(error))}. Is Redis running? The overview shows what answers.`,
    );
  });

  app.use(base || '/', router);
  app.use((req, res) => {
    fail(req, res, 404, 'Not found', 'There is no such page.');
  });
  return app;
}

export interface StatusServer {
  /** The overview's address, e.g. `http://127.0.0.1:8081/`. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Refuses (ConfigError) a listener that other machines could reach while no password is set: the page shows
 * every deal and can re-run them.
 */
export function assertStatusListenAllowed(listen: { host: string }, password: string | undefined): void {
  if (!isLoopbackHost(listen.host) && !password) {
    throw new ConfigError([
      {
        path: 'status.password',
        message: `the status page would listen on ${listen.host}, reachable from other machines, without a password; set status.password (or PRESSBRIDGE_STATUS_PASSWORD), or listen on 127.0.0.1`,
      },
    ]);
  }
}

export async function startStatusServer(
  deps: StatusDeps,
  listen: { host: string; port: number },
): Promise<StatusServer> {
  assertStatusListenAllowed(listen, deps.password);
  const app = createStatusApp(deps);
  const server = await listenLimited(app, listen.host, listen.port);
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  const url = `http://${shown}:${address.port}${normalizeBasePath(deps.basePath)}/`;
  if (!isLoopbackHost(listen.host)) {
    deps.log.warn(
      { host: listen.host, port: address.port },
      'status page: reachable from the network; serve it through HTTPS (a reverse proxy) so the password is not sent in clear',
    );
  }
  deps.log.info({ url }, 'status page listening');
  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 2_000);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
