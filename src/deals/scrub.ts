/**
 * Credential-shaped substrings of free text (log messages, error messages, truncated bodies): `Bearer …`,
 * `token=…`, `"apiKey":"…"`, `https://user:pass@host`. Keys named like secrets are handled by `redactSecrets`;
 * this covers text that quotes them.
 */
export const SCRUBBED = '[redacted]';

const TEXT_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\b(bearer|basic|token)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi, `$1$2${SCRUBBED}`],
  [
    /(api[-_]?key|secret|passw(?:or)?d|token|authorization|cookie|signature)([\w-]*)(\\?["']?\s*[:=]\s*\\?["']?)(?!\[redacted\])([^\s"'\\&,;<>]+)/gi,
    `$1$2$3${SCRUBBED}`,
  ],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]+@/gi, '$1***:***@'],
];

/** A copy of `text` with credential-shaped substrings replaced. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}
