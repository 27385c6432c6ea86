/**
 * The pipeline's side of "the marketplace decides that a deal is lost" (src/deals/lost.ts): asking once, and
 * what each answer means for the run. The processor keeps its deadline and its late flag; this says how they
 * change.
 */

import type { Clock } from '../clock.js';
import { askMarketplaceOnce, DealClosedError, type LostVerdict, lateDeadline } from '../deals/lost.js';
import { AppError, DeadlineMissedError } from '../errors.js';
import { ERROR_CODES } from '../marketplace/schema.js';
import type { DealJobContext } from '../queue/worker.js';

export interface VerdictInput {
  ctx: Pick<DealJobContext, 'client' | 'store' | 'dealId' | 'log' | 'signal'>;
  clock: Clock;
}

export interface Verdicts {
  /**
   * Our deadline passed: the marketplace decides (one `GET /v1/deals/{id}` per deal). Resolves with the late
   * window's end when it still waits (or `handed_in` when it already has our URL); throws DealClosedError when
   * it moved on, DeadlineMissedError (with `missed` as the message's start) when even the late window passed.
   */
  overdue(
    why: string,
    missed: string,
    ourUrl?: string,
  ): Promise<{ kind: 'late'; until: number; since: string } | Extract<LostVerdict, { kind: 'handed_in' }>>;
  /** Runs a marketplace step; a 409 `spatny_stav` (the deal's state changed) asks whether it moved on. */
  unlessClosed<T>(run: () => Promise<T>, ourUrl?: string): Promise<T>;
}

export function createVerdicts({ ctx, clock }: VerdictInput): Verdicts {
  async function ask(why: string, ourUrl: string | undefined, refused: boolean) {
    return await askMarketplaceOnce({
      client: ctx.client,
      store: ctx.store,
      dealId: ctx.dealId,
      log: ctx.log,
      now: () => clock.now(),
      signal: ctx.signal,
      why,
      refused,
      ...(ourUrl !== undefined ? { ourUrl } : {}),
    });
  }

  return {
    async overdue(why, missed, ourUrl) {
      const { verdict, check } = await ask(why, ourUrl, false);
      if (verdict.kind === 'moved_on') throw new DealClosedError(verdict, ourUrl);
      if (verdict.kind === 'handed_in') return verdict;
      const until = lateDeadline({ marketplaceCheck: check }) ?? 0;
      if (clock.now().getTime() >= until) {
        throw new DeadlineMissedError(
          `${missed}. The marketplace still waited for the article at ${check.at} (${check.state}); ` +
            'the late window of 60 minutes from that answer passed too',
        );
      }
      await ctx.store.update(ctx.dealId, { data: { late: { since: check.at } } });
      return { kind: 'late', until, since: check.at };
    },

    async unlessClosed(run, ourUrl) {
      try {
        return await run();
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== ERROR_CODES.wrongState) throw error;
        const why = "the marketplace refused the request for the deal's state (spatny_stav)";
        const { verdict } = await ask(why, ourUrl, true);
        if (verdict.kind === 'moved_on') throw new DealClosedError(verdict, ourUrl);
        throw error;
      }
    },
  };
}
