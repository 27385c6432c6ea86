/**
 * The /v1 payout overview (document: "Payout overview", `GET /v1/payouts`, blogger): `pending` are the account's
 * deals in `ke_schvaleni` (published, waiting for the advertiser's payout), `arbitration` those in `arbitraz`
 * (listed separately; the document does not show their fields, the sandbox gives them the pending items' fields),
 * `paid_monthly` the paid (`proplaceno`) deals per month of their payout, `{month: YYYY-MM, count, amount}` with
 * the blogger's `reward` as the amount. `?rok=YYYY` limits `paid_monthly` to that year. Months follow the
 * sandbox's date format (Prague wall clock, or UTC for `utc`).
 */
import { ERROR } from '../api-document.js';
import { ApiError } from '../api-error.js';
import type { DealRecord } from '../records.js';
import { type ApiDeps, BLOGGER, ok, type Routes } from '../request.js';

export function payoutRoutes(routes: Routes, deps: ApiDeps): void {
  routes.get('/payouts', { roles: BLOGGER, scope: 'read' }, ({ req, key }) => {
    const rok = req.query.rok;
    if (rok !== undefined && (typeof rok !== 'string' || !/^\d{4}$/.test(rok))) {
      throw new ApiError(400, ERROR.badParameter, 'rok must be a year, e.g. rok=2026');
    }
    const own = [...deps.state.deals.values()]
      .filter((d) => deps.state.blogs.get(d.blogId)?.accountId === key.accountId)
      .sort((a, b) => a.id - b.id);
    const item = (d: DealRecord, inArbitration: boolean) => ({
      deal_id: d.id,
      blog: deps.state.blogs.get(d.blogId)?.name ?? '',
      demand: d.demand.name,
      article_url: d.articleUrl,
      in_arbitration: inArbitration,
      reward: d.reward,
    });
    const months = new Map<string, { count: number; amount: number }>();
    for (const d of own) {
      if (d.state !== 'proplaceno' || d.paidAt === null) continue;
      const month = deps.dates.write(d.paidAt).slice(0, 7);
      if (rok !== undefined && !month.startsWith(`${rok}-`)) continue;
      const entry = months.get(month) ?? { count: 0, amount: 0 };
      entry.count += 1;
      entry.amount += d.reward;
      months.set(month, entry);
    }
    return ok({
      pending: own.filter((d) => d.state === 'ke_schvaleni').map((d) => item(d, false)),
      arbitration: own.filter((d) => d.state === 'arbitraz').map((d) => item(d, true)),
      paid_monthly: [...months.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([month, { count, amount }]) => ({ month, count, amount })),
    });
  });
}
