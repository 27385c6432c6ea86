/** A catalog message in both languages at once: the setup's sentences travel as `SetupText` to either front. */
import type { Phrase, Said } from '../errors.js';
import { createTranslator, type MessageKey } from '../i18n/index.js';
import type { SetupText } from './wordpress/types.js';

const CS = createTranslator('cs');
const EN = createTranslator('en');

/** `key` with its values in Czech and in English; a value may be a phrase (an error's), said in each language. */
export function both(key: MessageKey, params?: Phrase['params']): SetupText {
  const phrase: Phrase = params === undefined ? { key } : { key, params };
  return { cs: CS.say(phrase), en: EN.say(phrase) };
}

/** A phrase (or a text as it came) in both languages: a schema's refusal read back to its rule. */
export function bothSaid(said: Said): SetupText {
  return { cs: CS.say(said), en: EN.say(said) };
}
