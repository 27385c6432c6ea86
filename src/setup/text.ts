/** A catalog message in both languages at once: the setup's sentences travel as `SetupText` to either front. */
import type { Phrase } from '../errors.js';
import { createTranslator, type Language, type MessageKey } from '../i18n/index.js';
import type { SetupText } from './wordpress/types.js';

/** `key` with its values in Czech and in English; a value may be a phrase (an error's), said in each language. */
export function both(key: MessageKey, params?: Phrase['params']): SetupText {
  const phrase: Phrase = params === undefined ? { key } : { key, params };
  return { cs: createTranslator('cs').say(phrase), en: createTranslator('en').say(phrase) };
}

export function inLanguage(text: SetupText, language: Language): string {
  return text[language];
}
