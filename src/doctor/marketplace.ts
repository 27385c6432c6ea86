/**
 * Doctor's marketplace lines: the API key (a blogger's, allowed to write) and every configured blog as the
 * marketplace has it (there at all, publishing through the agent, its visitor count current).
 */
import type { Check } from '../checks.js';
import { errorSaid, MarketplaceError } from '../errors.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import type { DoctorContext } from './context.js';

export async function marketplaceChecks(
  ctx: Pick<DoctorContext, 'config' | 't' | 'client'>,
): Promise<Check[]> {
  const { t } = ctx;
  const checks: Check[] = [];
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
    return checks;
  }
  try {
    const blogs = await ctx.client.listBlogs({ priority: 'high' });
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
  return checks;
}
