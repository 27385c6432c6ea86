/**
 * Bounded concurrency for a deal's independent requests and writes (photo fetches, media uploads, blobs,
 * files): at most `limit` run at once, started in the order given.
 *
 * Neither function returns while one of its tasks is still running, even when a task failed: a caller that
 * gives up on an attempt must not leave an upload going on behind its back, where a retry could race it
 * (and upload the same photo twice) or the caller could delete a folder the task still writes into.
 */

/** How many of a deal's media requests run at once: enough to overlap them, few enough for a small host. */
export const MEDIA_CONCURRENCY = 3;

/**
 * Runs `task` over every item, at most `limit` at once, and reports every outcome in item order (like
 * `Promise.allSettled`). A failure does not stop the remaining items.
 */
export async function allSettledBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  const { outcomes } = await run(items, limit, task, false);
  return outcomes.filter((outcome): outcome is PromiseSettledResult<R> => outcome !== undefined);
}

/**
 * Runs `task` over the items, at most `limit` at once, and resolves with the results in item order (like
 * `Promise.all`). After the first failure no further item starts; the call waits for the tasks already
 * running, then rejects with that first failure (the first in time).
 */
export async function allBounded<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const { outcomes, failure } = await run(items, limit, task, true);
  if (failure) throw failure.reason;
  return outcomes.map((outcome) => (outcome as PromiseFulfilledResult<R>).value);
}

async function run<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
  stopOnFailure: boolean,
): Promise<{ outcomes: Array<PromiseSettledResult<R> | undefined>; failure?: { reason: unknown } }> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  const outcomes: Array<PromiseSettledResult<R> | undefined> = new Array(items.length).fill(undefined);
  let next = 0;
  let failure: { reason: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < items.length && !(stopOnFailure && failure)) {
      const index = next++;
      try {
        outcomes[index] = { status: 'fulfilled', value: await task(items[index] as T, index) };
      } catch (reason) {
        outcomes[index] = { status: 'rejected', reason };
        failure ??= { reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return failure ? { outcomes, failure } : { outcomes };
}
