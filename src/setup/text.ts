/** A catalog message in both languages at once: the setup's sentences travel as `SetupText` to either front. */
import type { Said } from '../errors.js';
import { createTranslator, type MessageKey, type MessageParams } from '../i18n/index.js';
import type { SetupText } from './wordpress/types.js';

const CS = createTranslator('cs');
const EN = createTranslator('en');

export function both(key: MessageKey, params?: MessageParams): SetupText {
  return { cs: CS.t(key, params), en: EN.t(key, params) };
}

/** A phrase (or a text as it came) in both languages: a schema's refusal read back to its rule. */
export function bothSaid(said: Said): SetupText {
  return { cs: CS.say(said), en: EN.say(said) };
}
