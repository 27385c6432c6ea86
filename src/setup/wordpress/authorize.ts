/**
 * WordPress's own Application Password authorization (wp-admin/authorize-application.php, WordPress 5.6+): the
 * link that opens its "Authorize application" screen, and reading its redirect back.
 *
 * The screen takes `app_name`, `app_id` (a UUID: WordPress groups the passwords of one app under it),
 * `success_url` and `reject_url`. Approved, WordPress creates the password and redirects to `success_url` with
 * `site_url`, `user_login` and `password` added; rejected, to `reject_url` (by default `success_url` with
 * `success=false`). WordPress refuses the whole request ("The Authorize Application request is not allowed")
 * when a redirect URL is plain http and the site's `WP_ENVIRONMENT_TYPE` is not `local`; without `success_url`
 * it shows the new password on the screen for the blogger to paste.
 */
import { AppError } from '../../errors.js';
import { text } from './messages.js';
import type { AuthorizationRequest, SetupText, WordPressCredentials, WordPressDiscovery } from './types.js';

export const APP_NAME = 'pressbridge';

/**
 * The name of one authorization's password: WordPress refuses a second password of the same name for a user
 * ("Each application name should be unique"), so a setup run again (a failed try, a reinstall, a second server)
 * must not reuse it. `pressbridge 2026-11-25 21:40:12 UTC`: unique, and it tells the blogger which one is which
 * under Users → Profile → Application Passwords.
 */
export function appNameAt(now: Date): string {
  return `${APP_NAME} ${now.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A callback or authorization request pressbridge cannot use; `text` says why, in both languages. */
export class WordPressAuthorizationError extends AppError {
  constructor(
    code: 'wordpress_callback_invalid' | 'wordpress_authorization_unavailable',
    readonly text: SetupText,
  ) {
    super(code, text.en);
  }
}

/**
 * Whether WordPress will accept `url` as a redirect target: https always; http only where the site runs in the
 * `local` environment, which a site that is itself on http and still offers Application Passwords does (over
 * http WordPress offers them only there).
 */
export function acceptsRedirect(discovery: WordPressDiscovery, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  if (parsed.protocol !== 'http:') return false;
  return discovery.authorizationUrl !== undefined && /^http:/i.test(discovery.authorizationUrl);
}

/** The link to WordPress's "Authorize application" screen (`success_url` only where WordPress accepts it). */
export function authorizationLink(
  discovery: WordPressDiscovery,
  request: AuthorizationRequest,
  now: Date = new Date(),
): string {
  if (discovery.authorizationUrl === undefined) {
    throw new WordPressAuthorizationError(
      'wordpress_authorization_unavailable',
      text(/^http:/i.test(discovery.siteUrl) ? 'app_passwords.http' : 'app_passwords.off', {
        site: discovery.siteUrl.replace(/^https?:\/\//, ''),
      }),
    );
  }
  if (!UUID.test(request.appId)) throw new TypeError('appId must be a UUID');
  const link = new URL(discovery.authorizationUrl);
  link.searchParams.set('app_name', appNameAt(now));
  link.searchParams.set('app_id', request.appId.toLowerCase());
  if (request.successUrl !== undefined && acceptsRedirect(discovery, request.successUrl)) {
    link.searchParams.set('success_url', request.successUrl);
    if (request.rejectUrl !== undefined && acceptsRedirect(discovery, request.rejectUrl)) {
      link.searchParams.set('reject_url', request.rejectUrl);
    }
  }
  return link.toString();
}

/** What WordPress (or a hand-crafted link) may put into the callback's query, checked. */
const USER_LOGIN = /^[^\p{Cc}<>&"'\\]{1,60}$/u;

function invalid(
  key: 'callback.incomplete' | 'callback.user' | 'callback.password' | 'callback.site',
): WordPressAuthorizationError {
  return new WordPressAuthorizationError('wordpress_callback_invalid', text(key));
}

/**
 * The credentials of WordPress's redirect to `success_url`. Undefined when the blogger rejected (`success=false`,
 * or `error=…` on the reject URL). Throws WordPressAuthorizationError for anything else that is not a complete,
 * well-formed answer of this site: the values are never echoed back, only named.
 */
export function credentialsFromCallback(
  discovery: WordPressDiscovery,
  query: Readonly<Record<string, string | undefined>>,
): WordPressCredentials | undefined {
  const value = (key: string): string | undefined => {
    const found = Object.hasOwn(query, key) ? query[key] : undefined;
    return typeof found === 'string' ? found : undefined;
  };
  if (value('success') === 'false' || value('error') !== undefined) return undefined;
  const userLogin = value('user_login');
  const password = value('password');
  if (userLogin === undefined || password === undefined) {
    throw invalid('callback.incomplete');
  }
  if (!USER_LOGIN.test(userLogin) || userLogin.trim() !== userLogin) {
    throw invalid('callback.user');
  }
  const compact = password.replace(/ /g, '');
  if (!/^[A-Za-z0-9]{24}$/.test(compact)) {
    throw invalid('callback.password');
  }
  const siteUrl = value('site_url');
  if (siteUrl !== undefined && !sameSite(siteUrl, discovery)) {
    throw invalid('callback.site');
  }
  return { restRoot: discovery.restRoot, username: userLogin, applicationPassword: compact };
}

/** Same host (ignoring a `www.` and the scheme: WordPress's siteurl may differ from home in both). */
function sameSite(siteUrl: string, discovery: WordPressDiscovery): boolean {
  const host = (url: string): string | undefined => {
    try {
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
      return parsed.host.toLowerCase().replace(/^www\./, '');
    } catch {
      return undefined;
    }
  };
  const given = host(siteUrl);
  return given !== undefined && (given === host(discovery.siteUrl) || given === host(discovery.restRoot));
}
