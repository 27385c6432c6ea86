/**
 * GET /system: the technical view for when something is wrong (the records kept, the queue, the request budget,
 * the last webhook, the sweep for missed deals, Redis, the deadline reading, the blogs' targets, the intake).
 * The blogger's home page (./overview.ts) links here from each item whose fix is technical.
 */
import type { DeadlineFinding } from '../../deals/deadline-offset.js';
import type { LastWebhook } from '../../deals/record.js';
import type { Intake } from '../../intake/mode.js';
import type { RateLimitSnapshot } from '../../marketplace/rate-limit.js';
import type { LastSweep } from '../../reconcile/index.js';
import { html, type SafeHtml } from '../html.js';
import type { QueueCounts, Sourced, TargetStatus } from '../types.js';
import { deadlineCard } from './deadline-card.js';
import { intakeCard } from './intake-card.js';
import { layout, type ViewContext } from './layout.js';
import { rulesCard } from './rules.js';
import { countsCard, queueCard, rateLimitCard, redisCard, sweepCard, webhookCard } from './system-cards.js';
import { targetsCard } from './system-targets.js';

export { queueDepth } from './system-cards.js';

export interface SystemData {
  counts: Sourced<Readonly<Record<string, number>>>;
  queue: Sourced<QueueCounts>;
  rateLimit: Sourced<RateLimitSnapshot>;
  lastWebhook: Sourced<LastWebhook | undefined>;
  redis: Sourced<boolean>;
  targets: Sourced<TargetStatus[]>;
  /** The last reconciliation sweep (absent: the card is not shown). */
  lastSweep?: Sourced<LastSweep | undefined>;
  /** An implausible `publish_deadline` reading (absent or undefined: no card). */
  deadlineFinding?: Sourced<DeadlineFinding | undefined>;
  /** How deals come in and what it costs (absent: no card; `StatusDeps.intake`). */
  intake?: Intake;
  /** The Rules pages exist (`StatusDeps.rules`): a card links each blog's. */
  rules?: boolean;
}

export function renderSystem(ctx: ViewContext, data: SystemData): SafeHtml {
  const title = ctx.t.t('status.system.title');
  return layout(ctx, {
    title,
    current: 'system',
    body: html`<h1>${title}</h1>
<p class="muted">${ctx.t.t('status.system.intro')}</p>
<div id="dates">${deadlineCard(ctx, data.deadlineFinding)}</div>
<div class="grid">
${intakeCard(ctx, data.intake)}
${redisCard(ctx, data.redis)}
${rateLimitCard(ctx, data.rateLimit)}
${queueCard(ctx, data.queue)}
${webhookCard(ctx, data.lastWebhook)}
${sweepCard(ctx, data.lastSweep)}
${countsCard(ctx, data.counts)}
${data.rules ? rulesCard(ctx) : ''}
</div>
${targetsCard(ctx, data.targets)}`,
  });
}
