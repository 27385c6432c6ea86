/**
 * `pressbridge earnings [--json] [--refresh]`: the Earnings page's numbers in the terminal (awaiting payout,
 * arbitration, paid this month and this year, per blog, per month), texts in `ui.language`.
 *
 * By default it reads only what is stored in Redis (the payout overview the daemon's poller keeps, the deal
 * records): no marketplace request. `--refresh` first reads `GET /v1/payouts` once, at low priority through the
 * shared rate limiter, and stores it for the daemon too (which then waits its interval before reading again).
 */
import { Command } from 'commander';
import { createTranslator, type Translator } from '../i18n/index.js';
import type { Amount, Earnings } from '../money/earnings.js';
import type { PollResult } from '../money/poller.js';
import { type CommonOptions, configOption, withContext } from './context.js';
import { cliTranslator } from './language.js';
import type { Output } from './output.js';

function printEarnings(out: Output, t: Translator, e: Earnings, refresh: PollResult | undefined): void {
  if (refresh?.status === 'read') out.line(out.paint(t.t('money.cli.refreshed'), 'green'));
  if (refresh?.status === 'failed') {
    const error = t.say(refresh.said, refresh.error);
    out.line(out.paint(t.t('money.cli.refresh_failed', { error }), 'yellow'));
  }
  out.line(out.paint(t.t('money.title'), 'bold'));
  const totals = (label: string, a: Amount) => ({
    what: label,
    amount: t.money(a.amount),
    count: t.t('money.deal_count', { count: a.count }),
  });
  out.table(
    [
      totals(t.t('money.awaiting'), e.awaiting),
      totals(t.t('money.arbitration'), e.arbitration),
      totals(`${t.t('money.paid_month')} (${t.month(e.month)})`, e.paidThisMonth),
      totals(`${t.t('money.paid_year')} (${e.year})`, e.paidThisYear),
    ],
    [
      { key: 'what', title: '' },
      { key: 'amount', title: t.t('money.col.amount') },
      { key: 'count', title: t.t('money.col.count') },
    ],
  );
  out.line();
  out.line(e.fetchedAt ? t.t('money.read_at', { time: t.dateTime(e.fetchedAt) }) : t.t('money.never_read'));
  const last = e.lastError;
  if (last) {
    const error = t.say(last.said ?? last.message, last.message);
    out.line(out.paint(t.t('money.read_failed', { time: t.dateTime(last.at), error }), 'yellow'));
  }
  if (e.awaiting.deals.length > 0) {
    out.line();
    out.line(out.paint(t.t('money.awaiting_deals'), 'bold'));
    out.table(
      e.awaiting.deals.map((d) => ({
        deal: d.dealId,
        blog: d.blog,
        reward: d.reward === null ? t.t('money.unknown') : t.money(d.reward),
        demand: d.demand ?? '',
      })),
      [
        { key: 'deal', title: t.t('money.col.deal') },
        { key: 'blog', title: t.t('money.col.blog') },
        { key: 'reward', title: t.t('money.col.reward') },
        { key: 'demand', title: t.t('money.col.demand') },
      ],
    );
  }
  out.line();
  out.line(out.paint(t.t('money.by_blog'), 'bold'));
  const cell = (a: Amount) => `${t.money(a.amount)} (${a.count})`;
  out.table(
    e.blogs.map((b) => ({ blog: b.blog, awaiting: cell(b.awaiting), paid: cell(b.paidThisYear) })),
    [
      { key: 'blog', title: t.t('money.col.blog') },
      { key: 'awaiting', title: t.t('money.col.awaiting') },
      { key: 'paid', title: t.t('money.col.paid_year') },
    ],
  );
  out.line();
  out.line(out.paint(t.t('money.by_month'), 'bold'));
  out.table(
    e.months
      .slice(0, 24)
      .map((m) => ({ month: t.month(m.month), count: t.number(m.count), amount: t.money(m.amount) })),
    [
      { key: 'month', title: t.t('money.col.month') },
      { key: 'count', title: t.t('money.col.count') },
      { key: 'amount', title: t.t('money.col.amount') },
    ],
  );
}

export function earningsCommand(): Command {
  const t = cliTranslator();
  return new Command('earnings')
    .description(t.t('help.earnings'))
    .option(...configOption(t))
    .option('--json', t.t('help.json'))
    .option('--refresh', t.t('help.earnings.refresh'))
    .action(async (options: CommonOptions & { refresh?: boolean }) => {
      const [{ createPayoutPoller }, { blogNamesOf, createEarningsReader }] = await Promise.all([
        import('../money/poller.js'),
        import('../money/reader.js'),
      ]);
      await withContext(options, undefined, async (ctx, out) => {
        const { config } = ctx;
        let refresh: PollResult | undefined;
        if (options.refresh) {
          const poller = createPayoutPoller({
            client: ctx.client,
            redis: ctx.redis,
            prefix: config.redis.prefix,
            log: ctx.log,
            settings: config.money,
          });
          refresh = await poller.runOnce({ force: true });
        }
        const earnings = await createEarningsReader({
          store: ctx.store,
          redis: ctx.redis,
          prefix: config.redis.prefix,
          timeZone: config.marketplace.timeZone,
          blogNames: blogNamesOf(config.blogs),
        })();
        if (out.json) {
          out.data({
            ...earnings,
            ...(refresh
              ? { refresh: refresh.status === 'failed' ? refresh : { status: refresh.status } }
              : {}),
          });
        } else
          printEarnings(out, createTranslator(config.ui.language, config.ui.timeZone), earnings, refresh);
        if (refresh?.status === 'failed') process.exitCode = 1;
      });
    });
}
