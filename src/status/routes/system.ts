/**
 * GET /system — the technical view: records kept, queue, request budget, last webhook, reconciliation, Redis,
 * the deadline reading, the blogs' targets and the intake (../views/system.ts). Each card copes on its own when
 * its source fails or hangs.
 */
import type { Router } from 'express';
import { scrubText } from '../../redact.js';
import type { StatusDeps, TargetStatus } from '../types.js';
import { renderSystem, type SystemData } from '../views/system.js';
import type { PageKit } from './page-kit.js';

/** The targets' names and texts (a plugin's error may quote a site's answer), scrubbed of secrets. */
export function scrubTargets(targets: readonly TargetStatus[]): TargetStatus[] {
  return targets.map((t) => ({
    ...t,
    name: scrubText(t.name),
    target: scrubText(t.target),
    detail: scrubText(t.detail),
  }));
}

export function systemRoutes(router: Router, deps: StatusDeps, kit: PageKit): void {
  router.get('/system', async (req, res) => {
    const store = deps.store;
    const [counts, queue, rateLimit, lastWebhook, redis, targets] = await Promise.all([
      kit.source('status.source.counts', () => store.countByState()),
      kit.source('status.source.queue', () => deps.queueCounts()),
      kit.source('status.source.rate_limit', () => deps.rateLimit()),
      kit.source('status.source.last_webhook', async () => {
        const last = await store.lastWebhook();
        return last && { ...last, event: scrubText(last.event), outcome: scrubText(last.outcome) };
      }),
      kit.source('status.source.redis', () => deps.redisReachable()),
      kit.source('status.source.blogs', async () => scrubTargets(await deps.targets()), kit.timeoutMs * 2),
    ]);
    const data: SystemData = {
      counts,
      queue,
      rateLimit,
      lastWebhook,
      redis,
      targets,
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
      ...(deps.intake ? { intake: deps.intake() } : {}),
      rules: deps.rules !== undefined,
    };
    kit.send(res, 200, renderSystem(kit.viewContext(req, res, false), data));
  });
}
