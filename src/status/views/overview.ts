import type { DeadlineFinding } from '../../deals/deadline-offset.js';
import type { DealRecord, LastWebhook } from '../../deals/record.js';
import type { Intake } from '../../intake/mode.js';
import type { RateLimitSnapshot } from '../../marketplace/rate-limit.js';
import type { LastSweep } from '../../reconcile/index.js';
import { formatAge, stateTone } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import type { QueueCounts, Sourced, TargetStatus } from '../types.js';
import { deadlineCard } from './deadline-card.js';
import { intakeCard } from './intake-card.js';
import { layout, type ViewContext } from './layout.js';
import { ago, blogLabel, code, countdown, dealLink, exactTime, message, stateBadge } from './parts.js';

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
  /** Which intake runs and what it costs a minute (absent: not shown). */
  intake?: Intake;
  /** The last reconciliation sweep (absent: the card is not shown). */
  lastSweep?: Sourced<LastSweep | undefined>;
  /** An implausible `publish_deadline` reading (absent or undefined: no card). */
  deadlineFinding?: Sourced<DeadlineFinding | undefined>;
}

function unavailable(ctx: ViewContext, error: string): SafeHtml {
  return html`<p class="muted">${ctx.t.t('status.unavailable', { error })}</p>`;
}

function yesNo(ok: boolean, yes: string, no: string): SafeHtml {
  return html`<span class="tag ${ok ? 'ok-yes' : 'ok-no'}">${ok ? yes : no}</span>`;
}

function card(title: string, content: SafeHtml, attributes = html``): SafeHtml {
  return html`<section class="card"${attributes}><h2>${title}</h2>${content}</section>`;
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
  const { t } = ctx;
  const title = t.t('status.nav.deals');
  if (!counts.ok) return card(title, unavailable(ctx, counts.error));
  const entries = Object.entries(counts.value).filter(([, n]) => n > 0);
  const total = entries.reduce((sum, [, n]) => sum + n, 0);
  return card(
    title,
    html`
<p><span class="big">${t.number(total)}</span> <span class="muted">${t.t('status.overview.kept')}</span></p>
${
  entries.length === 0
    ? html`<p class="muted">${t.t('status.overview.no_deals')}</p>`
    : html`<ul class="counts">${entries.map(
        ([state, n]) =>
          html`<li><a href="${ctx.base}/deals?state=${state}"><span class="state tone-${stateTone(state)}">${t.stateName(state)}: ${t.number(n)}</span></a></li>`,
      )}</ul>`
}
`,
  );
}

function queueCard(ctx: ViewContext, queue: OverviewData['queue']): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.queue.title');
  if (!queue.ok) return card(title, unavailable(ctx, queue.error));
  const depth = queueDepth(queue.value);
  return card(
    title,
    html`<dl class="kv">
<dt>${t.t('status.queue.waiting')}</dt><dd class="num" data-queue="waiting">${t.number(depth.waiting)}</dd>
<dt>${t.t('status.queue.active')}</dt><dd class="num" data-queue="active">${t.number(depth.active)}</dd>
<dt>${t.t('status.queue.delayed')}</dt><dd class="num" data-queue="delayed">${t.number(depth.delayed)}</dd>
<dt>${t.t('status.failed')}</dt><dd class="num" data-queue="failed">${depth.failed > 0 ? html`<strong>${t.number(depth.failed)}</strong>` : t.number(depth.failed)}</dd>
</dl><p class="hint">${t.t('status.queue.hint')}</p>`,
  );
}

function rateLimitCard(ctx: ViewContext, rate: OverviewData['rateLimit']): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.rate.title');
  if (!rate.ok) return card(title, unavailable(ctx, rate.error));
  const { limit, remaining, resetAt } = rate.value;
  const resetMs = resetAt.getTime() - ctx.now.getTime();
  return card(
    title,
    html`
<p><span class="big" data-rate="remaining">${t.number(remaining)}</span> <span class="muted">${t.t('status.rate.of_limit', { limit })}</span></p>
<p class="hint">${
      resetMs > 0
        ? message(ctx, 'status.rate.next', {
            age: formatAge(resetMs),
            time: exactTime(ctx, resetAt.toISOString()),
          })
        : t.t('status.rate.whole')
    }${remaining === 0 ? ` ${t.t('status.rate.wait')}` : ''}</p>`,
  );
}

function webhookCard(ctx: ViewContext, last: OverviewData['lastWebhook']): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.webhook.title');
  if (!last.ok) return card(title, unavailable(ctx, last.error));
  const w = last.value;
  if (!w) {
    return card(
      title,
      html`<p class="muted">${t.t('status.webhook.none')}</p>
<p class="hint">${message(ctx, 'status.webhook.hint', { command: code('pressbridge webhook test') })}</p>`,
    );
  }
  return card(
    title,
    html`<dl class="kv">
<dt>${t.t('status.webhook.received')}</dt><dd>${ago(ctx, w.time)}</dd>
<dt>${t.t('status.webhook.event')}</dt><dd><code>${w.event}</code></dd>
<dt>${t.t('status.webhook.outcome')}</dt><dd>${w.outcome}</dd>
${w.dealId !== undefined ? html`<dt>${t.t('status.webhook.deal')}</dt><dd>${dealLink(ctx, w.dealId)}</dd>` : ''}
</dl>`,
  );
}

function sweepResult(ctx: ViewContext, last: LastSweep): SafeHtml {
  const { t } = ctx;
  const found = [...last.enqueued, ...last.requeued];
  if (last.status !== 'ok') {
    return html`${yesNo(false, '', t.t('status.failed'))} <span class="muted">${last.errors[0] ?? ''}</span>`;
  }
  if (found.length === 0) {
    return html`${yesNo(true, t.t('status.sweep.nothing'), '')} <span class="muted">${t.t('status.sweep.listed', { listed: last.listed })}</span>`;
  }
  return html`${t.t('status.sweep.queued', { count: found.length })} ${found
    .slice(0, 10)
    .map((id, i) => html`${i > 0 ? ', ' : ''}${dealLink(ctx, id)}`)}${found.length > 10 ? ' …' : ''}`;
}

function sweepCard(ctx: ViewContext, sweep: OverviewData['lastSweep']): SafeHtml {
  if (!sweep) return html``;
  const { t } = ctx;
  const title = t.t('status.sweep.title');
  if (!sweep.ok) return card(title, unavailable(ctx, sweep.error));
  const last = sweep.value;
  if (!last) {
    return card(
      title,
      html`<p class="muted">${t.t('status.sweep.none')}</p>
<p class="hint">${t.t('status.sweep.about')}</p>`,
    );
  }
  const found = last.enqueued.length + last.requeued.length;
  const hint =
    last.status !== 'ok'
      ? message(ctx, 'status.sweep.failed_hint', { command: code('pressbridge doctor') })
      : found > 0
        ? message(ctx, 'status.sweep.queued_hint', { command: code('pressbridge webhook deliveries') })
        : undefined;
  return card(
    title,
    html`<dl class="kv">
<dt>${t.t('status.sweep.last')}</dt><dd>${ago(ctx, last.finishedAt)}</dd>
<dt>${t.t('status.sweep.result')}</dt><dd>${sweepResult(ctx, last)}</dd>
</dl>${hint ? html`<p class="hint">${hint}</p>` : ''}`,
    html` data-sweep="${last.status}"`,
  );
}

function redisCard(ctx: ViewContext, redis: OverviewData['redis']): SafeHtml {
  const { t } = ctx;
  const up = redis.ok && redis.value;
  return card(
    'Redis',
    html`<p>${yesNo(up, t.t('status.redis.reachable'), t.t('status.redis.unreachable'))}</p>${
      up ? '' : html`<p class="hint">${message(ctx, 'status.redis.hint', { setting: code('redis.url') })}</p>`
    }`,
  );
}

function targetsCard(ctx: ViewContext, targets: OverviewData['targets']): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.blogs.title');
  if (!targets.ok) return card(title, unavailable(ctx, targets.error));
  if (targets.value.length === 0) {
    return card(
      title,
      html`<p class="muted">${message(ctx, 'status.blogs.none', { setting: code('blogs:') })}</p>`,
    );
  }
  const c = {
    blog: t.t('status.col.blog'),
    publisher: t.t('status.col.publisher'),
    target: t.t('status.col.target'),
    reachable: t.t('status.col.reachable'),
  };
  return html`<section class="card table-card"><h2 class="pad">${title}</h2>
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

function attentionCard(ctx: ViewContext, attention: OverviewData['attention']): SafeHtml {
  if (!attention.ok) return html``;
  if (attention.value.length === 0) return html``;
  const { t } = ctx;
  const c = {
    deal: t.t('status.col.deal'),
    blog: t.t('status.col.blog'),
    state: t.t('status.col.state'),
    deadline: t.t('status.col.deadline'),
    error: t.t('status.col.error'),
  };
  return html`<section class="card table-card"><h2 class="pad">${t.t('status.overview.attention')}</h2>
<table class="cards"><thead><tr><th>${c.deal}</th><th>${c.blog}</th><th>${c.state}</th><th>${c.deadline}</th><th>${c.error}</th></tr></thead><tbody>
${attention.value.map(
  (d) => html`<tr>
<td data-label="${c.deal}" class="nowrap">${dealLink(ctx, d.dealId)}</td>
<td data-label="${c.blog}">${blogLabel(ctx, d.blogId)}</td>
<td data-label="${c.state}" class="nowrap">${stateBadge(ctx, d.state)}</td>
<td data-label="${c.deadline}" class="nowrap">${countdown(ctx, d)}</td>
<td data-label="${c.error}" class="wide">${d.error ?? ''}</td>
</tr>`,
)}
</tbody></table></section>`;
}

export function renderOverview(ctx: ViewContext, data: OverviewData): SafeHtml {
  const title = ctx.t.t('status.nav.overview');
  return layout(ctx, {
    title,
    current: 'overview',
    body: html`<h1>${title}</h1>
${deadlineCard(ctx, data.deadlineFinding)}
${attentionCard(ctx, data.attention)}
<div class="grid">
${countsCard(ctx, data.counts)}
${queueCard(ctx, data.queue)}
${rateLimitCard(ctx, data.rateLimit)}
${intakeCard(ctx, data.intake)}
${webhookCard(ctx, data.lastWebhook)}
${redisCard(ctx, data.redis)}
${sweepCard(ctx, data.lastSweep)}
</div>
${targetsCard(ctx, data.targets)}`,
  });
}
