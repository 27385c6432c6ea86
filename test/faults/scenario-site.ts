/**
 * Blog 1's site in a fault scenario (./harness.ts): a fresh real WordPress, or a static site the daemon's static
 * publisher writes to a folder and serves itself; and, per deal, the articles and media found on it.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../helpers/redis-server.js';
import {
  listMedia,
  listPosts,
  startWordPress,
  type WordPressSite,
  wordpressBlogConfig,
} from '../helpers/wordpress.js';

const REF = /pressbridge:deal:(\d+)/;
const MEDIA_SLUG = /^pressbridge-deal-(\d+)-photo-\d+/;
const STATIC_REF = /<meta name="pressbridge-deal" content="(\d+)"/;
const IMAGE_FILE = /\.(?:jpe?g|png|webp|gif|avif)$/i;

/** How often each value occurs. */
export function countBy(values: Iterable<number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/** Per deal, the articles on a site and the media items of those articles. */
export interface SiteArticles {
  posts: Map<number, number>;
  media: Map<number, number>;
}

/**
 * The articles of a static site's folder (the publisher's default layout, one folder per article): a folder
 * whose index.html names the deal in its `pressbridge-deal` meta is one article, the images beside it its media.
 * Folders starting with a dot are the publisher's own, a file or a folder without a page is no article.
 */
export function staticArticles(dir: string): SiteArticles {
  const articles: SiteArticles = { posts: new Map(), media: new Map() };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    let id: number;
    try {
      id = Number(STATIC_REF.exec(readFileSync(join(dir, entry.name, 'index.html'), 'utf8'))?.[1]);
    } catch {
      continue;
    }
    if (!Number.isInteger(id)) continue;
    const images = readdirSync(join(dir, entry.name)).filter((name) => IMAGE_FILE.test(name)).length;
    articles.posts.set(id, (articles.posts.get(id) ?? 0) + 1);
    articles.media.set(id, (articles.media.get(id) ?? 0) + images);
  }
  return articles;
}

async function wordpressArticles(wp: WordPressSite): Promise<SiteArticles> {
  const posts = await listPosts(wp, { status: 'all' });
  return {
    posts: countBy(
      posts.flatMap((p) => {
        const id = Number(REF.exec(p.content.raw ?? '')?.[1]);
        return Number.isInteger(id) ? [id] : [];
      }),
    ),
    media: countBy(
      (await listMedia(wp)).flatMap((m) => {
        const id = Number(MEDIA_SLUG.exec(m.slug)?.[1]);
        return Number.isInteger(id) ? [id] : [];
      }),
    ),
  };
}

export interface ScenarioSite {
  /** The address the sandbox knows blog 1 by. */
  url: string;
  /** Blog 1 in the daemon's config. */
  blog: Record<string, unknown>;
  wp?: WordPressSite;
  articles(): Promise<SiteArticles>;
}

/** Blog 1's site for scenario `name`: a fresh WordPress, or a static site in `dataDir`. */
export async function startSite(
  name: string,
  kind: 'wordpress' | 'static',
  dataDir: string,
): Promise<ScenarioSite> {
  if (kind === 'static') {
    const dir = join(dataDir, 'site');
    mkdirSync(dir);
    const port = await freePort();
    return {
      url: `http://127.0.0.1:${port}`,
      blog: {
        id: 1,
        publisher: 'static',
        options: { dir, serve: { host: '127.0.0.1', port }, indexPage: false },
      },
      articles: async () => staticArticles(dir),
    };
  }
  const wp = await startWordPress({ name: `faults-${name}`, fresh: true });
  return { url: wp.url, blog: wordpressBlogConfig(wp), wp, articles: () => wordpressArticles(wp) };
}
