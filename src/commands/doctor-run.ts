/**
 * The checks of `pressbridge doctor` (src/commands/doctor.ts): config, Redis, the API key, every blog target, the
 * webhook, the marketplace's dates, each with a fix for a failure. The setup page runs them too.
 */
import type { Check } from '../checks.js';
import type { CommandContext } from '../command-context.js';
import { errorSaid, MarketplaceError } from '../errors.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import { dateTimeChecks } from './date-checks.js';
import { ownRedisStoppedCheck, redisChecks } from './doctor-redis.js';
import { webhookChecks } from './doctor-webhook.js';
import type { Output } from './output.js';

async function marketplaceChecks(ctx: CommandContext): Promise<{ checks: Check[]; blogIds: Set<number> }> {
  const { t } = ctx;
  const checks: Check[] = [];
  const blogIds = new Set<number>();
  const apiKey = t.t('cli.doctor.key.name');
  try {
    const me = await ctx.client.me({ priority: 'high' });
    const problems: string[] = [];
    if (me.role !== 'bloger') problems.push(t.t('cli.doctor.key.role', { role: me.role }));
    if (!me.scopes.includes('write')) problems.push(t.t('cli.doctor.key.no_write'));
    const login = me.login;
    checks.push(
      problems.length === 0
        ? {
            status: 'ok',
            name: apiKey,
            detail: t.t('cli.doctor.key.ok', { login, scopes: me.scopes.join(', ') }),
          }
        : {
            status: 'fail',
            name: apiKey,
            detail: t.t('cli.doctor.key.bad', { login, problems: problems.join(t.t('cli.doctor.and')) }),
            fix: t.t('cli.doctor.key.bad_fix'),
          },
    );
  } catch (error) {
    const refused =
      error instanceof MarketplaceError &&
      [ERROR_CODES.invalidKey, ERROR_CODES.missingKey].includes(error.code as 'neplatny_klic');
    checks.push({
      status: 'fail',
      name: apiKey,
      detail: t.say(errorSaid(error)),
      fix: t.t(refused ? 'cli.doctor.key.refused_fix' : 'cli.doctor.key.unreachable_fix'),
    });
    return { checks, blogIds };
  }
  try {
    const blogs = await ctx.client.listBlogs({ priority: 'high' });
    for (const blog of blogs) blogIds.add(blog.id);
    for (const configured of ctx.config.blogs) {
      const blog = blogs.find((b) => b.id === configured.id);
      if (!blog) {
        const ids = blogs.map((b) => `${b.id} (${b.name})`).join(', ') || t.t('cli.doctor.blog.none');
        checks.push({
          status: 'fail',
          name: t.t('cli.doctor.blog.name', { id: String(configured.id) }),
          detail: t.t('cli.doctor.blog.missing'),
          fix: t.t('cli.doctor.blog.missing_fix', { ids }),
        });
        continue;
      }
      const mode = blog.publishing?.mode;
      const facts = { name: blog.name, url: blog.url, mode: mode ?? t.t('cli.doctor.blog.unknown') };
      checks.push(
        mode === 'agent'
          ? {
              status: 'ok',
              name: t.t('cli.doctor.blog.name', { id: String(blog.id) }),
              detail: t.t('cli.doctor.blog.agent', facts),
            }
          : {
              status: 'warn',
              name: t.t('cli.doctor.blog.name', { id: String(blog.id) }),
              detail: t.t('cli.doctor.blog.not_agent', facts),
              fix: `pressbridge agent on ${blog.id}`,
            },
      );
      if (blog.monthly_visitors_stale) {
        checks.push({
          status: 'warn',
          name: t.t('cli.doctor.blog.visitors', { id: String(blog.id) }),
          detail: t.t('cli.doctor.blog.visitors_stale'),
          fix: t.t('cli.doctor.blog.visitors_fix'),
        });
      }
    }
  } catch (error) {
    checks.push({ status: 'fail', name: t.t('cli.doctor.blogs'), detail: t.say(errorSaid(error)) });
  }
  return { checks, blogIds };
}

async function targetChecks(ctx: CommandContext): Promise<Check[]> {
  const { t } = ctx;
  let publishers: Awaited<ReturnType<CommandContext['publishers']>>;
  try {
    publishers = await ctx.publishers();
  } catch (error) {
    return [{ status: 'fail', name: t.t('cli.doctor.publishers'), detail: t.say(errorSaid(error)) }];
  }
  const checks: Check[] = [];
  for (const { blog, publisher } of publishers.all()) {
    const name = t.t('cli.doctor.blog.name', { id: String(blog.id) });
    const signal = AbortSignal.timeout(30_000);
    try {
      if (publisher.diagnose) {
        // The plugin's phrases, said in the blogger's language (src/publisher/phrase.ts).
        for (const c of await publisher.diagnose(signal))
          checks.push({
            status: c.status,
            name: `${name}: ${t.say(c.name)}`,
            detail: t.say(c.detail),
            ...(c.fix === undefined ? {} : { fix: t.say(c.fix) }),
          });
      } else {
        const r = await publisher.checkReachable(signal);
        checks.push({
          status: r.ok ? 'ok' : 'fail',
          name: `${name}: ${publisher.target}`,
          detail: t.say(r.detail),
        });
      }
    } catch (error) {
      checks.push({
        status: 'fail',
        name: `${name}: ${publisher.target}`,
        detail: t.say(errorSaid(error)),
      });
    }
  }
  return checks;
}

export async function runDoctor(ctx: CommandContext, out: Output, source: string): Promise<Check[]> {
  const all: Check[] = [];
  const emit = (checks: Check[]): void => {
    for (const c of checks) {
      all.push(c);
      if (!out.json) out.check(c);
    }
  };
  const { t } = ctx;
  const blogs = ctx.config.blogs.length;
  emit([
    { status: 'ok', name: t.t('cli.doctor.config'), detail: t.t('cli.doctor.config_ok', { source, blogs }) },
  ]);
  const stopped = await ownRedisStoppedCheck(ctx);
  emit(stopped ? [stopped] : await redisChecks(ctx));
  // The marketplace checks count their requests in that Redis (the shared rate limit), the date-time check reads
  // its findings there: without it only the blogs' own sites are asked.
  if (!stopped) emit((await marketplaceChecks(ctx)).checks);
  emit(await targetChecks(ctx));
  if (!stopped) {
    emit(await webhookChecks(ctx));
    emit(await dateTimeChecks(ctx));
  }
  if (out.json) out.data(all);
  else {
    const failed = all.filter((c) => c.status === 'fail').length;
    const warned = all.filter((c) => c.status === 'warn').length;
    out.line();
    out.line(
      failed > 0
        ? out.paint(t.t('cli.doctor.failed', { failed, warned }), 'red')
        : out.paint(t.t(warned ? 'cli.doctor.passed_warned' : 'cli.doctor.passed', { warned }), 'green'),
    );
  }
  return all;
}
