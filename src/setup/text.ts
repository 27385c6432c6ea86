/** A catalog message in both languages at once: the setup's sentences travel as `SetupText` to either front. */
import { createTranslator, type Language, type MessageKey, type MessageParams } from '../i18n/index.js';
import type { SetupText } from './wordpress/types.js';

export function both(key: MessageKey, params?: MessageParams): SetupText {
  return { cs: createTranslator('cs').t(key, params), en: createTranslator('en').t(key, params) };
}

export function inLanguage(text: SetupText, language: Language): string {
  return text[language];
}
