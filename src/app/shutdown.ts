/**
 * The daemon's services in one list: each is added right after it is constructed, `startAll` starts the
 * background ones in that order once everything listens, and `stopAll` stops them in the reverse order (the
 * last constructed first: no new deliveries, then the timers, the worker's running jobs, the queue, Redis).
 * Adding a background service to the daemon is its construction plus one `add` (src/main.ts).
 *
 * A service that fails to stop is logged and the rest still stop; `stopAll` runs once however often it is
 * called. A construction that fails half-way stops what was added so far.
 */
import { errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';

export interface Service {
  /** Starts its background work (timers, sweeps); must not block on the network. */
  start?(): void;
  stop(): Promise<unknown>;
}

export interface ServiceList {
  /** Adds a constructed service (`name` for the log); one this process does not run (undefined) is skipped. */
  add(name: string, service: Service | undefined): void;
  startAll(): void;
  /** Stops every service, the last added first. */
  stopAll(): Promise<void>;
}

export function createServiceList(log: Pick<Logger, 'warn'>): ServiceList {
  const services: Array<{ name: string; service: Service }> = [];
  let stopping: Promise<void> | undefined;

  async function stopInReverse(): Promise<void> {
    for (const { name, service } of [...services].reverse()) {
      try {
        await service.stop();
      } catch (error) {
        log.warn({ service: name, err: errorMessage(error) }, 'stopping a service failed');
      }
    }
  }

  return {
    add(name, service) {
      if (service) services.push({ name, service });
    },
    startAll() {
      for (const { service } of services) service.start?.();
    },
    stopAll() {
      stopping ??= stopInReverse();
      return stopping;
    },
  };
}
