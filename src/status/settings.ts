import { isIP } from 'node:net';
import { z } from 'zod';
import { ruleText } from '../config/rules.js';
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

const SHAPE = ruleText('config.rule.trust_proxy');

export const TrustProxySetting = z
  .union([z.boolean(), z.number(), z.string(), z.array(z.string())], { error: SHAPE })
  .default(false)
  .transform((value, ctx): false | number | string[] => {
    if (value === false) return false;
    if (value === true) {
      ctx.addIssue({
        code: 'custom',
        message: ruleText('config.rule.trust_proxy_true', { shape: SHAPE }),
      });
      return z.NEVER;
    }
    if (typeof value === 'number') {
      if (Number.isInteger(value) && value >= 1 && value <= 10) return value;
      ctx.addIssue({ code: 'custom', message: ruleText('config.rule.hops', { value: String(value) }) });
      return z.NEVER;
    }
    const list = (typeof value === 'string' ? value.split(',') : value).map((e) => e.trim()).filter(Boolean);
    const bad = list.filter((e) => !isProxyAddress(e));
    if (list.length === 0 || list.length > 50 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          bad.length > 0
            ? ruleText('config.rule.proxy_address', {
                names: PROXY_NAMES.join(', '),
                bad: bad.slice(0, 5).join(', '),
              })
            : ruleText('config.rule.proxy_count', { shape: SHAPE }),
      });
      return z.NEVER;
    }
    return list;
  });
export type TrustProxySetting = z.output<typeof TrustProxySetting>;

const HOSTS_SHAPE = ruleText('config.rule.hosts.shape');

/**
 * `status.hosts` (`PRESSBRIDGE_STATUS_HOSTS`): the names the status page and the setup page answer to besides the
 * loopback ones (./hosts.ts): the name a browser uses to reach them (a LAN name, a reverse proxy's public name).
 * Any other `Host` is refused before a page is read or a password or token is tried. Stored canonical (lower
 * case, no port, no trailing dot).
 */
export const StatusHostsSetting = z
  .union([z.string(), z.array(z.string())], { error: ruleText('config.rule.hosts') })
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
            ? ruleText('config.rule.not_host', { bad: bad.slice(0, 5).join(', '), shape: HOSTS_SHAPE })
            : ruleText('config.rule.hosts_at_most_20', { shape: HOSTS_SHAPE }),
      });
      return z.NEVER;
    }
    return [...new Set(names.flatMap((n) => n.name ?? []))];
  });

const PUBLIC_URL_SHAPE = ruleText('config.rule.public_url.shape');

/**
 * `status.publicUrl`: where the blogger opens the status page from elsewhere (a phone): the reverse proxy's
 * https address. Notifications link there (`<publicUrl>/deals/<id>`) instead of the listener's loopback address,
 * which no phone reaches, and its host name is answered to as if named in `status.hosts` (one name, written
 * once). The page's links are absolute (`/deals/1`), so it needs a host name of its own: a path is refused.
 * Stored as the origin with one `/`.
 */
export const StatusPublicUrlSetting = z
  .string({ error: ruleText('config.rule.public_url') })
  .optional()
  .transform((value, ctx): string | undefined => {
    if (value === undefined) return undefined;
    let url: URL;
    try {
      url = new URL(value.trim());
    } catch {
      const message = ruleText('config.rule.public_url.not_url', { shape: PUBLIC_URL_SHAPE });
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const problem =
      url.protocol !== 'https:' && url.protocol !== 'http:'
        ? 'config.rule.public_url.scheme'
        : url.username !== '' || url.password !== ''
          ? 'config.rule.public_url.credentials'
          : url.search !== '' || url.hash !== ''
            ? 'config.rule.public_url.query'
            : url.pathname !== '/'
              ? 'config.rule.public_url.path'
              : canonicalHost(url.host) === undefined
                ? 'config.rule.public_url.host'
                : undefined;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: ruleText(problem, { shape: PUBLIC_URL_SHAPE }) });
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
