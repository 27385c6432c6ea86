/**
 * A wait that gives up: the status page's sources and the webhook receiver's Redis writes use it so a hung
 * dependency becomes an answer (a card marked unavailable, a 503) instead of a hung request.
 */

/** A source that did not answer in time: `what` names it (the status page passes a catalog key to translate). */
export class TimeoutError extends Error {
  readonly what: string;
  readonly ms: number;

  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = 'TimeoutError';
    this.what = what;
    this.ms = ms;
  }
}

/** Settles like `promise`, or rejects after `ms` (the promise itself is not cancelled; its result is dropped). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
