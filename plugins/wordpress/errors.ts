/**
 * Turning whatever a request to WordPress ended with into one `PublishError`: classified once, here, with a
 * message that names the site and tells the blogger what to fix. Retryable: network faults, timeouts, 408,
 * 425, 429 and 5xx. Permanent: rejected credentials or permissions, no REST API, redirects, other 4xx, an answer
 * over the kit's byte limit.
 */
import { PublishError, ResponseTooLargeError } from '../../src/errors.js';
import { describeBytes, networkReason, plainText, redact } from '../../src/publisher/kit/index.js';
import { BadJsonFailure, HttpFailure, TransportFailure } from './failures.js';

/** Where a request went, for messages. Never holds the credentials. */
export interface RequestContext {
  /** The blog's address as configured (options.url). */
  site: string;
  method: string;
  /** The REST route, e.g. `/wp/v2/posts`. */
  route: string;
  username: string;
  timeoutMs: number;
}

export const WordPressErrorCode = {
  unreachable: 'wordpress_unreachable',
  timeout: 'wordpress_timeout',
  aborted: 'wordpress_aborted',
  unavailable: 'wordpress_unavailable',
  unauthorized: 'wordpress_unauthorized',
  noRestApi: 'wordpress_no_rest_api',
  notFound: 'wordpress_not_found',
  redirect: 'wordpress_redirect',
  tooLarge: 'wordpress_too_large',
  answerTooLarge: 'wordpress_answer_too_large',
  rejected: 'wordpress_rejected',
  badAnswer: 'wordpress_bad_answer',
  postTrashed: 'wordpress_post_trashed',
} as const;

const CREDENTIALS_FIX =
  'check the options username and applicationPassword: the password must be an Application Password of that user (Users → Profile → Application Passwords), not the login password';

/** `code: message` of a REST error, tags stripped and cut short; the start of the page otherwise. */
function whatItSaid(failure: HttpFailure): string {
  if (failure.body) {
    const message = plain(failure.body.message);
    const params = failure.body.data?.params;
    const details = params
      ? ` (${Object.entries(params)
          .map(([key, value]) => `${key}: ${plain(String(value))}`)
          .join('; ')})`
      : '';
    return `${failure.body.code}${message ? `: ${message}` : ''}${details}`;
  }
  const text = plain(failure.snippet);
  return text === '' ? 'no explanation' : `"${text.slice(0, 120)}${text.length > 120 ? '…' : ''}"`;
}

/** Tags stripped, then one short line (the kit's plainText). */
function plain(text: string): string {
  return plainText(text.replace(/<[^>]*>/g, ' '));
}

/**
 * A lookup with `status=draft,…` by someone WordPress did not log in answers 400 "Status is forbidden": the
 * Application Password was not accepted (WordPress then treats the request as anonymous rather than failing).
 */
function isAnonymousStatusRefusal(failure: HttpFailure): boolean {
  return (
    failure.status === 400 &&
    failure.body?.code === 'rest_invalid_param' &&
    failure.body.data?.params !== undefined &&
    'status' in failure.body.data.params
  );
}

/** The classification of a non-2xx answer. */
export function classifyHttpFailure(failure: HttpFailure, context: RequestContext): PublishError {
  const { site, method, route } = context;
  const request = `${method} ${route}`;
  const said = whatItSaid(failure);
  const status = failure.status;
  if (status === 401 || isAnonymousStatusRefusal(failure)) {
    return new PublishError(
      WordPressErrorCode.unauthorized,
      `WordPress rejected the credentials for ${site} (${status} to ${request}: ${said}): ${CREDENTIALS_FIX}`,
      { retryable: false, cause: failure },
    );
  }
  if (status === 403) {
    const fix = failure.body
      ? `user "${context.username}" is not allowed to do this: give the user a role that may (Author publishes own posts and uploads media; Editor or Administrator to set another author), or ${CREDENTIALS_FIX}`
      : 'a firewall or security plugin may be blocking the REST API for this client; allow it, or check the credentials';
    return new PublishError(
      WordPressErrorCode.unauthorized,
      `WordPress rejected the credentials for ${site} (403 to ${request}: ${said}): ${fix}`,
      { retryable: false, cause: failure },
    );
  }
  if (status >= 300 && status < 400) {
    const location = failure.headers.get('location');
    return new PublishError(
      WordPressErrorCode.redirect,
      `WordPress at ${site} redirects ${request} (${status}${location ? ` to ${location}` : ''}): set the option url to the address WordPress redirects to`,
      { retryable: false, cause: failure },
    );
  }
  if (status === 408 || status === 425 || status === 429 || status >= 500) {
    return new PublishError(
      WordPressErrorCode.unavailable,
      `WordPress at ${site} answered ${status} to ${request} (${said}); will retry`,
      { retryable: true, cause: failure },
    );
  }
  if (status === 413) {
    return new PublishError(
      WordPressErrorCode.tooLarge,
      `WordPress at ${site} refused ${request} as too large (413): raise the web server's upload limit (e.g. nginx client_max_body_size) or lower the photos' maximum width`,
      { retryable: false, cause: failure },
    );
  }
  if (status === 404) {
    return new PublishError(
      WordPressErrorCode.notFound,
      `WordPress at ${site} answered 404 to ${request} (${said})`,
      { retryable: false, cause: failure },
    );
  }
  return new PublishError(
    WordPressErrorCode.rejected,
    `WordPress at ${site} refused ${request}: ${status} ${said}`,
    { retryable: false, cause: failure },
  );
}

/** What to check, added to the kit's wording where WordPress's options are the likely cause. */
const NETWORK_HINTS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused (is WordPress running, and is the address right?)',
  ENOTFOUND: 'host name not found (check the option url)',
};

/** The most telling reason in an error's cause chain (the kit's table, with WordPress's hints). */
export function unreachableReason(error: unknown): string {
  return networkReason(error, NETWORK_HINTS);
}

export interface RequestSignals {
  /** The per-request time limit. */
  timeout: AbortSignal;
  /** The caller's signal (the job's), when it gave one. */
  caller?: AbortSignal | undefined;
}

/** Any failure of one request → PublishError. PublishErrors pass unchanged. */
export function toPublishError(
  error: unknown,
  context: RequestContext,
  signals: RequestSignals,
): PublishError {
  if (error instanceof PublishError) return error;
  const { site, method, route } = context;
  if (signals.caller?.aborted) {
    return new PublishError(
      WordPressErrorCode.aborted,
      `${method} ${route} to WordPress at ${site} was cancelled`,
      { retryable: true, cause: signals.caller.reason },
    );
  }
  if (signals.timeout.aborted) {
    return new PublishError(
      WordPressErrorCode.timeout,
      `WordPress at ${site} did not answer ${method} ${route} within ${context.timeoutMs} ms; will retry (raise the option timeoutMs for a slow host)`,
      { retryable: true, cause: error },
    );
  }
  if (error instanceof HttpFailure) return classifyHttpFailure(error, context);
  if (error instanceof ResponseTooLargeError) {
    return new PublishError(
      WordPressErrorCode.answerTooLarge,
      `WordPress at ${site} answered ${method} ${route} with more than ${describeBytes(error.limitBytes)} (the limit for ${error.kind}); the read was stopped: a plugin or a PHP warning may be printing into REST answers, or the address leads to something else than WordPress`,
      { retryable: false, cause: error },
    );
  }
  if (error instanceof BadJsonFailure) {
    const text = plain(error.snippet);
    return new PublishError(
      WordPressErrorCode.badAnswer,
      `WordPress at ${site} answered ${method} ${route} with something that is not JSON ("${text.slice(0, 80)}"): a plugin or a PHP warning may be printing into REST answers, or a cache serves a page instead; will retry`,
      { retryable: true, cause: error },
    );
  }
  const cause = error instanceof TransportFailure ? error.cause : error;
  return new PublishError(
    WordPressErrorCode.unreachable,
    `Cannot reach WordPress at ${site}: ${unreachableReason(cause)} (${method} ${route}); will retry`,
    { retryable: true, cause },
  );
}

/** The error for a site where neither REST root answered as WordPress. */
export function noRestApiError(site: string, tried: readonly string[], cause?: unknown): PublishError {
  return new PublishError(
    WordPressErrorCode.noRestApi,
    `There is no WordPress REST API at ${site} (tried ${tried.join(' and ')}): check the option url (the address of the blog's home page); if the REST API lives elsewhere set restRoot, and make sure no plugin disables it`,
    { retryable: false, cause },
  );
}

/** An answer WordPress gave with a 2xx that does not have the fields pressbridge needs. */
export function unexpectedAnswerError(
  site: string,
  method: string,
  route: string,
  detail: string,
): PublishError {
  return new PublishError(
    WordPressErrorCode.badAnswer,
    `WordPress at ${site} answered ${method} ${route} with an unexpected shape (${detail}); is this a WordPress REST API?`,
    { retryable: false },
  );
}

/** The strings `redact` hides for a user and Application Password. */
export function secretsOf(username: string, applicationPassword: string): string[] {
  const compact = applicationPassword.replace(/\s+/g, '');
  const basic = (password: string) => Buffer.from(`${username}:${password}`).toString('base64');
  return [...new Set([applicationPassword, compact, basic(applicationPassword), basic(compact)])].sort(
    (a, b) => b.length - a.length,
  );
}

/** The same error with the secrets removed from its message (the cause stays for debugging). */
export function redactError(error: PublishError, secrets: readonly string[]): PublishError {
  const message = redact(error.message, secrets);
  if (message === error.message) return error;
  return new PublishError(error.code, message, { retryable: error.retryable, cause: error.cause });
}
