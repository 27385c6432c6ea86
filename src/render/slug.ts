/** Letters that NFKD leaves whole (no combining mark to strip), mapped to their usual Latin transliteration. */
const LETTERS: Record<string, string> = {
  ł: 'l',
  ŀ: 'l',
  Ŀ: 'l',
  Ł: 'l',
  ø: 'o',
  Ø: 'o',
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
  ĸ: 'k',
  ŋ: 'ng',
  Ŋ: 'ng',
  '&': ' a ',
};
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

export const SLUG_FALLBACK = 'clanek';

/**
 * URL slug of a title: Czech (and other Latin) diacritics transliterated, lowercase ASCII letters and digits
 * separated by single hyphens, cut at a word boundary to at most `maxLength` characters. Never empty.
 */
export function slugify(title: string, maxLength = 80): string {
  const slug = title
    .replace(SPECIAL, (c) => LETTERS[c] ?? c)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  const cut = cutAtWord(slug, Math.max(1, Math.floor(maxLength)));
  return cut === '' ? SLUG_FALLBACK.slice(0, Math.max(1, maxLength)) : cut;
}

function cutAtWord(slug: string, maxLength: number): string {
  if (slug.length <= maxLength) return slug;
  if (slug[maxLength] === '-') return slug.slice(0, maxLength);
  const boundary = slug.lastIndexOf('-', maxLength);
  // A single word longer than the limit is cut hard rather than dropped.
  return (boundary > 0 ? slug.slice(0, boundary) : slug.slice(0, maxLength)).replace(/-+$/, '');
}
