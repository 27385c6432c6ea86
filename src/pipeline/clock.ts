/** The pipeline's pacing. The Clock itself lives in src/clock.ts (re-exported for the pipeline's imports). */
export { type Clock, systemClock } from '../clock.js';

/** Exponential backoff: `initialMs`, 2×, 4×, … capped at `maxMs`; `tryIndex` counts from 0. */
export function backoffDelay(tryIndex: number, initialMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(0, tryIndex), 30);
  return Math.min(maxMs, initialMs * 2 ** exponent);
}
