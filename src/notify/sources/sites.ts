/**
 * The blogs' sites, checked every few minutes with the status page's probe (src/status/targets.ts, each
 * publisher's `checkReachable`): a site that has not answered for `downMinutes` raises `site_unreachable`;
 * its first answer resolves it. In memory per process; the notifier's marks keep processes from repeating.
 */
import { type Clock, systemClock } from '../../clock.js';
import type { TargetStatus } from '../../status/types.js';
import type { Notifier } from '../types.js';

export interface SiteWatchOptions {
  probe: () => Promise<TargetStatus[]>;
  notifier: Notifier;
  downMinutes: number;
  clock?: Clock;
}

export interface SiteWatch {
  check(): Promise<void>;
}

export function createSiteWatch(options: SiteWatchOptions): SiteWatch {
  const { notifier, probe } = options;
  const clock = options.clock ?? systemClock;
  const downMs = options.downMinutes * 60_000;
  const downSince = new Map<number, number>();
  /** Blogs whose problem may be open (at start-up: all of them, a mark may be left from before). */
  const maybeOpen = new Set<number>();
  let first = true;

  return {
    async check() {
      const at = clock.now().getTime();
      const targets = await probe();
      for (const target of targets) {
        if (first) maybeOpen.add(target.blogId);
        if (target.ok) {
          downSince.delete(target.blogId);
          if (maybeOpen.delete(target.blogId)) await notifier.resolve(`site_unreachable:${target.blogId}`);
          continue;
        }
        const since = downSince.get(target.blogId) ?? at;
        downSince.set(target.blogId, since);
        if (at - since >= downMs) {
          maybeOpen.add(target.blogId);
          await notifier.raise({
            topic: 'site_unreachable',
            blogId: target.blogId,
            blogName: target.name,
            detail: target.detail ?? '',
          });
        }
      }
      first = false;
    },
  };
}
