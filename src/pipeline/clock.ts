import { setTimeout as delay } from 'node:timers/promises';

/** Time as the pipeline sees it: tests replace it to walk through backoffs and deadlines without waiting. */
export interface Clock {
  now(): Date;
  /** Resolves after `ms`; rejects at once when `signal` aborts (the worker lost the job or is shutting down). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: async (ms, signal) => {
    await delay(Math.max(0, ms), undefined, signal ? { signal } : {});
  },
};

/** Exponential backoff: `initialMs`, 2×, 4×, … capped at `maxMs`; `tryIndex` counts from 0. */
export function backoffDelay(tryIndex: number, initialMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(0, tryIndex), 30);
  return Math.min(maxMs, initialMs * 2 ** exponent);
}
