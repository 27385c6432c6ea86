/**
 * Step 6, verify: GET the article's public URL until it answers 200 (caches, slow hosts, a CDN that has not
 * seen the post yet), with exponential backoff, never past the deadline. Redirects are followed, as the
 * marketplace's own reachability check does. No marketplace request is spent here.
 */

import type { Clock } from '../clock.js';
import type { Said } from '../errors.js';
import { networkFailure } from '../network-reason.js';
import { USER_AGENT } from '../version.js';
import { backoffDelay } from './backoff.js';

export interface VerifySettings {
  initialBackoffMs: number;
  maxBackoffMs: number;
  requestTimeoutMs: number;
}

export interface VerifyInput {
  url: string;
  /** Epoch ms: no try starts after this instant. */
  deadlineMs: number;
  settings: VerifySettings;
  clock: Clock;
  fetch: typeof fetch;
  signal: AbortSignal;
  /** Called after each try that did not answer 200, with the pause before the next one (0: no next try). */
  onMiss?: (miss: VerifyMiss) => void;
}

export interface VerifyMiss {
  tries: number;
  /** HTTP status, or 0 when no answer came. */
  status: number;
  /** Why no answer came, in English (src/network-reason.ts). */
  error?: string;
  /** The same for the blogger (the network reason's phrase, the time limit's). */
  errorSaid?: Said;
  nextInMs: number;
}

export type VerifyResult =
  | { ok: true; tries: number; finalUrl: string }
  | {
      ok: false;
      tries: number;
      status: number;
      /** The last try's error, in English; `timedOut` when it was the time limit (`no answer within … ms`). */
      error?: string;
      /** The same for the blogger (the network reason's phrase, the time limit's). */
      errorSaid?: Said;
      timedOut?: true;
    };

export async function verifyPublicUrl(input: VerifyInput): Promise<VerifyResult> {
  const { clock, settings, signal } = input;
  for (let tries = 1; ; tries++) {
    const answer = await probe(input);
    if (answer.status === 200) return { ok: true, tries, finalUrl: answer.finalUrl ?? input.url };
    const remaining = input.deadlineMs - clock.now().getTime();
    const nextInMs =
      remaining > 0
        ? Math.min(backoffDelay(tries - 1, settings.initialBackoffMs, settings.maxBackoffMs), remaining)
        : 0;
    input.onMiss?.({
      tries,
      status: answer.status,
      ...(answer.error !== undefined ? { error: answer.error } : {}),
      ...(answer.errorSaid !== undefined ? { errorSaid: answer.errorSaid } : {}),
      nextInMs,
    });
    if (nextInMs <= 0) {
      return {
        ok: false,
        tries,
        status: answer.status,
        ...(answer.error !== undefined ? { error: answer.error } : {}),
        ...(answer.errorSaid !== undefined ? { errorSaid: answer.errorSaid } : {}),
        ...(answer.timedOut ? { timedOut: true } : {}),
      };
    }
    await clock.sleep(nextInMs, signal);
  }
}

async function probe(
  input: VerifyInput,
): Promise<{ status: number; finalUrl?: string; error?: string; errorSaid?: Said; timedOut?: true }> {
  const timeout = AbortSignal.timeout(input.settings.requestTimeoutMs);
  try {
    const response = await input.fetch(input.url, {
      method: 'GET',
      redirect: 'follow',
      signal: AbortSignal.any([input.signal, timeout]),
      headers: { 'User-Agent': USER_AGENT, Accept: 'text/html,*/*;q=0.8', 'Cache-Control': 'no-cache' },
    });
    await response.body?.cancel().catch(() => {});
    return { status: response.status, finalUrl: response.url || input.url };
  } catch (error) {
    // The job's own abort is not "unreachable": it ends the attempt, and the retry verifies again.
    if (input.signal.aborted) throw error;
    if (timeout.aborted) {
      const ms = String(input.settings.requestTimeoutMs);
      const errorSaid: Said = { key: 'market.no_answer.timeout', params: { ms } };
      return { status: 0, error: `no answer within ${ms} ms`, errorSaid, timedOut: true };
    }
    // The one wording of network errors, in English and as its phrase (`net.*`).
    return { status: 0, ...networkFailure(error) };
  }
}
