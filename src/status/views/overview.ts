/**
 * GET /: the blogger's home page. It answers, in this order: "all well?" (one sentence, green or not), "what needs
 * me?" (each item with its action), the deals in progress with their countdown, this month's earnings, the
 * market's offers and reward per page drawn (when there is something to draw), and the articles handed in
 * lately. The
 * derivation is pure and lives in ./home-needs.ts; the technical cards are on the System page (./system.ts).
 */

import type { DealRecord } from '../../deals/record.js';
import type { TallyView } from '../../demands/tally.js';
import type { Earnings } from '../../money/earnings.js';
import { html, type SafeHtml } from '../html.js';
import type { Sourced } from '../types.js';
import { earningsCard, type InProgress, progressCard, recentCard } from './home-cards.js';
import { type HomeFacts, homeTone, needItems } from './home-needs.js';
import { needsCard, verdictCard } from './home-needs-view.js';
import { layout, type ViewContext } from './layout.js';
import { marketCard } from './market-charts.js';

export type { Sourced };

export interface OverviewData extends Omit<HomeFacts, 'arbitration'> {
  /** The deals pressbridge is working on (not final). */
  inProgress: Sourced<InProgress>;
  /** The Earnings numbers: this month's, and the deals in arbitration for "what needs you". */
  earnings: Sourced<Earnings>;
  /** The articles handed in lately, newest first (absent: no card). */
  recent?: Sourced<DealRecord[]>;
  /** The demand side's months for the "Market" card (absent, or nothing in the last 12 months: no card). */
  market?: Sourced<TallyView> | undefined;
}

export function renderOverview(ctx: ViewContext, data: OverviewData): SafeHtml {
  const title = ctx.t.t('status.nav.overview');
  const items = needItems({
    ...data,
    arbitration: data.earnings.ok ? data.earnings.value.arbitration.deals : undefined,
  });
  return layout(ctx, {
    title,
    current: 'overview',
    body: html`<h1 class="visually-hidden">${title}</h1>
${verdictCard(ctx, homeTone(items))}
${needsCard(ctx, items)}
<div class="home-grid">
${progressCard(ctx, data.inProgress)}
${earningsCard(ctx, data.earnings)}
${marketCard(ctx, data.market)}
${data.recent ? recentCard(ctx, data.recent) : ''}
</div>`,
  });
}
