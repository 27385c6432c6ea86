/**
 * "This browser gave the right password before": a cookie that exempts it from the guess limit's global slowdown
 * (guess-limit.ts), so that a guessing attack from many addresses does not lock out a blogger already logged in.
 * HTTP Basic sends the password with every request, so without it every page view during such an attack would be
 * paused as well.
 *
 * It is no login: the password is still required and compared on every request, and the per-client limit still
 * applies. Its signing key is an HMAC of the password under a random secret of this process: every such cookie
 * stops counting when the password changes or the daemon restarts (the browser gets a new one with its next
 * request), and a stolen cookie cannot be used to test password guesses offline, as it could if the key were
 * derived from the password alone (the cookie has no `Secure` flag over plain http and goes to every service of
 * the host name, whatever its port).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const KNOWN_BROWSER_COOKIE = 'pb_known';
/** How long the exemption lasts after the last time it was issued. */
export const KNOWN_BROWSER_DAYS = 30;

const PATTERN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export interface KnownBrowser {
  /** A fresh cookie value, issued now. */
  issue(nowMs: number): string;
  /** True when `value` was issued for the current password within `KNOWN_BROWSER_DAYS`. */
  verify(value: string | undefined, nowMs: number): boolean;
}

export function createKnownBrowser(password: string, secret: Buffer = randomBytes(32)): KnownBrowser {
  const key = createHmac('sha256', secret).update(`pressbridge known browser\n${password}`, 'utf8').digest();
  const sign = (issued: string): string => createHmac('sha256', key).update(issued).digest('base64url');
  const maxAgeSeconds = KNOWN_BROWSER_DAYS * 24 * 3600;
  return {
    issue(nowMs) {
      const issued = String(Math.floor(nowMs / 1000));
      return `${issued}.${sign(issued)}`;
    },
    verify(value, nowMs) {
      const match = value === undefined ? null : PATTERN.exec(value);
      if (!match?.[1] || !match[2]) return false;
      const age = nowMs / 1000 - Number(match[1]);
      return (
        age >= -60 &&
        age <= maxAgeSeconds &&
        // Both sides are 43 base64url characters (the pattern), so the lengths match.
        timingSafeEqual(Buffer.from(sign(match[1])), Buffer.from(match[2]))
      );
    },
  };
}
