/** Messages of the plugins' option schemas that every plugin would otherwise word again. */
import { ruleText } from '../phrase.js';

/** What misspelt keys are: options of a plugin, keys of a map, paths or fields (the catalog's `rule.unknown.*`). */
export type KeyNoun = 'option' | 'key' | 'path' | 'field';

/** "unknown option 'x' (known: …)": the message for a misspelt key; `noun` names what the keys are. */
export function unknownKeys(keys: readonly string[], known: string, noun: KeyNoun = 'option'): string {
  const listed = keys.map((k) => `'${k}'`).join(', ');
  return ruleText(keys.length > 1 ? `rule.unknown.${noun}s` : `rule.unknown.${noun}`, {
    keys: listed,
    known,
  });
}
