/**
 * The /setup pages of setup mode (issue 21): one express router over the setup engine, a page per step of
 * ./steps/ (`STEPS`, in its order), each form a POST that redirects to the next unanswered step. Every request
 * but the token form and a step's own callback needs the token (./guard.ts); once the setup finished every
 * /setup path is 404.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { Clock } from '../../clock.js';
import { errorMessage } from '../../errors.js';
import type { Language } from '../../i18n/index.js';
import { newDraft } from '../draft.js';
import { bodyOf, createSetupGuard, languageOf } from './guard.js';
import { nextStep, STEPS } from './steps/index.js';
import type { SetupStep, SetupWebDeps, StepContext } from './steps/step.js';
import { messagePage } from './views/page.js';
import { renderTokenPage } from './views/start.js';

export interface SetupRouteDeps extends SetupWebDeps {
  token: string;
  language: Language;
  /** The steps in their order (a test: a list with a step of its own). */
  steps?: readonly SetupStep[];
  clock?: Clock;
}

export function setupRoutes(deps: SetupRouteDeps): Router {
  const steps = deps.steps ?? STEPS;
  const guard = createSetupGuard(deps.token, deps.clock ? { clock: deps.clock } : {});
  const draft = newDraft(deps.language);
  /** Set once the finish claimed the setup: every /setup path is 404 from then on. */
  const state = { finished: false };
  const router = express.Router();
  const next = (res: Response): void => res.redirect(303, `/setup${nextStep(draft, steps)}`);
  const context = (req: Request, res: Response, index: number, action = ''): StepContext => ({
    req,
    res,
    draft,
    deps,
    guard,
    state,
    body: req.method === 'POST' ? bodyOf(req) : {},
    action,
    ready: () => steps.slice(0, index).every((s) => s.done(draft)),
    view: () => guard.view(req, res, draft.language),
    send: (status, page) => guard.send(res, status, page),
    next: () => next(res),
    redirect: (path) => res.redirect(303, `/setup${path}`),
  });

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
  // A callback carries its own proof (WordPress's return: a value signed for this process and this browser).
  steps.forEach((step, index) => {
    const { callback } = step;
    if (callback) router.get(`/setup${callback.path}`, (req, res) => callback.get(context(req, res, index)));
  });

  router.use(
    '/setup',
    guard.require(() => draft.language),
  );
  router.use('/setup', (req, _res, goOn) => {
    if (req.method === 'GET' && typeof req.query.lang === 'string')
      draft.language = languageOf(req.query.lang, draft.language);
    goOn();
  });
  steps.forEach((step, index) => {
    router.get(`/setup${step.path}`, (req, res) => step.get(context(req, res, index)));
    router.post(`/setup${step.path}`, (req, res) => step.post(context(req, res, index)));
    for (const form of step.forms ?? []) {
      router.post(`/setup${step.path}/${form}`, (req, res) => step.post(context(req, res, index, form)));
    }
  });

  // Express's own error page shows the stack (file paths) to anyone: a body too large or malformed is a
  // plain 400-class page, anything else is logged and named only as a failure.
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    const client = typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
    if (!client) deps.log.error({ err: errorMessage(error), path: req.path }, 'setup: a request failed');
    const ctx = guard.view(req, res, draft.language);
    const text = client ? ctx.t.t('status.error.bad_request_text') : ctx.t.t('setup.page.failed');
    guard.send(res, client ?? 500, messagePage(ctx, text, 'alert'));
  });
  return router;
}
