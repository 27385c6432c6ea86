/**
 * The message catalog's shape: every text the blogger reads (status page, CLI messages, notifications) is one
 * entry with a Czech and an English form. Placeholders are written `{name}` and filled by `t()` (./index.ts);
 * both forms of an entry use the same placeholders (checked by test/unit/i18n/catalog.test.ts).
 *
 * Each area keeps its own entries in `./messages/<area>.ts` (`… as const satisfies Catalog`), so the type
 * system refuses an entry without one of its languages and `t()` refuses a key that does not exist.
 */
import type { Said } from '../errors.js';

export const LANGUAGES = ['cs', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Our users are Czech bloggers. */
export const DEFAULT_LANGUAGE: Language = 'cs';

export interface CatalogEntry {
  readonly cs: string;
  readonly en: string;
}
export type Catalog = Readonly<Record<string, CatalogEntry>>;

/** Values for a message's `{placeholders}`. Numbers are formatted for the language by `t()`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** The placeholder names of a template, sorted: `"{a} of {b}"` → `['a', 'b']`. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] as string))].sort();
}

/** Fills `{name}` placeholders; a placeholder without a value stays visible, so a missing value is noticed. */
export function fill(
  template: string,
  params: MessageParams | undefined,
  number: (n: number) => string,
): string {
  if (!params) return template;
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? number(value) : value;
  });
}

/**
 * `said` in `language` from one area's catalog, for the modules that import an area's entries rather than the
 * whole catalog (./index.ts imports every area, some of which import types of the modules they speak for). A
 * key the area lacks shows as the key; numbers as digits.
 */
export function sayFrom(catalog: Catalog, language: Language, said: Said): string {
  if (typeof said === 'string') return said;
  const entry = Object.hasOwn(catalog, said.key) ? catalog[said.key] : undefined;
  if (entry === undefined) return said.key;
  const params = Object.fromEntries(
    Object.entries(said.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'object' ? sayFrom(catalog, language, value) : value,
    ]),
  );
  return fill(entry[language], params, String);
}
