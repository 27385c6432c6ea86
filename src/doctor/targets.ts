/**
 * Doctor's line per blog target: the plugin's own diagnosis (its phrases said in the blogger's language), else
 * whether the target answers; each within 30 s.
 */
import type { Check } from '../checks.js';
import { errorSaid } from '../errors.js';
import type { DoctorContext } from './context.js';

export async function targetChecks(ctx: Pick<DoctorContext, 't' | 'publishers'>): Promise<Check[]> {
  const { t } = ctx;
  let publishers: Awaited<ReturnType<DoctorContext['publishers']>>;
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
