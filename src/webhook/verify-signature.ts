import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SIGNATURE_HEADER_PATTERN } from '../marketplace/schema.js';

/** A webhook secret; a previous one (after a rotation) carries the end of its grace period. */
export interface WebhookSecretEntry {
  secret: string;
  validUntil?: Date;
}

export interface VerifySignatureInput {
  /** The request body exactly as received: the HMAC covers these bytes, never a re-serialisation. */
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** Current secret first; the index of the matching one is returned. */
  secrets: readonly WebhookSecretEntry[];
  /** The configured header name; without it any single `X-*-Signature` header is used (assumption 5). */
  headerName?: string | undefined;
  now?: Date;
}

export type SignatureFailure = 'missing' | 'ambiguous' | 'invalid';

export type VerifySignatureResult =
  | { ok: true; secretIndex: number }
  | { ok: false; reason: SignatureFailure };

const HEX = /^[0-9a-f]+$/;

/** Lowercase hex HMAC-SHA256 of the body, the form the marketplace sends. */
export function computeSignature(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

function headerValues(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Finds the one signature value. Several values for the configured header, or several different
 * `X-*-Signature` headers, are ambiguous: we cannot tell which one the marketplace meant.
 */
function findSignature(
  headers: IncomingHttpHeaders,
  headerName: string | undefined,
): { value: string } | { reason: 'missing' | 'ambiguous' } {
  let values: string[];
  if (headerName) {
    values = headerValues(headers[headerName.toLowerCase()]);
  } else {
    values = Object.entries(headers)
      .filter(([name]) => SIGNATURE_HEADER_PATTERN.test(name))
      .flatMap(([, value]) => headerValues(value));
  }
  const distinct = [...new Set(values.map((v) => v.trim()).filter((v) => v.length > 0))];
  const [first] = distinct;
  if (first === undefined) return { reason: 'missing' };
  if (distinct.length > 1) return { reason: 'ambiguous' };
  return { value: first };
}

/** Pure: checks the HMAC-SHA256 signature of a webhook delivery in constant time. */
export function verifySignature(input: VerifySignatureInput): VerifySignatureResult {
  const found = findSignature(input.headers, input.headerName);
  if ('reason' in found) return { ok: false, reason: found.reason };

  let given = found.value.toLowerCase();
  if (given.startsWith('sha256=')) given = given.slice('sha256='.length);
  if (!HEX.test(given) || given.length % 2 !== 0) return { ok: false, reason: 'invalid' };
  const givenBytes = Buffer.from(given, 'hex');

  const now = (input.now ?? new Date()).getTime();
  for (const [index, entry] of input.secrets.entries()) {
    if (!entry.secret) continue;
    if (entry.validUntil && now > entry.validUntil.getTime()) continue;
    const expected = createHmac('sha256', entry.secret).update(input.rawBody).digest();
    // timingSafeEqual throws on different lengths; the length of a digest is no secret.
    if (expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes)) {
      return { ok: true, secretIndex: index };
    }
  }
  return { ok: false, reason: 'invalid' };
}
