/**
 * The last /setup step (h): agent publishing, the status page password beyond loopback, then the finish: the
 * installation written (src/setup/engine.ts), the daemon started on it (setup mode's `onFinished`), and the page
 * that ends on doctor's checks; a failure says how far it got (src/setup/finish-error.ts).
 */
import type { Response, Router } from 'express';
import type { Check } from '../../checks.js';
import { errorMessage } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { handledBlogs, type SetupAnswers } from '../../setup/answers.js';
import { nextStep, type SetupDraft } from '../../setup/draft.js';
import type { FinishResult, SetupEngine } from '../../setup/engine.js';
import { finishFailure, SetupFinishError } from '../../setup/finish-error.js';
import { inLanguage } from '../../setup/text.js';
import { isLoopbackHost } from '../hosts.js';
import { renderDonePage } from '../views/setup.js';
import { renderFinishPage } from '../views/setup-steps.js';
import { bodyOf, type SetupGuard } from './setup-guard.js';

export interface FinishDeps {
  engine: SetupEngine;
  log: Logger;
  /** What the page does not ask: the listeners (the status page keeps the setup's address) and Redis. */
  defaults: Pick<SetupAnswers, 'status'> &
    Partial<Pick<SetupAnswers, 'redis'>> & {
      baseUrl?: string;
      webhookListen?: { host: string; port: number };
      /** The webhook port the intake step proposes (PRESSBRIDGE_WEBHOOK_PORT, `start --webhook-port`). */
      webhookPort?: number;
    };
  /** The installation is written: start the daemon; resolves with doctor's checks and the status page URL. */
  onFinished(result: FinishResult): Promise<{ doctor: Check[]; statusUrl: string }>;
}

export function finishRoutes(
  parts: { deps: FinishDeps; draft: SetupDraft; guard: SetupGuard; state: { finished: boolean } },
  router: Router,
  next: (res: Response) => void,
): void {
  const { deps, draft, guard, state } = parts;
  const needsPassword = !isLoopbackHost(deps.defaults.status.host);
  router.get('/setup/finish', (req, res) => {
    if (nextStep(draft) !== '/finish') return next(res);
    guard.send(
      res,
      200,
      renderFinishPage(guard.view(req, res, draft.language), { blogs: handledBlogs(draft), needsPassword }),
    );
  });
  router.post('/setup/finish', async (req, res) => {
    if (nextStep(draft) !== '/finish' || !draft.marketplace || !draft.intake) return next(res);
    const body = bodyOf(req);
    const ctx = guard.view(req, res, draft.language);
    const password = body.password ?? '';
    if (needsPassword && password.length < 12) {
      const error = ctx.t.t('setup.page.password_short');
      guard.send(res, 422, renderFinishPage(ctx, { blogs: handledBlogs(draft), needsPassword, error }));
      return;
    }
    const answers: SetupAnswers = {
      language: draft.language,
      marketplace: {
        baseUrl: draft.marketplace.baseUrl,
        apiKey: draft.marketplace.apiKey,
        allowLocal: draft.marketplace.allowLocal,
      },
      blogs: draft.blogs.map((b) => ({ ...b, agent: b.target !== 'none' && body[`agent-${b.id}`] === 'on' })),
      intake: draft.intake,
      ...(draft.notify && draft.notify !== 'none' ? { notify: draft.notify } : {}),
      status: { ...deps.defaults.status, ...(needsPassword ? { password } : {}) },
      ...(deps.defaults.redis ? { redis: deps.defaults.redis } : {}),
    };
    let result: FinishResult;
    const failedPage = (failure: SetupFinishError): void => {
      deps.log.error({ err: errorMessage(failure.cause), stage: failure.stage }, 'setup: the finish failed');
      // What is on disk decides the sentence: "not saved" only when nothing usable was written.
      const error = inLanguage(failure.text, ctx.t.language);
      guard.send(res, 500, renderFinishPage(ctx, { blogs: handledBlogs(draft), needsPassword, error }));
    };
    const dataDir = deps.engine.dataDir;
    // Claimed before the first await: a second browser (or a double click) racing this one finds /setup gone
    // instead of writing the installation and starting a daemon a second time.
    state.finished = true;
    try {
      result = await deps.engine.finish(answers);
    } catch (error) {
      // No daemon started: the form stays, to save again once the cause is fixed.
      state.finished = false;
      failedPage(error instanceof SetupFinishError ? error : finishFailure('write', error, { dataDir }));
      return;
    }
    res.set('Connection', 'close');
    let started: Awaited<ReturnType<FinishDeps['onFinished']>>;
    try {
      started = await deps.onFinished(result);
    } catch (error) {
      // The files are written and this process stops listening: where they are and how to start with them.
      failedPage(finishFailure('start', error, { dataDir, written: result }));
      return;
    }
    guard.send(
      res,
      200,
      renderDonePage(ctx, {
        finish: result.checks,
        doctor: started.doctor,
        configPath: result.configPath,
        statusUrl: started.statusUrl,
      }),
    );
  });
}
