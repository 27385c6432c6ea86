/**
 * The WordPress steps' sentences as checks. The texts live in the shared catalog
 * (src/i18n/messages/setup-wordpress.ts, keys `setup.wp.*`, a failure's fix under `<key>.fix`); here they are
 * named without the prefix and filled in both languages (numbers as plain digits).
 */
import { fill, type MessageParams } from '../../i18n/catalog.js';
import { setupWordPressMessages } from '../../i18n/messages/setup-wordpress.js';
import type { SetupCheck, SetupText } from './types.js';

type Prefixed = keyof typeof setupWordPressMessages;
export type SetupWordPressMessage = Prefixed extends `setup.wp.${infer Key}` ? Key : never;

function entry(key: string): { cs: string; en: string } | undefined {
  const full = `setup.wp.${key}`;
  return Object.hasOwn(setupWordPressMessages, full) ? setupWordPressMessages[full as Prefixed] : undefined;
}

/** A message in both languages, placeholders filled (numbers as plain digits). */
export function text(key: SetupWordPressMessage, params?: MessageParams): SetupText {
  const found = entry(key) ?? { cs: key, en: key };
  return { cs: fill(found.cs, params, String), en: fill(found.en, params, String) };
}

/** A passed check. */
export function passed(id: string, key: SetupWordPressMessage, params?: MessageParams): SetupCheck {
  return { id, ok: true, message: text(key, params) };
}

/** A failed check whose fix is the message's `.fix` entry (or `fix`). */
export function failed(
  id: string,
  key: SetupWordPressMessage,
  params?: MessageParams,
  fix?: SetupText,
): SetupCheck {
  const fixKey = `${key}.fix` as SetupWordPressMessage;
  const found = fix ?? (entry(fixKey) ? text(fixKey, params) : undefined);
  return { id, ok: false, message: text(key, params), ...(found ? { fix: found } : {}) };
}
