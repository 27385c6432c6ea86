/**
 * GET / — the blogger's home page: "all well?", "what needs me?", the deals in progress and this month's
 * earnings (../views/overview.ts). Every source is read on its own with a timeout, so one that fails leaves the
 * others standing; what the advertiser or a site wrote is scrubbed of secrets here and escaped by the view.
 */
import type { Router } from 'express';
import { DEAL_RUN_STATES, isFinal } from '../../deals/lifecycle.js';
import type { NotifyEvent } from '../../notify/types.js';
import { scrubPhrase, scrubSaid, scrubText } from '../../redact.js';
import { scrubRecord } from '../scrub-records.js';
import type { StatusDeps } from '../types.js';
import { RECENT_SHOWN } from '../views/home-cards.js';
import { advertiserPosts, NEEDS_STATES } from '../views/home-needs.js';
import { type OverviewData, renderOverview } from '../views/overview.js';
import { earningsReader } from './earnings.js';
import type { PageKit } from './page-kit.js';
import { scrubTargets } from './system.js';

/** The states of a deal pressbridge is still working on. */
const IN_PROGRESS_STATES = DEAL_RUN_STATES.filter((state) => !isFinal(state) && state !== 'waiting_approval');
/** Deals listed per section; the Deals page has them all. */
const SHOWN = 20;
/** Deals in progress read: the view shows those with the nearest deadlines among them. */
const IN_PROGRESS_READ = 100;
/** Recent webhook events searched for the advertiser's claims and messages. */
const EVENTS_READ = 200;

export function overviewRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  const readEarnings = earningsReader(deps, kit);
  const demandSide = deps.demands;
  const tally = deps.demands?.tally;
  const blogIds = (deps.blogs ?? []).map((b) => b.id);
  router.get('/', async (req, res) => {
    const store = deps.store;
    const now = kit.clock.now();
    const [redis, attention, inProgress, targets, posts, earnings, problems, deadlineFinding, recent] =
      await Promise.all([
        kit.source('status.source.redis', () => deps.redisReachable()),
        kit.source('status.source.deals', async () =>
          (await store.list({ state: NEEDS_STATES, limit: SHOWN })).items.map(scrubRecord),
        ),
        kit.source('status.source.deals', async () => {
          const page = await store.list({ state: IN_PROGRESS_STATES, limit: IN_PROGRESS_READ });
          return { total: page.total, items: page.items.map(scrubRecord) };
        }),
        kit.source('status.source.blogs', async () => scrubTargets(await deps.targets()), kit.timeoutMs * 2),
        kit.source('status.source.events', async () =>
          advertiserPosts(await store.readGlobalEvents({ limit: EVENTS_READ }), now).map((post) =>
            post.line ? { ...post, line: scrubText(post.line) } : post,
          ),
        ),
        kit.source('status.source.earnings', readEarnings),
        deps.openProblems
          ? kit.source('status.source.notifications', async () =>
              ((await deps.openProblems?.()) ?? []).map(scrubProblem),
            )
          : Promise.resolve(undefined),
        deps.deadlineFinding
          ? kit.source('status.source.dates', async () => {
              const found = await deps.deadlineFinding?.();
              return (
                found && {
                  ...found,
                  message: scrubText(found.message),
                  raw: found.raw && scrubText(found.raw),
                }
              );
            })
          : Promise.resolve(undefined),
        kit.source('status.source.deals', async () =>
          (await store.list({ state: 'handed_in', limit: RECENT_SHOWN })).items.map(scrubRecord),
        ),
      ]);
    // What the marketplace sent is scrubbed of secrets like every other peer's words here.
    const [intake, unreadable, recycledId, demands, market, demandsStalled] = await Promise.all([
      deps.intakeDoor
        ? kit.source('status.source.intake', async () => {
            const stall = await deps.intakeDoor?.();
            return (
              stall && {
                ...stall,
                detail: scrubText(stall.detail),
                ...(stall.detailSaid !== undefined ? { detailSaid: scrubPhrase(stall.detailSaid) } : {}),
              }
            );
          })
        : Promise.resolve(undefined),
      deps.unreadable
        ? kit.source('status.source.intake', async () =>
            ((await deps.unreadable?.()) ?? []).map((item) => ({
              ...item,
              reason: scrubText(item.reason),
              ...(item.reasonSaid !== undefined ? { reasonSaid: scrubSaid(item.reasonSaid) } : {}),
              ...(item.rawId !== undefined ? { rawId: scrubText(item.rawId) } : {}),
            })),
          )
        : Promise.resolve(undefined),
      deps.recycledId
        ? kit.source('status.source.deals', async () => {
            const found = await deps.recycledId?.();
            return (
              found && {
                ...found,
                differences: found.differences.map(scrubText),
                ...(found.differencesSaid ? { differencesSaid: scrubPhrase(found.differencesSaid) } : {}),
              }
            );
          })
        : Promise.resolve(undefined),
      // Only counts are shown of the demands: nothing of the advertiser's words reaches the page.
      demandSide
        ? kit.source('status.source.demands', () =>
            Promise.all(
              blogIds.map(async (blogId) => ({
                blogId,
                records: await demandSide.store.list(blogId),
                incompleteSince: await demandSide.store.incompleteSince(blogId),
              })),
            ),
          )
        : Promise.resolve(undefined),
      tally
        ? kit.source('status.source.demands', async () => ({
            month: tally.monthOf(now),
            months: await tally.read(),
          }))
        : Promise.resolve(undefined),
      demandSide?.stall
        ? kit.source('status.source.demands', async () => {
            const stall = await demandSide.stall?.();
            return stall && { ...stall, detail: scrubText(stall.detail) };
          })
        : Promise.resolve(undefined),
    ]);
    const data: OverviewData = {
      redis,
      attention,
      inProgress,
      targets,
      posts,
      earnings,
      recent,
      ...(problems ? { problems } : {}),
      ...(deadlineFinding ? { deadlineFinding } : {}),
      ...(intake ? { intake } : {}),
      ...(unreadable ? { unreadable } : {}),
      ...(recycledId ? { recycledId } : {}),
      ...(demands ? { demands } : {}),
      ...(market ? { market } : {}),
      ...(demandsStalled ? { demandsStalled } : {}),
    };
    kit.send(res, 200, renderOverview(kit.viewContext(req, res, true), data));
  });
}

/** The texts a problem carries (a site's or the marketplace's words), scrubbed of secrets. */
function scrubProblem(problem: NotifyEvent): NotifyEvent {
  switch (problem.topic) {
    case 'site_unreachable':
      return { ...problem, blogName: scrubText(problem.blogName), detail: scrubText(problem.detail) };
    case 'article_check':
      return {
        ...problem,
        detail: scrubText(problem.detail),
        ...(problem.detailSaid !== undefined ? { detailSaid: scrubSaid(problem.detailSaid) } : {}),
      };
    case 'marketplace_unreachable':
      return { ...problem, detail: scrubText(problem.detail) };
    default:
      return problem;
  }
}
