/**
 * The one message catalog (issue 15): `createTranslator(language)` gives `t(key, params)`, the state names and
 * the language's formatters. Keys are checked at compile time: `t('status.nav.deals')` exists or does not build.
 */
import type { Phrase, Said } from '../errors.js';
import { type Catalog, fill, type Language, type MessageParams } from './catalog.js';
import { createFormatters, DEFAULT_TIME_ZONE, type Formatters } from './format.js';
import { blogRuleMessages } from './messages/blog-rules.js';
import { cliMessages } from './messages/cli.js';
import { cliHelpMessages } from './messages/cli-help.js';
import { cliLiveMessages } from './messages/cli-live.js';
import { configMessages } from './messages/config.js';
import { configRuleMessages } from './messages/config-rules.js';
import { dealErrorMessages } from './messages/deal-errors.js';
import { dealLogMessages } from './messages/deal-log.js';
import { dealLogPluginMessages } from './messages/deal-log-plugins.js';
import { demandMessages } from './messages/demands.js';
import { demoMessages } from './messages/demo.js';
import { evidenceMessages } from './messages/evidence.js';
import { lastLookMessages } from './messages/last-look.js';
import { lastLookVoiceMessages } from './messages/last-look-voices.js';
import { marketplaceMessages } from './messages/marketplace.js';
import { moneyMessages } from './messages/money.js';
import { notifyMessages } from './messages/notify.js';
import { notifyEventMessages } from './messages/notify-events.js';
import { publisherMessages } from './messages/publishers.js';
import { rulesEditMessages } from './messages/rules-edit.js';
import { runningMessages } from './messages/running.js';
import { sandboxMessages } from './messages/sandbox.js';
import { setupMessages } from './messages/setup.js';
import { setupCategoryMessages } from './messages/setup-categories.js';
import { setupPageMessages } from './messages/setup-page.js';
import { setupRuleMessages } from './messages/setup-rules.js';
import { setupWordPressMessages } from './messages/setup-wordpress.js';
import { stateMessages } from './messages/states.js';
import { statusMessages } from './messages/status.js';
import { demandPageMessages } from './messages/status-demands.js';
import { watchMessages } from './messages/watch.js';

export { DEFAULT_LANGUAGE, LANGUAGES, type Language, type MessageParams } from './catalog.js';
export { DEFAULT_TIME_ZONE, type Formatters } from './format.js';

export const MESSAGES = {
  ...stateMessages,
  ...statusMessages,
  ...cliMessages,
  ...cliHelpMessages,
  ...cliLiveMessages,
  ...sandboxMessages,
  ...notifyMessages,
  ...notifyEventMessages,
  ...moneyMessages,
  ...watchMessages,
  ...evidenceMessages,
  ...setupMessages,
  ...setupPageMessages,
  ...setupCategoryMessages,
  ...setupRuleMessages,
  ...rulesEditMessages,
  ...runningMessages,
  ...setupWordPressMessages,
  ...publisherMessages,
  ...configMessages,
  ...configRuleMessages,
  ...marketplaceMessages,
  ...dealLogMessages,
  ...dealErrorMessages,
  ...dealLogPluginMessages,
  ...demoMessages,
  ...blogRuleMessages,
  ...demandMessages,
  ...lastLookMessages,
  ...demandPageMessages,
  ...lastLookVoiceMessages,
} as const satisfies Catalog;
export type MessageKey = keyof typeof MESSAGES;

/** A phrase's values said in the language (a value that is a phrase itself is said first). */
function paramsOf(phrase: Phrase, say: (said: Said) => string): MessageParams | undefined {
  if (!phrase.params) return undefined;
  return Object.fromEntries(
    Object.entries(phrase.params).map(([name, value]) => [
      name,
      typeof value === 'object' ? say(value) : value,
    ]),
  );
}

export interface Translator extends Formatters {
  readonly language: Language;
  /** The zone times are written in unless a call names another. */
  readonly timeZone: string;
  /** The message in this language with its `{placeholders}` filled (numbers formatted for the language). */
  t(key: MessageKey, params?: MessageParams): string;
  /** A run state's name (`failed` → `selhalo`); an unknown (newer) state is shown as it is. */
  stateName(state: string): string;
  /**
   * What deep code said (src/errors.ts `Phrase`), in this language; a text as it came is shown as it is, and
   * a key the catalog does not know (a newer or an older release's) as `fallback`, else the key.
   */
  say(said: Said, fallback?: string): string;
}

const translators = new Map<string, Translator>();

/**
 * The messages and formatters of `language`; times are written in `timeZone` (the config's `ui.timeZone`,
 * default Europe/Prague) unless a call names another zone.
 */
export function createTranslator(language: Language, timeZone: string = DEFAULT_TIME_ZONE): Translator {
  const cacheKey = `${language}|${timeZone}`;
  const cached = translators.get(cacheKey);
  if (cached) return cached;
  const formatters = createFormatters(language, timeZone);
  const catalog: Catalog = MESSAGES;
  const t: Translator['t'] = (key, params) =>
    fill(catalog[key]?.[language] ?? key, params, formatters.number);
  const say: Translator['say'] = (said, fallback) => {
    if (typeof said === 'string') return said;
    if (!Object.hasOwn(catalog, said.key)) return fallback ?? said.key;
    return t(
      said.key as MessageKey,
      paramsOf(said, (inner) => say(inner)),
    );
  };
  const translator: Translator = {
    ...formatters,
    language,
    timeZone,
    t,
    say,
    stateName(state) {
      const entry = catalog[`state.${state}`];
      return entry ? entry[language] : state.replaceAll('_', ' ');
    },
  };
  translators.set(cacheKey, translator);
  return translator;
}
