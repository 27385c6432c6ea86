/**
 * Who may see the status page: the password (with the guess limit) when one is set, else direct requests to a
 * loopback name. The reasons are in security.ts's header; the limit's numbers in guess-limit.ts.
 *
 * The client address the guess limit counts is `req.ip`: the socket's peer unless `status.trustProxy` names the
 * reverse proxy in front (then the address that proxy saw, from `X-Forwarded-For`). Off by default, because a
 * header is only as trustworthy as the hop that wrote it: behind a TCP pass-through (stunnel, haproxy in TCP
 * mode, `ssh -L`) every client arrives from loopback and would choose its own address.
 */
import type { RequestHandler, Response } from 'express';
import { type Clock, systemClock } from '../clock.js';
import type { Translator } from '../i18n/index.js';
import { createGuessLimiter, type GuessLimiter } from './guess-limit.js';
import { allowedHostSet, hostScope, isAllowedHost } from './hosts.js';
import { createKnownBrowser, KNOWN_BROWSER_COOKIE, KNOWN_BROWSER_DAYS } from './known-browser.js';
import { basicPassword, cookieAttributes, readCookies, safeEqual } from './security.js';

export interface AccessOptions {
  password: string | undefined;
  /** Names the page answers to besides the loopback ones (`status.hosts`). */
  allowedHosts: readonly string[];
  /** The page's language, for the refusal pages' texts. */
  t: Translator;
  /** Renders the refusal pages (401, 403 and 429) in the page's own look. */
  refuse(res: Response, status: 401 | 403 | 429, title: string, message: string): void;
  /** The mount path, for the known-browser cookie's `Path` (default `/`). */
  cookiePath?: string;
  /** Wrong passwords per client address and overall (default: see guess-limit.ts). */
  guesses?: GuessLimiter;
  clock?: Clock;
}

/**
 * Headers a reverse proxy adds: without a password such a request is refused even when the proxy kept the
 * loopback Host, since the page would then be published to whoever reaches the proxy. (A proxy that adds none
 * of them and rewrites Host to 127.0.0.1 cannot be told from a local browser: the README says to set a password.)
 */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'] as const;

/**
 * Password when one is set (a wrong one counted per client and per host name: hosts.ts `hostScope`); else direct
 * requests to loopback (or explicitly allowed) host names only.
 */
export function accessControl(options: AccessOptions): RequestHandler {
  const allowed = allowedHostSet(options.allowedHosts);
  const guesses = options.guesses ?? createGuessLimiter();
  const clock = options.clock ?? systemClock;
  const known = options.password === undefined ? undefined : createKnownBrowser(options.password);
  const cookies = { path: options.cookiePath || '/' };
  const { t } = options;
  return (req, res, next) => {
    if (options.password !== undefined && known) {
      const given = basicPassword(req.headers.authorization);
      if (given !== undefined) {
        // req.ip follows `trust proxy` (status.trustProxy): the socket's peer unless a configured proxy vouches.
        const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
        const cookie = readCookies(req).get(KNOWN_BROWSER_COOKIE);
        const trusted = known.verify(cookie, clock.now().getTime());
        // A page that rebinds its own name to this machine guesses in a bucket of its own, not the owner's.
        const scope = hostScope(req.headers.host, allowed);
        const block = guesses.blocked(client, { trusted, scope });
        if (block) {
          const seconds = Math.ceil(block.waitMs / 1000);
          res.set('Retry-After', String(seconds));
          const key =
            block.scope === 'client' ? 'status.access.too_many_text' : 'status.access.slowdown_text';
          options.refuse(res, 429, t.t('status.access.too_many'), t.t(key, { seconds }));
          return;
        }
        if (safeEqual(given, options.password)) {
          if (!trusted) {
            const value = known.issue(clock.now().getTime());
            const maxAge = KNOWN_BROWSER_DAYS * 24 * 3600;
            res.append(
              'Set-Cookie',
              `${KNOWN_BROWSER_COOKIE}=${value}; ${cookieAttributes(req, cookies, maxAge)}`,
            );
          }
          next();
          return;
        }
        guesses.failed(client, scope);
      }
      res.set('WWW-Authenticate', 'Basic realm="pressbridge status", charset="UTF-8"');
      options.refuse(res, 401, t.t('status.access.password'), t.t('status.access.password_text'));
      return;
    }
    const proxied = PROXY_HEADERS.some((name) => req.headers[name] !== undefined);
    if (!proxied && isAllowedHost(req.headers.host, allowed)) {
      next();
      return;
    }
    options.refuse(res, 403, t.t('status.access.host'), t.t('status.access.host_text'));
  };
}
