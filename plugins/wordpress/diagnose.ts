/**
 * The WordPress checks of `pressbridge doctor` and `checkReachable`: REST API, credentials (telling a refused
 * password from a stripped Authorization header), permissions, transport, categories.
 */
import { errorMessage } from '../../src/errors.js';
import type { ReachabilityResult } from '../../src/publisher/types.js';
import { describeFallback, type SiteCategories } from './categories.js';
import type { WordPressClient } from './client.js';
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
 * What to do about credentials WordPress did not accept, told apart by what WordPress answered:
 * `incorrect_password` / `invalid_username` / `invalid_email` mean the Authorization header arrived and was
 * refused (a wrong user name or password); `rest_not_logged_in` means WordPress saw no credentials at all,
 * which with a password that is right is the web server or proxy stripping the Authorization header.
 */
export function credentialsFix(message: string): string {
  if (/\b(incorrect_password|invalid_username|invalid_email)\b/.test(message)) {
    return `WordPress received the credentials and refused them: ${PASSWORD_FIX}`;
  }
  if (/\brest_not_logged_in\b/.test(message)) {
    return (
      'WordPress saw no credentials at all. Most often the web server or a proxy strips the Authorization ' +
      `header: ${AUTHORIZATION_HEADER_FIX}. If the header does arrive, the password is wrong: ${PASSWORD_FIX}`
    );
  }
  return PASSWORD_FIX;
}

export interface DiagnoseDeps {
  client: WordPressClient;
  options: WordPressOptions;
  categories: Pick<SiteCategories, 'listCategories'>;
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
  try {
    rootUrl = (await client.root(signal)).root;
  } catch (error) {
    return fail(apiName, error, 'set the option url to the address of the blog’s home page (or restRoot)');
  }
  checks.push({ name: apiName, status: 'ok', detail: `found at ${rootUrl}` });

  const credentialsName = `WordPress credentials for ${site}`;
  let user: Awaited<ReturnType<WordPressClient['me']>>;
  try {
    user = await client.me(signal);
  } catch (error) {
    return fail(credentialsName, error, credentialsFix(errorMessage(error)));
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
