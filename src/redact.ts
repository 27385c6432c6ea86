/**
 * The one home of redaction: no secret may reach a log, a page or a saved file.
 * - `redact(text, secrets)`: the known secret values (an API key, a password) removed from a text.
 * - `redactSecrets(value)`: structured data with keys named like secrets blanked (the deal store writes this).
 * - `scrubText(text)`: credential-shaped substrings (`Bearer …`, `token=…`, `"apiKey":"…"`,
 *   `https://user:pass@host`) replaced, for text that quotes a secret the other two cannot know.
 * - `shownUrl(url)`: an address (a Redis URL) without what its authority carries before `@`.
 * - `redactPhrase(phrase, secrets)`, `scrubPhrase(phrase)`: `redact`, `scrubText` over a phrase's values
 *   (src/errors.ts), at any depth; `scrubSaid(said)` either, for a phrase or a text as it came.
 * Pure: no I/O. The status page adds render-time masking on top (src/status/redact.ts).
 */
import type { Phrase, Said } from './errors.js';

/** What a secret is replaced with, everywhere. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not replaced: replacing "abc" everywhere would mangle ordinary text. */
const MIN_REDACTED_LENGTH = 4;

/** Redacts every occurrence of the given secrets (e.g. an API key echoed back by a proxy) from a text. */
export function redact(text: string, secrets: ReadonlyArray<string | undefined>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret !== undefined && secret.length >= MIN_REDACTED_LENGTH) out = out.split(secret).join(REDACTED);
  }
  return out;
}

/** The phrase with `redact` applied to each of its text values, nested phrases included. */
export function redactPhrase<P extends Phrase>(phrase: P, secrets: ReadonlyArray<string | undefined>): P {
  return mapPhraseText(phrase, (text) => redact(text, secrets));
}

/** The phrase with `scrubText` applied to each of its text values, nested phrases included. */
export function scrubPhrase<P extends Phrase>(phrase: P): P {
  return mapPhraseText(phrase, scrubText);
}

/** `scrubText` or `scrubPhrase`, whichever `said` is. */
export function scrubSaid(said: Said): Said {
  return typeof said === 'string' ? scrubText(said) : scrubPhrase(said);
}

function mapPhraseText<P extends Phrase>(phrase: P, map: (text: string) => string): P {
  if (!phrase.params) return phrase;
  const params = Object.fromEntries(
    Object.entries(phrase.params).map(([name, value]) => [
      name,
      typeof value === 'string' ? map(value) : typeof value === 'object' ? mapPhraseText(value, map) : value,
    ]),
  );
  return { ...phrase, params };
}

const SECRET_KEY = /api[-_]?key|secret|password|passwd|token|authorization|cookie/i;
const BEARER = /^\s*(bearer|basic)\s+\S+/i;

/**
 * A copy of `value` without secrets: keys named like apiKey/secret/password/token/authorization are blanked,
 * string values that look like `Bearer …`/`Basic …` credentials too. Errors become `{ type, message, code }`.
 */
export function redactSecrets<T>(value: T): T {
  return redactValue(value, 0, new WeakSet()) as T;
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return BEARER.test(value) ? REDACTED : value;
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[circular]';
  if (depth > 8) return '[nested]';
  seen.add(value);
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return { type: value.name, message: value.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) && v !== undefined && v !== null ? REDACTED : redactValue(v, depth + 1, seen);
  }
  return out;
}

const TEXT_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\b(bearer|basic|token)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1$2${REDACTED}`],
  [
    /(api[-_]?key|secret|passw(?:or)?d|token|authorization|cookie|signature)([\w-]*)(\\?["']?\s*[:=]\s*\\?["']?)(?!\[redacted\])([^\s"'\\&,;<>]+)/gi,
    `$1$2$3${REDACTED}`,
  ],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]+@/gi, '$1***:***@'],
  // A Telegram bot token in an API address (https://api.telegram.org/bot<id>:<secret>/sendMessage).
  [/\bbot(\d{3,}):[A-Za-z0-9_-]{20,}/g, `bot$1:${REDACTED}`],
];

/**
 * An address fit for a log line or a page: whatever its authority carries before `@` (a user, a password, a token
 * given as the user) is `***`: `redis://user:secret@host` → `redis://***@host`, `redis://:pw@host` →
 * `redis://***@host`; an address without one is left as it is.
 */
export function shownUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

/** A copy of `text` with credential-shaped substrings replaced. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
