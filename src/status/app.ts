const ENGLISH = createTranslator('en');

/** The status page's express app: security, the shared page kit, the routes by concern, the error pages. */
import express, { type NextFunction, type Request, type Response } from 'express';
import { createTranslator } from '../i18n/index.js';
import { accessControl } from './access-control.js';
import { STATUS_CSS, STATUS_JS } from './assets.js';
import { actionRoutes } from './routes/actions.js';
import { dealRoutes } from './routes/deals.js';
import { demandRoutes } from './routes/demands.js';
import { earningsRoutes } from './routes/earnings.js';
import { evidenceRoutes } from './routes/evidence.js';
import { logRoutes } from './routes/logs.js';
import { lookRoutes } from './routes/look.js';
import { notificationRoutes } from './routes/notifications.js';
import { obligationRoutes } from './routes/obligations.js';
import { overviewRoutes } from './routes/overview.js';
import { createPageKit } from './routes/page-kit.js';
import { rulesRoutes } from './routes/rules.js';
import { systemRoutes } from './routes/system.js';
import { securityHeaders } from './security.js';
import type { StatusDeps } from './types.js';

/** The status page as an express app (mount it, or let `startStatusServer` listen for it). */
export function createStatusApp(deps: StatusDeps): express.Express {
  const kit = createPageKit(deps);
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // Only a configured proxy may say the client's address, scheme and host (guess limit, Secure cookies, Origin
  // check); by default nobody may: see status.trustProxy (./settings.ts).
  app.set('trust proxy', deps.trustProxy ?? false);
  app.use(securityHeaders());
  if (deps.openRoutes) app.use(deps.openRoutes);
  if (deps.lookKey) app.use(kit.base || '/', lookRoutes(deps, kit, deps.lookKey));

  const router = express.Router();
  router.use(
    accessControl({
      password: kit.password,
      allowedHosts: deps.allowedHosts ?? [],
      cookiePath: kit.base || '/',
      ...(deps.guesses ? { guesses: deps.guesses } : {}),
      t: kit.t,
      refuse: (res, status, title, message) => {
        kit.fail(res.req, res, status, title, message);
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

  overviewRoutes(router, deps, kit);
  dealRoutes(router, deps, kit);
  demandRoutes(router, deps, kit);
  evidenceRoutes(router, deps, kit);
  actionRoutes(router, deps, kit);
  obligationRoutes(router, deps, kit);
  earningsRoutes(router, deps, kit);
  logRoutes(router, deps, kit);
  notificationRoutes(router, deps, kit);
  systemRoutes(router, deps, kit);
  rulesRoutes(router, deps, kit);

  if (deps.extraRoutes) router.use(deps.extraRoutes);

  const notFound = (req: Request, res: Response): void => {
    kit.fail(req, res, 404, kit.t.t('status.error.not_found'), kit.t.t('status.error.not_found_text'));
  };
  router.use(notFound);

  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      kit.fail(
        req,
        res,
        status,
        kit.t.t('status.error.bad_request'),
        kit.t.t('status.error.bad_request_text'),
      );
      return;
    }
    // The log stays English whatever the page's language.
    kit.log.error({ err: kit.describe(error, ENGLISH), path: req.path }, 'status page: request failed');
    kit.fail(
      req,
      res,
      503,
      kit.t.t('status.error.unavailable'),
      kit.t.t('status.error.unavailable_text', { error: kit.describe(error) }),
    );
  });

  app.use(kit.base || '/', router);
  app.use(notFound);
  return app;
}
