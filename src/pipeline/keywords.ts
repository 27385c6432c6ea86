/**
 * The demand's keywords as a list: the marketplace sends them as one comma-separated string
 * (`demand.keywords`, e.g. "zahradní sekačka, sekačky na trávu"). Trimmed, whitespace collapsed, empty and
 * repeated (case-insensitively) ones left out, the first spelling and the order kept.
 */
export function splitKeywords(keywords: string | undefined): string[] {
  if (keywords === undefined) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of keywords.split(',')) {
    const keyword = part.replace(/\s+/g, ' ').trim();
    const key = keyword.toLocaleLowerCase('cs');
    if (keyword === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(keyword);
  }
  return out;
}
