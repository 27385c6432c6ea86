/** Messages of the plugins' option schemas that every plugin would otherwise word again. */

/** "unknown option 'x' (known: …)": the message for a misspelt key; `noun` names what the keys are. */
export function unknownKeys(keys: readonly string[], known: string, noun = 'option'): string {
  return `unknown ${noun}${keys.length > 1 ? 's' : ''} ${keys.map((k) => `'${k}'`).join(', ')} (known: ${known})`;
}
