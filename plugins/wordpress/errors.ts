/**
 * Turning whatever a request to WordPress ended with into one `PublishError`: classified once, here, with a
 * message that names the site and tells the blogger what to fix. Retryable: network faults, timeouts, 408,
 * 425, 429 and 5xx. Permanent: rejected credentials or permissions, no REST API, redirects, other 4xx, an answer
 * over the kit's byte limit.
 */
import { PublishError, ResponseTooLargeError, type Said } from '../../src/errors.js';
import {
  bodyKind,
  describeBytes,
  networkReasonPhrase,
  plainText,
  redact,
  redactPhrase,
} from '../../src/publisher/kit/index.js';
import { phrase, publishError } from '../../src/publisher/phrase.js';
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

const CREDENTIALS_FIX = phrase('wp.fix.credentials');

/** `code: message` of a REST error, tags stripped and cut short; the start of the page otherwise. */
function whatItSaid(failure: HttpFailure): Said {
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
  return text === '' ? phrase('wp.said.nothing') : `"${text.slice(0, 120)}${text.length > 120 ? '…' : ''}"`;
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
  const facts = { site, request, said, status: String(status) };
  const permanent = { retryable: false, cause: failure };
  if (status === 401 || isAnonymousStatusRefusal(failure)) {
    const refused = phrase('wp.error.unauthorized', { ...facts, fix: CREDENTIALS_FIX });
    return publishError(WordPressErrorCode.unauthorized, refused, permanent);
  }
  if (status === 403) {
    const fix = failure.body
      ? phrase('wp.fix.forbidden_user', { user: context.username, fix: CREDENTIALS_FIX })
      : phrase('wp.fix.firewall');
    return publishError(
      WordPressErrorCode.unauthorized,
      phrase('wp.error.unauthorized', { ...facts, fix }),
      permanent,
    );
  }
  if (status >= 300 && status < 400) {
    const location = failure.headers.get('location');
    const to = location ? phrase('wp.error.redirect_to', { location }) : '';
    return publishError(
      WordPressErrorCode.redirect,
      phrase('wp.error.redirect', { ...facts, to }),
      permanent,
    );
  }
  if (status === 408 || status === 425 || status === 429 || status >= 500) {
    return publishError(WordPressErrorCode.unavailable, phrase('wp.error.unavailable', facts), {
      retryable: true,
      cause: failure,
    });
  }
  if (status === 413)
    return publishError(WordPressErrorCode.tooLarge, phrase('wp.error.too_large', facts), permanent);
  if (status === 404)
    return publishError(WordPressErrorCode.notFound, phrase('wp.error.not_found', facts), permanent);
  return publishError(WordPressErrorCode.rejected, phrase('wp.error.rejected', facts), permanent);
}

/** What to check, added to the kit's wording where WordPress's options are the likely cause. */
const NETWORK_HINTS = { ECONNREFUSED: phrase('wp.net.refused'), ENOTFOUND: phrase('wp.net.not_found') };

/** The most telling reason in an error's cause chain (the kit's table, with WordPress's hints). */
export function unreachableReason(error: unknown): Said {
  return networkReasonPhrase(error, NETWORK_HINTS);
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
  const request = `${method} ${route}`;
  if (signals.caller?.aborted) {
    return publishError(WordPressErrorCode.aborted, phrase('wp.error.aborted', { request, site }), {
      retryable: true,
      cause: signals.caller.reason,
    });
  }
  if (signals.timeout.aborted) {
    const ms = String(context.timeoutMs);
    return publishError(WordPressErrorCode.timeout, phrase('wp.error.timeout', { site, request, ms }), {
      retryable: true,
      cause: error,
    });
  }
  if (error instanceof HttpFailure) return classifyHttpFailure(error, context);
  if (error instanceof ResponseTooLargeError) {
    const limit = { bytes: describeBytes(error.limitBytes), kind: bodyKind(error.kind) };
    return publishError(
      WordPressErrorCode.answerTooLarge,
      phrase('wp.error.answer_too_large', { site, request, ...limit }),
      {
        retryable: false,
        cause: error,
      },
    );
  }
  if (error instanceof BadJsonFailure) {
    const text = plain(error.snippet).slice(0, 80);
    return publishError(WordPressErrorCode.badAnswer, phrase('wp.error.bad_json', { site, request, text }), {
      retryable: true,
      cause: error,
    });
  }
  const cause = error instanceof TransportFailure ? error.cause : error;
  const reason = unreachableReason(cause);
  return publishError(
    WordPressErrorCode.unreachable,
    phrase('wp.error.unreachable', { site, reason, request }),
    {
      retryable: true,
      cause,
    },
  );
}

/** The error for a site where neither REST root answered as WordPress. */
export function noRestApiError(site: string, tried: readonly string[], cause?: unknown): PublishError {
  return publishError(
    WordPressErrorCode.noRestApi,
    phrase('wp.error.no_rest_api', { site, tried: tried.join(', ') }),
    {
      retryable: false,
      cause,
    },
  );
}

/** An answer WordPress gave with a 2xx that does not have the fields pressbridge needs. */
export function unexpectedAnswerError(
  site: string,
  method: string,
  route: string,
  detail: string,
): PublishError {
  const request = `${method} ${route}`;
  return publishError(
    WordPressErrorCode.badAnswer,
    phrase('wp.error.bad_answer', { site, request, detail }),
    {
      retryable: false,
    },
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

/** The same error with the secrets removed from its message and phrase (the cause stays for debugging). */
export function redactError(error: PublishError, secrets: readonly string[]): PublishError {
  const message = redact(error.message, secrets);
  if (message === error.message) return error;
  const phrase = error.phrase && redactPhrase(error.phrase, secrets);
  return new PublishError(error.code, message, { retryable: error.retryable, cause: error.cause, phrase });
}
