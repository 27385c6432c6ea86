/**
 * Fault injection for the /v1 API: the failures a real service shows now and then (5xx, surprise 429s, slow
 * answers), on demand, so the daemon's retry and back-off paths can be tested against real HTTP. Injected
 * faults happen after the request was counted by the rate limit and before idempotency, so a faulted write is
 * never stored as an idempotent answer (the operation did not run).
 */
import { z } from 'zod';

export const FaultSettings = z.object({
  /** Every Nth matching request (counted from when the settings were made) answers 500 `server`. */
  serverErrorEvery: z.number().int().min(0).optional(),
  /** The next N matching requests answer 500 `server`, then normal service resumes. */
  serverErrorNext: z.number().int().min(0).optional(),
  /** Probability (0..1) that a matching request answers 429 `rate_limit` whatever the real limit says. */
  random429: z.number().min(0).max(1).optional(),
  /** `Retry-After` seconds on an injected 429 (default 1). */
  retryAfterSeconds: z.number().int().min(0).optional(),
  /** Extra delay before each matching answer, real milliseconds. */
  latencyMs: z.number().int().min(0).optional(),
  /** Route labels such as `GET /v1/deals/:id/photos/:n`; empty or absent = every /v1 route. */
  routes: z.array(z.string()).optional(),
});
export type FaultSettings = z.infer<typeof FaultSettings>;

export type FaultDecision =
  | { kind: 'none' }
  | { kind: 'server' }
  | { kind: 'rate_limit'; retryAfterSeconds: number };

export interface FaultInjector {
  set(settings: FaultSettings): void;
  get(): FaultSettings;
  /** Decides for one request; `latencyMs` is applied by the caller. */
  decide(route: string): FaultDecision;
  latencyMs(route: string): number;
}

export function createFaultInjector(random: () => number = Math.random): FaultInjector {
  let settings: FaultSettings = {};
  let seen = 0;
  let nextLeft = 0;
  const matches = (route: string): boolean =>
    !settings.routes || settings.routes.length === 0 || settings.routes.includes(route);

  return {
    set(next) {
      settings = FaultSettings.parse(next);
      seen = 0;
      nextLeft = settings.serverErrorNext ?? 0;
    },
    get() {
      return { ...settings };
    },
    decide(route) {
      if (!matches(route)) return { kind: 'none' };
      seen += 1;
      if (nextLeft > 0) {
        nextLeft -= 1;
        return { kind: 'server' };
      }
      const every = settings.serverErrorEvery ?? 0;
      if (every > 0 && seen % every === 0) return { kind: 'server' };
      const p = settings.random429 ?? 0;
      if (p > 0 && random() < p)
        return { kind: 'rate_limit', retryAfterSeconds: settings.retryAfterSeconds ?? 1 };
      return { kind: 'none' };
    },
    latencyMs(route) {
      return matches(route) ? (settings.latencyMs ?? 0) : 0;
    },
  };
}
