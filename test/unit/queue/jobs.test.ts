import { describe, expect, it } from 'vitest';
import { dealDeadline } from '../../../src/deals/lifecycle.js';
import {
  DEFAULT_DEAL_JOB_SETTINGS,
  DealJobPayload,
  dealJobId,
  dealJobOptions,
  MAX_PRIORITY,
  priorityForDeadline,
} from '../../../src/queue/jobs.js';

const payload: DealJobPayload = DealJobPayload.parse({
  dealId: 42,
  blogId: 7,
  event: { id: 42, blog: { id: 7 }, publish_deadline: '2026-07-01 14:00:00' },
  receivedAt: '2026-07-01T11:00:00.000Z',
  source: 'webhook',
});

describe('src/queue/jobs', () => {
  it('names the job after the deal, without colons', () => {
    expect(dealJobId(42)).toBe('deal-42');
  });

  it('reads the deadline as Prague wall clock, else 60 minutes after receipt', () => {
    expect(dealDeadline(payload).toISOString()).toBe('2026-07-01T12:00:00.000Z');
    const noDeadline = { ...payload, event: { ...payload.event, publish_deadline: undefined } };
    expect(dealDeadline(noDeadline).toISOString()).toBe('2026-07-01T12:00:00.000Z');
  });

  it.each([
    ['earlier deadline → lower number', '2026-07-01T12:00:00Z', '2026-07-01T12:01:00Z'],
    ['days apart', '2026-07-01T12:00:00Z', '2026-07-09T08:00:00Z'],
  ])('priority: %s', (_name, sooner, later) => {
    const a = priorityForDeadline(new Date(sooner));
    const b = priorityForDeadline(new Date(later));
    expect(a).toBeLessThan(b);
    for (const p of [a, b]) {
      expect(p).toBeGreaterThanOrEqual(1);
      expect(p).toBeLessThanOrEqual(MAX_PRIORITY);
    }
  });

  it('builds job options: id, attempts, backoff, retention, priority', () => {
    const options = dealJobOptions(payload, DEFAULT_DEAL_JOB_SETTINGS);
    expect(options).toMatchObject({
      jobId: 'deal-42',
      attempts: 8,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
      priority: priorityForDeadline(new Date('2026-07-01T12:00:00Z')),
    });
  });

  it('rejects a payload without a valid deal', () => {
    expect(DealJobPayload.safeParse({ ...payload, dealId: 0 }).success).toBe(false);
    expect(DealJobPayload.safeParse({ ...payload, source: 'other' }).success).toBe(false);
    expect(DealJobPayload.safeParse({ ...payload, receivedAt: 'yesterday' }).success).toBe(false);
  });
});
