/**
 * The service's clock as its answers' HTTP `Date` headers tell it (RFC 9110: always GMT, whole seconds). The
 * deadline's plausibility check (./deadline.ts) uses the skew so that a clock of this machine that is off does
 * not read as a zone problem, and says so when it is off by more than a minute.
 */
import { type Clock, systemClock } from '../clock.js';

export interface ServiceClock {
  /** Feed every answer (the client's `onResponse`). */
  observe(info: { serverDate?: string | undefined; ms: number }): void;
  /** Service time minus ours, in ms; undefined before an answer with a `Date` header. */
  skewMs(): number | undefined;
}

/** Below this the `Date` header's one-second grain and the request's own duration dominate. */
export const NOTABLE_SKEW_MS = 60_000;

export function createServiceClock(clock: Clock = systemClock): ServiceClock {
  let skew: number | undefined;
  return {
    observe(info) {
      const server = info.serverDate ? Date.parse(info.serverDate) : Number.NaN;
      if (!Number.isFinite(server)) return;
      // The service stamped its answer somewhere during the request: take the middle, +0.5 s for the grain.
      skew = server + 500 - (clock.now().getTime() - info.ms / 2);
    },
    skewMs: () => skew,
  };
}
