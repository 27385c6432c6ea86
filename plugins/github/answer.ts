/**
 * Reading an error answer from GitHub: what it said (message and validation errors, cut short), and whether
 * it is a rate limit and how long to wait (`retry-after`, `x-ratelimit-*`, GitHub's advised minute).
 */
import { z } from 'zod';
import { plainText } from '../../src/publisher/kit/index.js';

/** What an error answer from GitHub says (`{ message, documentation_url, errors }`), leniently. */
const ErrorBody = z.object({
  message: z.string().optional().catch(undefined),
  errors: z.array(z.unknown()).optional().catch(undefined),
});

/** The parts of an Octokit `RequestError` read here (duck-typed: the class lives in a transitive package). */
export interface HttpAnswer {
  status: number;
  headers: Readonly<Record<string, string | number | undefined>>;
  data: unknown;
}

/** GitHub's advice when a secondary limit names no time: wait at least a minute. */
export const SECONDARY_LIMIT_DEFAULT_WAIT_MS = 60_000;

/** The answer's header as a string (Octokit keeps them lower-case). */
function header(answer: HttpAnswer, name: string): string | undefined {
  const value = answer.headers[name];
  return value === undefined ? undefined : String(value);
}

/** What GitHub said: its message and the first few validation errors, cut short; empty when it said nothing. */
export function whatGitHubSaid(data: unknown): string {
  if (typeof data === 'string') return plainText(data);
  const parsed = ErrorBody.safeParse(data);
  if (!parsed.success || parsed.data.message === undefined) return '';
  const details = (parsed.data.errors ?? [])
    .slice(0, 3)
    .map((e) =>
      typeof e === 'string'
        ? e
        : typeof e === 'object' && e !== null && typeof (e as { message?: unknown }).message === 'string'
          ? String((e as { message: string }).message)
          : '',
    )
    .filter((e) => e !== '');
  return plainText(`${parsed.data.message}${details.length > 0 ? ` (${details.join('; ')})` : ''}`);
}

/** Milliseconds from a `retry-after` header: seconds, or an HTTP date. */
function retryAfterMs(value: string, nowMs: number): number | undefined {
  const seconds = Number(value.trim());
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * A rate-limit answer (403 or 429) as GitHub documents them: `retry-after` first; else `x-ratelimit-remaining: 0`
 * with `x-ratelimit-reset` (the primary limit, per hour); else a message naming the secondary limit, or any 429
 * (wait at least a minute). Undefined: not a rate limit (a 403 is then a permission problem).
 */
export function rateLimitOf(
  answer: HttpAnswer,
  nowMs: number,
): { kind: 'primary' | 'secondary'; waitMs: number; resetAt?: Date; limit?: string } | undefined {
  if (answer.status !== 403 && answer.status !== 429) return undefined;
  const said = whatGitHubSaid(answer.data);
  const secondaryText = /secondary rate limit|abuse detection/i.test(said);
  const retryAfter = header(answer, 'retry-after');
  const remaining = header(answer, 'x-ratelimit-remaining');
  const reset = Number(header(answer, 'x-ratelimit-reset'));
  const limit = header(answer, 'x-ratelimit-limit');
  if (retryAfter !== undefined) {
    const waitMs = retryAfterMs(retryAfter, nowMs);
    if (waitMs !== undefined) {
      return remaining === '0' && !secondaryText
        ? { kind: 'primary', waitMs, ...(limit !== undefined ? { limit } : {}) }
        : { kind: 'secondary', waitMs };
    }
  }
  if (remaining === '0' && Number.isFinite(reset) && reset > 0) {
    const resetAt = new Date(reset * 1000);
    // One second past the reset: GitHub's clock and ours differ a little.
    const waitMs = Math.max(1000, resetAt.getTime() - nowMs + 1000);
    return { kind: 'primary', waitMs, resetAt, ...(limit !== undefined ? { limit } : {}) };
  }
  if (secondaryText || answer.status === 429) {
    return { kind: 'secondary', waitMs: SECONDARY_LIMIT_DEFAULT_WAIT_MS };
  }
  return undefined;
}

/** An Octokit RequestError that carries an answer (status ≥ 400), read without importing its class. */
export function answerOf(error: unknown): HttpAnswer | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const response = (error as { response?: unknown }).response;
  if (typeof response !== 'object' || response === null) return undefined;
  const status = (response as { status?: unknown }).status;
  const headers = (response as { headers?: unknown }).headers;
  if (typeof status !== 'number' || status < 300) return undefined;
  return {
    status,
    headers: typeof headers === 'object' && headers !== null ? (headers as HttpAnswer['headers']) : {},
    data: (response as { data?: unknown }).data,
  };
}
