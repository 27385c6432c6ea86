/**
 * Step h, the finish: agent publishing, the status page password beyond loopback, then the installation written
 * (src/setup/engine.ts). On the page the daemon then starts on it (setup mode's `onFinished`) and the last page
 * shows doctor's checks; a failure says how far it got (src/setup/finish-error.ts), on either front.
 */
import { AppError, errorMessage } from '../../../errors.js';
import { needsStatusPassword, STATUS_LISTEN, StatusPassword } from '../../answers/finish.js';
import { handledBlogs, type SetupAnswers } from '../../answers/index.js';
import { readAnswer } from '../../answers/read.js';
import { answersOf } from '../../draft.js';
import type { FinishResult } from '../../engine.js';
import { finishFailure, SetupFinishError } from '../../finish-error.js';
import { renderDonePage, renderFinishPage } from '../views/finish.js';
import type { SetupStep, SetupWebDeps } from './step.js';

export const finishStep: SetupStep = {
  path: '/finish',
  // Never answered in the draft: once it is, the setup is over.
  done: () => false,
  get(ctx) {
    if (!ctx.ready()) return ctx.next();
    const needsPassword = needsStatusPassword(ctx.deps.defaults.status.host);
    ctx.send(200, renderFinishPage(ctx.view(), { blogs: handledBlogs(ctx.draft), needsPassword }));
  },
  async post(ctx) {
    const { body, deps, draft, state } = ctx;
    if (!ctx.ready()) return ctx.next();
    const view = ctx.view();
    const blogs = handledBlogs(draft);
    const needsPassword = needsStatusPassword(deps.defaults.status.host);
    const password = needsPassword ? readAnswer(StatusPassword, body.password ?? '') : undefined;
    if (password && !password.ok) {
      const error = password.problem[view.t.language];
      return ctx.send(422, renderFinishPage(view, { blogs, needsPassword, error }));
    }
    const answers = answersOf(draft, {
      status: { ...deps.defaults.status, ...(password?.ok ? { password: password.value } : {}) },
      ...(deps.defaults.redis ? { redis: deps.defaults.redis } : {}),
      agent: (blog) => body[`agent-${blog.id}`] === 'on',
    });
    if (!answers) return ctx.next();
    const failedPage = (failure: SetupFinishError): void => {
      deps.log.error({ err: errorMessage(failure.cause), stage: failure.stage }, 'setup: the finish failed');
      // What is on disk decides the sentence: "not saved" only when nothing usable was written.
      const error = failure.text[view.t.language];
      ctx.send(500, renderFinishPage(view, { blogs, needsPassword, error }));
    };
    const dataDir = deps.engine.dataDir;
    // Claimed before the first await: a second browser (or a double click) racing this one finds /setup gone
    // instead of writing the installation and starting a daemon a second time.
    state.finished = true;
    let result: FinishResult;
    try {
      result = await deps.engine.finish(answers);
    } catch (error) {
      // No daemon started: the form stays, to save again once the cause is fixed.
      state.finished = false;
      return failedPage(
        error instanceof SetupFinishError ? error : finishFailure('write', error, { dataDir }),
      );
    }
    ctx.res.set('Connection', 'close');
    let started: Awaited<ReturnType<SetupWebDeps['onFinished']>>;
    try {
      started = await deps.onFinished(result);
    } catch (error) {
      // The files are written and this process stops listening: where they are and how to start with them.
      return failedPage(finishFailure('start', error, { dataDir, written: result }));
    }
    const done = { finish: result.checks, doctor: started.doctor, configPath: result.configPath };
    ctx.send(200, renderDonePage(view, { ...done, statusUrl: started.statusUrl }));
  },
  async ask(term) {
    const { options, t, language, draft } = term;
    // The status page: a password beyond loopback.
    const host = options.statusHost ?? STATUS_LISTEN.host;
    const password = needsStatusPassword(host)
      ? await term.until(async (first) =>
          readAnswer(
            StatusPassword,
            await term.secret(
              t.t('setup.page.status_password'),
              first ? options.statusPassword : undefined,
              '--status-password',
            ),
          ),
        )
      : undefined;
    const redis: SetupAnswers['redis'] = {
      ...(options.redisUrl ? { url: options.redisUrl } : {}),
      ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}),
    };
    const answers = answersOf(draft, {
      status: { host, port: options.statusPort ?? STATUS_LISTEN.port, ...(password ? { password } : {}) },
      ...(Object.keys(redis).length > 0 ? { redis } : {}),
      agent: () => options.agent !== false,
    });
    if (!answers) throw new Error('setup: the finish was asked before the key and the intake');
    let result: FinishResult;
    try {
      result = await term.engine.finish(answers);
    } catch (error) {
      // In the setup's language, saying what was written where (src/setup/finish-error.ts).
      if (error instanceof SetupFinishError)
        throw new AppError(error.code, error.text[language], { cause: error });
      throw error;
    }
    term.showChecks(result.checks);
    term.say(t.t('setup.page.done_intro', { path: result.configPath }));
    term.finished = result;
  },
};
