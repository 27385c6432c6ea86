/** The System page's cards on where deals come from and go to: the blogs' targets (the intake's card: ./intake-card.ts). */
import { html, type SafeHtml } from '../html.js';
import type { Sourced, TargetStatus } from '../types.js';
import type { ViewContext } from './layout.js';
import { code, message } from './parts.js';
import { card, unavailable, yesNo } from './system-cards.js';

export function targetsCard(ctx: ViewContext, targets: Sourced<TargetStatus[]>): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.blogs.title');
  if (!targets.ok) return card(title, unavailable(ctx, targets.error), html` id="blogs"`);
  if (targets.value.length === 0) {
    return card(
      title,
      html`<p class="muted">${message(ctx, 'status.blogs.none', { setting: code('blogs:') })}</p>`,
      html` id="blogs"`,
    );
  }
  const c = {
    blog: t.t('status.col.blog'),
    publisher: t.t('status.col.publisher'),
    target: t.t('status.col.target'),
    reachable: t.t('status.col.reachable'),
  };
  return html`<section class="card table-card" id="blogs"><h2 class="pad">${title}</h2>
<table class="cards"><thead><tr><th>${c.blog}</th><th>${c.publisher}</th><th>${c.target}</th><th>${c.reachable}</th></tr></thead><tbody>
${targets.value.map(
  (b) => html`<tr data-blog="${b.blogId}">
<td data-label="${c.blog}">${b.name} <span class="muted">(${b.blogId})</span></td>
<td data-label="${c.publisher}" class="nowrap">${b.kind}</td>
<td data-label="${c.target}" class="wide">${b.target}</td>
<td data-label="${c.reachable}" class="wide">${yesNo(b.ok, t.t('status.yes'), t.t('status.no'))} <span class="muted">${b.detail}</span></td>
</tr>`,
)}
</tbody></table></section>`;
}
