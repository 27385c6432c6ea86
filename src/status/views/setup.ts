/**
 * The /setup pages (issue 21): the token, the key (a) and the blogs (b), the end with doctor's checks. Pure
 * functions of their data through the escaping `html` tag: every blog name, address and message from the
 * marketplace, WordPress or the blogger is escaped. The per-blog and later steps are in ./setup-steps.ts.
 */
import type { Check } from '../../checks.js';
import { LOCAL_ADDRESS_CHECK } from '../../setup/address-guard.js';
import type { BlogTarget } from '../../setup/answers.js';
import { apiAddressHint } from '../../setup/api-address.js';
import type { MarketplaceBlog } from '../../setup/engine.js';
import type { SetupText } from '../../setup/wordpress/types.js';
import { html, type SafeHtml } from '../html.js';
import { layout, type ViewContext } from './layout.js';

export function setupPage(ctx: ViewContext, title: string, body: SafeHtml): SafeHtml {
  return layout(ctx, { title, current: 'none', body, nav: false });
}

export function csrfField(ctx: ViewContext): SafeHtml {
  return html`<input type="hidden" name="csrf" value="${ctx.csrf}">`;
}

const MARK = { ok: '✓', warn: '!', fail: '✗' } as const;
const TONE = { ok: 'ok-yes', warn: 'tone-waiting', fail: 'ok-no' } as const;

/**
 * Checks as a list: a step's (in both languages, said in the page's) or doctor's (in the page's language already,
 * each with its name): the mark and what was found, with the fix when there is one.
 */
export function checkList(
  ctx: ViewContext,
  checks: readonly Check<SetupText | string>[],
  listId?: string,
): SafeHtml {
  if (checks.length === 0) return html``;
  const said = (text: SetupText | string): string => (typeof text === 'string' ? text : text[ctx.t.language]);
  return html`<ul class="checks"${listId ? html` id="${listId}"` : ''}>${checks.map(
    (c) =>
      html`<li class="${TONE[c.status]}"${c.id ? html` data-check="${c.id}"` : ''}>${MARK[c.status]} ${
        c.name ? html`<strong>${said(c.name)}</strong>: ` : ''
      }${said(c.detail)}${c.fix ? html`<br><small>${ctx.t.t('setup.page.fix')}: ${said(c.fix)}</small>` : ''}</li>`,
  )}</ul>`;
}

function languageLinks(ctx: ViewContext, path: string): SafeHtml {
  return html`<p class="muted"><a href="${ctx.base}${path}?lang=cs" lang="cs">Česky</a> · <a href="${ctx.base}${path}?lang=en" lang="en">English</a></p>`;
}

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

/**
 * The confirmation that a local address is meant (src/setup/address-guard.ts): offered once an address was
 * refused as local, or when it was given already; never ticked by the page itself.
 */
export function allowLocalField(
  ctx: ViewContext,
  checks: readonly Check<SetupText>[],
  given: boolean | undefined,
): SafeHtml {
  if (!given && !checks.some((c) => c.id === LOCAL_ADDRESS_CHECK)) return html``;
  return html`<p><label><input type="checkbox" name="allowLocal" value="on"${given ? html` checked` : ''}> ${ctx.t.t('setup.address.allow_local')}</label></p>`;
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

const TARGETS: readonly BlogTarget[] = ['wordpress', 'github', 'static', 'none'];

export function renderBlogsPage(
  ctx: ViewContext,
  data: {
    login: string;
    blogs: readonly MarketplaceBlog[];
    chosen: ReadonlyMap<number, BlogTarget>;
    error?: string;
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
${data.error ? html`<p class="flash bad" role="alert">${data.error}</p>` : ''}
${
  data.blogs.length === 0
    ? html`<p>${ctx.t.t('setup.page.no_blogs')}</p>`
    : html`<form method="post" action="${ctx.base}/setup/blogs">${csrfField(ctx)}
<table class="cards"><tbody>${rows}</tbody></table>
<p><button class="primary" type="submit">${ctx.t.t('setup.page.continue')}</button></p></form>`
}</section>`;
  return setupPage(ctx, ctx.t.t('setup.page.blogs_title'), body);
}

export function renderDonePage(
  ctx: ViewContext,
  data: {
    finish: readonly Check<SetupText>[];
    doctor: readonly Check[];
    configPath: string;
    statusUrl: string;
  },
): SafeHtml {
  const body = html`<h1>${ctx.t.t('setup.page.done_title')}</h1>
<section class="card"><p>${ctx.t.t('setup.page.done_intro', { path: data.configPath })}</p>
${checkList(ctx, data.finish)}</section>
<section class="card"><h2>${ctx.t.t('setup.page.doctor_title')}</h2>
${checkList(ctx, data.doctor, 'doctor')}
<p><a class="button" href="${data.statusUrl}">${ctx.t.t('setup.page.open_status')}</a></p></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.done_title'), body);
}
