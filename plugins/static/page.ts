/**
 * The pages of a static site, as strings: an article, the index of articles, a draft brief. Pure functions;
 * every value they print is escaped here, except the article body, which the renderer already sanitised.
 */
import {
  type Article,
  blocksToPlainHtml,
  escapeAttribute,
  escapeText,
  type ImageRef,
} from '../../src/render/index.js';

/** `<meta name>` carrying the deal id: how a page, or a draft, is recognised as this deal's. */
export const DEAL_META = 'pressbridge-deal';
/** `<meta name="generator">` value: how pressbridge recognises an index.html it may overwrite. */
export const GENERATOR = 'pressbridge';

/** Small, readable, responsive; no fonts or anything else fetched from elsewhere. */
const STYLE = `:root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--muted:#6e6e73;--link:#0b57d0;--line:#d2d2d7}
@media (prefers-color-scheme:dark){:root{--fg:#f5f5f7;--bg:#161617;--muted:#a1a1a6;--link:#8ab4f8;--line:#424245}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:1.0625rem/1.65 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.site,main{max-width:44rem;margin:0 auto;padding:0 1.25rem}
.site{padding-top:1rem;padding-bottom:1rem;border-bottom:1px solid var(--line);font-weight:600}
.site a{color:inherit;text-decoration:none}
h1{font-size:clamp(1.75rem,5vw,2.5rem);line-height:1.2;margin:2rem 0 .5rem}
h2,h3,h4,h5,h6{line-height:1.3;margin:2rem 0 .5rem}
a{color:var(--link)}
time,.muted{color:var(--muted);font-size:.9375rem}
img,video{max-width:100%;height:auto}
figure{margin:1.5rem 0}
figure.cover{margin:1rem 0 2rem}
figure.cover img{width:100%;border-radius:.5rem}
blockquote{margin:1.5rem 0;padding:.25rem 0 .25rem 1rem;border-left:4px solid var(--line)}
table{border-collapse:collapse;display:block;overflow-x:auto;max-width:100%}
td,th{border:1px solid var(--line);padding:.375rem .625rem}
pre{overflow-x:auto}
[role=note]{color:var(--muted);font-size:.875rem;font-weight:600;letter-spacing:.02em}
article>[role=note]:first-child{margin:2rem 0 -1rem}
ul.articles{list-style:none;padding:0}
ul.articles li{padding:.75rem 0;border-bottom:1px solid var(--line)}
ul.articles a{font-size:1.125rem;font-weight:600}`;

export interface PageSite {
  /** `<html lang>`. */
  lang: string;
  siteName?: string | undefined;
}

export interface ArticlePageInput {
  site: PageSite;
  dealId: number;
  article: Article & { title: string };
  /** The cover photo (shown first), when there is one. */
  cover?: ImageRef | undefined;
  /** Photo number → the photo, `url` relative to the page (its file name). */
  images: ReadonlyMap<number, ImageRef>;
  /** The page's own public URL. */
  canonicalUrl: string;
  /** Relative link to the site's index page (e.g. `../`), when there is one. */
  indexHref?: string | undefined;
  publishedAt: Date;
}

export function renderArticlePage(input: ArticlePageInput): string {
  const { site, article } = input;
  const cover = input.cover === undefined ? '' : `<figure class="cover">${coverImg(input.cover)}</figure>\n`;
  // A disclosure label on top stands above the title: the reader sees it before the article.
  const [first, ...rest] = article.blocks;
  const labelOnTop = first?.type === 'disclosure';
  const label = labelOnTop ? `${blocksToPlainHtml([first], input.images)}\n` : '';
  const body = blocksToPlainHtml(labelOnTop ? rest : article.blocks, input.images);
  return document({
    site,
    title: article.title,
    head: [
      `<link rel="canonical" href="${escapeAttribute(input.canonicalUrl)}">`,
      `<meta name="${DEAL_META}" content="${input.dealId}">`,
    ],
    header: siteHeader(site, input.indexHref),
    main: `<article>
${label}<h1>${escapeText(article.title)}</h1>
<p class="muted">${dateLine(input.publishedAt, site.lang)}</p>
${cover}${body}
</article>`,
  });
}

export interface IndexEntry {
  /** Relative link from the index, e.g. `vylet-do-tater/`. */
  href: string;
  title: string;
  publishedAt: Date;
}

/** The list of articles, newest first (sorted here). */
export function renderIndexPage(site: PageSite, entries: readonly IndexEntry[]): string {
  const sorted = [...entries].sort(
    (a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.href.localeCompare(b.href),
  );
  const heading = site.siteName ?? defaultIndexTitle(site.lang);
  const items = sorted
    .map(
      (entry) =>
        `<li><a href="${escapeAttribute(entry.href)}">${escapeText(entry.title)}</a><br>${dateLine(entry.publishedAt, site.lang)}</li>`,
    )
    .join('\n');
  return document({
    site: { ...site, siteName: undefined },
    title: heading,
    head: [],
    header: '',
    main: `<h1>${escapeText(heading)}</h1>
${sorted.length === 0 ? `<p class="muted">${site.lang.startsWith('cs') ? 'Zatím žádné články.' : 'No articles yet.'}</p>` : `<ul class="articles">\n${items}\n</ul>`}`,
  });
}

export interface DraftPageInput {
  site: PageSite;
  dealId: number;
  title: string;
  /** Sanitised HTML describing the brief (from the pipeline). */
  briefHtml: string;
  createdAt: Date;
}

/** A draft brief: for the blogger's eyes only (never served; `noindex` in case it is copied somewhere). */
export function renderDraftPage(input: DraftPageInput): string {
  return document({
    site: input.site,
    title: input.title,
    head: [
      '<meta name="robots" content="noindex, nofollow">',
      `<meta name="${DEAL_META}" content="${input.dealId}">`,
    ],
    header: siteHeader(input.site, undefined),
    main: `<article>
<p class="muted">${input.site.lang.toLowerCase().startsWith('cs') ? 'Koncept k obchodu' : 'Draft for deal'} ${input.dealId}, ${dateLine(input.createdAt, input.site.lang)}</p>
<h1>${escapeText(input.title)}</h1>
${input.briefHtml}
</article>`,
  });
}

/** Whether an HTML page carries the marker of `dealId` (the exact meta this module writes). */
export function hasDealMarker(html: string, dealId: number): boolean {
  return html.includes(`<meta name="${DEAL_META}" content="${dealId}">`);
}

/** The deal id in a page's marker, when it has one. */
export function dealMarkerOf(html: string): number | undefined {
  const match = new RegExp(`<meta name="${DEAL_META}" content="(\\d+)">`).exec(html);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** Whether an index.html was written by pressbridge (and so may be rewritten). */
export function isGeneratedPage(html: string): boolean {
  return html.includes(`<meta name="generator" content="${GENERATOR}">`);
}

function document(parts: {
  site: PageSite;
  title: string;
  head: readonly string[];
  header: string;
  main: string;
}): string {
  const title = parts.site.siteName ? `${parts.title} – ${parts.site.siteName}` : parts.title;
  return `<!doctype html>
<html lang="${escapeAttribute(parts.site.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)}</title>
${[...parts.head, `<meta name="generator" content="${GENERATOR}">`].join('\n')}
<style>
${STYLE}
</style>
</head>
<body>
${parts.header}<main>
${parts.main}
</main>
</body>
</html>
`;
}

function siteHeader(site: PageSite, indexHref: string | undefined): string {
  if (site.siteName === undefined) {
    return indexHref === undefined
      ? ''
      : `<header class="site"><a href="${escapeAttribute(indexHref)}">${escapeText(defaultIndexTitle(site.lang))}</a></header>\n`;
  }
  const name = escapeText(site.siteName);
  return indexHref === undefined
    ? `<header class="site">${name}</header>\n`
    : `<header class="site"><a href="${escapeAttribute(indexHref)}">${name}</a></header>\n`;
}

function dateLine(date: Date, lang: string): string {
  let shown: string;
  try {
    shown = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Europe/Prague' }).format(date);
  } catch {
    shown = date.toISOString().slice(0, 10);
  }
  return `<time datetime="${escapeAttribute(date.toISOString())}">${escapeText(shown)}</time>`;
}

function defaultIndexTitle(lang: string): string {
  return lang.toLowerCase().startsWith('cs') ? 'Články' : 'Articles';
}

/** The cover: loaded at once (it is the first thing seen), unlike the body's lazily loaded photos. */
function coverImg(image: ImageRef): string {
  let tag = `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.alt)}"`;
  if (image.width !== undefined) tag += ` width="${image.width}"`;
  if (image.height !== undefined) tag += ` height="${image.height}"`;
  return `${tag}>`;
}
