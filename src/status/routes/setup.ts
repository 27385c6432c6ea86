/**
 * The /setup pages of setup mode (issue 21): one express router over the setup engine, a step per page, each
 * form a POST that redirects to the next unanswered step. Every request but the token form needs the token
 * (./setup-guard.ts); once setup finished every /setup path is 404. The per-blog steps are in ./setup-blog.ts,
 * the finish in ./setup-finish.ts.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { LISTENERS, parsePort } from '../../config/listeners.js';
import { errorMessage } from '../../errors.js';
import type { Language } from '../../i18n/index.js';
import type { BlogTarget } from '../../setup/answers.js';
import { newDraft, nextStep, type SetupDraft } from '../../setup/draft.js';
import { html } from '../html.js';
import type { ViewContext } from '../views/layout.js';
import { renderBlogsPage, renderKeyPage, renderTokenPage, setupPage } from '../views/setup.js';
import { renderIntakePage } from '../views/setup-steps.js';
import { blogRoutes, categoryRoutes } from './setup-blog.js';
import { type FinishDeps, finishRoutes } from './setup-finish.js';
import { bodyOf, createSetupGuard, languageOf } from './setup-guard.js';
import { notifyRoutes } from './setup-notify.js';

export interface SetupRouteDeps extends FinishDeps {
  token: string;
  language: Language;
}

const TARGETS: readonly BlogTarget[] = ['wordpress', 'github', 'static', 'none'];

export function setupRoutes(deps: SetupRouteDeps): Router {
  const guard = createSetupGuard(deps.token);
  const draft: SetupDraft = newDraft(deps.language);
  /** Set once the finish claimed the setup: every /setup path is 404 from then on. */
  const state = { finished: false };
  const router = express.Router();
  const next = (res: Response): void => res.redirect(303, `/setup${nextStep(draft)}`);
  const view = (req: Request, res: Response) => guard.view(req, res, draft.language);

  router.use('/setup', (_req, res, goOn) => {
    if (state.finished) {
      res.status(404).type('text').send('Not found');
      return;
    }
    goOn();
  });
  router.use('/setup', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 }));

  router.get('/setup', (req, res) => {
    if (guard.holdsToken(req)) return next(res);
    const language = languageOf(req.query.lang, draft.language);
    guard.send(res, 200, renderTokenPage(guard.view(req, res, language), false));
  });
  router.post('/setup/token', (req, res) => {
    const body = bodyOf(req);
    const language = languageOf(body.lang, draft.language);
    if (!guard.csrfValid(req) || !guard.grant(req, res, body.token ?? '')) {
      deps.log.warn('setup: a wrong setup token was entered');
      guard.send(res, 403, renderTokenPage(guard.view(req, res, language), true));
      return;
    }
    draft.language = language;
    next(res);
  });
  // The WordPress callback carries its own proof (a value signed for this process), see ./setup-blog.ts.
  const blogs = blogRoutes({ engine: deps.engine, draft, guard, log: deps.log });
  router.get('/setup/blog/:id/wordpress/back', blogs.callback);

  router.use(
    '/setup',
    guard.require(() => draft.language),
  );
  router.use('/setup', (req, _res, goOn) => {
    if (req.method === 'GET' && typeof req.query.lang === 'string')
      draft.language = languageOf(req.query.lang, draft.language);
    goOn();
  });

  router.get('/setup/key', (req, res) => {
    guard.send(
      res,
      200,
      renderKeyPage(view(req, res), {
        baseUrl: draft.marketplace?.baseUrl ?? deps.defaults.baseUrl ?? '',
        checks: [],
        allowLocal: draft.marketplace?.allowLocal === true,
      }),
    );
  });
  router.post('/setup/key', async (req, res) => {
    const body = bodyOf(req);
    // A local API address (the sandbox) only when the blogger ticked the box: src/setup/address-guard.ts.
    const marketplace = {
      baseUrl: body.baseUrl ?? '',
      apiKey: body.apiKey ?? '',
      allowLocal: body.allowLocal === 'on',
    };
    const result = await deps.engine.checkKey(marketplace);
    if (!result.ok) {
      const data = {
        baseUrl: marketplace.baseUrl,
        checks: [result.check],
        allowLocal: marketplace.allowLocal,
      };
      guard.send(res, 422, renderKeyPage(view(req, res), data));
      return;
    }
    draft.marketplace = { ...marketplace, login: result.login };
    draft.accountBlogs = await deps.engine.listBlogs(marketplace);
    draft.blogs = [];
    next(res);
  });

  router.get('/setup/blogs', (req, res) => {
    if (!draft.marketplace) return next(res);
    const chosen = new Map(draft.blogs.map((b) => [b.id, b.target]));
    guard.send(
      res,
      200,
      renderBlogsPage(view(req, res), { login: draft.marketplace.login, blogs: draft.accountBlogs, chosen }),
    );
  });
  router.post('/setup/blogs', (req, res) => {
    if (!draft.marketplace) return next(res);
    const body = bodyOf(req);
    const blogs = draft.accountBlogs.map((b) => {
      const target = TARGETS.find((t) => t === body[`target-${b.id}`]) ?? 'none';
      return { id: b.id, name: b.name, url: b.url, target, agent: target !== 'none' };
    });
    if (!blogs.some((b) => b.target !== 'none')) {
      const error = view(req, res).t.t('setup.page.choose_one');
      const chosen = new Map(blogs.map((b) => [b.id, b.target]));
      guard.send(
        res,
        422,
        renderBlogsPage(view(req, res), {
          login: draft.marketplace.login,
          blogs: draft.accountBlogs,
          chosen,
          error,
        }),
      );
      return;
    }
    draft.blogs = blogs;
    draft.categoriesDone = false;
    next(res);
  });

  blogs.mount(router);
  categoryRoutes({ draft, guard }, router, next);

  // The webhook listener's port: asked here for both choices (with polling it is used only once a webhook is
  // registered, and nothing listens until then); `start --webhook-port` / PRESSBRIDGE_WEBHOOK_PORT propose it.
  const proposedPort = (): number =>
    draft.intake?.listen?.port ??
    deps.defaults.webhookListen?.port ??
    deps.defaults.webhookPort ??
    LISTENERS.webhook.defaultPort;
  const intakePage = (ctx: ViewContext, error?: string) =>
    renderIntakePage(ctx, { checks: [], webhookPort: proposedPort(), ...(error ? { error } : {}) });
  router.get('/setup/intake', (req, res) => guard.send(res, 200, intakePage(view(req, res))));
  router.post('/setup/intake', (req, res) => {
    const body = bodyOf(req);
    const ctx = view(req, res);
    // An empty field keeps the proposed port (a test's port 0 included); anything else must be a port.
    const port = body.webhookPort?.trim() ? parsePort(body.webhookPort) : proposedPort();
    if (port === undefined) {
      guard.send(res, 422, intakePage(ctx, ctx.t.t('setup.page.webhook_port_invalid')));
      return;
    }
    const host = deps.defaults.webhookListen?.host;
    const listen = { ...(host ? { host } : {}), port };
    if (body.intake === 'webhook') {
      const url = body.webhookUrl ?? '';
      if (!/^https:\/\/[^\s]+$/.test(url)) {
        guard.send(res, 422, intakePage(ctx, ctx.t.t('setup.page.webhook_needs_url')));
        return;
      }
      draft.intake = { mode: 'webhook', webhookUrl: url, listen };
    } else {
      draft.intake = { mode: 'poll', listen };
    }
    next(res);
  });

  notifyRoutes({ draft, guard, engine: deps.engine }, router, next);

  finishRoutes({ deps, draft, guard, state }, router, next);
  // Express's own error page shows the stack (file paths) to anyone: a body too large or malformed is a
  // plain 400-class page, anything else is logged and named only as a failure.
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    const client = typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
    if (!client) deps.log.error({ err: errorMessage(error), path: req.path }, 'setup: a request failed');
    const ctx = view(req, res);
    const text = client ? ctx.t.t('status.error.bad_request_text') : ctx.t.t('setup.page.failed');
    const body = html`<h1>${ctx.t.t('setup.page.title')}</h1>
<section class="card"><p class="flash bad" role="alert">${text}</p><p><a href="/setup">/setup</a></p></section>`;
    guard.send(res, client ?? 500, setupPage(ctx, ctx.t.t('setup.page.title'), body));
  });
  return router;
}
