import type { Translator } from '../../i18n/index.js';
import { html, type SafeHtml } from '../html.js';
import type { Flash } from '../security.js';

/** What every view needs besides its data. */
export interface ViewContext {
  /** Mount path without trailing slash ('' at the root). */
  base: string;
  now: Date;
  timeZone: string | undefined;
  version: string;
  marketplaceName: string;
  /** Blog id → configured name. */
  blogNames: ReadonlyMap<number, string>;
  /** The CSRF token for forms on this page. */
  csrf: string;
  flash?: Flash | undefined;
  /** The page's language: texts (`t`), state names, dates, numbers and Kč. */
  t: Translator;
}

export type NavItem =
  | 'overview'
  | 'deals'
  | 'demands'
  | 'obligations'
  | 'earnings'
  | 'logs'
  | 'notifications'
  | 'system'
  | 'none';

export interface PageOptions {
  title: string;
  current: NavItem;
  body: SafeHtml;
  /** Reload the page every N seconds (meta refresh: works without JavaScript, needs no CSP exception). */
  refreshSeconds?: number | undefined;
  /** false: no navigation (the /setup pages, before the other pages exist). */
  nav?: boolean;
}

function navLink(ctx: ViewContext, current: NavItem, item: NavItem, path: string, label: string): SafeHtml {
  return html`<a href="${ctx.base}${path}"${current === item ? html` aria-current="page"` : ''}>${label}</a>`;
}

export function layout(ctx: ViewContext, page: PageOptions): SafeHtml {
  const { base, version } = ctx;
  return html`<!doctype html>
<html lang="${ctx.t.language}" data-now="${ctx.now.toISOString()}" data-left="${ctx.t.t('status.countdown.left')}" data-overdue="${ctx.t.t('status.countdown.overdue')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex, nofollow">
${page.refreshSeconds ? html`<meta http-equiv="refresh" content="${page.refreshSeconds}">` : ''}
<title>${page.title} · pressbridge</title>
<link rel="stylesheet" href="${base}/assets/status.css?v=${version}">
<script src="${base}/assets/status.js?v=${version}" defer></script>
</head>
<body>
<header class="top"><div class="bar">
<a class="brand" href="${base}/">pressbridge</a>
${
  page.nav === false
    ? ''
    : html`<nav class="main" aria-label="${ctx.t.t('status.nav.label')}">
${navLink(ctx, page.current, 'overview', '/', ctx.t.t('status.nav.overview'))}
${navLink(ctx, page.current, 'deals', '/deals', ctx.t.t('status.nav.deals'))}
${navLink(ctx, page.current, 'demands', '/demands', ctx.t.t('status.nav.demands'))}
${navLink(ctx, page.current, 'obligations', '/obligations', ctx.t.t('status.nav.obligations'))}
${navLink(ctx, page.current, 'earnings', '/earnings', ctx.t.t('money.nav'))}
${navLink(ctx, page.current, 'logs', '/logs', ctx.t.t('status.nav.logs'))}
${navLink(ctx, page.current, 'notifications', '/notifications', ctx.t.t('notify.page.nav'))}
${navLink(ctx, page.current, 'system', '/system', ctx.t.t('status.nav.system'))}
</nav>`
}
</div></header>
<main>
${ctx.flash ? html`<p class="flash ${ctx.flash.ok ? 'ok' : 'bad'}" role="status">${ctx.flash.message}</p>` : ''}
${page.body}
</main>
<footer>pressbridge ${version} · ${ctx.marketplaceName} · ${ctx.t.t('status.footer.built')} <time datetime="${ctx.now.toISOString()}">${ctx.t.dateTimeSeconds(ctx.now, ctx.timeZone)}</time></footer>
</body>
</html>
`;
}
