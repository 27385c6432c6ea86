import type { DeadlineFinding } from '../../deals/deadline-offset.js';
import type { DealRecord, LastWebhook } from '../../deals/store.js';
import type { RateLimitSnapshot } from '../../marketplace/rate-limit.js';
import type { LastSweep } from '../../reconcile/index.js';
import { formatAge, stateLabel, stateTone } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import type { QueueCounts, Sourced, TargetStatus } from '../types.js';
import { deadlineCard } from './deadline-card.js';
import { layout, type ViewContext } from './layout.js';
import { ago, blogLabel, countdown, dealLink, exactTime, stateBadge } from './parts.js';

export type { Sourced };

export interface OverviewData {
  counts: Sourced<Readonly<Record<string, number>>>;
  queue: Sourced<QueueCounts>;
  rateLimit: Sourced<RateLimitSnapshot>;
  lastWebhook: Sourced<LastWebhook | undefined>;
  redis: Sourced<boolean>;
  targets: Sourced<TargetStatus[]>;
  /** Deals that may need the blogger (failed, retrying, waiting for approval), newest first. */
  attention: Sourced<DealRecord[]>;
  /** The last reconciliation sweep (absent: the card is not shown). */
  lastSweep?: Sourced<LastSweep | undefined>;
  /** An implausible `publish_deadline` reading (absent or undefined: no card). */
  deadlineFinding?: Sourced<DeadlineFinding | undefined>;
}

function unavailable(error: string): SafeHtml {
  return html`<p class="muted">Unavailable: ${error}</p>`;
}

function yesNo(ok: boolean, yes: string, no: string): SafeHtml {
  return html`<span class="tag ${ok ? 'ok-yes' : 'ok-no'}">${ok ? yes : no}</span>`;
}

/** BullMQ keeps prioritised jobs (all deal jobs) apart from plain waiting ones; the blogger sees one number. */
export function queueDepth(counts: QueueCounts): {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
} {
  const n = (name: string): number => counts[name] ?? 0;
  return {
    waiting: n('waiting') + n('prioritized') + n('waiting-children'),
    active: n('active'),
    delayed: n('delayed'),
    failed: n('failed'),
  };
}

function countsCard(ctx: ViewContext, counts: OverviewData['counts']): SafeHtml {
  if (!counts.ok) return html`<section class="card"><h2>Deals</h2>${unavailable(counts.error)}</section>`;
  const entries = Object.entries(counts.value).filter(([, n]) => n > 0);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return html`<section class="card"><h2>Deals</h2>
<p><span class="big">${total}</span> <span class="muted">kept in Redis</span></p>
${
  entries.length === 0
    ? html`<p class="muted">No deals yet.</p>`
    : html`<ul class="counts">${entries.map(
        ([state, n]) =>
          html`<li><a href="${ctx.base}/deals?state=${state}"><span class="state tone-${stateTone(state)}">${stateLabel(state)}: ${n}</span></a></li>`,
      )}</ul>`
}
</section>`;
}

function queueCard(queue: OverviewData['queue']): SafeHtml {
  if (!queue.ok) return html`<section class="card"><h2>Queue</h2>${unavailable(queue.error)}</section>`;
  const depth = queueDepth(queue.value);
  return html`<section class="card"><h2>Queue</h2><dl class="kv">
<dt>waiting</dt><dd class="num" data-queue="waiting">${depth.waiting}</dd>
<dt>active</dt><dd class="num" data-queue="active">${depth.active}</dd>
<dt>delayed</dt><dd class="num" data-queue="delayed">${depth.delayed}</dd>
<dt>failed</dt><dd class="num" data-queue="failed">${depth.failed > 0 ? html`<strong>${depth.failed}</strong>` : depth.failed}</dd>
</dl><p class="hint">Delayed jobs wait for their next attempt (backoff or the advertiser's approval).</p></section>`;
}

function rateLimitCard(ctx: ViewContext, rate: OverviewData['rateLimit']): SafeHtml {
  if (!rate.ok)
    return html`<section class="card"><h2>Marketplace API</h2>${unavailable(rate.error)}</section>`;
  const { limit, remaining, resetAt } = rate.value;
  const resetMs = resetAt.getTime() - ctx.now.getTime();
  return html`<section class="card"><h2>Marketplace API</h2>
<p><span class="big" data-rate="remaining">${remaining}</span> <span class="muted">of ${limit} requests left in this window</span></p>
<p class="hint">${
    resetMs > 0
      ? html`Next slot frees in ${formatAge(resetMs)} (${exactTime(ctx, resetAt.toISOString())}).`
      : 'The whole window is available.'
  }${remaining === 0 ? ' Requests wait until then; nothing is lost.' : ''}</p></section>`;
}

function webhookCard(ctx: ViewContext, last: OverviewData['lastWebhook']): SafeHtml {
  if (!last.ok) return html`<section class="card"><h2>Last webhook</h2>${unavailable(last.error)}</section>`;
  const w = last.value;
  if (!w) {
    return html`<section class="card"><h2>Last webhook</h2><p class="muted">None received yet.</p>
<p class="hint">Run <code>pressbridge webhook test</code> to make the marketplace send one.</p></section>`;
  }
  return html`<section class="card"><h2>Last webhook</h2><dl class="kv">
<dt>received</dt><dd>${ago(ctx, w.time)}</dd>
<dt>event</dt><dd><code>${w.event}</code></dd>
<dt>outcome</dt><dd>${w.outcome}</dd>
${w.dealId !== undefined ? html`<dt>deal</dt><dd>${dealLink(ctx, w.dealId)}</dd>` : ''}
</dl></section>`;
}

function sweepCard(ctx: ViewContext, sweep: OverviewData['lastSweep']): SafeHtml {
  if (!sweep) return html``;
  const title = html`<h2>Missed webhooks</h2>`;
  if (!sweep.ok) return html`<section class="card">${title}${unavailable(sweep.error)}</section>`;
  const last = sweep.value;
  if (!last) {
    return html`<section class="card">${title}<p class="muted">No sweep yet.</p>
<p class="hint">pressbridge asks the marketplace for accepted deals at start-up and every few minutes, and queues any whose webhook never arrived.</p></section>`;
  }
  const found = [...last.enqueued, ...last.requeued];
  return html`<section class="card" data-sweep="${last.status}">${title}<dl class="kv">
<dt>last sweep</dt><dd>${ago(ctx, last.finishedAt)}</dd>
<dt>result</dt><dd>${
    last.status === 'ok'
      ? found.length === 0
        ? html`${yesNo(true, 'nothing missing', '')} <span class="muted">(${last.listed} accepted deals listed)</span>`
        : html`queued ${found.length} deal${found.length === 1 ? '' : 's'} without a webhook: ${found
            .slice(0, 10)
            .map((id, i) => html`${i > 0 ? ', ' : ''}${dealLink(ctx, id)}`)}${found.length > 10 ? ' …' : ''}`
      : html`${yesNo(false, '', 'failed')} <span class="muted">${last.errors[0] ?? ''}</span>`
  }</dd>
</dl>${
    last.status === 'ok'
      ? found.length > 0
        ? html`<p class="hint">Their webhooks never reached pressbridge: check <code>pressbridge webhook deliveries</code> and that the webhook URL is reachable.</p>`
        : ''
      : html`<p class="hint">Tried again within a minute. If it keeps failing, check the marketplace key with <code>pressbridge doctor</code>.</p>`
  }</section>`;
}

function redisCard(redis: OverviewData['redis']): SafeHtml {
  const up = redis.ok && redis.value;
  return html`<section class="card"><h2>Redis</h2><p>${yesNo(up, 'reachable', 'not reachable')}</p>${
    up
      ? ''
      : html`<p class="hint">Webhooks are answered 503 (the marketplace delivers again later) until Redis is back. Check <code>redis.url</code> and that redis-server runs.</p>`
  }</section>`;
}

function targetsCard(targets: OverviewData['targets']): SafeHtml {
  if (!targets.ok) return html`<section class="card"><h2>Blogs</h2>${unavailable(targets.error)}</section>`;
  if (targets.value.length === 0) {
    return html`<section class="card"><h2>Blogs</h2><p class="muted">No blogs configured (<code>blogs:</code> in the config).</p></section>`;
  }
  return html`<section class="card table-card"><h2 class="pad">Blogs</h2>
<table class="cards"><thead><tr><th>Blog</th><th>Publisher</th><th>Target</th><th>Reachable</th></tr></thead><tbody>
${targets.value.map(
  (t) => html`<tr data-blog="${t.blogId}">
<td data-label="Blog">${t.name} <span class="muted">(${t.blogId})</span></td>
<td data-label="Publisher" class="nowrap">${t.kind}</td>
<td data-label="Target" class="wide">${t.target}</td>
<td data-label="Reachable" class="wide">${yesNo(t.ok, 'yes', 'no')} <span class="muted">${t.detail}</span></td>
</tr>`,
)}
</tbody></table></section>`;
}

function attentionCard(ctx: ViewContext, attention: OverviewData['attention']): SafeHtml {
  if (!attention.ok) return html``;
  if (attention.value.length === 0) return html``;
  return html`<section class="card table-card"><h2 class="pad">Needs a look</h2>
<table class="cards"><thead><tr><th>Deal</th><th>Blog</th><th>State</th><th>Deadline</th><th>Error</th></tr></thead><tbody>
${attention.value.map(
  (d) => html`<tr>
<td data-label="Deal" class="nowrap">${dealLink(ctx, d.dealId)}</td>
<td data-label="Blog">${blogLabel(ctx, d.blogId)}</td>
<td data-label="State" class="nowrap">${stateBadge(d.state)}</td>
<td data-label="Deadline" class="nowrap">${countdown(ctx, d)}</td>
<td data-label="Error" class="wide">${d.error ?? ''}</td>
</tr>`,
)}
</tbody></table></section>`;
}

export function renderOverview(ctx: ViewContext, data: OverviewData): SafeHtml {
  return layout(ctx, {
    title: 'Overview',
    current: 'overview',
    body: html`<h1>Overview</h1>
${deadlineCard(ctx, data.deadlineFinding)}
${attentionCard(ctx, data.attention)}
<div class="grid">
${countsCard(ctx, data.counts)}
${queueCard(data.queue)}
${rateLimitCard(ctx, data.rateLimit)}
${webhookCard(ctx, data.lastWebhook)}
${redisCard(data.redis)}
${sweepCard(ctx, data.lastSweep)}
</div>
${targetsCard(data.targets)}`,
  });
}
