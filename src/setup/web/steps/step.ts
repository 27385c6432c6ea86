/**
 * One step of the setup, asked by both fronts over the one draft: its page (`get`, `post`) below /setup, and its
 * questions in `pressbridge setup` (`ask`). What an answer is, and every refusal, is the step's schema in the
 * engine (src/setup/answers/); a step only asks, reads with that schema and keeps the answer in the draft.
 * `STEPS` (./index.ts) gives the order: the router mounts them in it, `nextStep` is the first one not `done`,
 * the terminal asks them in it. Adding a step is one file here and one line there (docs/architecture.md).
 */
import type { Request, Response } from 'express';
import type { Check } from '../../../checks.js';
import type { Logger } from '../../../logger.js';
import type { SafeHtml } from '../../../status/html.js';
import type { ViewContext } from '../../../status/views/layout.js';
import type { SetupAnswers } from '../../answers/index.js';
import type { SetupDraft } from '../../draft.js';
import type { FinishResult, SetupEngine } from '../../engine.js';
import type { TerminalContext } from '../../terminal-context.js';
import type { Body, SetupGuard } from '../guard.js';

/** What the page does not ask: the listeners (the status page keeps the setup's address), Redis, a proposed API. */
export type SetupDefaults = Pick<SetupAnswers, 'status'> &
  Partial<Pick<SetupAnswers, 'redis'>> & {
    baseUrl?: string;
    webhookListen?: { host: string; port: number };
    /** The webhook port the intake step proposes (PRESSBRIDGE_WEBHOOK_PORT, `start --webhook-port`). */
    webhookPort?: number;
  };

export interface SetupWebDeps {
  engine: SetupEngine;
  log: Logger;
  defaults: SetupDefaults;
  /** The installation is written: start the daemon; resolves with doctor's checks and the status page URL. */
  onFinished(result: FinishResult): Promise<{ doctor: Check[]; statusUrl: string }>;
}

/** One request to a step's page. */
export interface StepContext {
  readonly req: Request;
  readonly res: Response;
  readonly draft: SetupDraft;
  readonly deps: SetupWebDeps;
  readonly guard: SetupGuard;
  /** The form's fields, each trimmed (empty for a GET). */
  readonly body: Body;
  /** Which of the step's `forms` was sent ('wordpress/paste'); '' for the step's own page. */
  readonly action: string;
  /** Set once the finish claimed the setup: every /setup path is 404 from then on. */
  readonly state: { finished: boolean };
  /** Every step before this one is answered. */
  ready(): boolean;
  /** The page's view context, in the draft's language. */
  view(): ViewContext;
  send(status: number, page: SafeHtml): void;
  /** 303 to the first step not answered yet. */
  next(): void;
  /** 303 to a page below /setup (`/blog/2`). */
  redirect(path: string): void;
}

export interface SetupStep {
  /** Its page below /setup, an express path (`/key`, `/blog/:id`); its forms post there or below. */
  readonly path: string;
  /** Answered: the setup goes past it. */
  done(draft: SetupDraft): boolean;
  /** The page of its first open question, when that is not `path` itself (`/blog/2`). */
  at?(draft: SetupDraft): string;
  /** Its forms besides its page's own, each posted to `<path>/<form>` (`wordpress/paste`). */
  readonly forms?: readonly string[];
  get(ctx: StepContext): void | Promise<void>;
  /** A form sent: its page's own, or one of `forms` (`ctx.action`). */
  post(ctx: StepContext): void | Promise<void>;
  /**
   * A page that carries its own proof and is served before the token check (WordPress sending the browser back
   * from another site, without our cookies): its path below /setup and its handler.
   */
  readonly callback?: { path: string; get(ctx: StepContext): void | Promise<void> };
  /** The same questions in the terminal, answered into the same draft. */
  ask(term: TerminalContext): Promise<void>;
}
