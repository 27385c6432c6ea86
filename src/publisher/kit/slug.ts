import { slugify } from '../../render/slug.js';

const SAFE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A slug safe as a file or folder name: the pipeline's slug when it is a plain one (lower-case ASCII words
 * joined by single hyphens, at most 120 characters), else that slug made into one.
 */
export function safeSlug(slug: string): string {
  return SAFE_SLUG.test(slug) && slug.length <= 120 ? slug : slugify(slug);
}
