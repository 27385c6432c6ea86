/**
 * Access control and request integrity of the status page.
 *
 * - Password: HTTP Basic, any user name, the password compared in constant time (both sides hashed first, so
 *   the comparison never depends on lengths). Basic and not a `?token=`: credentials never land in URLs,
 *   browser history, Referer headers or proxy logs; every browser, curl and Prometheus speak it; and the page
 *   keeps no session. Over a network it must run behind TLS (a reverse proxy), as any password would.
 * - Password guesses are limited per client and globally (guess-limit.ts, applied in access-control.ts).
 * - Without a password the page answers only requests addressed to a loopback name (`localhost`, `127.x.x.x`,
 *   `[::1]`, in any spelling: hosts.ts) or a configured name (`status.hosts`) that carry no reverse-proxy header.
 *   That defeats DNS rebinding (a web page whose name suddenly resolves to 127.0.0.1) and a reverse proxy that
 *   would publish a password-less page. With a password, a request addressed to another name spends its own
 *   guesses only (hosts.ts `hostScope`), never those of the owner on a loopback or configured name.
 * - CSRF: a signed double-submit token. A random cookie `pb_csrf` (HttpOnly, SameSite=Strict) and, in every
 *   form, HMAC(cookieSecret, cookie value): a POST must carry both and they must match. Browsers that send
 *   `Sec-Fetch-Site` or `Origin` must also say the request comes from this very origin.
 * - Flash messages travel in a short-lived signed cookie, so a crafted link cannot show a fake message.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export const CSRF_COOKIE = 'pb_csrf';
export const FLASH_COOKIE = 'pb_flash';
export const CSRF_FIELD = 'csrf';

/** Headers on every answer, pages and errors alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; connect-src 'none'; " +
    "form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  // Not `no-referrer`: with it Chromium sends `Origin: null` on the page's own form posts. Links out carry
  // rel="noreferrer" and `same-origin` sends nothing to other sites anyway.
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

export function securityHeaders(): RequestHandler {
  return (_req, res, next) => {
    res.set(SECURITY_HEADERS);
    next();
  };
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Constant-time equality of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(sha256(a), sha256(b));
}

/** The password of an `Authorization: Basic …` header (the user name is ignored), if there is one. */
export function basicPassword(header: string | undefined): string | undefined {
  const match = header ? /^\s*basic\s+([A-Za-z0-9+/=._-]+)\s*$/i.exec(header) : null;
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

/** The request's cookies (no dependency: the page sets only two, with plain values). */
export function readCookies(req: Request): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name && !out.has(name)) out.set(name, value);
  }
  return out;
}

export interface CookieSigner {
  /** base64url HMAC of `purpose` and `value`. */
  sign(purpose: string, value: string): string;
  verify(purpose: string, value: string, signature: string): boolean;
}

export function createCookieSigner(secret: Buffer = randomBytes(32)): CookieSigner {
  const sign = (purpose: string, value: string): string =>
    createHmac('sha256', secret).update(`${purpose}\n${value}`).digest('base64url');
  return {
    sign,
    verify: (purpose, value, signature) => safeEqual(sign(purpose, value), signature),
  };
}

export interface CookieContext {
  /** The mount path, for the cookies' `Path`. */
  path: string;
}

/**
 * `Path`, `HttpOnly`, `SameSite=Strict`, `Max-Age` and, over TLS, `Secure`: every cookie the page sets. `Lax` only
 * for a cookie that must come back on a top-level navigation from another site (the setup's WordPress return).
 */
export function cookieAttributes(
  req: Request,
  context: CookieContext,
  maxAgeSeconds: number,
  sameSite: 'Strict' | 'Lax' = 'Strict',
): string {
  // `Secure` when the page is served over TLS (directly, or by a trusted proxy that says so).
  return `Path=${context.path}; HttpOnly; SameSite=${sameSite}; Max-Age=${maxAgeSeconds}${req.secure ? '; Secure' : ''}`;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The CSRF token for this request's forms: the signature of the `pb_csrf` cookie, which is set (for a year:
 * the signature key changes with every process anyway) when the browser does not have one yet.
 */
export function csrfToken(req: Request, res: Response, signer: CookieSigner, context: CookieContext): string {
  let value = readCookies(req).get(CSRF_COOKIE);
  if (!value || !TOKEN_PATTERN.test(value)) {
    value = randomBytes(18).toString('base64url');
    res.append('Set-Cookie', `${CSRF_COOKIE}=${value}; ${cookieAttributes(req, context, 365 * 24 * 3600)}`);
  }
  return signer.sign('csrf', value);
}

/** `host[:port]` of an Origin header; undefined for `null` or garbage. */
function originHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}

/** Why a form was refused: a code for the page's message, the reason in English for the log. */
export type CsrfRefusal = 'cross_site' | 'cross_origin' | 'missing' | 'mismatch';
export type CsrfVerdict = { ok: true } | { ok: false; code: CsrfRefusal; reason: string; site?: string };

/** Checks a state-changing request: same origin (when the browser says) and the signed double-submit token. */
export function checkCsrf(req: Request, signer: CookieSigner): CsrfVerdict {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') {
    return {
      ok: false,
      code: 'cross_site',
      reason: `the request came from another site (Sec-Fetch-Site: ${site})`,
      site,
    };
  }
  const origin = req.headers.origin;
  // `Origin: null` (privacy settings, no-referrer policies) proves nothing either way; the browser's own
  // Sec-Fetch-Site then has to vouch for the request.
  const vouched = origin === 'null' && site === 'same-origin';
  if (origin !== undefined && !vouched && originHost(origin) !== req.host) {
    return { ok: false, code: 'cross_origin', reason: 'the request came from another origin' };
  }
  const cookie = readCookies(req).get(CSRF_COOKIE);
  const body: unknown = req.body;
  const field = body && typeof body === 'object' ? (body as Record<string, unknown>)[CSRF_FIELD] : undefined;
  if (!cookie || !TOKEN_PATTERN.test(cookie) || typeof field !== 'string' || field.length > 100) {
    return { ok: false, code: 'missing', reason: 'the form token is missing' };
  }
  if (!signer.verify('csrf', cookie, field)) {
    return {
      ok: false,
      code: 'mismatch',
      reason: 'the form token does not match (was pressbridge restarted?)',
    };
  }
  return { ok: true };
}

export interface Flash {
  ok: boolean;
  message: string;
}

export function setFlash(
  req: Request,
  res: Response,
  flash: Flash,
  signer: CookieSigner,
  context: CookieContext,
): void {
  const value = Buffer.from(JSON.stringify({ ok: flash.ok, message: flash.message.slice(0, 500) })).toString(
    'base64url',
  );
  const signed = `${value}.${signer.sign('flash', value)}`;
  res.append('Set-Cookie', `${FLASH_COOKIE}=${signed}; ${cookieAttributes(req, context, 120)}`);
}

/** The flash message left by the last action, if any; it is shown once (the cookie is cleared). */
export function takeFlash(
  req: Request,
  res: Response,
  signer: CookieSigner,
  context: CookieContext,
): Flash | undefined {
  const raw = readCookies(req).get(FLASH_COOKIE);
  if (raw === undefined) return undefined;
  res.append('Set-Cookie', `${FLASH_COOKIE}=; ${cookieAttributes(req, context, 0)}`);
  const [value, signature] = raw.split('.');
  if (!value || !signature || !signer.verify('flash', value, signature)) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as Flash).ok === 'boolean' &&
      typeof (parsed as Flash).message === 'string'
    ) {
      return { ok: (parsed as Flash).ok, message: (parsed as Flash).message };
    }
  } catch {
    // a damaged cookie shows nothing
  }
  return undefined;
}

/** Wraps a handler so that it runs only for requests that pass `checkCsrf`. */
export function requireCsrf(
  signer: CookieSigner,
  refuse: (res: Response, verdict: Extract<CsrfVerdict, { ok: false }>) => void,
): (req: Request, res: Response, next: NextFunction) => void {
  return (req, res, next) => {
    const verdict = checkCsrf(req, signer);
    if (verdict.ok) next();
    else refuse(res, verdict);
  };
}
