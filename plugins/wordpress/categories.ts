import type { WordPressOptions } from './options.js';

/** Which WordPress category a deal goes to, and why. */
export interface CategoryChoice {
  /** The WordPress term id; undefined: WordPress's own default category (nothing is sent). */
  termId: number | undefined;
  source: 'mapped' | 'identity' | 'default' | 'wordpress-default';
  /** Set when the deal's category could not be honoured: the deal log should say so. */
  warning?: string;
}

/**
 * The category a deal's `category_id` maps to through the options: `identity` takes the id as the WordPress
 * term id; a map looks it up. No category, or one the map does not know, falls back to `defaultCategory`
 * (and, when that is not set either, to WordPress's own default category).
 */
export function chooseCategory(
  options: Pick<WordPressOptions, 'categories' | 'defaultCategory'>,
  categoryId: number | null,
): CategoryChoice {
  const fallback: Pick<CategoryChoice, 'termId' | 'source'> =
    options.defaultCategory === undefined
      ? { termId: undefined, source: 'wordpress-default' }
      : { termId: options.defaultCategory, source: 'default' };
  if (categoryId === null) return fallback;
  if (options.categories === 'identity') return { termId: categoryId, source: 'identity' };
  const mapped = options.categories.get(categoryId);
  if (mapped !== undefined) return { termId: mapped, source: 'mapped' };
  return {
    ...fallback,
    warning: `marketplace category ${categoryId} is not in the option categories; using ${describeFallback(options.defaultCategory)}`,
  };
}

/** "the default category 7" or "WordPress's default category", for log lines. */
export function describeFallback(defaultCategory: number | undefined): string {
  return defaultCategory === undefined
    ? "WordPress's default category"
    : `the default category ${defaultCategory}`;
}
