/**
 * The operator's commands: doctor (doctor.ts), blogs, agent on|off, categories sync, deals, deal, retry, replay,
 * webhook (webhook.ts).
 * Each takes `--config`; listings take `--json`.
 */
import { Command } from 'commander';
import { DEAL_RUN_STATES, type DealRunState, isDealRunState } from '../deals/lifecycle.js';
import type { DealRecord } from '../deals/record.js';
import { AppError } from '../errors.js';
import { dealErrorText } from '../i18n/deal-error.js';
import type { Translator } from '../i18n/index.js';
import type { DealActionResult } from '../operator/actions.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { type CommonOptions, configOption as configOptionOf, positiveInt, withContext } from './context.js';
import { dealCommand } from './deal-story.js';
import { doctorCommand } from './doctor.js';
import { cliTranslator } from './language.js';
import type { Output } from './output.js';
import { webhookCommand } from './webhook-command.js';

// ---------------------------------------------------------------------------------------------------------
// listings

function ago(t: Translator, iso: string, now = Date.now()): string {
  const s = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(s)) return '';
  if (s < 60) return t.t('cli.ago.seconds', { n: s });
  if (s < 3600) return t.t('cli.ago.minutes', { n: Math.floor(s / 60) });
  if (s < 86_400) return t.t('cli.ago.hours', { n: Math.floor(s / 3600) });
  return t.t('cli.ago.days', { n: Math.floor(s / 86_400) });
}

function dealRow(t: Translator, record: DealRecord): Record<string, unknown> {
  return {
    id: record.dealId,
    blog: record.blogId,
    state: t.stateName(record.state),
    accepted: ago(t, record.receivedAt),
    title: record.title ?? '',
    url: record.url ?? dealErrorText(t, record),
  };
}

function printAction(out: Output, result: DealActionResult): void {
  if (out.json) out.data(result);
  else out.line(out.paint(result.message, result.ok ? 'green' : 'red'));
  if (!result.ok) process.exitCode = 1;
}

export function operatorCommands(plugins?: PluginRegistry): Command[] {
  const t = cliTranslator();
  const configOption = configOptionOf(t);

  const doctor = doctorCommand(plugins);

  const blogs = new Command('blogs')
    .description(t.t('help.blogs'))
    .option(...configOption)
    .option('--json', t.t('help.json'))
    .action(async (options: CommonOptions) => {
      await withContext(options, plugins, async (ctx, out) => {
        const list = await ctx.client.listBlogs({ priority: 'high' });
        const rows = list.map((b) => {
          const configured = ctx.config.blogs.find((c) => c.id === b.id);
          return {
            id: b.id,
            name: b.name,
            url: b.url,
            mode: b.publishing?.mode ?? '',
            visitors: b.monthly_visitors_stale ? 'stale' : 'current',
            pressbridge: configured ? configured.publisher : '-',
          };
        });
        const { t } = out;
        if (out.json) out.data(rows);
        else
          out.table(
            rows.map((r) => ({
              ...r,
              visitors: t.t(r.visitors === 'stale' ? 'cli.blogs.stale' : 'cli.blogs.current'),
            })),
            [
              { key: 'id', title: t.t('cli.col.id') },
              { key: 'name', title: t.t('cli.col.name') },
              { key: 'mode', title: t.t('cli.col.mode') },
              { key: 'visitors', title: t.t('cli.col.visitors') },
              { key: 'pressbridge', title: t.t('cli.col.publisher') },
              { key: 'url', title: t.t('cli.col.url') },
            ],
          );
      });
    });

  const agent = new Command('agent')
    .description(t.t('help.agent'))
    .argument('<on|off>', t.t('help.agent.switch'))
    .argument('<blog>', t.t('help.blog_id'), positiveInt)
    .option(...configOption)
    .action(async (onOff: string, blogId: number, options: CommonOptions) => {
      if (onOff !== 'on' && onOff !== 'off')
        throw new AppError('bad_argument', cliTranslator().t('cli.agent.bad_switch', { value: onOff }));
      await withContext(options, plugins, async (ctx, out) => {
        const blog = String(blogId);
        if (onOff === 'on' && !ctx.config.blogs.some((b) => b.id === blogId)) {
          throw new AppError('blog_not_configured', ctx.t.t('cli.agent.not_configured', { blog }));
        }
        await ctx.client.patchBlog(blogId, { agent_publish: onOff === 'on' });
        out.line(ctx.t.t(onOff === 'on' ? 'cli.agent.on' : 'cli.agent.off', { blog }));
      });
    });

  const categories = new Command('categories').description(t.t('help.categories'));
  categories
    .command('sync')
    .description(t.t('help.categories.sync'))
    .argument('<blog>', t.t('help.blog_id'), positiveInt)
    .option(...configOption)
    .option('--dry-run', t.t('help.categories.dry_run'))
    .option('--json', t.t('help.json'))
    .action(async (blogId: number, options: CommonOptions & { dryRun?: boolean }) => {
      await withContext(options, plugins, async (ctx, out) => {
        const entry = (await ctx.publishers()).get(blogId);
        const { t } = out;
        const blog = String(blogId);
        if (!entry) throw new AppError('blog_not_configured', t.t('cli.categories.no_blog', { blog }));
        if (!entry.publisher.listCategories) {
          const kind = entry.publisher.kind;
          throw new AppError('not_supported', t.t('cli.categories.not_supported', { kind }));
        }
        const found = await entry.publisher.listCategories(AbortSignal.timeout(30_000));
        const list = found.slice(0, 50);
        if (found.length > 50) {
          out.line(out.paint(t.t('cli.categories.too_many', { left: found.length - 50 }), 'yellow'));
        }
        if (out.json) out.data({ dryRun: Boolean(options.dryRun), categories: list });
        else
          out.table(list, [
            { key: 'id', title: t.t('cli.col.id') },
            { key: 'name', title: t.t('cli.col.name') },
            { key: 'default', title: t.t('cli.col.default') },
          ]);
        if (options.dryRun) {
          if (!out.json) out.line(t.t('cli.categories.dry_run'));
          return;
        }
        await ctx.client.patchBlog(blogId, { categories: list });
        if (!out.json) out.line(t.t('cli.categories.sent', { count: list.length, blog }));
      });
    });

  const deals = new Command('deals')
    .description(t.t('help.deals'))
    .option(...configOption)
    .option('--state <state>', t.t('help.deals.state', { states: DEAL_RUN_STATES.join(', ') }))
    .option('--limit <n>', t.t('help.deals.limit'), positiveInt, 50)
    .option('--json', t.t('help.json'))
    .action(async (options: CommonOptions & { state?: string; limit: number }) => {
      if (options.state !== undefined && !isDealRunState(options.state)) {
        const params = { state: options.state, states: DEAL_RUN_STATES.join(', ') };
        throw new AppError('bad_argument', cliTranslator().t('cli.deals.bad_state', params));
      }
      await withContext(options, plugins, async (ctx, out) => {
        const { total, items } = await ctx.store.list({
          limit: options.limit,
          ...(options.state ? { state: options.state as DealRunState } : {}),
        });
        if (out.json) {
          out.data({ total, items });
          return;
        }
        const { t } = out;
        out.table(
          items.map((record) => dealRow(t, record)),
          [
            { key: 'id', title: t.t('cli.col.deal') },
            { key: 'blog', title: t.t('cli.col.blog') },
            { key: 'state', title: t.t('cli.col.state') },
            { key: 'accepted', title: t.t('cli.col.accepted') },
            { key: 'title', title: t.t('cli.col.title') },
            { key: 'url', title: t.t('cli.col.url_error') },
          ],
        );
        if (total > items.length) {
          out.line(out.paint(t.t('cli.deals.limited', { shown: items.length, total }), 'dim'));
        }
      });
    });

  /** One operator action on one deal, as the status page's buttons run it (src/operator/actions.ts). */
  const actionCommand = (name: 'retry' | 'replay', description: string) =>
    new Command(name)
      .description(description)
      .argument('<id>', t.t('help.deal_id'), positiveInt)
      .option(...configOption)
      .option('--json', t.t('help.json'))
      .action(async (dealId: number, options: CommonOptions) => {
        const [{ createDealActions }, { jobSettingsOf }] = await Promise.all([
          import('../operator/actions.js'),
          import('../queue/jobs.js'),
        ]);
        await withContext(options, plugins, async (ctx, out) => {
          const actions = createDealActions({
            store: ctx.store,
            queue: ctx.queue,
            client: ctx.client,
            log: ctx.log,
            jobSettings: jobSettingsOf(ctx.config),
            language: ctx.config.ui.language,
          });
          printAction(out, await actions[name](dealId));
        });
      });
  const retry = actionCommand('retry', t.t('help.retry'));
  const replay = actionCommand('replay', t.t('help.replay'));

  const deal = dealCommand(plugins);
  return [doctor, blogs, agent, categories, deals, deal, retry, replay, webhookCommand(plugins)];
}
