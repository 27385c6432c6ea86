/** Step 4, render (../render.ts): in the render pool, within the limits, under the blog's article policy. */

import { articleLinks } from '../../render/article-links.js';
import { articlePolicy } from '../../render/policy.js';
import type { Article } from '../../render/types.js';
import { progressPatch } from '../progress.js';
import { noteLines, renderDeal } from '../render.js';
import type { BlogRun } from '../run-context.js';
import { need } from './need.js';

function disclosureOf(article: Article): { label?: string } {
  const block = article.blocks.find((b) => b.type === 'disclosure');
  return block?.type === 'disclosure' ? { label: block.text } : {};
}

export async function renderStep(run: BlogRun): Promise<undefined> {
  const { store, dealId, log, payload } = run.job;
  const text = need(run.text, 'the text');
  const photos = need(run.photos, 'the photos');
  await store.update(dealId, { state: 'rendering' });
  const rendered = await run.step('render', () =>
    renderDeal(
      run.renderPool,
      {
        dealId,
        html: text.text,
        photos: photos.photos,
        dealName: payload.event.demand?.name,
        policy: articlePolicy(run.blog),
      },
      run.renderSettings.limits,
    ),
  );
  const { article, slug } = rendered;
  if (rendered.titleSource !== 'h1') {
    log.warn({ title: article.title }, "the text has no <h1>; the deal's name is the title");
  }
  for (const line of noteLines(article.notes)) log[line.level](line.fields, line.msg);
  await store.update(dealId, {
    title: article.title,
    state: 'publishing',
    data: {
      // The advertiser's links as published: the article watcher (src/watch/) looks for them on the live page.
      // With the disclosure label as published, which the watcher looks for too.
      watch: { links: article.links ?? articleLinks(article), ...disclosureOf(article) },
      ...progressPatch({
        article: { slug, titleSource: rendered.titleSource, blocks: article.blocks.length },
        photos: rendered.images.map((i) => ({
          n: i.n,
          filename: i.filename,
          width: i.width,
          height: i.height,
        })),
        photosDropped: photos.dropped.length > 0 ? photos.dropped : null,
      }),
    },
  });
  run.rendered = rendered;
  return undefined;
}
