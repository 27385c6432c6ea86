/**
 * Step 4, render: the text becomes a sanitised Article with a title (the first `<h1>`, else the deal's name),
 * the blog's disclosure label and link policy applied, a slug, and the photos become PublishImages named after
 * the slug. The text is parsed, sanitised and rendered in a render thread within the render limits
 * (src/render/pool.ts, the pool the composition root made), the policy included; a text over a limit fails the deal with a RenderLimitError naming
 * the limit.
 */

import type { DealLogMessage } from '../deals/log-messages.js';
import type { PublishImage } from '../publisher/types.js';
import { altText } from '../render/alt-text.js';
import { neutraliseInvisible } from '../render/invisible.js';
import { DEFAULT_RENDER_LIMITS, type RenderLimits } from '../render/limits.js';
import { type ArticlePolicy, DEFAULT_POLICY } from '../render/policy.js';
import type { RenderPool } from '../render/pool.js';
import { slugify } from '../render/slug.js';
import type { Article, RenderNote } from '../render/types.js';
import type { StoredPhoto } from './files.js';

/** Where the title came from: the text's `<h1>`, the demand's name, or neither (a neutral one). */
export type TitleSource = 'h1' | 'deal_name' | 'deal_id';

export interface RenderInput {
  dealId: number;
  html: string;
  /** The usable photos (broken ones already dropped): their numbers decide which markers become figures. */
  photos: readonly StoredPhoto[];
  /** The demand's name from `deal.accepted`, the title when the text has no `<h1>`. */
  dealName?: string | undefined;
  /** The blog's disclosure label and link policy (`articlePolicy(blog)`); the defaults when absent. */
  policy?: ArticlePolicy | undefined;
}

export interface RenderedDeal {
  article: Article & { title: string };
  slug: string;
  titleSource: TitleSource;
  images: PublishImage[];
}

export async function renderDeal(
  pool: RenderPool,
  input: RenderInput,
  limits: RenderLimits = DEFAULT_RENDER_LIMITS,
): Promise<RenderedDeal> {
  const article = await pool.parseArticle(input.html, {
    photoNumbers: input.photos.map((p) => p.n),
    limits,
    policy: input.policy ?? DEFAULT_POLICY,
  });
  // The post title as the blog's readers see it: one line, no bidi override or other invisible character (a
  // heading of nothing but those is no title). Also for jobs queued before the edge cleaned the names.
  const heading = neutraliseInvisible(article.title ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const name = neutraliseInvisible(input.dealName ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const [title, titleSource]: [string, TitleSource] = heading
    ? [heading, 'h1']
    : name
      ? [name, 'deal_name']
      : [`Článek ${input.dealId}`, 'deal_id'];
  const slug = slugify(title);
  const images = [...input.photos]
    .sort((a, b) => a.n - b.n)
    .map(
      (photo): PublishImage => ({
        n: photo.n,
        bytes: photo.bytes,
        contentType: photo.contentType,
        filename: `${slug}-${photo.n}.${photo.extension}`,
        alt: altText(title, photo.n),
        width: photo.width,
        height: photo.height,
      }),
    );
  return { article: { ...article, title }, slug, titleSource, images };
}

export interface NoteLine {
  level: 'info' | 'warn';
  msg: DealLogMessage;
  fields: Record<string, unknown>;
}

/** The renderer's notes as deal-log lines (the missing title is told by the caller, with the fallback used). */
export function noteLines(notes: readonly RenderNote[]): NoteLine[] {
  const lines: NoteLine[] = [];
  const removed = notes.flatMap((note) => (note.kind === 'removed' ? [note.what] : []));
  if (removed.length > 0) {
    lines.push({
      level: 'info',
      msg: 'markup outside the allowlist removed from the text',
      fields: { removed },
    });
  }
  for (const note of notes) {
    if (note.kind === 'missing_photo') {
      lines.push({
        level: 'warn',
        msg: 'a photo marker has no photo; the marker was removed',
        fields: { marker: `[foto${note.n}]`, n: note.n },
      });
    } else if (note.kind === 'unused_photo') {
      lines.push({
        level: 'info',
        msg: 'a photo has no marker in the text; it was placed at the end of the article',
        fields: { n: note.n },
      });
    }
  }
  return lines;
}
