/**
 * The System page's cards (they were the overview's before the home page spoke to the blogger): the records
 * kept, the queue, the marketplace's request budget, the last webhook, the reconciliation sweep and Redis (the
 * blogs' targets and the intake are in ./system-targets.ts).
 */
import type { LastWebhook } from '../../deals/record.js';
import type { RateLimitSnapshot } from '../../marketplace/rate-limit.js';
import type { LastSweep } from '../../reconcile/index.js';
import { formatAge, stateTone } from '../format.js';
import { html, type SafeHtml } from '../html.js';
import type { QueueCounts, Sourced } from '../types.js';
import type { ViewContext } from './layout.js';
import { ago, code, dealLink, exactTime, message, webhookOutcome } from './parts.js';

export function unavailable(ctx: ViewContext, error: string): SafeHtml {
  return html`<p class="muted">${ctx.t.t('status.unavailable', { error })}</p>`;
}

export function yesNo(ok: boolean, yes: string, no: string): SafeHtml {
  return html`<span class="tag ${ok ? 'ok-yes' : 'ok-no'}">${ok ? yes : no}</span>`;
}

export function card(title: string, content: SafeHtml, attributes = html``): SafeHtml {
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

export function countsCard(ctx: ViewContext, counts: Sourced<Readonly<Record<string, number>>>): SafeHtml {
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

export function queueCard(ctx: ViewContext, queue: Sourced<QueueCounts>): SafeHtml {
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

export function rateLimitCard(ctx: ViewContext, rate: Sourced<RateLimitSnapshot>): SafeHtml {
  const { t } = ctx;
  const title = t.t('status.rate.title');
  if (!rate.ok) return card(title, unavailable(ctx, rate.error), html` id="rate"`);
  const { limit, remaining, resetAt, pause } = rate.value;
  const resetMs = resetAt.getTime() - ctx.now.getTime();
  // What the marketplace asked for, beside what pressbridge waits: a day's Retry-After is not a day's silence.
  const asked = pause
    ? html`<p class="hint" data-rate="pause">${message(ctx, 'status.rate.pause', {
        asked: formatAge(pause.askedMs),
        time: exactTime(ctx, pause.at.toISOString()),
        capped: formatAge(pause.cappedMs),
        key: code('marketplace.maxPauseSeconds'),
      })}</p>`
    : '';
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
    }${remaining === 0 ? ` ${t.t('status.rate.wait')}` : ''}</p>${asked}`,
    html` id="rate"`,
  );
}

export function webhookCard(ctx: ViewContext, last: Sourced<LastWebhook | undefined>): SafeHtml {
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
<dt>${t.t('status.webhook.outcome')}</dt><dd>${webhookOutcome(ctx, w.outcome)}</dd>
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

export function sweepCard(ctx: ViewContext, sweep: Sourced<LastSweep | undefined> | undefined): SafeHtml {
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

export function redisCard(ctx: ViewContext, redis: Sourced<boolean>): SafeHtml {
  const { t } = ctx;
  const up = redis.ok && redis.value;
  return card(
    'Redis',
    html`<p>${yesNo(up, t.t('status.redis.reachable'), t.t('status.redis.unreachable'))}</p>${
      up ? '' : html`<p class="hint">${message(ctx, 'status.redis.hint', { setting: code('redis.url') })}</p>`
    }`,
    html` id="redis"`,
  );
}
