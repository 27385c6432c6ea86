/**
 * The first /setup pages: the token, the key (a) and the blogs (b). Pure functions of their data through the
 * escaping `html` tag.
 */
import type { Check } from '../../../checks.js';
import { html, type SafeHtml } from '../../../status/html.js';
import type { ViewContext } from '../../../status/views/layout.js';
import { type BlogTarget, TARGETS } from '../../answers/blogs.js';
import { apiAddressHint } from '../../api-address.js';
import type { MarketplaceBlog } from '../../engine.js';
import type { SetupText } from '../../wordpress/types.js';
import { allowLocalField, checkList, csrfField, languageLinks, refusal, setupPage } from './page.js';

export function renderTokenPage(ctx: ViewContext, refused: boolean): SafeHtml {
  const body = html`<h1>${ctx.t.t('setup.page.title')}</h1>
${languageLinks(ctx, '/setup')}
<section class="card"><p>${ctx.t.t('setup.page.token_intro')}</p>
${refused ? html`<p class="flash bad" role="alert">${ctx.t.t('setup.page.token_refused')}</p>` : ''}
<form method="post" action="${ctx.base}/setup/token">${csrfField(ctx)}
<input type="hidden" name="lang" value="${ctx.t.language}">
<p><label>${ctx.t.t('setup.page.token_label')} <input name="token" autocomplete="off" required></label></p>
<p><button class="primary" type="submit">${ctx.t.t('setup.page.continue')}</button></p>
</form></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.title'), body);
}

export function renderKeyPage(
  ctx: ViewContext,
  data: { baseUrl: string; checks: readonly Check<SetupText>[]; allowLocal?: boolean },
): SafeHtml {
  const body = html`<h1>${ctx.t.t('setup.page.key_title')}</h1>
${languageLinks(ctx, '/setup/key')}
<section class="card"><p>${ctx.t.t('setup.page.key_intro')}</p>
${checkList(ctx, data.checks)}
<form method="post" action="${ctx.base}/setup/key">${csrfField(ctx)}
<p><label>${ctx.t.t('setup.page.base_url')} <input name="baseUrl" type="url" value="${data.baseUrl}" required aria-describedby="base-url-hint"></label>
<br><small class="hint" id="base-url-hint">${apiAddressHint()[ctx.t.language]}</small></p>
${allowLocalField(ctx, data.checks, data.allowLocal)}
<p><label>${ctx.t.t('setup.page.api_key')} <input name="apiKey" type="password" autocomplete="off" required></label></p>
<p><button class="primary" type="submit">${ctx.t.t('setup.page.check_key')}</button></p>
</form></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.key_title'), body);
}

export function renderBlogsPage(
  ctx: ViewContext,
  data: {
    login: string;
    blogs: readonly MarketplaceBlog[];
    chosen: ReadonlyMap<number, BlogTarget>;
    error?: string | undefined;
  },
): SafeHtml {
  const rows = data.blogs.map((blog) => {
    const chosen = data.chosen.get(blog.id) ?? 'wordpress';
    return html`<tr><td>${blog.name}<br><small class="muted">${blog.url}</small></td>
<td><label>${ctx.t.t('setup.page.blog_target')} <select name="target-${blog.id}">${TARGETS.map(
      (t) =>
        html`<option value="${t}"${t === chosen ? html` selected` : ''}>${ctx.t.t(`setup.target.${t}`)}</option>`,
    )}</select></label></td></tr>`;
  });
  const body = html`<h1>${ctx.t.t('setup.page.blogs_title')}</h1>
<section class="card"><p>${ctx.t.t('setup.page.blogs_intro', { login: data.login })}</p>
${refusal(data.error)}
${
  data.blogs.length === 0
    ? html`<p>${ctx.t.t('setup.page.no_blogs')}</p>`
    : html`<form method="post" action="${ctx.base}/setup/blogs">${csrfField(ctx)}
<table class="cards"><tbody>${rows}</tbody></table>
<p><button class="primary" type="submit">${ctx.t.t('setup.page.continue')}</button></p></form>`
}</section>`;
  return setupPage(ctx, ctx.t.t('setup.page.blogs_title'), body);
}
