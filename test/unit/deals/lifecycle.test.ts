import { describe, expect, it } from 'vitest';
import {
  acceptedAtOf,
  DEAL_RUN_STATES,
  deadlineFrom,
  dealDeadline,
  isFinal,
  isPastDeadlineConcern,
  isWaitSignal,
  runDeadlineMs,
} from '../../../src/deals/lifecycle.js';
import { AppError, MarketplaceError, WaitUntilError } from '../../../src/errors.js';

describe('deal lifecycle', () => {
  it('final states: handed in, skipped, handled, failed, missed, closed, refused; nothing else (held waits)', () => {
    const finals = DEAL_RUN_STATES.filter(isFinal);
    expect(finals).toEqual([
      'handed_in',
      'skipped',
      'handled',
      'failed',
      'deadline_missed',
      'closed',
      'refused',
    ]);
    expect(isFinal('held')).toBe(false);
    expect(isFinal('not-a-state')).toBe(false);
  });

  it('a failed deal still shows its countdown (the blogger can retry it); other finals do not', () => {
    expect(isPastDeadlineConcern('failed')).toBe(false);
    expect(isPastDeadlineConcern('handed_in')).toBe(true);
    expect(isPastDeadlineConcern('processing')).toBe(false);
  });

  it('the deadline: stamped, else publish_deadline, else 60 minutes after receipt', () => {
    const event = { publish_deadline: '2026-07-01 14:00:00' };
    expect(
      dealDeadline({
        event,
        receivedAt: '2026-07-01T11:00:00Z',
        deadlineAt: '2026-07-01T12:30:00Z',
      }).toISOString(),
    ).toBe('2026-07-01T12:30:00.000Z');
    expect(dealDeadline({ event, receivedAt: '2026-07-01T11:00:00Z' }).toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    expect(dealDeadline({ event: {}, receivedAt: '2026-07-01T11:00:00Z' }).toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
    const at = new Date('2026-07-01T11:00:00Z');
    expect(acceptedAtOf(deadlineFrom(at))).toEqual(at);
  });

  it("an operator's run gets at least a fresh hour from when it was queued", () => {
    const deadline = new Date('2026-07-01T12:00:00Z');
    const nowMs = Date.parse('2026-07-01T15:00:00Z');
    expect(runDeadlineMs({ deadline, source: 'webhook', graceMs: 1000, nowMs })).toBe(
      deadline.getTime() + 1000,
    );
    expect(runDeadlineMs({ deadline, source: 'manual', graceMs: 0, nowMs })).toBe(nowMs + 3_600_000);
    expect(
      runDeadlineMs({ deadline, source: 'manual', enqueuedAt: '2026-07-01T14:00:00Z', graceMs: 0, nowMs }),
    ).toBe(Date.parse('2026-07-01T15:00:00Z'));
  });

  it('waits on a WaitUntilError and on the marketplace awaiting approval; not on other errors', () => {
    expect(isWaitSignal(new WaitUntilError('later', 'later'))).toBe(true);
    const approval = new MarketplaceError({
      status: 409,
      code: 'ceka_na_schvaleni',
      message: 'awaits approval',
      method: 'GET',
      path: '/v1/deals/1/text',
      retryable: true,
    });
    expect(isWaitSignal(approval)).toBe(true);
    expect(isWaitSignal(new AppError('other', 'x', { retryable: true }))).toBe(false);
    expect(isWaitSignal(new Error('x'))).toBe(false);
  });
});
