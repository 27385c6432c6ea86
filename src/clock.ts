import { setTimeout as delay } from 'node:timers/promises';

/**
 * Time as pressbridge's work sees it (pipeline, plugins through their context): tests replace it to walk through
 * backoffs and deadlines without waiting.
 */
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
