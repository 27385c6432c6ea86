/** GET / — the overview: counts, queue, rate limit, last webhook, Redis, the blogs, deals that need a look. */
import type { Router } from 'express';
import type { DealRunState } from '../../deals/lifecycle.js';
import { scrubText } from '../../redact.js';
import { scrubRecord } from '../scrub-records.js';
import type { StatusDeps } from '../types.js';
import { type OverviewData, renderOverview } from '../views/overview.js';
import type { PageKit } from './page-kit.js';

/** States the overview lists under "Needs a look". */
const ATTENTION_STATES: readonly DealRunState[] = ['failed', 'retrying', 'waiting_approval'];

export function overviewRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.get('/', async (req, res) => {
    const store = deps.store;
    const [counts, queue, rateLimit, lastWebhook, redis, targets, attention] = await Promise.all([
      kit.source('status.source.counts', () => store.countByState()),
      kit.source('status.source.queue', () => deps.queueCounts()),
      kit.source('status.source.rate_limit', () => deps.rateLimit()),
      kit.source('status.source.last_webhook', () => store.lastWebhook()),
      kit.source('status.source.redis', () => deps.redisReachable()),
      kit.source('status.source.blogs', () => deps.targets(), kit.timeoutMs * 2),
      kit.source('status.source.deals', async () =>
        (await store.list({ state: ATTENTION_STATES, limit: 10 })).items.map(scrubRecord),
      ),
    ]);
    const data: OverviewData = {
      counts,
      queue,
      rateLimit,
      lastWebhook: lastWebhook.ok
        ? {
            ok: true,
            value: lastWebhook.value && {
              ...lastWebhook.value,
              event: scrubText(lastWebhook.value.event),
              outcome: scrubText(lastWebhook.value.outcome),
            },
          }
        : lastWebhook,
      redis,
      targets: targets.ok
        ? {
            ok: true,
            value: targets.value.map((t) => ({
              ...t,
              name: scrubText(t.name),
              target: scrubText(t.target),
              detail: scrubText(t.detail),
            })),
          }
        : targets,
      attention,
      ...(deps.intake ? { intake: deps.intake() } : {}),
      ...(deps.lastSweep
        ? {
            lastSweep: await kit.source('status.source.sweep', async () => {
              const last = await deps.lastSweep?.();
              return last && { ...last, errors: last.errors.map((e) => scrubText(e)) };
            }),
          }
        : {}),
      ...(deps.deadlineFinding
        ? {
            deadlineFinding: await kit.source('status.source.dates', async () => {
              const found = await deps.deadlineFinding?.();
              return (
                found && {
                  ...found,
                  message: scrubText(found.message),
                  raw: found.raw && scrubText(found.raw),
                }
              );
            }),
          }
        : {}),
    };
    kit.send(res, 200, renderOverview(kit.viewContext(req, res, true), data));
  });
}
