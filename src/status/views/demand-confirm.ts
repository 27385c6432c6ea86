/**
 * The confirmations before anything is sent (issue 30 item 3): an offer names the blog, the demand and the reward
 * ("higher bid" above the base), a decline-all the blog and how many demands; each a POST form with the CSRF
 * token. A reward or note that cannot be offered is said here with its fix, and no button is shown.
 */

import type { DemandRecord } from '../../demands/store.js';
import type { Phrase } from '../../errors.js';
import { html, type SafeHtml } from '../html.js';
import { CSRF_FIELD } from '../security.js';
import { demandName, demandPath } from './demand-parts.js';
import { layout, type ViewContext } from './layout.js';
import { blogLabel } from './parts.js';

export interface OfferConfirmation {
  /** Kč; absent when the demand has no base reward and none was given. */
  reward: number | undefined;
  note: string | undefined;
  /** Why it cannot be offered as asked (the offer service's own phrases). */
  problem?: Phrase | undefined;
}

export function renderOfferConfirm(ctx: ViewContext, r: DemandRecord, c: OfferConfirmation): SafeHtml {
  const { t } = ctx;
  const title = t.t('demand.confirm.title');
  const back = html`<a href="${demandPath(ctx, r.blogId, r.demandId)}">${t.t('demand.confirm.back')}</a>`;
  const base = r.item.reward;
  let content: SafeHtml;
  if (c.problem || c.reward === undefined) {
    const said = c.problem ? t.say(c.problem) : t.t('demand.cli.reward');
    content = html`<section class="card error-box" role="alert"><p>${said}</p><p>${back}</p></section>`;
  } else {
    const reward = c.reward;
    const question = t.t('demand.confirm.text', {
      blog: blogLabel(ctx, r.blogId),
      demand: demandName(r),
      reward: t.money(reward),
    });
    const higher = base === undefined || reward !== base;
    content = html`<section class="card" data-confirm="offer"><p><strong>${question}</strong></p>
<p data-higher="${String(higher)}">${higher && base !== undefined ? t.t('demand.confirm.higher', { base: t.money(base) }) : higher ? '' : t.t('demand.confirm.base')}</p>
${c.note ? html`<p>${t.t('demand.confirm.note', { note: c.note })}</p>` : ''}
<form method="post" action="${demandPath(ctx, r.blogId, r.demandId)}/offer">
<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">
<input type="hidden" name="reward" value="${String(reward)}">
<input type="hidden" name="note" value="${c.note ?? ''}">
<div class="actions"><button type="submit" class="primary">${t.t('demand.confirm.send')}</button> ${back}</div>
</form></section>`;
  }
  const body = html`<h1>${title}</h1>${content}`;
  return layout(ctx, { title, current: 'demands', body });
}

export function renderDeclineConfirm(ctx: ViewContext, blogId: number, open: number): SafeHtml {
  const { t } = ctx;
  const title = t.t('demand.decline.title');
  const back = html`<a href="${demandPath(ctx, blogId)}">${t.t('demand.page.blog_title', { blog: blogLabel(ctx, blogId) })}</a>`;
  const question = t.t('demand.decline.text', { blog: blogLabel(ctx, blogId), count: open });
  const body = html`<h1>${title}</h1><section class="card" data-confirm="decline"><p><strong>${question}</strong></p>
<form method="post" action="${demandPath(ctx, blogId)}/decline">
<input type="hidden" name="${CSRF_FIELD}" value="${ctx.csrf}">
<div class="actions"><button type="submit" class="primary">${t.t('demand.decline.send')}</button> ${back}</div>
</form></section>`;
  return layout(ctx, { title, current: 'demands', body });
}
