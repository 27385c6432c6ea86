import { html, type SafeHtml } from '../html.js';
import { layout, type ViewContext } from './layout.js';

/** 400, 401, 403, 404, 500, 503: what went wrong and where to go next. */
export function renderError(ctx: ViewContext, status: number, title: string, message: string): SafeHtml {
  const body = html`<h1>${title}</h1>
<section class="card"><p>${message}</p>
<p class="muted">HTTP ${status}</p>
<p><a href="${ctx.base}/">Overview</a> · <a href="${ctx.base}/deals">Deals</a> · <a href="${ctx.base}/logs">Logs</a></p></section>`;
  return layout(ctx, { title, current: 'none', body });
}
