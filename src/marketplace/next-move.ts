/**
 * What the transport (./transport.ts) does after one attempt at a marketplace call (pure). An attempt comes to an
 * `Outcome` (./classify.ts has already said whether its error is retryable, and a 429's pause is stored in the
 * shared limiter whatever comes next); the call's `Budget` says what it may still spend:
 *
 * | outcome | budget | move |
 * |---|---|---|
 * | 2xx | any | `read`: the endpoint's reader reads the answer |
 * | 3xx | any | `follow`: the Location, by ./origin.ts's rule (GETs only, the marketplace's own origin, at most `MAX_REDIRECTS` hops), each hop through the limiter again |
 * | 429, its pause stored | the inline retry unused, the pause at most `maxInlineRetryAfterMs`, the caller still waiting | `retry_after_pause`: once; the stored pause makes every process (this retry too, in acquire) wait it out |
 * | 429 | anything else, or the pause could not be stored | `fail`: retryable, with `retryAfterMs`, for the job layer to delay |
 * | no answer (network, timeout) or 5xx, retryable | transient retries left (a GET or a write with an Idempotency-Key), the caller still waiting | `retry_after_backoff`: `backoffMs`, then twice that for the next |
 * | no answer or 5xx | anything else | `fail` |
 * | any other status (4xx) | any | `fail`: permanent unless classify.ts says otherwise; never repeated here |
 *
 * Why a 429 is retried here, once: the marketplace executed nothing, and the pause just stored makes the retry
 * safe and cheap, whereas failing costs the pipeline a whole job attempt and BullMQ's backoff on a 60-minute
 * deadline. A second 429 or a long pause goes up to the job layer, which retries retryable errors with backoff.
 */

export interface Budget {
  /** Transient retries left: 0 for a request that is not safe to repeat. */
  transientLeft: number;
  /** The pause before the next transient retry. */
  backoffMs: number;
  /** Whether the one inline retry after a 429 is still unused. */
  inline429Left: boolean;
  /** The longest 429 pause retried inline. */
  maxInlineRetryAfterMs: number;
  /** The caller gave up (its signal aborted): nothing is tried again. */
  aborted: boolean;
}

/** One attempt as the decision sees it; `A` is the answer, `E` the error, passed on to the move untouched. */
export type Outcome<A, E> =
  | { kind: 'ok'; answer: A }
  | { kind: 'redirect'; answer: A }
  | { kind: 'rate_limited'; pauseMs: number; pauseStored: boolean; error: E }
  /** No answer (status 0) or any other status that is not 2xx, 3xx or 429. */
  | { kind: 'failed'; status: number; retryable: boolean; error: E };

export type Move<A, E> =
  | { kind: 'read'; answer: A }
  | { kind: 'follow'; answer: A }
  | { kind: 'retry_after_pause'; pauseMs: number; error: E }
  | { kind: 'retry_after_backoff'; ms: number; error: E }
  | { kind: 'fail'; error: E };

export function nextMove<A, E>(outcome: Outcome<A, E>, budget: Budget): Move<A, E> {
  switch (outcome.kind) {
    case 'ok':
      return { kind: 'read', answer: outcome.answer };
    case 'redirect':
      return { kind: 'follow', answer: outcome.answer };
    case 'rate_limited': {
      const { pauseMs, pauseStored, error } = outcome;
      const inline =
        pauseStored && budget.inline429Left && pauseMs <= budget.maxInlineRetryAfterMs && !budget.aborted;
      return inline ? { kind: 'retry_after_pause', pauseMs, error } : { kind: 'fail', error };
    }
    case 'failed': {
      const transient = outcome.status === 0 || outcome.status >= 500;
      const again = transient && outcome.retryable && budget.transientLeft > 0 && !budget.aborted;
      return again
        ? { kind: 'retry_after_backoff', ms: budget.backoffMs, error: outcome.error }
        : { kind: 'fail', error: outcome.error };
    }
  }
}

/** The budget after `move`: a transient retry spends one and doubles the next pause; a 429 retry spends it. */
export function budgetAfter<A, E>(budget: Budget, move: Move<A, E>): Budget {
  if (move.kind === 'retry_after_backoff')
    return { ...budget, transientLeft: budget.transientLeft - 1, backoffMs: budget.backoffMs * 2 };
  if (move.kind === 'retry_after_pause') return { ...budget, inline429Left: false };
  return budget;
}
