/**
 * What every status route shares: the view context (CSRF token and flash for pages with forms), sending a page
 * through the secret masker, the error page, and reads bounded by a timeout (a hung Redis gives the 503 page or a
 * "not available" card, never a hung request).
 */
import type { NextFunction, Request, Response } from 'express';
import { type Clock, systemClock } from '../../clock.js';
import { configIssue } from '../../config/issues.js';
import { ConfigError, errorMessage, errorPhrase, type Phrase } from '../../errors.js';
import {
  createTranslator,
  DEFAULT_LANGUAGE,
  MESSAGES,
  type MessageKey,
  type Translator,
} from '../../i18n/index.js';
import type { Logger } from '../../logger.js';
import { networkReasonPhrase } from '../../network-reason.js';
import { scrubPhrase, scrubText } from '../../redact.js';
import { isRedisUnavailable } from '../../redis/outage.js';
import { TimeoutError, withTimeout } from '../../timeout.js';
import { parsePositiveInt } from '../format.js';
import type { SafeHtml } from '../html.js';
import { createSecretMasker } from '../redact.js';
import {
  type CookieContext,
  type CookieSigner,
  type CsrfRefusal,
  createCookieSigner,
  csrfToken,
  requireCsrf,
  takeFlash,
} from '../security.js';
import type { Sourced, StatusDeps } from '../types.js';
import { renderError } from '../views/error-page.js';
import type { ViewContext } from '../views/layout.js';

/** `/status/` → `/status`; `/` and '' → ''. */
export function normalizeBasePath(basePath: string | undefined): string {
  const trimmed = (basePath ?? '').trim().replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(trimmed)) {
    const said = { key: 'config.status.base_path', params: { path: String(basePath) } };
    throw new ConfigError([configIssue('status.basePath', said)]);
  }
  return trimmed;
}

/**
 * Why a source could not be read, for the blogger: the error's own phrase (a marketplace error, a network reason
 * in an error of ours), Redis out of reach (ioredis's words), a network code, else a plain sentence with the
 * error's English after it. Scrubbed: the page shows it.
 */
export function sourceErrorSaid(error: unknown): Phrase {
  const own = errorPhrase(error);
  if (own !== undefined) return scrubPhrase(own);
  if (isRedisUnavailable(error)) return { key: 'status.source.redis_down' };
  const network = networkReasonPhrase(error);
  if (typeof network === 'object' && network.key !== 'net.no_answer') return network;
  return { key: 'status.source.failed', params: { detail: scrubText(errorMessage(error)) } };
}

/** Why a form was refused, as the blogger reads it. */
const CSRF_REASONS: Readonly<Record<CsrfRefusal, MessageKey>> = {
  cross_site: 'status.csrf.cross_site',
  cross_origin: 'status.csrf.cross_origin',
  missing: 'status.csrf.missing',
  mismatch: 'status.csrf.mismatch',
};

export interface PageKit {
  base: string;
  clock: Clock;
  password: string | undefined;
  signer: CookieSigner;
  cookies: CookieContext;
  mask: (page: string) => string;
  timeoutMs: number;
  blogNames: ReadonlyMap<number, string>;
  log: Logger;
  /** The page's language (`StatusDeps.language`): every text a route writes goes through it. */
  t: Translator;
  viewContext(req: Request, res: Response, forms: boolean): ViewContext;
  send(res: Response, status: number, page: SafeHtml): void;
  /** The error page; `title` and `message` are already in the page's language (`kit.t`). */
  fail(req: Request, res: Response, status: number, title: string, message: string): void;
  /** A read for one card: its value, or why there is none (in the page's language). */
  source<T>(what: MessageKey, read: () => Promise<T>, ms?: number): Promise<Sourced<T>>;
  read<T>(what: MessageKey, promise: Promise<T>): Promise<T>;
  /**
   * An error as one line, scrubbed, in `translator`'s language (default the page's): a timeout names its source,
   * anything else is worded by `sourceErrorSaid`.
   */
  describe(error: unknown, translator?: Translator): string;
  /** The `:id` of the request, or undefined after sending the 400 page. */
  dealIdOf(req: Request, res: Response): number | undefined;
  /** Every POST's guard: the form token of this page (../security.ts), else the 403 page that says why. */
  requireForm: (req: Request, res: Response, next: NextFunction) => void;
}

export function createPageKit(deps: StatusDeps): PageKit {
  const base = normalizeBasePath(deps.basePath);
  const clock = deps.clock ?? systemClock;
  const password = deps.password ? deps.password : undefined;
  const signer = createCookieSigner(deps.cookieSecret);
  const cookies: CookieContext = { path: base || '/' };
  const mask = deps.secretValues ? createSecretMasker(deps.secretValues) : (page: string) => page;
  const timeoutMs = deps.sourceTimeoutMs ?? 3_000;
  const marketplaceName = deps.marketplaceName ?? 'marketplace';
  const blogNames = new Map((deps.blogs ?? []).map((b) => [b.id, b.name ?? String(b.id)]));
  const { log } = deps;
  const translator = createTranslator(deps.language ?? DEFAULT_LANGUAGE, deps.timeZone);

  /** The view context; `forms` issues the CSRF cookie/token and reads the flash (never for refusals). */
  function viewContext(req: Request, res: Response, forms: boolean): ViewContext {
    return {
      base,
      now: clock.now(),
      timeZone: deps.timeZone,
      version: deps.version,
      marketplaceName,
      blogNames,
      csrf: forms ? csrfToken(req, res, signer, cookies) : '',
      flash: forms ? takeFlash(req, res, signer, cookies) : undefined,
      t: translator,
    };
  }

  function send(res: Response, status: number, page: SafeHtml): void {
    res.status(status).type('html').set('Cache-Control', 'no-store').send(mask(page.value));
  }

  function fail(req: Request, res: Response, status: number, title: string, message: string): void {
    send(res, status, renderError(viewContext(req, res, false), status, title, message));
  }

  function describe(error: unknown, t: Translator = translator): string {
    if (error instanceof TimeoutError && Object.hasOwn(MESSAGES, error.what)) {
      return t.t('status.timeout', { what: t.t(error.what as MessageKey), ms: error.ms });
    }
    return t.say(sourceErrorSaid(error));
  }

  async function source<T>(what: MessageKey, read: () => Promise<T>, ms = timeoutMs): Promise<Sourced<T>> {
    try {
      return { ok: true, value: await withTimeout(read(), ms, what) };
    } catch (error) {
      return { ok: false, error: describe(error) };
    }
  }

  /** A store read for a page that cannot do without it: a hung Redis becomes the 503 page, not a hung request. */
  async function read<T>(what: MessageKey, promise: Promise<T>): Promise<T> {
    return await withTimeout(promise, timeoutMs, what);
  }

  function dealIdOf(req: Request, res: Response): number | undefined {
    const id = parsePositiveInt(req.params.id);
    if (!id.ok || id.value === undefined) {
      fail(
        req,
        res,
        400,
        translator.t('status.error.bad_deal_id'),
        translator.t('status.error.bad_deal_id_text'),
      );
      return undefined;
    }
    return id.value;
  }

  const requireForm = requireCsrf(signer, (res, verdict) => {
    log.warn(
      { reason: verdict.reason, path: res.req.path },
      'status page: refused a POST without a valid form token',
    );
    const reason = translator.t(
      CSRF_REASONS[verdict.code],
      verdict.site ? { site: verdict.site } : undefined,
    );
    fail(
      res.req,
      res,
      403,
      translator.t('status.error.form'),
      translator.t('status.error.form_text', { reason }),
    );
  });

  return {
    base,
    clock,
    password,
    signer,
    cookies,
    mask,
    timeoutMs,
    blogNames,
    log,
    t: translator,
    viewContext,
    send,
    fail,
    source,
    read,
    describe,
    dealIdOf,
    requireForm,
  };
}
