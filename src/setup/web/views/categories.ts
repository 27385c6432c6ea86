/**
 * The categories step (e) of /setup: per blog with categories, the ways its target offers (src/setup/answers/categories.ts),
 * each radio button with its sentence on what it does and what the blog then looks like, the blog's categories
 * as the marketplace lists them (the numbers the mapping's lines start with), and what the blogger typed kept
 * after a refusal. Every name from the marketplace is escaped by the `html` tag.
 */
import { html, type SafeHtml } from '../../../status/html.js';
import type { ViewContext } from '../../../status/views/layout.js';
import {
  type CategoryForm,
  type CategoryMode,
  categoryFields,
  categoryOptions,
  categoryTarget,
} from '../../answers/categories.js';
import type { BlogAnswer } from '../../answers/index.js';
import { csrfField, refusal, setupPage } from './page.js';

export interface CategoryPageBlog {
  blog: BlogAnswer;
  /** The blog's categories as `GET /v1/blogs` listed them (at most 50 by the marketplace's own limit). */
  marketplace: ReadonlyArray<{ id: number; name: string }>;
  /** What was typed, shown again after a refusal. */
  typed?: CategoryForm | undefined;
}

function marketplaceList(ctx: ViewContext, categories: CategoryPageBlog['marketplace']): SafeHtml {
  if (categories.length === 0)
    return html`<p class="hint">${ctx.t.t('setup.categories.marketplace_none')}</p>`;
  const list = categories
    .slice(0, 50)
    .map((c) => `${c.id} ${c.name.slice(0, 100)}`)
    .join(' · ');
  return html`<p class="hint">${ctx.t.t('setup.categories.marketplace_list', { list })}</p>`;
}

function blogBlock(ctx: ViewContext, entry: CategoryPageBlog): SafeHtml {
  const { blog, typed } = entry;
  const target = categoryTarget(blog);
  if (!target) return html``;
  const lang = ctx.t.language;
  const fields = categoryFields(target);
  const options = categoryOptions(target);
  const chosen: CategoryMode = options.find((o) => o.mode === typed?.mode)?.mode ?? 'default';
  const radios = options.map((o) => {
    const id = `cat-${blog.id}-${o.mode}`;
    const checked = o.mode === chosen ? html` checked` : '';
    return html`<p><label><input type="radio" name="mode-${blog.id}" value="${o.mode}"${checked} aria-describedby="${id}"> ${o.label[lang]}</label>
<br><small class="hint" id="${id}" data-explains="${o.mode}">${o.explain[lang]}</small></p>
${o.mode === 'default' ? html`<p><label>${fields.category[lang]} <input name="default-${blog.id}" type="text" value="${typed?.category ?? ''}" autocomplete="off"></label></p>` : ''}
${o.mode === 'map' ? html`${marketplaceList(ctx, entry.marketplace)}<p><label>${fields.lines[lang]}<br><textarea name="map-${blog.id}" rows="3" cols="30">${typed?.lines ?? ''}</textarea></label></p>` : ''}`;
  });
  return html`<fieldset><legend>${blog.name}</legend>${radios}</fieldset>`;
}

export function renderCategoriesPage(
  ctx: ViewContext,
  data: { blogs: readonly CategoryPageBlog[]; error?: string | undefined },
): SafeHtml {
  // A folder of files has no categories: without a WordPress or GitHub blog there is nothing to choose.
  const none = data.blogs.length === 0 ? html`<p>${ctx.t.t('setup.categories.none')}</p>` : '';
  const intro = data.blogs.length > 0 ? html`<p>${ctx.t.t('setup.categories.intro')}</p>` : '';
  const body = html`<h1>${ctx.t.t('setup.categories.title')}</h1>
<section class="card">${intro}${refusal(data.error)}${none}
<form method="post" action="${ctx.base}/setup/categories">${csrfField(ctx)}${data.blogs.map((b) => blogBlock(ctx, b))}
<p><button class="primary" type="submit">${ctx.t.t('setup.page.continue')}</button></p></form></section>`;
  return setupPage(ctx, ctx.t.t('setup.categories.title'), body);
}
