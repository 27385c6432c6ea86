/**
 * Who may act on /setup: whoever entered the one-time setup token (compared in constant time), remembered in an
 * HttpOnly SameSite=Strict cookie signed with a key of this process; every POST also passes the status page's
 * CSRF check (same origin, signed double-submit token). Without the token every /setup request but the token
 * form itself is refused with 403 and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { type Clock, systemClock } from '../../clock.js';
import type { Language } from '../../i18n/index.js';
import { createTranslator, LANGUAGES } from '../../i18n/index.js';
import { createGuessLimiter, type GuessLimiter } from '../../status/guess-limit.js';
import type { SafeHtml } from '../../status/html.js';
import {
  type CookieContext,
  checkCsrf,
  cookieAttributes,
  createCookieSigner,
  csrfToken,
  readCookies,
  safeEqual,
} from '../../status/security.js';
import type { ViewContext } from '../../status/views/layout.js';
import { VERSION } from '../../version.js';
import { messagePage } from './views/page.js';

export const SETUP_COOKIE = 'pb_setup';
/** The browser's nonce for WordPress's return (SameSite=Lax: see `browserState`). */
const WP_COOKIE = 'pb_setup_wp';
const NONCE = /^[A-Za-z0-9_-]{24}$/;

export interface SetupGuard {
  /** True when the request carries the cookie that the token was entered. */
  holdsToken(req: Request): boolean;
  /** The CSRF check alone (the token form, before the cookie exists). */
  csrfValid(req: Request): boolean;
  /** Checks a typed token; on success sets the cookie. */
  grant(req: Request, res: Response, typed: string): boolean;
  /** Middleware: 403 (nothing changed) without the token cookie, and for a POST without a valid CSRF token. */
  require(language: () => Language): (req: Request, res: Response, next: NextFunction) => void;
  view(req: Request, res: Response, language: Language): ViewContext;
  send(res: Response, status: number, page: SafeHtml): void;
  /**
   * The `state` of WordPress's return to this browser: a signature of a random value kept in this browser's
   * SameSite=Lax cookie (WordPress's redirect is a top-level navigation from another site, so the Strict cookies
   * stay behind but a Lax one comes along). Someone who learns the state (a log on the WordPress site) cannot use
   * it from another browser.
   */
  browserState(req: Request, res: Response): string;
  /** Whether `state` is the one `browserState` gave this browser. */
  browserStateValid(req: Request, state: string): boolean;
  /** A random value bound to this process, for the WordPress callback (which arrives without our cookies). */
  sign(purpose: string, value: string): string;
  verify(purpose: string, value: string, signature: string): boolean;
}

export function languageOf(value: unknown, fallback: Language): Language {
  return LANGUAGES.find((l) => l === value) ?? fallback;
}

/**
 * Wrong tokens: the status page's guess limiter (src/status/guess-limit.ts), per client (an address, an IPv6
 * /64): 10 in 10 minutes, then that client's tries are not even compared until the window frees one; and across
 * clients a short global pause once 100 arrive within the window. A page reachable beyond loopback can then not be locked
 * for its owner by one stranger's wrong tries (the token has ~60 bits; one of one's own at least 12 characters).
 */
const TOKEN_GUESSES = { maxFailures: 10, windowMs: 10 * 60_000, globalMaxFailures: 100, slowdownMs: 5_000 };

export function createSetupGuard(
  token: string,
  options: { guesses?: GuessLimiter; clock?: Clock } = {},
): SetupGuard {
  const signer = createCookieSigner();
  const clock = options.clock ?? systemClock;
  const guesses = options.guesses ?? createGuessLimiter({ ...TOKEN_GUESSES, clock });
  const cookies: CookieContext = { path: '/' };
  const granted = signer.sign('setup', 'granted');
  const send = (res: Response, status: number, page: SafeHtml): void => {
    res.status(status).type('html').set('Cache-Control', 'no-store').send(page.value);
  };
  const view = (req: Request, res: Response, language: Language): ViewContext => ({
    base: '',
    now: clock.now(),
    timeZone: undefined,
    version: VERSION,
    marketplaceName: 'setup',
    blogNames: new Map(),
    csrf: csrfToken(req, res, signer, cookies),
    t: createTranslator(language),
  });
  const holdsToken = (req: Request): boolean => safeEqual(readCookies(req).get(SETUP_COOKIE) ?? '', granted);
  const refuse = (req: Request, res: Response, language: Language): void => {
    const ctx = view(req, res, language);
    send(res, 403, messagePage(ctx, ctx.t.t('setup.page.token_needed')));
  };
  return {
    holdsToken,
    csrfValid: (req) => checkCsrf(req, signer).ok,
    grant(req, res, typed) {
      const client = req.socket.remoteAddress ?? 'unknown';
      if (guesses.blocked(client)) return false;
      if (!safeEqual(typed.trim(), token)) {
        guesses.failed(client);
        return false;
      }
      res.append('Set-Cookie', `${SETUP_COOKIE}=${granted}; ${cookieAttributes(req, cookies, 24 * 3600)}`);
      return true;
    },
    require: (language) => (req, res, next) => {
      if (!holdsToken(req)) return refuse(req, res, language());
      if (req.method === 'POST' && !checkCsrf(req, signer).ok) return refuse(req, res, language());
      next();
    },
    view,
    send,
    browserState(req, res) {
      let nonce = readCookies(req).get(WP_COOKIE);
      if (!nonce || !NONCE.test(nonce)) {
        nonce = randomBytes(18).toString('base64url');
        res.append('Set-Cookie', `${WP_COOKIE}=${nonce}; ${cookieAttributes(req, cookies, 3600, 'Lax')}`);
      }
      return signer.sign('wp-state', nonce);
    },
    browserStateValid(req, state) {
      const nonce = readCookies(req).get(WP_COOKIE);
      return nonce !== undefined && NONCE.test(nonce) && signer.verify('wp-state', nonce, state);
    },
    sign: (purpose, value) => signer.sign(purpose, value),
    verify: (purpose, value, signature) => signer.verify(purpose, value, signature),
  };
}

export type Body = Record<string, string | undefined>;

export function bodyOf(req: Request): Body {
  const body: unknown = req.body;
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? v.trim() : undefined,
    ]),
  );
}
