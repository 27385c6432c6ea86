/** Alt text for photo `n` of an article: the title for the cover, "title – foto n" for the others. */
export function altText(title: string | undefined, n: number): string {
  const base = title?.replace(/\s+/g, ' ').trim() ?? '';
  if (n === 0) return base === '' ? 'Úvodní fotografie' : base;
  return base === '' ? `Foto ${n}` : `${base} – foto ${n}`;
}
