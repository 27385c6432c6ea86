/**
 * Render-time secret scrubbing. The deal store redacts what it writes (`redactSecrets`), but the page must not
 * depend on every writer having done so (an older version, a plugin's error message quoting a header, an
 * oversized event body that the store keeps as a raw prefix), so everything shown passes through here again:
 * keys named like secrets are blanked, credential-shaped substrings of text are replaced, and the configured
 * secret values themselves are masked in the finished response.
 */
import { REDACTED, redactSecrets, scrubText } from '../redact.js';
import { escapeHtml } from './html.js';

function scrubDeep(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object' || depth > 10) return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = scrubDeep(item, depth + 1);
  return out;
}

/** Structured data (log fields, event bodies) made safe to show: secret-named keys and secret-shaped text. */
export function scrubValue<T>(value: T): T {
  return scrubDeep(redactSecrets(value), 0) as T;
}

/** Shorter values are not masked: replacing a 5-letter "secret" everywhere would mangle ordinary words. */
export const MIN_MASKED_SECRET_LENGTH = 8;

/**
 * Masks every occurrence of the given secret values in a finished page, in the forms a view can produce:
 * as is, HTML-escaped, JSON-escaped and both.
 */
export function createSecretMasker(values: () => Iterable<string | undefined>): (page: string) => string {
  return (page) => {
    const forms = new Set<string>();
    for (const value of values()) {
      if (typeof value !== 'string' || value.length < MIN_MASKED_SECRET_LENGTH) continue;
      const json = JSON.stringify(value).slice(1, -1);
      for (const form of [value, json]) {
        forms.add(form);
        forms.add(escapeHtml(form));
      }
    }
    let out = page;
    // Longest first, so a secret containing another one is masked whole.
    for (const form of [...forms].sort((a, b) => b.length - a.length)) {
      out = out.split(form).join(REDACTED);
    }
    return out;
  };
}
