import { describe, expect, it } from 'vitest';
import {
  type Budget,
  budgetAfter,
  type Move,
  nextMove,
  type Outcome,
} from '../../../src/marketplace/next-move.js';

const budget = (overrides: Partial<Budget> = {}): Budget => ({
  transientLeft: 2,
  backoffMs: 500,
  inline429Left: true,
  maxInlineRetryAfterMs: 30_000,
  aborted: false,
  ...overrides,
});

type O = Outcome<'answer', 'error'>;
const ok: O = { kind: 'ok', answer: 'answer' };
const redirect: O = { kind: 'redirect', answer: 'answer' };
const limited = (pauseMs: number, pauseStored = true): O => ({
  kind: 'rate_limited',
  pauseMs,
  pauseStored,
  error: 'error',
});
const failed = (status: number, retryable: boolean): O => ({
  kind: 'failed',
  status,
  retryable,
  error: 'error',
});

describe('src/marketplace/next-move', () => {
  it.each<[string, O, Partial<Budget>, Move<'answer', 'error'>]>([
    ['2xx: read', ok, {}, { kind: 'read', answer: 'answer' }],
    ['2xx, the caller gone: read all the same', ok, { aborted: true }, { kind: 'read', answer: 'answer' }],
    ['3xx: follow', redirect, {}, { kind: 'follow', answer: 'answer' }],
    [
      '3xx, no budget left: follow (origin.ts counts the hops)',
      redirect,
      { transientLeft: 0, inline429Left: false },
      { kind: 'follow', answer: 'answer' },
    ],
    [
      '429, a short pause: retry once after it',
      limited(2_000),
      {},
      { kind: 'retry_after_pause', pauseMs: 2_000, error: 'error' },
    ],
    [
      '429, a pause just at the inline limit: retry',
      limited(30_000),
      {},
      { kind: 'retry_after_pause', pauseMs: 30_000, error: 'error' },
    ],
    ['429, a pause over the inline limit: fail', limited(30_001), {}, { kind: 'fail', error: 'error' }],
    [
      '429, the inline retry spent: fail',
      limited(1_000),
      { inline429Left: false },
      { kind: 'fail', error: 'error' },
    ],
    ['429, the caller gone: fail', limited(1_000), { aborted: true }, { kind: 'fail', error: 'error' }],
    ['429, the pause not stored: fail', limited(1_000, false), {}, { kind: 'fail', error: 'error' }],
    [
      '429, no transient retries: still retried once',
      limited(0),
      { transientLeft: 0 },
      { kind: 'retry_after_pause', pauseMs: 0, error: 'error' },
    ],
    [
      'no answer, retries left: back off',
      failed(0, true),
      {},
      { kind: 'retry_after_backoff', ms: 500, error: 'error' },
    ],
    [
      '503, retries left: back off',
      failed(503, true),
      { backoffMs: 2_000 },
      { kind: 'retry_after_backoff', ms: 2_000, error: 'error' },
    ],
    ['500, no retries left: fail', failed(500, true), { transientLeft: 0 }, { kind: 'fail', error: 'error' }],
    [
      'no answer, the caller gone: fail',
      failed(0, true),
      { aborted: true },
      { kind: 'fail', error: 'error' },
    ],
    ['5xx the marketplace calls permanent: fail', failed(501, false), {}, { kind: 'fail', error: 'error' }],
    ['408 (retryable, not transient here): fail', failed(408, true), {}, { kind: 'fail', error: 'error' }],
    ['404: fail', failed(404, false), {}, { kind: 'fail', error: 'error' }],
    ['401: fail', failed(401, false), {}, { kind: 'fail', error: 'error' }],
  ])('%s', (_name, outcome, overrides, move) => {
    expect(nextMove(outcome, budget(overrides))).toEqual(move);
  });

  it.each<[string, Move<'answer', 'error'>, Partial<Budget>]>([
    [
      'a transient retry spends one and doubles the next pause',
      { kind: 'retry_after_backoff', ms: 500, error: 'error' },
      { transientLeft: 1, backoffMs: 1_000 },
    ],
    [
      'a 429 retry spends the inline retry',
      { kind: 'retry_after_pause', pauseMs: 1, error: 'error' },
      { inline429Left: false },
    ],
    ['reading spends nothing', { kind: 'read', answer: 'answer' }, {}],
    ['following spends nothing', { kind: 'follow', answer: 'answer' }, {}],
    ['failing spends nothing', { kind: 'fail', error: 'error' }, {}],
  ])('budgetAfter: %s', (_name, move, changed) => {
    expect(budgetAfter(budget(), move)).toEqual(budget(changed));
  });

  it('backs off 500, 1 000, 2 000 ms and then fails, over a run of 5xx answers', () => {
    let left = budget({ transientLeft: 3 });
    const moves: string[] = [];
    for (let i = 0; i < 4; i++) {
      const move = nextMove(failed(502, true), left);
      moves.push(move.kind === 'retry_after_backoff' ? `wait ${move.ms}` : move.kind);
      left = budgetAfter(left, move);
    }
    expect(moves).toEqual(['wait 500', 'wait 1000', 'wait 2000', 'fail']);
  });
});
