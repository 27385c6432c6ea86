/**
 * Why WordPress refused an Application Password: a wrong password, or a web server that strips the
 * Authorization header before PHP sees it. One home for telling the two apart, used by `pressbridge doctor`
 * (diagnose.ts) and by the setup's WordPress checks (src/setup/wordpress/).
 *
 * Measured on 6.1.9 and 6.8.12 (test/integration/setup-wordpress.test.ts reproduces each case): the REST API
 * cannot tell them apart, whatever is sent. `GET /wp/v2/users/me` answers 401 `rest_not_logged_in` alike for
 * a wrong password, for a user that does not exist (a password-independent probe), for no Authorization header
 * at all and for the right password whose header the server dropped; a POST answers 401 `rest_cannot_create`
 * alike. WordPress checks the header only when the REST server asks `rest_cookie_check_errors` (priority 100)
 * who is logged in, after `rest_application_password_check_errors` (priority 90) has already let the request
 * through, so the `incorrect_password` / `invalid_username` error is recorded and never answered. Only a site
 * where something (a plugin) asks for the current user earlier in the REST request answers those codes: when
 * they come, the header did arrive.
 *
 * So the check that separates the two does not use the header: XML-RPC's `wp.getUsersBlogs` takes the user
 * name and password in the request body and WordPress checks Application Passwords there too (measured on
 * both: the right one is accepted, a wrong one answers fault 403 "Incorrect username or password.", with or
 * without the Authorization header reaching PHP). Accepted there and refused by the REST API: the header is
 * stripped. XML-RPC also accepts the account's login password, which the REST API never does: accepted with
 * a password that is not shaped like an Application Password means the login password was given. Security
 * plugins often switch XML-RPC off; then the cause stays undetermined and both fixes are named.
 */
import { BODY_LIMITS, readBodyHeadText } from '../../src/publisher/kit/index.js';

/** WordPress's REST error codes that prove the Authorization header arrived and was refused. */
const HEADER_ARRIVED_CODES = new Set(['incorrect_password', 'invalid_username', 'invalid_email']);
/** The REST error codes of Application Passwords switched off (site-wide or for the user). */
const DISABLED_CODES = new Set(['application_passwords_disabled', 'application_passwords_disabled_for_user']);

/** What XML-RPC said about the user name and password sent in its body. */
export type PasswordProbe = 'accepted' | 'refused' | 'unavailable';

/** The cause of a refused Application Password. */
export type RefusalCause =
  /** WordPress got the credentials and refused them. */
  | 'wrong-password'
  /** The account's login password was given instead of an Application Password. */
  | 'login-password'
  /** The password is right; the Authorization header does not reach PHP. */
  | 'header-stripped'
  /** Application Passwords are switched off (site-wide or for this user). */
  | 'application-passwords-disabled'
  /** XML-RPC is off or unreachable: a wrong password or a stripped header, no way to tell from outside. */
  | 'undetermined';

/**
 * WordPress generates 24 letters and digits and shows them in groups of four (`abcd EFGH 1234 …`); it ignores
 * everything else when checking one, as this does.
 */
export function looksLikeApplicationPassword(password: string): boolean {
  return /^[A-Za-z0-9]{24}$/.test(password.replace(/[^A-Za-z0-9]/g, '')) && !/[^A-Za-z0-9\s]/.test(password);
}

/** The cause, from the REST error code of the refusal and (when the code does not settle it) XML-RPC's answer. */
export function refusalCause(
  restCode: string | undefined,
  probe: PasswordProbe | undefined,
  password: string,
): RefusalCause {
  if (restCode !== undefined && DISABLED_CODES.has(restCode)) return 'application-passwords-disabled';
  if (restCode !== undefined && HEADER_ARRIVED_CODES.has(restCode)) return 'wrong-password';
  if (probe === 'refused') return 'wrong-password';
  if (probe === 'accepted') {
    return looksLikeApplicationPassword(password) ? 'header-stripped' : 'login-password';
  }
  return 'undetermined';
}

/** Whether the REST error code alone settles the cause (no XML-RPC request needed). */
export function codeSettlesRefusal(restCode: string | undefined): boolean {
  return restCode !== undefined && (HEADER_ARRIVED_CODES.has(restCode) || DISABLED_CODES.has(restCode));
}

function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The XML-RPC call that checks a user name and password without the Authorization header. */
export function getUsersBlogsCall(username: string, password: string): string {
  const param = (value: string) => `<param><value><string>${xmlEscape(value)}</string></value></param>`;
  return `<?xml version="1.0" encoding="UTF-8"?><methodCall><methodName>wp.getUsersBlogs</methodName><params>${param(username)}${param(password)}</params></methodCall>`;
}

/** XML-RPC's answer read: a method response with params is accepted, fault 403 refused, anything else unknown. */
export function readGetUsersBlogsAnswer(status: number, contentType: string, body: string): PasswordProbe {
  if (status !== 200 || !/xml/i.test(contentType)) return 'unavailable';
  const text = body.slice(0, 20_000);
  if (!/<methodResponse>/.test(text)) return 'unavailable';
  if (/<fault>/.test(text)) {
    const code = /<name>faultCode<\/name>\s*<value>\s*<(?:int|i4)>\s*(-?\d+)\s*</.exec(text)?.[1];
    return code === '403' ? 'refused' : 'unavailable';
  }
  return /<params>/.test(text) ? 'accepted' : 'unavailable';
}

export const XMLRPC_TIMEOUT_MS = 10_000;

/**
 * Asks `<siteUrl>/xmlrpc.php` whether the user name and password are right, without the Authorization header.
 * Never throws; never follows a redirect to another origin (the body holds the password).
 */
export async function probePasswordOverXmlRpc(
  siteUrl: string,
  username: string,
  password: string,
  options: { fetch?: typeof fetch | undefined; signal?: AbortSignal | undefined } = {},
): Promise<PasswordProbe> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeout = AbortSignal.timeout(XMLRPC_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const response = await fetchImpl(`${siteUrl.replace(/\/+$/, '')}/xmlrpc.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', Accept: 'text/xml' },
      body: getUsersBlogsCall(username, password),
      redirect: 'manual',
      signal,
    });
    // `<params>` comes first in a good answer; a page past the limit is cut, never read whole.
    const { text: body } = await readBodyHeadText(response, BODY_LIMITS.page.bytes);
    return readGetUsersBlogsAnswer(response.status, response.headers.get('content-type') ?? '', body);
  } catch {
    return 'unavailable';
  }
}
