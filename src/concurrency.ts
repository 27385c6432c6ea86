/**
 * Concurrency inside this process, the one home of each idiom:
 *
 * - Bounded concurrency for a deal's independent requests and writes (photo fetches, media uploads, blobs,
 *   files): at most `limit` run at once, started in the order given. Neither function returns while one of its
 *   tasks is still running, even when a task failed: a caller that gives up on an attempt must not leave an
 *   upload going on behind its back, where a retry could race it (and upload the same photo twice) or the caller
 *   could delete a folder the task still writes into.
 * - A keyed lock (`createKeyedLock`): one writer at a time per key (a repository, a site folder, a deal's
 *   evidence). A shared leaf, so the plugin kit hands it on to plugins and the daemon's modules take it from here.
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

/**
 * A lock per key inside this process: holders of one key take turns in the order they came, holders of
 * different keys run at once. It also makes "is it there already?" and "store it" one step for retries in the
 * same process. A holder that fails releases the key like one that succeeds.
 */
export interface KeyedLock {
  /** Runs `work` when every earlier holder of `key` has finished; waiting ends early when `signal` aborts. */
  run<T>(key: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** How many holders (running or waiting) a key has: for tests and logs. */
  size(key: string): number;
}

export function createKeyedLock(): KeyedLock {
  const tails = new Map<string, { tail: Promise<void>; count: number }>();
  return {
    async run(key, work, signal) {
      const entry = tails.get(key) ?? { tail: Promise.resolve(), count: 0 };
      const previous = entry.tail;
      let release!: () => void;
      const mine = new Promise<void>((resolve) => {
        release = resolve;
      });
      entry.tail = previous.then(() => mine);
      entry.count += 1;
      tails.set(key, entry);
      const done = () => {
        release();
        entry.count -= 1;
        if (entry.count === 0 && tails.get(key) === entry) tails.delete(key);
      };
      try {
        await waitOrAbort(previous, signal);
      } catch (error) {
        // Our turn is given up, but only once the one before us is done (the order must hold).
        void previous.then(done);
        throw error;
      }
      try {
        return await work();
      } finally {
        done();
      }
    },
    size: (key) => tails.get(key)?.count ?? 0,
  };
}

function waitOrAbort(promise: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
