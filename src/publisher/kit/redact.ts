/** Removes every secret (of 4 characters or more) from a text, e.g. a message built from what an answer said. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  return out;
}
