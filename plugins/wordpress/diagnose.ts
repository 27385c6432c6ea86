/**
 * The WordPress checks of `pressbridge doctor` and `checkReachable`: REST API, credentials (telling a refused
 * password from a stripped Authorization header, see credentials.ts), permissions, transport, categories.
 */
import { errorSaid, PublishError } from '../../src/errors.js';
import { type PublisherPhrase, phrase } from '../../src/publisher/phrase.js';
import type { DiagnosticCheck, ReachabilityResult } from '../../src/publisher/types.js';
import { fallbackPhrase, type SiteCategories } from './categories.js';
import type { WordPressClient } from './client.js';
import {
  codeSettlesRefusal,
  probePasswordOverXmlRpc,
  type RefusalCause,
  refusalCause,
} from './credentials.js';
import { WordPressErrorCode } from './errors.js';
import { HttpFailure } from './failures.js';
import type { WordPressOptions } from './options.js';

/** One line of `pressbridge doctor` (the contract's DiagnosticCheck). */
export type WordPressCheck = DiagnosticCheck;

/** Apache (CGI/FastCGI, PHP-FPM) and some proxies drop the header unless told to pass it on. */
export const AUTHORIZATION_HEADER_FIX = phrase('wp.fix.authorization_header');
const PASSWORD_FIX = phrase('wp.fix.password');

/**
 * What to do about credentials WordPress did not accept, by their cause (credentials.ts tells the causes
 * apart: a `rest_not_logged_in` alone does not, since WordPress answers it to a wrong password too).
 */
export function credentialsFix(cause: RefusalCause): PublisherPhrase {
  switch (cause) {
    case 'wrong-password':
      return phrase('wp.fix.wrong_password', { fix: PASSWORD_FIX });
    case 'login-password':
      return phrase('wp.fix.login_password', { fix: PASSWORD_FIX });
    case 'header-stripped':
      return phrase('wp.fix.header_stripped', { fix: AUTHORIZATION_HEADER_FIX });
    case 'application-passwords-disabled':
      return phrase('wp.fix.app_passwords_off');
    case 'undetermined':
      return phrase('wp.fix.undetermined', { password: PASSWORD_FIX, header: AUTHORIZATION_HEADER_FIX });
  }
}

/** The cause of a refused `users/me`: its REST error code, and XML-RPC's verdict when the code does not settle it. */
async function refusalOf(
  deps: DiagnoseDeps,
  error: unknown,
  siteUrl: string,
  signal: AbortSignal | undefined,
): Promise<RefusalCause | undefined> {
  if (!(error instanceof PublishError) || error.code !== WordPressErrorCode.unauthorized) return undefined;
  const failure = error.cause instanceof HttpFailure ? error.cause : undefined;
  if (failure === undefined || failure.status !== 401) return undefined;
  const code = failure.body?.code;
  const { username, applicationPassword } = deps.options;
  const probe = codeSettlesRefusal(code)
    ? undefined
    : await probePasswordOverXmlRpc(siteUrl, username, applicationPassword, { fetch: deps.fetch, signal });
  return refusalCause(code, probe, applicationPassword);
}

export interface DiagnoseDeps {
  client: WordPressClient;
  options: WordPressOptions;
  categories: Pick<SiteCategories, 'listCategories'>;
  /** For the XML-RPC check of a refused password (credentials.ts); global fetch when absent. */
  fetch?: typeof fetch | undefined;
}

export async function checkReachable(
  client: WordPressClient,
  signal?: AbortSignal,
): Promise<ReachabilityResult> {
  try {
    const user = await client.probe(signal);
    return {
      ok: true,
      detail: phrase('wp.reach.ok', { site: client.site, user: user.name ?? client.username }),
    };
  } catch (error) {
    return { ok: false, detail: errorSaid(error) };
  }
}

export async function diagnose(deps: DiagnoseDeps, signal?: AbortSignal): Promise<WordPressCheck[]> {
  const { client, options } = deps;
  const site = client.site;
  const checks: WordPressCheck[] = [];
  const fail = (name: PublisherPhrase, error: unknown, fix: PublisherPhrase): WordPressCheck[] => {
    checks.push({ name, status: 'fail', detail: errorSaid(error), fix });
    return checks;
  };
  const apiName = phrase('wp.check.api', { site });
  let rootUrl: string;
  let siteUrl: string;
  try {
    const found = await client.root(signal);
    rootUrl = found.root;
    siteUrl = found.adminUrl.replace(/wp-admin\/$/, '');
  } catch (error) {
    return fail(apiName, error, phrase('wp.check.api_fix'));
  }
  checks.push({ name: apiName, status: 'ok', detail: phrase('wp.check.api_found', { root: rootUrl }) });

  const credentialsName = phrase('wp.check.credentials', { site });
  let user: Awaited<ReturnType<WordPressClient['me']>>;
  try {
    user = await client.me(signal);
  } catch (error) {
    const cause = await refusalOf(deps, error, siteUrl, signal);
    return fail(credentialsName, error, cause === undefined ? PASSWORD_FIX : credentialsFix(cause));
  }
  checks.push({
    name: credentialsName,
    status: 'ok',
    detail: phrase('wp.check.signed_in', { user: user.name ?? client.username, id: String(user.id) }),
  });

  const needed = ['upload_files', options.status === 'publish' ? 'publish_posts' : 'edit_posts'];
  if (options.author !== undefined && options.author !== user.id) needed.push('edit_others_posts');
  const missing = user.capabilities ? needed.filter((cap) => user.capabilities?.[cap] !== true) : [];
  const permissions = phrase('wp.check.permissions', { user: client.username });
  checks.push(
    missing.length === 0
      ? { name: permissions, status: 'ok', detail: phrase('wp.check.may', { caps: needed.join(', ') }) }
      : {
          name: permissions,
          status: 'fail',
          detail: phrase('wp.check.lacks', { caps: missing.join(', ') }),
          fix: phrase('wp.check.role_fix'),
        },
  );

  if (new URL(options.url).protocol === 'http:' && !isLocalUrl(options.url)) {
    checks.push({
      name: phrase('wp.check.connection', { site }),
      status: 'warn',
      detail: phrase('wp.check.plain_http'),
      fix: phrase('wp.check.use_https'),
    });
  }

  const categoriesName = phrase('wp.check.categories', { site });
  const wanted = new Set<number>();
  if (options.categories !== 'identity') for (const id of options.categories.values()) wanted.add(id);
  if (options.defaultCategory !== undefined) wanted.add(options.defaultCategory);
  try {
    const existing = new Set((await deps.categories.listCategories(signal)).map((c) => c.id));
    const absent = [...wanted].filter((id) => !existing.has(id)).sort((a, b) => a - b);
    checks.push(
      absent.length === 0
        ? {
            name: categoriesName,
            status: 'ok',
            detail:
              options.categories === 'identity'
                ? phrase('wp.check.identity')
                : phrase('wp.check.all_exist', { count: wanted.size }),
          }
        : {
            name: categoriesName,
            status: 'warn',
            detail: phrase('wp.check.absent', {
              ids: absent.join(', '),
              fallback: fallbackPhrase(options.defaultCategory),
            }),
            fix: phrase('wp.check.absent_fix'),
          },
    );
  } catch (error) {
    checks.push({ name: categoriesName, status: 'warn', detail: errorSaid(error) });
  }
  return checks;
}

/** Loopback, private networks and single-label or `.local`/`.localhost` names: where plain http is fine. */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (host === '[::1]' || host === '::1') return true;
  if (!host.includes('.')) return true;
  const octets = host.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return false;
  const [a = -1, b = -1] = octets;
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31);
}
