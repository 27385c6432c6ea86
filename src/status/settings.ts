import { isIP } from 'node:net';
import { z } from 'zod';
import { canonicalHost } from './hosts.js';

/**
 * `status.trustProxy`: whose `X-Forwarded-For` / `X-Forwarded-Proto` / `X-Forwarded-Host` the status page
 * believes (express's `trust proxy`). That decides the client address the password-guess limit counts, and
 * whether the page knows it is served over HTTPS (Secure cookies).
 *
 * - `false` (default): nobody's. The client is the socket's peer. Right for the SSH tunnel and for any TCP
 *   pass-through (stunnel, haproxy in TCP mode), where a forwarded header would be written by the client itself.
 * - a list of the reverse proxy's addresses or CIDR ranges (`172.18.0.1`, `172.16.0.0/12`, `::1`, or express's
 *   names `loopback`, `linklocal`, `uniquelocal`): headers are believed from those hops only. A comma-separated
 *   string is read as a list.
 * - a hop count (1–10): the client is that many hops back in `X-Forwarded-For`, whoever the peer is. Only when
 *   every connection certainly passes that many proxies that each append to the header.
 *
 * `true` (believe anyone) is refused: it would let every client choose its own address.
 */
export const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of express's names. */
export function isProxyAddress(entry: string): boolean {
  if ((PROXY_NAMES as readonly string[]).includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (family === 4 && isIP(prefix) === 4) return true; // 10.0.0.0/255.0.0.0
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const HOPS = 'a hop count is a whole number from 1 to 10 (false for none)';
const SHAPE =
  'must be false, a list of the reverse proxy addresses or CIDR ranges (e.g. ["172.18.0.1"]) or a hop count (1–10)';

export const TrustProxySetting = z
  .union([z.boolean(), z.number(), z.string(), z.array(z.string())], { error: SHAPE })
  .default(false)
  .transform((value, ctx): false | number | string[] => {
    if (value === false) return false;
    if (value === true) {
      ctx.addIssue({
        code: 'custom',
        message: `true would believe X-Forwarded-For from any client, so every guesser could choose its own address; ${SHAPE}`,
      });
      return z.NEVER;
    }
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 1 && value <= 10) return value;
      ctx.addIssue({ code: 'custom', message: `${HOPS}, found ${value}` });
      return z.NEVER;
    }
    const list = (typeof value === 'string' ? value.split(',') : value).map((e) => e.trim()).filter(Boolean);
    const bad = list.filter((e) => !isProxyAddress(e));
    if (list.length === 0 || list.length > 50 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          bad.length > 0
            ? `not an IP address, CIDR range or one of ${PROXY_NAMES.join(', ')}: ${bad.slice(0, 5).join(', ')}`
            : `the list needs 1 to 50 proxy addresses; ${SHAPE}`,
      });
      return z.NEVER;
    }
    return list;
  });
export type TrustProxySetting = z.output<typeof TrustProxySetting>;

const HOSTS_SHAPE = 'a list of host names (or a comma-separated string), e.g. ["status.blog.example.cz"]';

/**
 * `status.hosts` (`PRESSBRIDGE_STATUS_HOSTS`): the names the status page and the setup page answer to besides the
 * loopback ones (./hosts.ts): the name a browser uses to reach them (a LAN name, a reverse proxy's public name).
 * Any other `Host` is refused before a page is read or a password or token is tried. Stored canonical (lower
 * case, no port, no trailing dot).
 */
export const StatusHostsSetting = z
  .union([z.string(), z.array(z.string())], { error: `must be ${HOSTS_SHAPE}` })
  .default([])
  .transform((value, ctx): string[] => {
    const list = (typeof value === 'string' ? value.split(',') : value).map((e) => e.trim()).filter(Boolean);
    const names = list.map((entry) => ({ entry, name: canonicalHost(entry) }));
    const bad = names.filter((n) => n.name === undefined).map((n) => n.entry);
    if (bad.length > 0 || list.length > 20) {
      ctx.addIssue({
        code: 'custom',
        message:
          bad.length > 0
            ? `not a host name: ${bad.slice(0, 5).join(', ')}; ${HOSTS_SHAPE}`
            : `at most 20 names; ${HOSTS_SHAPE}`,
      });
      return z.NEVER;
    }
    return [...new Set(names.flatMap((n) => n.name ?? []))];
  });

const PUBLIC_URL_SHAPE =
  'the address you open the page at from elsewhere, e.g. https://status.blog.example.cz/';

/**
 * `status.publicUrl`: where the blogger opens the status page from elsewhere (a phone): the reverse proxy's
 * https address. Notifications link there (`<publicUrl>/deals/<id>`) instead of the listener's loopback address,
 * which no phone reaches, and its host name is answered to as if named in `status.hosts` (one name, written
 * once). The page's links are absolute (`/deals/1`), so it needs a host name of its own: a path is refused.
 * Stored as the origin with one `/`.
 */
export const StatusPublicUrlSetting = z
  .string({ error: `must be ${PUBLIC_URL_SHAPE}` })
  .optional()
  .transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      ctx.addIssue({ code: 'custom', message: `not a URL; ${PUBLIC_URL_SHAPE}` });
      return z.NEVER;
    }
    const problem =
      url.protocol !== 'https:' && url.protocol !== 'http:'
        ? 'must start with https:// (or http://)'
        : url.username !== '' || url.password !== ''
          ? 'must not hold a user name or password (the page asks for status.password itself)'
          : url.search !== '' || url.hash !== ''
            ? 'must not hold a query or a fragment'
            : url.pathname !== '/'
              ? 'must be a host name of its own, without a path: the page links /deals/1 from the root'
              : canonicalHost(url.host) === undefined
                ? 'its host is not a host name'
                : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `${problem}; ${PUBLIC_URL_SHAPE}` });
      return z.NEVER;
    }
    return `${url.origin}/`;
  });

/** The names the status page answers to besides the loopback ones: `status.hosts` and `status.publicUrl`'s. */
export function statusHostNames(status: {
  hosts: readonly string[];
  publicUrl?: string | undefined;
}): string[] {
  const own = status.publicUrl === undefined ? undefined : canonicalHost(new URL(status.publicUrl).host);
  return [...new Set([...status.hosts, ...(own === undefined ? [] : [own])])];
}
