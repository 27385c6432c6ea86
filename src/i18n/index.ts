/**
 * The one message catalog (issue 15): `createTranslator(language)` gives `t(key, params)`, the state names and
 * the language's formatters. Keys are checked at compile time: `t('status.nav.deals')` exists or does not build.
 */
import { type Catalog, fill, type Language, type MessageParams } from './catalog.js';
import { createFormatters, type Formatters } from './format.js';
import { cliMessages } from './messages/cli.js';
import { moneyMessages } from './messages/money.js';
import { notifyMessages } from './messages/notify.js';
import { notifyEventMessages } from './messages/notify-events.js';
import { setupMessages } from './messages/setup.js';
import { setupPageMessages } from './messages/setup-page.js';
import { setupWordPressMessages } from './messages/setup-wordpress.js';
import { stateMessages } from './messages/states.js';
import { statusMessages } from './messages/status.js';
import { watchMessages } from './messages/watch.js';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language, type MessageParams } from './catalog.js';
export type { Formatters } from './format.js';

export const MESSAGES = {
  ...stateMessages,
  ...statusMessages,
  ...cliMessages,
  ...notifyMessages,
  ...notifyEventMessages,
  ...moneyMessages,
  ...watchMessages,
  ...setupMessages,
  ...setupPageMessages,
  ...setupWordPressMessages,
} as const satisfies Catalog;
export type MessageKey = keyof typeof MESSAGES;

export interface Translator extends Formatters {
  readonly language: Language;
  /** The message in this language with its `{placeholders}` filled (numbers formatted for the language). */
  t(key: MessageKey, params?: MessageParams): string;
  /** A run state's name (`failed` → `selhalo`); an unknown (newer) state is shown as it is. */
  stateName(state: string): string;
}

const translators = new Map<Language, Translator>();

export function createTranslator(language: Language): Translator {
  const cached = translators.get(language);
  if (cached) return cached;
  const formatters = createFormatters(language);
  const catalog: Catalog = MESSAGES;
  const translator: Translator = {
    ...formatters,
    language,
    t: (key, params) => fill(catalog[key]?.[language] ?? key, params, formatters.number),
    stateName(state) {
      const entry = catalog[`state.${state}`];
      return entry ? entry[language] : state.replaceAll('_', ' ');
    },
  };
  translators.set(language, translator);
  return translator;
}
