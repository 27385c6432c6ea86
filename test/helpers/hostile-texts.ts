/**
 * Article texts that once stalled the daemon's event loop (issue 13), shared by the fault suite and the bench:
 * each is refused by a render limit (src/render/limits.ts) except the large legal article.
 */
export function nestedDivs(depth: number): string {
  return `<h1>Hluboko</h1>${'<div>'.repeat(depth)}text${'</div>'.repeat(depth)}`;
}

export function paragraphs(count: number, title: string): string {
  const body = Array.from(
    { length: count },
    (_, i) => `<p>Odstavec ${i}: dlouhý text o sekačkách, zahradách a servisu, opakovaně.</p>`,
  ).join('');
  return `<h1>${title}</h1>${body}<p>[foto1]</p>`;
}

export interface HostileText {
  name: string;
  html: string;
  /** The error code of the limit that refuses it; undefined for a text that renders. */
  refusedWith: string | undefined;
  /** The limit's config key, named in the error message. */
  limit: string | undefined;
}

const depth = (name: string, html: string): HostileText => ({
  name,
  html,
  refusedWith: 'text_too_deep',
  limit: 'render.limits.maxDepth',
});

export function hostileTexts(): HostileText[] {
  return [
    depth('nested 75 000 deep (825 KB)', nestedDivs(75_000)),
    depth('10 000 nested divs', nestedDivs(10_000)),
    depth('40 000 nested divs', nestedDivs(40_000)),
    {
      name: '100 000 [foto1] markers',
      html: `<h1>Značky</h1><p>${'[foto1]'.repeat(100_000)}</p>`,
      refusedWith: 'too_many_markers',
      limit: 'render.limits.maxMarkers',
    },
    {
      name: '2.5 MB of html',
      html: paragraphs(32_000, 'Příliš velký článek'),
      refusedWith: 'text_too_large',
      limit: 'render.limits.maxTextBytes',
    },
    {
      name: '950 KB of html',
      html: paragraphs(12_000, 'Obrovský článek'),
      refusedWith: undefined,
      limit: undefined,
    },
  ];
}
