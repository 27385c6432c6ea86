/** Small helpers over fetch's Response and AbortSignal, shared by the transport and the readers. */
import type { z } from 'zod';
import { issueSaid } from '../config/issues.js';
import type { Phrase, Said } from '../errors.js';
import type { NoAnswerKind } from './classify.js';

/** Resolves after `ms`, or rejects when the signal aborts. */
export async function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function noAnswerKind(callerSignal: AbortSignal | undefined, timeout: AbortSignal): NoAnswerKind {
  if (callerSignal?.aborted) return 'aborted';
  if (timeout.aborted) return 'timeout';
  return 'network';
}

export function headerNumber(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export async function discard(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

/** An answer's content type, for a message: `content-type text/html`, or that it has none. */
export function contentTypeSaid(response: Response): Phrase {
  const type = response.headers.get('content-type');
  return type === null
    ? { key: 'market.detail.no_content_type' }
    : { key: 'market.detail.content_type', params: { type } };
}

/** An answer's shape that does not fit: where, the first issue (zod's, worded by its code), how many more. */
export function issuesSaid(error: z.ZodError): Said {
  const [first] = error.issues;
  if (!first) return { key: 'market.detail.no_shape' };
  const more: Said =
    error.issues.length > 1
      ? { key: 'market.detail.more', params: { n: String(error.issues.length - 1) } }
      : '';
  return issueAtSaid(first, more);
}

/** One issue of a shape that does not fit: where, and what (zod's, worded by its code); `more` after it. */
export function issueAtSaid(issue: z.core.$ZodIssue, more: Said = ''): Phrase {
  const where: Said = issue.path.length > 0 ? issue.path.join('.') : { key: 'market.detail.shape_root' };
  return { key: 'market.detail.shape', params: { where, what: issueSaid(issue), more } };
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
