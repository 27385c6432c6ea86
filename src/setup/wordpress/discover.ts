/**
 * Finding WordPress's REST API at the address the blogger typed: `<site>/wp-json/`, then `<site>/?rest_route=/`
 * (sites without pretty permalinks), then wherever the home page's `Link: <…>; rel="https://api.w.org/"` header
 * points. Without a scheme, https first, then http. Each way it can fail gets its own check: no answer, not
 * found, blocked (401/403), a page instead of JSON; then whether the site offers Application Passwords.
 *
 * The address is anyone's (typed, or the marketplace's `blog.url`): every request and every redirect hop goes
 * through the caller's fetch, which refuses a local address unless confirmed (../address-guard.ts); an answer is
 * read up to MAX_ANSWER_BYTES while it streams; and what the site said is shown as its status and WordPress's
 * error code at most (./said.ts), never the text of its pages.
 */

import { z } from 'zod';
import { routeUrl } from '../../../plugins/wordpress/client.js';
import { unreachableReason } from '../../../plugins/wordpress/errors.js';
import { WpIndex } from '../../../plugins/wordpress/wp-schema.js';
import type { Check } from '../../checks.js';
import type { Said } from '../../errors.js';
import { BODY_LIMITS, readBodyText } from '../../http-body.js';
import { type LocalAddressError, localAddressCheck, localRefusalOf } from '../address-guard.js';
import { failed, passed } from './messages.js';
import { saidOf } from './said.js';
import type { SetupText, WordPressDiscovery } from './types.js';

export const DISCOVERY_TIMEOUT_MS = 15_000;
/** A REST index asked for five fields is a few kB; a home page is only read for its headers. */
export const MAX_ANSWER_BYTES = BODY_LIMITS.page.bytes;
/** Redirects followed per request (http → https, to www., to a folder). */
export const MAX_REDIRECTS = 5;

/** The REST index as discovery reads it: the plugin's fields plus the Application Passwords endpoint. */
const DiscoveryIndex = WpIndex.extend({
  authentication: z
    .object({
      'application-passwords': z
        .object({ endpoints: z.object({ authorization: z.string() }) })
        .optional()
        .catch(undefined),
    })
    // WordPress answers `[]` when no authentication method is listed.
    .optional()
    .catch(undefined),
});

/** What one candidate root answered. */
export type Probe =
  | { kind: 'found'; root: string; index: z.infer<typeof DiscoveryIndex> }
  | { kind: 'unreachable'; reason: Said }
  | { kind: 'local'; error: LocalAddressError }
  | { kind: 'not-found'; url: string }
  | { kind: 'blocked'; url: string; said: string }
  | { kind: 'html'; url: string; said: string };

/**
 * The bases to try for a typed address: `blog.cz` → https://blog.cz, http://blog.cz; a typed scheme is kept.
 * Undefined when it is not a web address (another scheme, credentials in it, no host).
 */
export function candidateBases(address: string): string[] | undefined {
  const typed = address.trim();
  if (typed === '' || typed.length > 2000 || /[\s<>"`]/.test(typed)) return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed);
  const parse = (text: string): URL | undefined => {
    try {
      return new URL(text);
    } catch {
      return undefined;
    }
  };
  const first = parse(hasScheme ? typed : `https://${typed}`);
  if (!first || (first.protocol !== 'https:' && first.protocol !== 'http:')) return undefined;
  if (first.username !== '' || first.password !== '' || first.hostname === '') return undefined;
  const base = (url: URL) =>
    `${url.protocol}//${url.host}${url.pathname.replace(/\/(index\.php|wp-admin\/?.*|wp-login\.php)?$/, '').replace(/\/+$/, '')}`;
  if (hasScheme) return [base(first)];
  const plain = new URL(first.toString());
  plain.protocol = 'http:';
  return [base(first), base(plain)];
}

/** Reads one answer of a candidate root. */
export function classifyAnswer(url: string, status: number, contentType: string, body: string): Probe {
  if (status === 401 || status === 403) return { kind: 'blocked', url, said: saidOf(status, body) };
  if (status === 404 || status === 410) return { kind: 'not-found', url };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    if (status >= 200 && status < 300 && /html|text\/plain/i.test(contentType)) {
      return { kind: 'html', url, said: saidOf(status, body) };
    }
    if (status >= 500) return { kind: 'unreachable', reason: saidOf(status, body) };
    return { kind: 'not-found', url };
  }
  if (status >= 500) return { kind: 'unreachable', reason: saidOf(status, body) };
  const index = DiscoveryIndex.safeParse(json);
  if (status >= 200 && status < 300 && index.success && index.data.namespaces.includes('wp/v2')) {
    return { kind: 'found', root: url, index: index.data };
  }
  // JSON, but not WordPress's index: another API, or WordPress with wp/v2 removed.
  return { kind: 'not-found', url };
}

/** The URL a `Link` header names with `rel="https://api.w.org/"`, if any. */
export function apiLinkOf(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]+)>\s*;(.*)$/.exec(part);
    if (match && /rel\s*=\s*"?https:\/\/api\.w\.org\/"?/i.test(match[2] ?? '')) return match[1];
  }
  return undefined;
}

type Fetch = typeof fetch;

/** The answer a request ended on, and where (redirects followed one hop at a time, each through `fetchImpl`). */
async function get(
  fetchImpl: Fetch,
  url: string,
): Promise<{ response: Response; url: string; hops: number }> {
  const signal = AbortSignal.timeout(DISCOVERY_TIMEOUT_MS);
  let current = url;
  for (let hops = 0; ; hops += 1) {
    const response = await fetchImpl(current, {
      headers: { Accept: 'application/json, */*;q=0.1' },
      redirect: 'manual',
      signal,
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null) {
      return { response, url: current, hops };
    }
    await response.body?.cancel().catch(() => {});
    if (hops >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects`);
    const next = new URL(location, current);
    if (next.protocol !== 'https:' && next.protocol !== 'http:')
      throw new Error('a redirect to a non-web address');
    current = next.toString();
  }
}

/** A failed request as a probe: a refused local address is its own kind (the page offers to confirm it). */
function noAnswer(error: unknown): Probe {
  const local = localRefusalOf(error);
  if (local) return { kind: 'local', error: local };
  return { kind: 'unreachable', reason: unreachableReason(error) };
}

async function probeRoot(fetchImpl: Fetch, root: string): Promise<Probe> {
  const url = routeUrl(root, '/', { _fields: 'name,url,home,namespaces,authentication' });
  let answer: Awaited<ReturnType<typeof get>>;
  let body: string;
  try {
    answer = await get(fetchImpl, url);
    body = await readBodyText(answer.response, BODY_LIMITS.page, `GET ${url}`);
  } catch (error) {
    return noAnswer(error);
  }
  const { response } = answer;
  const probe = classifyAnswer(root, response.status, response.headers.get('content-type') ?? '', body);
  if (probe.kind !== 'found' || answer.hops === 0) return probe;
  // Redirected (http → https, to www.): the root is where it ended, without the query this added.
  const landed = new URL(answer.url);
  landed.searchParams.delete('_fields');
  if (!landed.searchParams.has('rest_route')) landed.search = '';
  return { ...probe, root: landed.toString() };
}

/** Tries the roots of one base; the first found wins, else the most telling failure. */
async function probeBase(fetchImpl: Fetch, base: string): Promise<Probe[]> {
  const tried = new Set<string>();
  const probes: Probe[] = [];
  for (const root of [`${base}/wp-json/`, `${base}/?rest_route=/`]) {
    tried.add(root);
    const probe = await probeRoot(fetchImpl, root);
    probes.push(probe);
    if (probe.kind === 'found' || probe.kind === 'unreachable' || probe.kind === 'local') return probes;
  }
  try {
    const home = await get(fetchImpl, `${base}/`);
    // Only its headers are read: the page itself is never downloaded.
    await home.response.body?.cancel().catch(() => {});
    const linked = apiLinkOf(home.response.headers.get('link'));
    if (linked && /^https?:\/\//i.test(linked) && !tried.has(linked)) {
      probes.push(await probeRoot(fetchImpl, linked));
    }
  } catch (error) {
    // The home page is only a hint; but a redirect of it to a refused address is worth saying.
    const probe = noAnswer(error);
    if (probe.kind === 'local') probes.push(probe);
  }
  return probes;
}

const RANK: Record<Probe['kind'], number> = {
  found: 0,
  local: 1,
  blocked: 2,
  html: 3,
  'not-found': 4,
  unreachable: 5,
};

/** The address (without scheme) for messages. */
function shown(base: string): string {
  return base.replace(/^https?:\/\//, '');
}

/** Finds the REST API and says what it found; `checks` end with the first failure. */
export async function discoverWordPress(fetchImpl: Fetch, address: string): Promise<WordPressDiscovery> {
  const bases = candidateBases(address);
  const typed = address.trim().slice(0, 200);
  if (!bases || bases[0] === undefined) {
    return { siteUrl: '', restRoot: '', checks: [failed('rest-api', 'address.invalid', { address: typed })] };
  }
  const all: Probe[] = [];
  for (const base of bases) {
    const probes = await probeBase(fetchImpl, base);
    all.push(...probes);
    const found = probes.find((p) => p.kind === 'found');
    if (found?.kind === 'found') return foundAt(found);
    // Reachable over https but no API there: http would not be the blogger's site either.
    if (probes.some((p) => p.kind !== 'unreachable')) break;
  }
  const best = [...all].sort((a, b) => RANK[a.kind] - RANK[b.kind])[0];
  const site = shown(bases[0]);
  let check: Check<SetupText>;
  switch (best?.kind) {
    case 'local':
      check = localAddressCheck(typed, best.error);
      break;
    case 'blocked':
      check = failed('rest-api', 'rest.blocked', { site, said: best.said });
      break;
    case 'html':
      check = failed('rest-api', 'rest.html', { url: best.url, said: best.said });
      break;
    case 'not-found':
      check = failed('rest-api', 'rest.not_found', {
        site,
        tried: [...new Set(all.flatMap((p) => (p.kind === 'not-found' ? [p.url] : [])))].join(', '),
      });
      break;
    default:
      check = failed('rest-api', 'rest.unreachable', {
        site,
        reason: best?.kind === 'unreachable' ? best.reason : 'no answer',
      });
  }
  return { siteUrl: bases[0], restRoot: '', checks: [check] };
}

/** The discovery of a found root: the REST API check and the Application Passwords check. */
function foundAt(found: Extract<Probe, { kind: 'found' }>): WordPressDiscovery {
  const siteUrl = (
    found.index.home ??
    found.index.url ??
    found.root.replace(/\/(wp-json\/|\?rest_route=\/)$/, '')
  )
    .trim()
    .replace(/\/+$/, '');
  const checks: Check<SetupText>[] = [passed('rest-api', 'rest.ok', { root: found.root })];
  const authorization = found.index.authentication?.['application-passwords']?.endpoints.authorization;
  const authorizationUrl = authorization && /^https?:\/\//i.test(authorization) ? authorization : undefined;
  const discovery: WordPressDiscovery = { siteUrl, restRoot: found.root, checks };
  if (authorizationUrl) {
    discovery.authorizationUrl = authorizationUrl;
    checks.push(passed('application-passwords', 'app_passwords.ok'));
  } else {
    const overHttp = /^http:/i.test(found.index.url ?? siteUrl);
    checks.push(
      failed('application-passwords', overHttp ? 'app_passwords.http' : 'app_passwords.off', {
        site: shown(siteUrl),
      }),
    );
  }
  return discovery;
}
