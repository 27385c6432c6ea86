import type { Phrase, Said } from './errors.js';

/**
 * Why a request got no answer, in words a blogger can act on: the most telling system error code in an
 * error's cause chain (refused, DNS, reset, TLS), a time limit that ran out, else the innermost message. The one
 * home of this wording: the publisher plugins (through the kit, adding their own hints by code) and the
 * notification channels (src/notify/channels/channel.ts) use it alike.
 */

/** The English of each code; the catalog says the same in both languages (`net.code.<CODE>`, a test compares). */
export const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed for now',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed while sending',
  ETIMEDOUT: 'the connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'the connection was closed unexpectedly',
  UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another host name',
};

/** What the cause chain tells: a time limit, a code the caller has words for, else its innermost message. */
type Telling<T> =
  | { kind: 'timeout' }
  | { kind: 'code'; code: string; reason: T }
  | { kind: 'innermost'; message: string };

/**
 * The one walk along an error's cause chain (at most 8 deep) of both functions below: the first time limit, or
 * the first code `reasonOf` has words for, wins; else the innermost non-empty message (a cause that is no object
 * ends the walk with its text).
 */
function tellingCause<T>(error: unknown, reasonOf: (code: string) => T | undefined): Telling<T> {
  let current: unknown = error;
  let innermost = '';
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth++) {
    if (typeof current !== 'object') {
      innermost = String(current);
      break;
    }
    // AbortSignal.timeout()'s reason (a DOMException, whose numeric code names nothing).
    if ((current as { name?: unknown }).name === 'TimeoutError') return { kind: 'timeout' };
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      const reason = reasonOf(code);
      if (reason !== undefined) return { kind: 'code', code, reason };
    }
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && message !== '') innermost = message;
    current = (current as { cause?: unknown }).cause;
  }
  return { kind: 'innermost', message: innermost };
}

/**
 * The most telling reason in an error's cause chain: `<reason> [<code>]` for a known system error code (the
 * caller's `hints` replace the general wording of a code), "no answer in time (timeout)" for a time limit, else
 * the innermost message, else "no answer".
 */
export function networkReason(error: unknown, hints: Readonly<Record<string, string>> = {}): string {
  const found = tellingCause(error, (code) =>
    Object.hasOwn(hints, code)
      ? hints[code]
      : Object.hasOwn(NETWORK_REASONS, code)
        ? NETWORK_REASONS[code]
        : undefined,
  );
  if (found.kind === 'timeout') return 'no answer in time (timeout)';
  if (found.kind === 'code') return `${found.reason} [${found.code}]`;
  return found.message === '' ? 'no answer' : found.message;
}

/**
 * The same reason for the blogger, as a phrase of the catalog (`net.*`, src/i18n/messages/publishers.ts): a known
 * code, the time limit or no answer; else the innermost message as it came (the system's or a peer's words).
 * `hints` replace the general wording of a code, as for `networkReason`.
 */
export function networkReasonPhrase(error: unknown, hints: Readonly<Record<string, Phrase>> = {}): Said {
  const found = tellingCause<Phrase>(
    error,
    (code) =>
      (Object.hasOwn(hints, code) ? hints[code] : undefined) ??
      (Object.hasOwn(NETWORK_REASONS, code) ? { key: `net.code.${code}` } : undefined),
  );
  if (found.kind === 'timeout') return { key: 'net.timeout' };
  if (found.kind === 'code') return { key: 'net.reason', params: { reason: found.reason, code: found.code } };
  return found.message === '' ? { key: 'net.no_answer' } : found.message;
}

/** Both at once, for a caller that keeps the English (the log) and says the phrase (the blogger). */
export function networkFailure(error: unknown): { error: string; errorSaid: Said } {
  return { error: networkReason(error), errorSaid: networkReasonPhrase(error) };
}
