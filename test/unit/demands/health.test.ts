/** Whether the demand intake reads its lists (src/demands/health.ts): the pure judge of a stall. */
import { describe, expect, it } from 'vitest';
import { judgeDemandHealth, MIN_STALL_MS, STALL_ROUNDS } from '../../../src/demands/health.js';

const since = '2026-12-01T09:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(since) + ms);

describe('judgeDemandHealth', () => {
  it('is no stall while the lists read, or before the limit', () => {
    expect(judgeDemandHealth({ lastOkAt: since }, at(10 * 60 * 60_000), 5)).toBeUndefined();
    expect(judgeDemandHealth({ failingSince: since }, at(MIN_STALL_MS - 1), 5)).toBeUndefined();
  });

  it('is a stall from the later of 15 minutes and 3 poll intervals, naming since when and the last error', () => {
    expect(judgeDemandHealth({ failingSince: since, lastError: 'x' }, at(MIN_STALL_MS), 5)).toEqual({
      since,
      detail: 'x',
    });
    const hour = 60;
    expect(judgeDemandHealth({ failingSince: since }, at(2 * hour * 60_000), hour)).toBeUndefined();
    expect(judgeDemandHealth({ failingSince: since }, at(STALL_ROUNDS * hour * 60_000), hour)).toEqual({
      since,
      detail: '',
    });
  });

  it('reads no stall from a date that is none', () => {
    expect(judgeDemandHealth({ failingSince: 'soon' }, at(10 * 60 * 60_000), 5)).toBeUndefined();
  });
});
