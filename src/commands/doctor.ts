/**
 * `pressbridge doctor`: the local checks (config, Redis, the API key, every blog target, the webhook) with a fix
 * for each failure. `pressbridge doctor --live` checks the marketplace assumptions against the real service
 * instead (doctor-live.ts).
 */
import { Command } from 'commander';
import { AppError, errorMessage, MarketplaceError } from '../errors.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import type { PluginRegistry } from '../publisher/registry.js';
import { readSecretFile, secretFilePath } from '../webhook/secret-file.js';
import { CONFIG_OPTION, type CommandContext, type CommonOptions, withContext } from './context.js';
import { dateTimeChecks } from './date-checks.js';
import { runDoctorLiveCommand } from './doctor-live.js';
import type { CheckStatus, Output } from './output.js';

interface DoctorOptions extends CommonOptions {
  live?: boolean;
  save?: string;
}

export interface Check {
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

export function doctorCommand(plugins?: PluginRegistry): Command {
  return new Command('doctor')
    .description('check the config, Redis, the API key, every blog target and the webhook; print fixes')
    .option(...CONFIG_OPTION)
    .option('--json', 'print the checks as JSON')
    .option(
      '--live',
      'instead: check every assumption about the marketplace API against the real service (read-only, at most 10 requests)',
    )
    .option(
      '--save <file>',
      'with --live: write a redacted capture (shapes, headers, status codes) to <file>',
    )
    .action(async (options: DoctorOptions) => {
      if (options.save !== undefined && !options.live) {
        throw new AppError(
          'bad_argument',
          '--save goes with --live: pressbridge doctor --live --save <file>',
        );
      }
      if (options.live) {
        await runDoctorLiveCommand(options, plugins);
        return;
      }
      await withContext(options, plugins, async (ctx, out) => {
        const checks = await runDoctor(
          ctx,
          out,
          options.config ?? process.env.PRESSBRIDGE_CONFIG ?? 'config',
        );
        if (checks.some((c) => c.status === 'fail')) process.exitCode = 1;
      });
    });
}
