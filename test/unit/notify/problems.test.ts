import { describe, expect, it } from 'vitest';
import { decide, markOp, messageKind, type NotifyAction, topicOfKey } from '../../../src/notify/problems.js';

type Step = [NotifyAction, string, string | undefined];

/** Each row: a sequence of actions on the marks, and what each sends (undefined: nothing). */
const TABLE: Array<[string, Step[]]> = [
  [
    'a problem: first raise sends, repeats do not; resolve sends once; it can be raised again',
    [
      ['raise', 'deal_failed:7', 'problem'],
      ['raise', 'deal_failed:7', undefined],
      ['resolve', 'deal_failed:7', 'resolved'],
      ['resolve', 'deal_failed:7', undefined],
      ['raise', 'deal_failed:7', 'problem'],
      ['raise', 'deal_failed:7', undefined],
    ],
  ],
  [
    'resolve before any raise sends nothing',
    [
      ['resolve', 'deadline_at_risk:3', undefined],
      ['raise', 'deadline_at_risk:3', 'problem'],
    ],
  ],
  [
    'keys are distinct problems',
    [
      ['raise', 'deal_failed:1', 'problem'],
      ['raise', 'deal_failed:2', 'problem'],
      ['raise', 'deadline_missed:1', 'problem'],
      ['resolve', 'deal_failed:2', 'resolved'],
      ['raise', 'deal_failed:1', undefined],
    ],
  ],
  [
    'marketplace-wide problems',
    [
      ['raise', 'marketplace_unreachable', 'problem'],
      ['raise', 'marketplace_rate_limited', 'problem'],
      ['resolve', 'marketplace_unreachable', 'resolved'],
      ['raise', 'marketplace_rate_limited', undefined],
    ],
  ],
  [
    'an event: sent once per key, never resolved, a redelivery is no second message',
    [
      ['raise', 'claim:5:2026-11-23 10:00:00', 'event'],
      ['raise', 'claim:5:2026-11-23 10:00:00', undefined],
      ['resolve', 'claim:5:2026-11-23 10:00:00', undefined],
      ['raise', 'claim:5:2026-11-23 10:00:00', undefined],
      ['raise', 'claim:5:2026-11-23 11:00:00', 'event'],
      ['raise', 'digest:2026-11-22', 'event'],
      ['raise', 'digest:2026-11-22', undefined],
    ],
  ],
  [
    'an unknown key: nothing, whatever the action',
    [
      ['raise', 'something_new:1', undefined],
      ['resolve', 'something_new:1', undefined],
      ['raise', '', undefined],
    ],
  ],
];

describe('the once-per-problem rule', () => {
  it.each(TABLE)('%s', (_name, steps) => {
    const marks = new Set<string>();
    const got = steps.map(([action, key]) => decide(marks, key, action));
    expect(got).toEqual(steps.map(([, , expected]) => expected));
  });

  it('knows the topic of a key', () => {
    expect(topicOfKey('deal_failed:12')).toBe('deal_failed');
    expect(topicOfKey('marketplace_unreachable')).toBe('marketplace_unreachable');
    expect(topicOfKey('deal_failedx:12')).toBeUndefined();
  });

  it('keeps event marks (30 days) and removes problem marks on resolve', () => {
    expect(markOp('claim:1:x', 'raise')).toEqual({ op: 'set_if_absent', keepMs: 30 * 86_400_000 });
    expect(markOp('claim:1:x', 'resolve')).toEqual({ op: 'none' });
    expect(markOp('deal_failed:1', 'resolve')).toEqual({ op: 'remove' });
    expect(messageKind('deal_failed:1', 'resolve', false)).toBeUndefined();
  });
});
