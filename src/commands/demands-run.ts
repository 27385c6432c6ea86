/**
 * What `pressbridge demands`, `demands decline` and `offer` run (./demands.ts defines them): loaded only when one
 * of them runs.
 */
import type { CommandContext } from '../command-context.js';
import { inputFailure } from '../demands/offer-errors.js';
import type { DemandServices } from '../demands/services.js';
import type { DemandRecord } from '../demands/store.js';
import { AppError } from '../errors.js';
import {
  declineOutcomeText,
  demandName,
  demandStateText,
  expectationText,
  lengthText,
  type OutcomeText,
  offerOutcomeText,
  rewardText,
} from '../i18n/demand-text.js';
import type { Translator } from '../i18n/index.js';
import { type CommonOptions, withContext } from './context.js';
import type { Output } from './output.js';

export interface BlogOption {
  blog?: number;
}

function servicesOf(ctx: CommandContext): DemandServices {
  const services = ctx.demands();
  if (!services)
    throw new AppError('demands_off', 'the demand intake is off', { phrase: { key: 'demand.cli.off' } });
  return services;
}

function blogName(ctx: CommandContext, blogId: number): string {
  const name = ctx.config.blogs.find((b) => b.id === blogId)?.name;
  return name ? `${name} (${blogId})` : String(blogId);
}

function checkBlog(ctx: CommandContext, blogId: number): void {
  if (ctx.config.blogs.some((b) => b.id === blogId)) return;
  const ids = ctx.config.blogs.map((b) => b.id).join(', ');
  throw new AppError('unknown_blog', `blog ${blogId} is not configured`, {
    phrase: { key: 'demand.cli.unknown_blog', params: { blog: String(blogId), ids } },
  });
}

/** One line: number, name, reward, length, goal, verdict with its reasons, what became of it. */
function demandLine(out: Output, t: Translator, r: DemandRecord, timeZone: string): string {
  const verdict = r.verdict
    ? [t.t(`verdict.${r.verdict.outcome}`), ...r.verdict.reasons.map((reason) => t.say(reason.said))].join(
        ': ',
      )
    : t.t('demand.verdict.none');
  const colour = r.verdict?.outcome === 'fits' ? 'green' : r.verdict?.outcome === 'refuse' ? 'red' : 'yellow';
  return [
    `#${r.demandId}`,
    demandName(r),
    rewardText(t, r.item.reward),
    lengthText(t, r.item.ns),
    expectationText(t, r.item.expectation),
    ...(r.item.vip ? [t.t('demand.kind.vip')] : []),
    out.paint(verdict, colour),
    demandStateText(t, r, timeZone),
  ].join(' · ');
}

/** Asks on a terminal; `--yes` answers beforehand; elsewhere without it, an error that names `--yes`. */
async function confirmed(
  out: Output,
  t: Translator,
  question: string,
  yes: boolean | undefined,
): Promise<boolean> {
  if (yes) return true;
  if (!(process.stdin.isTTY && process.stdout.isTTY)) {
    throw new AppError('needs_yes', 'not a terminal: confirm with --yes', {
      phrase: { key: 'demand.cli.needs_yes' },
    });
  }
  const { createPrompter } = await import('../setup/prompt.js');
  const prompter = createPrompter({ input: process.stdin, output: process.stdout });
  try {
    const answer = (await prompter.ask(question))?.trim().toLowerCase() ?? '';
    if (['a', 'ano', 'y', 'yes'].includes(answer)) return true;
    out.line(t.t('demand.cli.not_confirmed'));
    return false;
  } finally {
    prompter.close();
  }
}

function report(out: Output, text: OutcomeText, data: unknown): void {
  if (out.json) out.data(data);
  else out.line(out.paint(text.text, text.ok ? 'green' : 'red'));
  if (!text.ok) process.exitCode = 1;
}

/** The blog of `--blog`, else the one blog the demand is stored for. */
async function blogOf(ctx: CommandContext, services: DemandServices, demandId: number, blog?: number) {
  if (blog !== undefined) {
    checkBlog(ctx, blog);
    return blog;
  }
  const found: number[] = [];
  for (const { id } of ctx.config.blogs) if (await services.store.get(id, demandId)) found.push(id);
  if (found.length > 1) {
    throw new AppError('blog_needed', `demand ${demandId} is stored for blogs ${found.join(', ')}`, {
      phrase: { key: 'demand.cli.blog_needed', params: { demand: String(demandId), ids: found.join(', ') } },
    });
  }
  return found[0];
}

export async function listDemands(options: CommonOptions & BlogOption): Promise<void> {
  await withContext(options, undefined, async (ctx, out) => {
    const { t } = ctx;
    const services = ctx.demands();
    if (!services) {
      if (out.json) out.data({ enabled: false, blogs: [] });
      else out.line(t.t('demand.cli.off'));
      return;
    }
    if (options.blog !== undefined) checkBlog(ctx, options.blog);
    const ids = options.blog !== undefined ? [options.blog] : ctx.config.blogs.map((b) => b.id);
    const blogs = await Promise.all(
      ids.map(async (blogId) => ({ blogId, demands: await services.store.list(blogId) })),
    );
    if (out.json) {
      out.data({ enabled: true, blogs });
      return;
    }
    for (const { blogId, demands: records } of blogs) {
      out.line(out.paint(blogName(ctx, blogId), 'bold'));
      if (records.length === 0) out.line(`  ${t.t('demand.cli.none')}`);
      for (const r of records) out.line(`  ${demandLine(out, t, r, ctx.config.ui.timeZone)}`);
    }
  });
}

/** `demands decline --blog <id>`: the action is the listing's argument, checked here. */
export async function declineDemands(
  action: string,
  options: CommonOptions & BlogOption & { yes?: boolean },
): Promise<void> {
  // The checks inside the context: their message is then in the config's language.
  await withContext(options, undefined, async (ctx, out) => {
    if (action !== 'decline') {
      throw new AppError('unknown_action', `unknown action ${action}`, {
        phrase: { key: 'demand.cli.unknown_action', params: { action } },
      });
    }
    const blogId = options.blog;
    if (blogId === undefined) {
      throw new AppError('blog_required', 'decline needs --blog', {
        phrase: { key: 'demand.cli.decline_blog' },
      });
    }
    const { t } = ctx;
    const services = servicesOf(ctx);
    checkBlog(ctx, blogId);
    const open = (await services.store.list(blogId)).filter((r) => r.available && !r.offer).length;
    if (!out.json) out.line(t.t('demand.decline.text', { blog: blogName(ctx, blogId), count: open }));
    if (!(await confirmed(out, t, t.t('demand.cli.confirm_decline'), options.yes))) {
      process.exitCode = 1;
      return;
    }
    const outcome = await services.offers.declineAll(blogId, 'cli');
    report(out, declineOutcomeText(t, outcome), outcome);
  });
}

export type OfferOptions = CommonOptions & BlogOption & { reward?: number; note?: string; yes?: boolean };

export async function offerDemand(demandId: number, options: OfferOptions): Promise<void> {
  await withContext(options, undefined, async (ctx, out) => {
    const { t } = ctx;
    const services = servicesOf(ctx);
    const blogId = await blogOf(ctx, services, demandId, options.blog);
    const record = blogId === undefined ? undefined : await services.store.get(blogId, demandId);
    if (blogId !== undefined && record) {
      const reward = options.reward ?? record.item.reward;
      const base = record.item.reward;
      if (!out.json && reward !== undefined) {
        out.line(
          t.t('demand.confirm.text', {
            blog: blogName(ctx, blogId),
            demand: demandName(record),
            reward: t.money(reward),
          }),
        );
        if (base !== undefined) {
          out.line(
            reward > base
              ? t.t('demand.confirm.higher', { base: t.money(base) })
              : t.t('demand.confirm.base'),
          );
        }
        if (options.note) out.line(t.t('demand.confirm.note', { note: options.note }));
      }
      if (!(await confirmed(out, t, t.t('demand.cli.confirm_offer'), options.yes))) {
        process.exitCode = 1;
        return;
      }
    }
    // Stored for no blog: the same failure the service gives an unknown demand, with its meaning and fix.
    const outcome =
      blogId === undefined
        ? { status: 'failed' as const, failure: inputFailure('unknown_demand') }
        : await services.offers.offer({
            blogId,
            demandId,
            reward: options.reward,
            note: options.note,
            by: 'cli',
          });
    report(out, offerOutcomeText(t, outcome), outcome);
  });
}
