/**
 * The operator's commands: doctor, blogs, agent on|off, categories sync, deals, deal, retry, replay.
 * Each takes `--config`; listings take `--json`.
 */
import { Command, InvalidArgumentError } from 'commander';
import { createDealActions, type DealActionResult } from '../deals/actions.js';
import type { DealRecord } from '../deals/store.js';
import { DEAL_RUN_STATES, type DealRunState, isDealRunState } from '../deals/store.js';
import { AppError, errorMessage, MarketplaceError } from '../errors.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { jobSettingsOf } from '../queue/jobs.js';
import { readSecretFile, secretFilePath } from '../webhook/secret-file.js';
import { type CommandContext, openContext } from './context.js';
import { dateTimeChecks, dealNotes } from './date-checks.js';
import { type CheckStatus, createOutput, type Output } from './output.js';

interface CommonOptions {
  config?: string;
  json?: boolean;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError('expected a positive whole number');
  return n;
}

async function withContext<T>(
  options: CommonOptions,
  plugins: PluginRegistry | undefined,
  fn: (ctx: CommandContext, out: Output) => Promise<T>,
): Promise<T> {
  const ctx = openContext({ config: options.config, ...(plugins ? { plugins } : {}) });
  const out = createOutput({ json: options.json ?? false });
  try {
    return await fn(ctx, out);
  } finally {
    await ctx.close();
  }
}

// ---------------------------------------------------------------------------------------------------------
// doctor

interface Check {
  status: CheckStatus;
  name: string;
  detail: string;
  fix?: string;
}

function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1).trim();
  }
  return out;
}

async function redisChecks(ctx: CommandContext): Promise<Check[]> {
  const where = ctx.config.redis.url.replace(/\/\/[^@]*@/, '//***@');
  try {
    const info = parseInfo(await ctx.redis.info());
    const checks: Check[] = [
      { status: 'ok', name: 'Redis', detail: `${where} answers (Redis ${info.redis_version ?? '?'})` },
    ];
    const policy = info.maxmemory_policy ?? 'unknown';
    checks.push(
      policy === 'noeviction'
        ? { status: 'ok', name: 'Redis eviction', detail: 'maxmemory-policy noeviction' }
        : {
            status: 'fail',
            name: 'Redis eviction',
            detail: `maxmemory-policy is ${policy}: Redis may delete queued deals when memory runs short`,
            fix: 'set `maxmemory-policy noeviction` in redis.conf (now: `redis-cli CONFIG SET maxmemory-policy noeviction`)',
          },
    );
    checks.push(
      info.aof_enabled === '1'
        ? { status: 'ok', name: 'Redis persistence', detail: 'AOF is on' }
        : {
            status: 'warn',
            name: 'Redis persistence',
            detail:
              'AOF is off: a Redis restart can lose queued deals (the marketplace does not resend acknowledged ones)',
            fix: 'set `appendonly yes` in redis.conf (now: `redis-cli CONFIG SET appendonly yes`)',
          },
    );
    return checks;
  } catch (error) {
    return [
      {
        status: 'fail',
        name: 'Redis',
        detail: `${where} does not answer (${errorMessage(error)})`,
        fix: 'start redis-server or correct redis.url',
      },
    ];
  }
}

async function marketplaceChecks(ctx: CommandContext): Promise<{ checks: Check[]; blogIds: Set<number> }> {
  const checks: Check[] = [];
  const blogIds = new Set<number>();
  try {
    const me = await ctx.client.me({ priority: 'high' });
    const problems: string[] = [];
    if (me.role !== 'bloger') problems.push(`its role is "${me.role}", not "bloger"`);
    if (!me.scopes.includes('write')) problems.push('it lacks the scope "write"');
    checks.push(
      problems.length === 0
        ? {
            status: 'ok',
            name: 'API key',
            detail: `account ${me.login} (role bloger, scopes ${me.scopes.join(', ')})`,
          }
        : {
            status: 'fail',
            name: 'API key',
            detail: `account ${me.login}: ${problems.join(' and ')}`,
            fix: 'create a blogger key with scopes read + write in the marketplace (account settings → API keys)',
          },
    );
  } catch (error) {
    const refused =
      error instanceof MarketplaceError &&
      [ERROR_CODES.invalidKey, ERROR_CODES.missingKey].includes(error.code as 'neplatny_klic');
    checks.push({
      status: 'fail',
      name: 'API key',
      detail: errorMessage(error),
      fix: refused
        ? 'check marketplace.apiKey (or PRESSBRIDGE_API_KEY)'
        : 'check marketplace.baseUrl and the network',
    });
    return { checks, blogIds };
  }
  try {
    const blogs = await ctx.client.listBlogs({ priority: 'high' });
    for (const blog of blogs) blogIds.add(blog.id);
    for (const configured of ctx.config.blogs) {
      const blog = blogs.find((b) => b.id === configured.id);
      if (!blog) {
        checks.push({
          status: 'fail',
          name: `blog ${configured.id}`,
          detail: 'not in this account',
          fix: `use one of the account's blog ids: ${blogs.map((b) => `${b.id} (${b.name})`).join(', ') || 'none'}`,
        });
        continue;
      }
      const mode = blog.publishing?.mode;
      checks.push(
        mode === 'agent'
          ? {
              status: 'ok',
              name: `blog ${blog.id}`,
              detail: `${blog.name} (${blog.url}), publishing mode agent`,
            }
          : {
              status: 'warn',
              name: `blog ${blog.id}`,
              detail: `${blog.name} (${blog.url}): publishing mode is ${mode ?? 'unknown'}, so no deals come to pressbridge`,
              fix: `pressbridge agent on ${blog.id}`,
            },
      );
      if (blog.monthly_visitors_stale) {
        checks.push({
          status: 'warn',
          name: `blog ${blog.id} visitors`,
          detail: 'the monthly visitors figure is older than a month: the marketplace offers no demands',
          fix: "update the blog's monthly visitors in the marketplace",
        });
      }
    }
  } catch (error) {
    checks.push({ status: 'fail', name: 'blogs', detail: errorMessage(error) });
  }
  return { checks, blogIds };
}

async function targetChecks(ctx: CommandContext): Promise<Check[]> {
  let publishers: Awaited<ReturnType<CommandContext['publishers']>>;
  try {
    publishers = await ctx.publishers();
  } catch (error) {
    return [{ status: 'fail', name: 'publishers', detail: errorMessage(error) }];
  }
  const checks: Check[] = [];
  for (const { blog, publisher } of publishers.all()) {
    const signal = AbortSignal.timeout(30_000);
    try {
      if (publisher.diagnose) {
        for (const c of await publisher.diagnose(signal))
          checks.push({ ...c, name: `blog ${blog.id}: ${c.name}` });
      } else {
        const r = await publisher.checkReachable(signal);
        checks.push({
          status: r.ok ? 'ok' : 'fail',
          name: `blog ${blog.id}: ${publisher.target}`,
          detail: r.detail,
        });
      }
    } catch (error) {
      checks.push({
        status: 'fail',
        name: `blog ${blog.id}: ${publisher.target}`,
        detail: errorMessage(error),
      });
    }
  }
  return checks;
}

async function webhookChecks(ctx: CommandContext): Promise<Check[]> {
  const path = secretFilePath(ctx.config);
  let file: ReturnType<typeof readSecretFile>;
  try {
    file = readSecretFile(path);
  } catch (error) {
    return [{ status: 'fail', name: 'webhook secret', detail: errorMessage(error) }];
  }
  const checks: Check[] = [];
  if (!file && !ctx.config.webhook.secret) {
    checks.push({
      status: 'fail',
      name: 'webhook secret',
      detail: `no secret: neither ${path} nor webhook.secret`,
      fix: 'pressbridge webhook register https://<your public host><webhook.path>',
    });
  }
  try {
    const state = await ctx.client.getWebhook({ priority: 'high' });
    if (!state.url) {
      checks.push({
        status: 'fail',
        name: 'webhook',
        detail: 'no webhook is registered: the marketplace sends pressbridge nothing',
        fix: 'pressbridge webhook register https://<your public host><webhook.path>',
      });
    } else if (file?.url && file.url !== state.url) {
      checks.push({
        status: 'fail',
        name: 'webhook',
        detail: `the marketplace delivers to ${state.url}, but pressbridge registered ${file.url}`,
        fix: 'register again: pressbridge webhook register <the right URL>',
      });
    } else if (state.active === false) {
      checks.push({
        status: 'fail',
        name: 'webhook',
        detail: `${state.url} is registered but switched off`,
        fix: 'pressbridge webhook register <url>',
      });
    } else {
      checks.push({ status: 'ok', name: 'webhook', detail: `the marketplace delivers to ${state.url}` });
    }
  } catch (error) {
    checks.push({ status: 'fail', name: 'webhook', detail: errorMessage(error) });
  }
  return checks;
}

export async function runDoctor(ctx: CommandContext, out: Output, source: string): Promise<Check[]> {
  const all: Check[] = [];
  const emit = (checks: Check[]): void => {
    for (const c of checks) {
      all.push(c);
      if (!out.json) out.check(c.status, c.name, c.detail, c.fix);
    }
  };
  emit([{ status: 'ok', name: 'config', detail: `${source} is valid (${ctx.config.blogs.length} blog(s))` }]);
  emit(await redisChecks(ctx));
  emit((await marketplaceChecks(ctx)).checks);
  emit(await targetChecks(ctx));
  emit(await webhookChecks(ctx));
  emit(await dateTimeChecks(ctx));
  if (out.json) out.data(all);
  else {
    const failed = all.filter((c) => c.status === 'fail').length;
    const warned = all.filter((c) => c.status === 'warn').length;
    out.line();
    out.line(
      failed > 0
        ? out.paint(`${failed} check(s) failed, ${warned} warning(s).`, 'red')
        : out.paint(`All checks passed${warned ? ` (${warned} warning(s))` : ''}.`, 'green'),
    );
  }
  return all;
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
  const configOption = ['-c, --config <file>', 'config file (default: $PRESSBRIDGE_CONFIG)'] as const;

  const doctor = new Command('doctor')
    .description('check the config, Redis, the API key, every blog target and the webhook; print fixes')
    .option(...configOption)
    .option('--json', 'print the checks as JSON')
    .action(async (options: CommonOptions) => {
      await withContext(options, plugins, async (ctx, out) => {
        const checks = await runDoctor(
          ctx,
          out,
          options.config ?? process.env.PRESSBRIDGE_CONFIG ?? 'config',
        );
        if (checks.some((c) => c.status === 'fail')) process.exitCode = 1;
      });
    });

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
