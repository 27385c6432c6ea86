/**
 * The WordPress checks of `pressbridge doctor` and `checkReachable`: REST API, credentials (telling a refused
 * password from a stripped Authorization header, see credentials.ts), permissions, transport, categories.
 */
import { errorMessage, PublishError } from '../../src/errors.js';
import type { ReachabilityResult } from '../../src/publisher/types.js';
import { describeFallback, type SiteCategories } from './categories.js';
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

/** One line of `pressbridge doctor` (the shape of the contract's DiagnosticCheck). */
export interface WordPressCheck {
  name: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

/** Apache (CGI/FastCGI, PHP-FPM) and some proxies drop the header unless told to pass it on. */
export const AUTHORIZATION_HEADER_FIX =
  'make the web server pass the Authorization header to PHP: Apache — add `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1` to .htaccess (or `CGIPassAuth On`); nginx with PHP-FPM — `fastcgi_param HTTP_AUTHORIZATION $http_authorization;`; a proxy in front — let it forward Authorization';
const PASSWORD_FIX =
  'create a new Application Password (Users → Profile → Application Passwords) for that user and set username and applicationPassword';

/**
 * What to do about credentials WordPress did not accept, by their cause (credentials.ts tells the causes
 * apart: a `rest_not_logged_in` alone does not, since WordPress answers it to a wrong password too).
 */
export function credentialsFix(cause: RefusalCause): string {
  switch (cause) {
    case 'wrong-password':
      return `WordPress received the credentials and refused them: ${PASSWORD_FIX}`;
    case 'login-password':
      return `this is the account's login password, which the REST API does not take: ${PASSWORD_FIX}`;
    case 'header-stripped':
      return `the password is right (WordPress accepts it over XML-RPC), but the web server or a proxy strips the Authorization header: ${AUTHORIZATION_HEADER_FIX}`;
    case 'application-passwords-disabled':
      return 'Application Passwords are switched off on this site (a security plugin, or the site is not served over https): switch them on, or serve the site over https';
    case 'undetermined':
      return `either the password is wrong or the web server strips the Authorization header (XML-RPC is off, so pressbridge cannot tell which): first ${PASSWORD_FIX}; if that does not help, ${AUTHORIZATION_HEADER_FIX}`;
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
    return { ok: true, detail: `WordPress at ${client.site}: signed in as ${user.name ?? client.username}` };
  } catch (error) {
    return { ok: false, detail: errorMessage(error) };
  }
}

export async function diagnose(deps: DiagnoseDeps, signal?: AbortSignal): Promise<WordPressCheck[]> {
  const { client, options } = deps;
  const site = client.site;
  const checks: WordPressCheck[] = [];
  const fail = (name: string, error: unknown, fix: string): WordPressCheck[] => {
    checks.push({ name, status: 'fail', detail: errorMessage(error), fix });
    return checks;
  };
  const apiName = `WordPress REST API of ${site}`;
  let rootUrl: string;
  let siteUrl: string;
  try {
    const found = await client.root(signal);
    rootUrl = found.root;
    siteUrl = found.adminUrl.replace(/wp-admin\/$/, '');
  } catch (error) {
    return fail(apiName, error, 'set the option url to the address of the blog’s home page (or restRoot)');
  }
  checks.push({ name: apiName, status: 'ok', detail: `found at ${rootUrl}` });

  const credentialsName = `WordPress credentials for ${site}`;
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
    detail: `signed in as ${user.name ?? client.username} (user ${user.id})`,
  });

  const needed = ['upload_files', options.status === 'publish' ? 'publish_posts' : 'edit_posts'];
  if (options.author !== undefined && options.author !== user.id) needed.push('edit_others_posts');
  const missing = user.capabilities ? needed.filter((cap) => user.capabilities?.[cap] !== true) : [];
  checks.push(
    missing.length === 0
      ? {
          name: `WordPress permissions of ${client.username}`,
          status: 'ok',
          detail: `may ${needed.join(', ')}`,
        }
      : {
          name: `WordPress permissions of ${client.username}`,
          status: 'fail',
          detail: `the user lacks ${missing.join(', ')}`,
          fix: 'give the user the Author role (Editor when the option author names someone else)',
        },
  );

  if (new URL(options.url).protocol === 'http:' && !isLocalUrl(options.url)) {
    checks.push({
      name: `Connection to ${site}`,
      status: 'warn',
      detail: 'plain http: the Application Password travels unencrypted',
      fix: 'use the https address of the blog',
    });
  }

  const wanted = new Set<number>();
  if (options.categories !== 'identity') for (const id of options.categories.values()) wanted.add(id);
  if (options.defaultCategory !== undefined) wanted.add(options.defaultCategory);
  try {
    const existing = new Set((await deps.categories.listCategories(signal)).map((c) => c.id));
    const absent = [...wanted].filter((id) => !existing.has(id)).sort((a, b) => a - b);
    checks.push(
      absent.length === 0
        ? {
            name: `WordPress categories of ${site}`,
            status: 'ok',
            detail:
              options.categories === 'identity'
                ? 'identity mapping: marketplace category ids are WordPress category ids'
                : `all ${wanted.size} configured categories exist`,
          }
        : {
            name: `WordPress categories of ${site}`,
            status: 'warn',
            detail: `categories ${absent.join(', ')} do not exist; deals for them get ${describeFallback(options.defaultCategory)}`,
            fix: 'create them in WordPress (Posts → Categories) or correct the options categories and defaultCategory',
          },
    );
  } catch (error) {
    checks.push({ name: `WordPress categories of ${site}`, status: 'warn', detail: errorMessage(error) });
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
