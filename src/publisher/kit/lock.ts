/**
 * A lock per key inside this process: holders of one key take turns in the order they came, holders of
 * different keys run at once. Plugins use it for one writer per target (a repository, a site folder), which
 * also makes "is it there already?" and "store it" one step for retries in the same process.
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
