/**
 * The WordPress steps' sentences as checks. The texts live in the shared catalog
 * (src/i18n/messages/setup-wordpress.ts, keys `setup.wp.*`, a failure's fix under `<key>.fix`); here they are
 * named without the prefix and filled in both languages (numbers as plain digits).
 */
import type { Check } from '../../checks.js';
import type { Phrase } from '../../errors.js';
import { fill, type Language } from '../../i18n/catalog.js';
import { createTranslator } from '../../i18n/index.js';
import { setupWordPressMessages } from '../../i18n/messages/setup-wordpress.js';
import type { SetupText } from './types.js';

type Prefixed = keyof typeof setupWordPressMessages;
export type SetupWordPressMessage = Prefixed extends `setup.wp.${infer Key}` ? Key : never;

function entry(key: string): { cs: string; en: string } | undefined {
  const full = `setup.wp.${key}`;
  return Object.hasOwn(setupWordPressMessages, full) ? setupWordPressMessages[full as Prefixed] : undefined;
}

/** Values of a message: a value may be a phrase (a plugin's reason, src/errors.ts), said in each language. */
type Params = Readonly<Record<string, string | number | Phrase>>;

function paramsIn(language: Language, params: Params | undefined) {
  if (!params) return undefined;
  const { say } = createTranslator(language);
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [name, typeof value === 'object' ? say(value) : value]),
  );
}

/** A message in both languages, placeholders filled (numbers as plain digits). */
export function text(key: SetupWordPressMessage, params?: Params): SetupText {
  const found = entry(key) ?? { cs: key, en: key };
  return {
    cs: fill(found.cs, paramsIn('cs', params), String),
    en: fill(found.en, paramsIn('en', params), String),
  };
}

/** A passed check. */
export function passed(id: string, key: SetupWordPressMessage, params?: Params): Check<SetupText> {
  return { id, status: 'ok', detail: text(key, params) };
}

/** A failed check whose fix is the message's `.fix` entry (or `fix`). */
export function failed(
  id: string,
  key: SetupWordPressMessage,
  params?: Params,
  fix?: SetupText,
): Check<SetupText> {
  const fixKey = `${key}.fix` as SetupWordPressMessage;
  const found = fix ?? (entry(fixKey) ? text(fixKey, params) : undefined);
  return { id, status: 'fail', detail: text(key, params), ...(found ? { fix: found } : {}) };
}
