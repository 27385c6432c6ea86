/**
 * One demand (`/demands/<blog>/<demand>`, where the notifications link): what it is, the brief as far as it was
 * read (description, keywords, keyword URLs: only http(s) ones become links), the verdict with every reason, and
 * the offer form (reward prefilled with the base, a note). The form goes to the confirmation (a GET that changes
 * nothing); only the confirmation's POST offers.
 */
import type { DemandRecord } from '../../demands/store.js';
import { html, type SafeHtml, safeHttpUrl } from '../html.js';
import {
  demandName,
  demandPath,
  demandState,
  expectationText,
  kindTags,
  lengthText,
  reasonList,
  rewardText,
  verdictBadge,
} from './demand-parts.js';
import { layout, type ViewContext } from './layout.js';
import { ago, blogLabel, exactTime, externalLink } from './parts.js';

/** A URL of the advertiser's: a link when http(s), else inert text. */
function urlOrText(url: string): SafeHtml {
  return safeHttpUrl(url) ? externalLink(url) : html`<code class="inert">${url}</code>`;
}

function summaryCard(ctx: ViewContext, r: DemandRecord): SafeHtml {
  const { t } = ctx;
  return html`<section class="card"><dl class="kv">
<dt>${t.t('status.deal.blog')}</dt><dd>${blogLabel(ctx, r.blogId)}</dd>
<dt>${t.t('demand.col.reward')}</dt><dd>${rewardText(ctx, r.item.reward)}</dd>
<dt>${t.t('demand.col.length')}</dt><dd>${lengthText(ctx, r.item.ns)}</dd>
<dt>${t.t('demand.col.expectation')}</dt><dd>${expectationText(ctx, r.item.expectation)}</dd>
<dt>${t.t('demand.col.kind')}</dt><dd>${kindTags(ctx, r)}</dd>
<dt>${t.t('demand.col.state')}</dt><dd>${demandState(ctx, r)}</dd>
<dt>${t.t('demand.col.seen')}</dt><dd>${exactTime(ctx, r.firstSeenAt)} (${ago(ctx, r.firstSeenAt)})</dd>
</dl></section>`;
}

function briefCard(ctx: ViewContext, r: DemandRecord): SafeHtml {
  const { t } = ctx;
  const { brief, item } = r;
  const rows: SafeHtml[] = [];
  if (item.description) {
    rows.push(
      html`<dt>${t.t('demand.brief.description')}</dt><dd class="brief-text">${item.description}</dd>`,
    );
  }
  if (item.keywords) rows.push(html`<dt>${t.t('demand.brief.keywords')}</dt><dd>${item.keywords}</dd>`);
  if (item.url) rows.push(html`<dt>${t.t('demand.brief.url')}</dt><dd>${urlOrText(item.url)}</dd>`);
  const urls = brief?.keywordUrls ?? [];
  if (urls.length > 0) {
    rows.push(
      html`<dt>${t.t('demand.brief.keyword_urls')}</dt><dd><ul class="plain keyword-urls">${urls.map(
        (k) => html`<li><strong>${k.keyword}</strong> → ${urlOrText(k.url)}</li>`,
      )}</ul></dd>`,
    );
  }
  const notes: SafeHtml[] = [];
  if (brief?.textChars !== undefined) {
    notes.push(
      html`<p class="hint">${t.t('demand.brief.text', { chars: brief.textChars, links: brief.textLinks ?? 0 })}</p>`,
    );
  }
  if (brief?.unreadable) {
    notes.push(html`<p class="hint">${t.t('demand.brief.unreadable', { code: brief.unreadable })}</p>`);
  } else if (!brief) {
    notes.push(html`<p class="hint">${t.t('demand.brief.not_read')}</p>`);
  }
  return html`<section class="card brief"><h2>${t.t('demand.brief.title')}</h2>${
    rows.length > 0 ? html`<dl class="kv">${rows}</dl>` : ''
  }${notes}</section>`;
}

function verdictCard(ctx: ViewContext, r: DemandRecord): SafeHtml {
  const reasons = r.verdict && r.verdict.reasons.length > 0;
  return html`<section class="card" data-verdict-card="true"><h2>${ctx.t.t('demand.verdict.title')}</h2>
<p>${verdictBadge(ctx, r.verdict)}</p>
${reasons ? reasonList(ctx, r.verdict) : r.verdict ? html`<p class="muted">${ctx.t.t('demand.verdict.all_hold')}</p>` : ''}
</section>`;
}

function offerCard(ctx: ViewContext, r: DemandRecord, maxNote: number): SafeHtml {
  const { t } = ctx;
  const title = html`<h2>${t.t('demand.form.title')}</h2>`;
  if (r.offer)
    return html`<section class="card">${title}<p>${t.t('demand.form.closed_offered')}</p><p>${demandState(ctx, r)}</p></section>`;
  if (!r.available)
    return html`<section class="card">${title}<p>${t.t('demand.form.closed_gone')}</p></section>`;
  const base = r.item.reward;
  return html`<section class="card">${title}
<form class="offer" method="get" action="${demandPath(ctx, r.blogId, r.demandId)}/offer">
<label for="reward">${t.t('demand.form.reward')}</label>
<input id="reward" name="reward" inputmode="numeric" pattern="[0-9 ]{1,12}" maxlength="12" required value="${base === undefined ? '' : String(base)}">
${base === undefined ? '' : html`<p class="hint">${t.t('demand.form.reward_hint', { base: t.money(base) })}</p>`}
<label for="note">${t.t('demand.form.note')}</label>
<textarea id="note" name="note" rows="3" maxlength="${String(maxNote)}"></textarea>
<p class="hint">${t.t('demand.form.note_hint', { max: maxNote })}</p>
<p><button type="submit" class="primary">${t.t('demand.form.continue')}</button></p>
</form></section>`;
}

export function renderDemand(ctx: ViewContext, r: DemandRecord, options: { maxNote: number }): SafeHtml {
  const heading = ctx.t.t('demand.page.heading', { id: String(r.demandId) });
  const body = html`<h1>${heading} · ${demandName(r)}</h1>
<p><a href="${demandPath(ctx, r.blogId)}">${ctx.t.t('demand.page.blog_title', { blog: blogLabel(ctx, r.blogId) })}</a></p>
${summaryCard(ctx, r)}
${verdictCard(ctx, r)}
${briefCard(ctx, r)}
${offerCard(ctx, r, options.maxNote)}`;
  return layout(ctx, { title: heading, current: 'demands', body });
}
