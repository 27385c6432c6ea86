import { html, type SafeHtml } from '../html.js';
import { layout, type ViewContext } from './layout.js';

/** 400, 401, 403, 404, 500, 503: what went wrong and where to go next (title and message already translated). */
export function renderError(ctx: ViewContext, status: number, title: string, message: string): SafeHtml {
  const body = html`<h1>${title}</h1>
<section class="card"><p>${message}</p>
<p class="muted">HTTP ${status}</p>
<p><a href="${ctx.base}/">${ctx.t.t('status.nav.overview')}</a> · <a href="${ctx.base}/deals">${ctx.t.t('status.nav.deals')}</a> · <a href="${ctx.base}/logs">${ctx.t.t('status.nav.logs')}</a></p></section>`;
  return layout(ctx, { title, current: 'none', body });
}
