/**
 * The last look's one-tap links (docs/decisions/0025-the-last-look.md): a token that says "approve (or refuse)
 * the hold `nonce` of deal `dealId`, until `expiresMs`", signed with HMAC-SHA256. Pure: the key and the time
 * are passed in.
 *
 * The key is derived from the marketplace API key (`marketplace.apiKey`), a secret every process of the
 * installation already keeps and never shows: no new secret to store, rotate or back up, and the links of a
 * daemon are valid in its twin. Rotating the API key ends the links out (they live an hour at most).
 *
 * The signature proves the link is ours and unchanged and the expiry bounds it; single use is the deal
 * record's: the first decision is claimed once (src/deals/look.ts `claimDecision`) and must name the
 * current hold's nonce, so a second tap, the other button, or a link of an earlier hold decides nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type LookAction = 'approve' | 'refuse';

export interface LookClaim {
  dealId: number;
  action: LookAction;
  /** Epoch ms: the link decides nothing from then on. */
  expiresMs: number;
  /** The hold's nonce (src/deals/data.ts `HeldData`). */
  nonce: string;
}

export type LookTokenReading =
  | { ok: true; claim: LookClaim }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired'; claim?: LookClaim };

const PURPOSE = 'pressbridge last look v1';
const NONCE = /^[A-Za-z0-9_-]{8,64}$/;
/** A token is short; anything longer is not ours and is not even decoded. */
const MAX_TOKEN_CHARS = 256;

/** The signing key for look links, derived from the API key (never the API key itself). */
export function lookKey(apiKey: string): Buffer {
  return createHmac('sha256', apiKey).update(PURPOSE).digest();
}

function signature(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(`${PURPOSE}\n${body}`).digest();
}

export function signLookToken(key: Buffer, claim: LookClaim): string {
  if (!NONCE.test(claim.nonce)) throw new Error('look token: the nonce must be 8-64 URL-safe characters');
  const body = `${claim.dealId}.${claim.action}.${Math.floor(claim.expiresMs)}.${claim.nonce}`;
  return `${Buffer.from(body).toString('base64url')}.${signature(key, body).toString('base64url')}`;
}

export function readLookToken(key: Buffer, token: string, nowMs: number): LookTokenReading {
  if (token.length > MAX_TOKEN_CHARS) return { ok: false, reason: 'malformed' };
  const [encoded, given, ...rest] = token.split('.');
  if (!encoded || !given || rest.length > 0) return { ok: false, reason: 'malformed' };
  const body = Buffer.from(encoded, 'base64url').toString('utf8');
  const match = /^(\d{1,15})\.(approve|refuse)\.(\d{1,15})\.([A-Za-z0-9_-]{8,64})$/.exec(body);
  if (!match) return { ok: false, reason: 'malformed' };
  const expected = signature(key, body);
  const givenBytes = Buffer.from(given, 'base64url');
  // timingSafeEqual throws on different lengths; the length of a digest is no secret.
  if (givenBytes.length !== expected.length || !timingSafeEqual(givenBytes, expected)) {
    return { ok: false, reason: 'signature' };
  }
  const claim: LookClaim = {
    dealId: Number(match[1]),
    action: match[2] as LookAction,
    expiresMs: Number(match[3]),
    nonce: match[4] as string,
  };
  if (nowMs >= claim.expiresMs) return { ok: false, reason: 'expired', claim };
  return { ok: true, claim };
}
