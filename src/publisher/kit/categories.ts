/**
 * The `categories` option every plugin offers: `identity` (the marketplace's category id is the target's own
 * category), or a map from the marketplace's category id to the target's category (a WordPress term id, a
 * site's category names). Decided on the input's type first, so that a bad map reports the bad entry (with
 * its key) instead of a vague "invalid input".
 */
import { z } from 'zod';
import { ruleText } from '../phrase.js';

export type CategoryMapping<T> = 'identity' | ReadonlyMap<number, T>;

/**
 * The option's schema. `value` reads one map entry; `normalise` turns it into the stored form; `describe`
 * ends the message for a value that is neither, e.g. "WordPress category id, e.g. { 12: 5 }".
 */
export function categoriesOption<I, T>(value: z.ZodType<I>, normalise: (entry: I) => T, describe: string) {
  const map = z.record(z.string().regex(/^\s*\d+\s*$/), value).transform((record) => {
    const out = new Map<number, T>();
    for (const [key, entry] of Object.entries(record) as Array<[string, I]>) {
      out.set(Number(key.trim()), normalise(entry));
    }
    return out as ReadonlyMap<number, T>;
  });
  return z.unknown().transform((input, ctx): CategoryMapping<T> => {
    if (input === 'identity') return 'identity';
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
      const parsed = map.safeParse(input);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        const message = issue.code === 'invalid_key' ? ruleText('rule.category_keys') : issue.message;
        ctx.issues.push({ code: 'custom', path: issue.path, message, input });
      }
      return z.NEVER;
    }
    ctx.issues.push({
      code: 'custom',
      message:
        typeof input === 'string'
          ? ruleText('rule.categories_found', { describe, found: input })
          : ruleText('rule.categories', { describe }),
      input,
    });
    return z.NEVER;
  });
}

/**
 * A deal's category through the mapping: `mapped`/`identity` with the target's value, or `fallback` (the
 * plugin's default applies), `unknown` when the deal had a category the map does not list (worth a warning).
 */
export type CategoryPick<T> =
  | { source: 'mapped' | 'identity'; value: T }
  | { source: 'fallback'; unknown: boolean };

export function pickCategory<T>(
  mapping: CategoryMapping<T>,
  categoryId: number | null,
  identity: (id: number) => T,
): CategoryPick<T> {
  if (categoryId === null) return { source: 'fallback', unknown: false };
  if (mapping === 'identity') return { source: 'identity', value: identity(categoryId) };
  const mapped = mapping.get(categoryId);
  return mapped === undefined ? { source: 'fallback', unknown: true } : { source: 'mapped', value: mapped };
}
