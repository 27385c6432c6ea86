/**
 * The deal's events: after each committed write the store tells its subscribers (metrics, the article watcher's
 * enrolment, notifications; src/deal-services.ts subscribes them) what changed, so a write's effects follow
 * from the write wherever it was made (worker, pipeline, status page, CLI) without wrapping the store.
 *
 * Subscribers run after the write committed, in the order they subscribed, and the writer waits for them (as it
 * waited for the wrappers before). A subscriber's failure is logged and never fails the write: the write stands,
 * and the catch-ups named in src/deal-services.ts make up for a lost effect.
 */
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
// The event types live beside the record they carry (./record.ts), which the store's interface names too.
import type { DealChangedListener, DealEvents, DealStepListener } from './record.js';

export function createDealEvents(log?: Pick<Logger, 'warn'>): DealEvents {
  const changed = new Set<DealChangedListener>();
  const steps = new Set<DealStepListener>();

  async function run<T>(
    listeners: ReadonlySet<(event: T) => Promise<void> | void>,
    event: T,
    dealId: number,
  ) {
    for (const listener of [...listeners]) {
      try {
        await listener(event);
      } catch (error) {
        log?.warn({ dealId, err: errorMessage(error) }, 'deal event subscriber failed');
      }
    }
  }

  return {
    onChanged(listener) {
      changed.add(listener);
      return () => changed.delete(listener);
    },
    onStep(listener) {
      steps.add(listener);
      return () => steps.delete(listener);
    },
    emitChanged: (change) => run(changed, change, change.dealId),
    emitStep: (step) => run(steps, step, step.dealId),
  };
}
