/** Small helpers over fetch's Response and AbortSignal, shared by the transport and the readers. */
import type { z } from 'zod';
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

export function describeContentType(response: Response): string {
  return `content-type ${response.headers.get('content-type') ?? 'missing'}`;
}

export function describeIssues(error: z.ZodError): string {
  const [first] = error.issues;
  if (!first) return 'does not match the expected shape';
  const where = first.path.length > 0 ? first.path.join('.') : '(root)';
  const more = error.issues.length > 1 ? ` (+${error.issues.length - 1} more)` : '';
  return `${where}: ${first.message}${more}`;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
