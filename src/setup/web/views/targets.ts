/**
 * The page of each handled blog's target (c WordPress, d GitHub, or a folder). Everything shown is escaped by the
 * `html` tag.
 */
import type { Check } from '../../../checks.js';
import { html, type SafeHtml, safeHttpUrl } from '../../../status/html.js';
import type { ViewContext } from '../../../status/views/layout.js';
import type { BlogAnswer } from '../../answers/index.js';
import type { SetupText, WordPressDiscovery } from '../../wordpress/types.js';
import { allowLocalField, checkList, csrfField, field, refusal, setupPage, submit } from './page.js';

export function renderWordPressPage(
  ctx: ViewContext,
  data: {
    blog: BlogAnswer;
    discovery?: WordPressDiscovery;
    authorizationUrl?: string;
    checks: readonly Check<SetupText>[];
  },
): SafeHtml {
  const { blog, discovery } = data;
  const checks = [...(discovery?.checks ?? []), ...data.checks];
  if (blog.wordpress) return renderWordPressConnected(ctx, blog, blog.wordpress, checks);
  // The link comes from the site's REST index: only an http(s) address becomes a link.
  const authorizationUrl = safeHttpUrl(data.authorizationUrl);
  const action = `${ctx.base}/setup/blog/${blog.id}/wordpress`;
  // A failed discovery has no REST root: its checks say what is wrong, the address form stays.
  const found = discovery?.restRoot
    ? html`${
        authorizationUrl
          ? html`<p><a class="button primary" id="authorize" href="${authorizationUrl}">${ctx.t.t('setup.page.wp_authorize')}</a></p>
<p class="muted">${ctx.t.t('setup.page.wp_or_paste')}</p>`
          : html`<p>${ctx.t.t('setup.page.wp_paste_only')}</p>`
      }
<form method="post" action="${action}/paste">${csrfField(ctx)}
${field(ctx.t.t('setup.page.wp_user'), 'username')}
${field(ctx.t.t('setup.page.wp_password'), 'password', '', 'password')}
${submit(ctx, 'setup.page.connect')}</form>`
    : '';
  const body = html`<h1>${ctx.t.t('setup.page.wp_title', { blog: blog.name })}</h1>
<section class="card">${data.checks.some((c) => c.status !== 'ok' && c.id !== 'authorization') ? html`<p class="flash bad" role="alert">${ctx.t.t('setup.page.wp_check_failed')}</p>` : ''}${checkList(ctx, checks)}
<form method="post" action="${action}/discover">${csrfField(ctx)}
${field(ctx.t.t('setup.page.wp_address'), 'address', discovery?.siteUrl ?? blog.url, 'text')}
${allowLocalField(ctx, discovery?.checks ?? [], discovery?.allowLocal)}
${
  // Once the site is found, the next step is "Connect in WordPress" (the primary button below); checking the
  // address again is the secondary one (the new-user trial pressed the primary "Continue" and went round).
  discovery?.restRoot
    ? html`<p><button type="submit">${ctx.t.t('setup.page.wp_check_again')}</button></p>`
    : submit(ctx)
}</form>
${found}</section>`;
  return setupPage(ctx, ctx.t.t('setup.page.wp_title', { blog: blog.name }), body);
}

/**
 * Every check passed: the same list the terminal prints (discovery's, then verify's), each with its result, and
 * the way on as the one primary action; the setup moves to the categories only from here.
 */
function renderWordPressConnected(
  ctx: ViewContext,
  blog: BlogAnswer,
  connected: NonNullable<BlogAnswer['wordpress']>,
  checks: readonly Check<SetupText>[],
): SafeHtml {
  const title = ctx.t.t('setup.page.wp_title', { blog: blog.name });
  const body = html`<h1>${title}</h1>
<section class="card"><p>${ctx.t.t('setup.page.wp_connected', { site: connected.url, user: connected.username })}</p>
${checkList(ctx, checks)}
<p><a class="button primary" id="continue" href="${ctx.base}/setup">${ctx.t.t('setup.page.continue')}</a></p></section>`;
  return setupPage(ctx, title, body);
}

export function renderGitHubPage(
  ctx: ViewContext,
  data: { blog: BlogAnswer; error?: string | undefined; askPaths?: boolean },
): SafeHtml {
  const { blog } = data;
  if (data.askPaths) return renderGitHubPathsPage(ctx, data);
  const body = html`<h1>${ctx.t.t('setup.page.gh_title', { blog: blog.name })}</h1>
<section class="card"><p>${ctx.t.t('setup.page.gh_intro')}</p>
${refusal(data.error)}
<form method="post" action="${ctx.base}/setup/blog/${blog.id}/github">${csrfField(ctx)}
${field(ctx.t.t('setup.page.gh_repo'), 'repo')}
${field(ctx.t.t('setup.page.gh_token'), 'token', '', 'password')}
${field(ctx.t.t('setup.page.gh_branch'), 'branch', '', 'text', false)}
${field(ctx.t.t('setup.page.site_url'), 'siteUrl', blog.url, 'url')}
${submit(ctx)}</form></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.gh_title', { blog: blog.name }), body);
}

/**
 * The repository's generator was not told (none of Jekyll, Hugo, Astro): the GitHub plugin's `generic` preset needs
 * where the article and its photos go and what the article's address is (checked with the plugin's own rules
 * when the setup finishes).
 */
function renderGitHubPathsPage(
  ctx: ViewContext,
  data: { blog: BlogAnswer; error?: string | undefined },
): SafeHtml {
  const { blog } = data;
  const t = ctx.t;
  const example = (
    key:
      | 'setup.page.gh_article'
      | 'setup.page.gh_images'
      | 'setup.page.gh_image_url'
      | 'setup.page.gh_url_pattern',
    name: string,
    sample: string,
  ) =>
    html`<p><label>${t.t(key)} <input name="${name}" type="text" required autocomplete="off" placeholder="${sample}"></label></p>`;
  const body = html`<h1>${t.t('setup.page.gh_title', { blog: blog.name })}</h1>
<section class="card"><p>${t.t('setup.github.paths_needed')}</p>
${refusal(data.error)}
<form method="post" action="${ctx.base}/setup/blog/${blog.id}/github/paths">${csrfField(ctx)}
${example('setup.page.gh_article', 'article', 'content/blog/{slug}.{ext}')}
${example('setup.page.gh_images', 'images', 'public/images/{slug}/')}
${example('setup.page.gh_image_url', 'imageUrl', '/images/{slug}/{filename}')}
${example('setup.page.gh_url_pattern', 'urlPattern', 'blog/{slug}/')}
${submit(ctx)}</form></section>`;
  return setupPage(ctx, t.t('setup.page.gh_title', { blog: blog.name }), body);
}

export function renderStaticPage(
  ctx: ViewContext,
  data: { blog: BlogAnswer; error?: string | undefined },
): SafeHtml {
  const { blog } = data;
  const body = html`<h1>${ctx.t.t('setup.page.static_title', { blog: blog.name })}</h1>
<section class="card">${refusal(data.error)}
<form method="post" action="${ctx.base}/setup/blog/${blog.id}/static">${csrfField(ctx)}
${field(ctx.t.t('setup.page.static_dir'), 'dir')}
${field(ctx.t.t('setup.page.site_url'), 'baseUrl', blog.url, 'url')}
${submit(ctx)}</form></section>`;
  return setupPage(ctx, ctx.t.t('setup.page.static_title', { blog: blog.name }), body);
}
