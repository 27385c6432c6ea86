import { pickCategory } from '../../src/publisher/kit/index.js';
import type { GitHubOptions } from './options.js';

/** The front matter's categories for a deal, and why. */
export interface CategoryChoice {
  names: readonly string[];
  source: 'mapped' | 'identity' | 'default' | 'none';
  /** Set when the deal's category could not be honoured: the deal log should say so. */
  warning?: string;
}

/**
 * The categories a deal's `category_id` maps to, as the WordPress plugin maps them: `identity` writes the id
 * itself (for sites whose category names are the marketplace's numbers), a map gives names. No category, or
 * one the map does not list, falls back to `defaultCategory` (none at all: the field is left out).
 */
export function chooseCategories(
  options: Pick<GitHubOptions, 'categories' | 'defaultCategory'>,
  categoryId: number | null,
): CategoryChoice {
  const fallback: CategoryChoice =
    options.defaultCategory === undefined
      ? { names: [], source: 'none' }
      : { names: options.defaultCategory, source: 'default' };
  const pick = pickCategory(options.categories, categoryId, (id) => [String(id)]);
  if (pick.source !== 'fallback') return { names: pick.value, source: pick.source };
  if (!pick.unknown) return fallback;
  const using =
    options.defaultCategory === undefined
      ? 'no category'
      : `the default category ${options.defaultCategory.join(', ')}`;
  return {
    ...fallback,
    warning: `marketplace category ${categoryId} is not in the option categories; using ${using}`,
  };
}
