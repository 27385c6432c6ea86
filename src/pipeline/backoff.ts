/** The pipeline's pacing (the Clock itself is src/clock.ts). */

/** Exponential backoff: `initialMs`, 2×, 4×, … capped at `maxMs`; `tryIndex` counts from 0. */
export function backoffDelay(tryIndex: number, initialMs: number, maxMs: number): number {
  const exponent = Math.min(Math.max(0, tryIndex), 30);
  return Math.min(maxMs, initialMs * 2 ** exponent);
}
