/**
 * The operator's commands: doctor (doctor.ts), blogs, agent on|off, categories sync, deals, deal, retry, replay.
 * Each takes `--config`; listings take `--json`.
 */
import { Command, InvalidArgumentError } from 'commander';
import type { DealRecord } from '../deals/store.js';
import { DEAL_RUN_STATES, type DealRunState, isDealRunState } from '../deals/store.js';
import { AppError } from '../errors.js';
import { createDealActions, type DealActionResult } from '../operator/actions.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { jobSettingsOf } from '../queue/jobs.js';
import { CONFIG_OPTION, type CommonOptions, withContext } from './context.js';
import { dealNotes } from './date-checks.js';
import { doctorCommand } from './doctor.js';
import type { Output } from './output.js';

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

// ---------------------------------------------------------------------------------------------------------
// listings

function ago(iso: string, now = Date.now()): string {
  const s = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(s)) return '';
  if (s < 60) return `${s}s ago`;
  if (s < 3600) return `${Math.floor(s / 60)}m ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ago`;
  return `${Math.floor(s / 86_400)}d ago`;
}

function dealRow(record: DealRecord): Record<string, unknown> {
  return {
    id: record.dealId,
    blog: record.blogId,
    state: record.state,
    accepted: ago(record.receivedAt),
    title: record.title ?? '',
    url: record.url ?? record.error ?? '',
  };
}

function printAction(out: Output, result: DealActionResult): void {
  if (out.json) out.data(result);
  else out.line(out.paint(result.message, result.ok ? 'green' : 'red'));
  if (!result.ok) process.exitCode = 1;
}

export function operatorCommands(plugins?: PluginRegistry): Command[] {
  const configOption = CONFIG_OPTION;

  const doctor = doctorCommand(plugins);

  const blogs = new Command('blogs')
    .description("the account's blogs with their publishing mode, and which ones pressbridge serves")
    .option(...configOption)
    .option('--json', 'print JSON')
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
        if (out.json) out.data(rows);
        else
          out.table(rows, [
            { key: 'id', title: 'ID' },
            { key: 'name', title: 'NAME' },
            { key: 'mode', title: 'MODE' },
            { key: 'visitors', title: 'VISITORS' },
            { key: 'pressbridge', title: 'PUBLISHER' },
            { key: 'url', title: 'URL' },
          ]);
      });
    });

  const agent = new Command('agent')
    .description("switch a blog's agent publishing on or off in the marketplace (PATCH agent_publish)")
    .argument('<on|off>', 'on or off')
    .argument('<blog>', 'blog id', positiveInt)
    .option(...configOption)
    .action(async (onOff: string, blogId: number, options: CommonOptions) => {
      if (onOff !== 'on' && onOff !== 'off')
        throw new AppError('bad_argument', `expected "on" or "off", got "${onOff}"`);
      await withContext(options, plugins, async (ctx, out) => {
        if (onOff === 'on' && !ctx.config.blogs.some((b) => b.id === blogId)) {
          throw new AppError(
            'blog_not_configured',
            `blog ${blogId} is not in the config: add it under blogs: first, or deals for it will fail`,
          );
        }
        await ctx.client.patchBlog(blogId, { agent_publish: onOff === 'on' });
        out.line(`Agent publishing is ${onOff} for blog ${blogId}.`);
      });
    });

  const categories = new Command('categories').description("the blog's categories in the marketplace");
  categories
    .command('sync')
    .description(
      "push the target's categories (e.g. WordPress terms) to the marketplace, ids = the target's ids",
    )
    .argument('<blog>', 'blog id', positiveInt)
    .option(...configOption)
    .option('--dry-run', 'show what would be sent, send nothing')
    .option('--json', 'print JSON')
    .action(async (blogId: number, options: CommonOptions & { dryRun?: boolean }) => {
      await withContext(options, plugins, async (ctx, out) => {
        const entry = (await ctx.publishers()).get(blogId);
        if (!entry) throw new AppError('blog_not_configured', `blog ${blogId} is not in the config`);
        if (!entry.publisher.listCategories) {
          throw new AppError(
            'not_supported',
            `the ${entry.publisher.kind} publisher has no categories to sync`,
          );
        }
        const found = await entry.publisher.listCategories(AbortSignal.timeout(30_000));
        const list = found.slice(0, 50);
        if (found.length > 50) {
          out.line(
            out.paint(
              `The marketplace takes at most 50 categories; ${found.length - 50} left out.`,
              'yellow',
            ),
          );
        }
        if (out.json) out.data({ dryRun: Boolean(options.dryRun), categories: list });
        else
          out.table(list, [
            { key: 'id', title: 'ID' },
            { key: 'name', title: 'NAME' },
            { key: 'default', title: 'DEFAULT' },
          ]);
        if (options.dryRun) {
          if (!out.json) out.line('Dry run: nothing sent.');
          return;
        }
        await ctx.client.patchBlog(blogId, { categories: list });
        if (!out.json) out.line(`Sent ${list.length} categories to the marketplace for blog ${blogId}.`);
      });
    });

  const deals = new Command('deals')
    .description('deals pressbridge knows, newest first')
    .option(...configOption)
    .option('--state <state>', `only this state (${DEAL_RUN_STATES.join(', ')})`)
    .option('--limit <n>', 'how many', positiveInt, 50)
    .option('--json', 'print JSON')
    .action(async (options: CommonOptions & { state?: string; limit: number }) => {
      if (options.state !== undefined && !isDealRunState(options.state)) {
        throw new AppError(
          'bad_argument',
          `unknown state "${options.state}"; one of: ${DEAL_RUN_STATES.join(', ')}`,
        );
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
        out.table(items.map(dealRow), [
          { key: 'id', title: 'DEAL' },
          { key: 'blog', title: 'BLOG' },
          { key: 'state', title: 'STATE' },
          { key: 'accepted', title: 'ACCEPTED' },
          { key: 'title', title: 'TITLE' },
          { key: 'url', title: 'URL / ERROR' },
        ]);
        if (total > items.length) out.line(out.paint(`${items.length} of ${total} shown (--limit).`, 'dim'));
      });
    });

  const deal = new Command('deal')
    .description("one deal's story: record, steps, log, webhook events")
    .argument('<id>', 'deal id', positiveInt)
    .option(...configOption)
    .option('--json', 'print JSON')
    .action(async (dealId: number, options: CommonOptions) => {
      await withContext(options, plugins, async (ctx, out) => {
        const record = await ctx.store.get(dealId);
        if (!record) {
          throw new AppError(
            'not_found',
            `pressbridge has no record of deal ${dealId} (\`pressbridge replay ${dealId}\` fetches it)`,
          );
        }
        const [log, events] = await Promise.all([
          ctx.store.readLog(dealId, { limit: 200 }),
          ctx.store.readEvents(dealId, { limit: 50 }),
        ]);
        if (out.json) {
          out.data({ record, log, events });
          return;
        }
        out.line(`${out.paint(`Deal ${dealId}`, 'bold')}  ${record.state}  ${record.title ?? ''}`);
        out.line(
          `blog ${record.blogId} · accepted ${record.receivedAt} · deadline ${record.deadline} · attempts ${record.attempts}`,
        );
        if (record.url) out.line(`URL: ${record.url}`);
        for (const note of dealNotes(record)) out.line(out.paint(note, 'yellow'));
        if (record.error) {
          out.line(
            out.paint(
              `Error: ${record.error}${record.supportCode ? ` (support code ${record.supportCode})` : ''}`,
              'red',
            ),
          );
        }
        out.line();
        out.line(out.paint('Steps', 'bold'));
        const steps = Object.entries(record.steps).sort((a, b) =>
          a[1].startedAt.localeCompare(b[1].startedAt),
        );
        for (const [name, step] of steps) {
          out.line(
            `  ${name.padEnd(10)} ${step.outcome.padEnd(16)} ${String(step.ms).padStart(6)} ms  ${step.startedAt}`,
          );
        }
        out.line();
        out.line(out.paint('Log (oldest first)', 'bold'));
        for (const entry of [...log].reverse()) {
          const fields = Object.keys(entry.fields).length ? ` ${JSON.stringify(entry.fields)}` : '';
          out.line(`  ${entry.time} ${entry.level.toUpperCase().padEnd(5)} ${entry.msg}${fields}`);
        }
        out.line();
        out.line(out.paint('Webhook events', 'bold'));
        for (const event of events) out.line(`  ${event.receivedAt} ${event.event} → ${event.outcome}`);
        if (events.length === 0) out.line(out.paint('  (none)', 'dim'));
      });
    });

  const retry = new Command('retry')
    .description('run a deal again now (resumes where it stopped; never makes a second post)')
    .argument('<id>', 'deal id', positiveInt)
    .option(...configOption)
    .option('--json', 'print JSON')
    .action(async (dealId: number, options: CommonOptions) => {
      await withContext(options, plugins, async (ctx, out) => {
        const actions = createDealActions({
          store: ctx.store,
          queue: ctx.queue,
          client: ctx.client,
          log: ctx.log,
          jobSettings: jobSettingsOf(ctx.config),
        });
        printAction(out, await actions.retry(dealId));
      });
    });

  const replay = new Command('replay')
    .description('fetch a deal pressbridge never received (lost webhook) from the marketplace and publish it')
    .argument('<id>', 'deal id', positiveInt)
    .option(...configOption)
    .option('--json', 'print JSON')
    .action(async (dealId: number, options: CommonOptions) => {
      await withContext(options, plugins, async (ctx, out) => {
        const actions = createDealActions({
          store: ctx.store,
          queue: ctx.queue,
          client: ctx.client,
          log: ctx.log,
          jobSettings: jobSettingsOf(ctx.config),
        });
        printAction(out, await actions.replay(dealId));
      });
    });

  return [doctor, blogs, agent, categories, deals, deal, retry, replay];
}
