import { describe, expect, it } from 'vitest';
import { allBounded, allSettledBounded, createKeyedLock } from '../../src/concurrency.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Tasks that wait until the test releases them, counting how many run at once. A task is released only when
 * `limit` are waiting (or no other can start), so a limiter that ran fewer at once would never finish.
 */
function gatedTasks(count: number, limit: number, fail: ReadonlySet<number> = new Set()) {
  let running = 0;
  let maxRunning = 0;
  let started = 0;
  const order: number[] = [];
  const waiting: Array<() => void> = [];
  const releaseWhenFull = () => {
    if (waiting.length === Math.min(limit, count - started + waiting.length)) waiting.shift()?.();
  };
  const task = async (item: number): Promise<number> => {
    started++;
    running++;
    maxRunning = Math.max(maxRunning, running);
    order.push(item);
    await new Promise<void>((release) => {
      waiting.push(release);
      releaseWhenFull();
    });
    running--;
    // The next one is started by the limiter in this same turn; release once it is waiting.
    queueMicrotask(() => setImmediate(releaseWhenFull));
    if (fail.has(item)) throw new Error(`task ${item} failed`);
    return item * 10;
  };
  return {
    task,
    stats: () => ({ maxRunning, started, running, order }),
  };
}

describe('allBounded', () => {
  it('runs at most `limit` tasks at once, starts them in order and returns every result in order', async () => {
    // Arrange
    const items = [0, 1, 2, 3, 4, 5, 6];
    const { task, stats } = gatedTasks(items.length, 3);

    // Act
    const results = await allBounded(items, 3, task);

    // Assert
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(stats()).toEqual({ maxRunning: 3, started: 7, running: 0, order: items });
  });

  it('after a failure starts nothing more, waits for the running tasks, then throws the failure', async () => {
    // Arrange: 0 fails once 1 and 2 run; 1 and 2 finish only after 0 has failed
    let signalFailure = () => {};
    const failed = new Promise<void>((resolve) => {
      signalFailure = resolve;
    });
    let signalAllStarted = () => {};
    const allStarted = new Promise<void>((resolve) => {
      signalAllStarted = resolve;
    });
    const started: number[] = [];
    const finished: number[] = [];
    const task = async (item: number): Promise<number> => {
      started.push(item);
      if (started.length === 3) signalAllStarted();
      if (item === 0) {
        await allStarted;
        signalFailure();
        throw new Error('task 0 failed');
      }
      await failed;
      await new Promise((resolve) => setImmediate(resolve));
      finished.push(item);
      return item;
    };

    // Act
    const error = await allBounded([0, 1, 2, 3, 4, 5], 3, task).catch((e: unknown) => e);

    // Assert
    expect(error).toEqual(new Error('task 0 failed'));
    expect(started).toEqual([0, 1, 2]);
    expect(finished.sort()).toEqual([1, 2]);
  });

  it('handles no items and fewer items than the limit', async () => {
    expect(await allBounded([], 3, async (n: number) => n)).toEqual([]);
    expect(await allBounded([1, 2], 3, async (n: number) => n + 1)).toEqual([2, 3]);
  });

  it('refuses a limit that is not a positive integer', async () => {
    await expect(allBounded([1], 0, async (n: number) => n)).rejects.toThrow(RangeError);
    await expect(allBounded([1], 1.5, async (n: number) => n)).rejects.toThrow(RangeError);
  });
});

describe('allSettledBounded', () => {
  it('runs every task, at most `limit` at once, and reports each outcome in item order', async () => {
    // Arrange
    const items = [0, 1, 2, 3, 4];
    const { task, stats } = gatedTasks(items.length, 2, new Set([1, 3]));

    // Act
    const outcomes = await allSettledBounded(items, 2, task);

    // Assert
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 0 },
      { status: 'rejected', reason: new Error('task 1 failed') },
      { status: 'fulfilled', value: 20 },
      { status: 'rejected', reason: new Error('task 3 failed') },
      { status: 'fulfilled', value: 40 },
    ]);
    expect(stats()).toEqual({ maxRunning: 2, started: 5, running: 0, order: items });
  });
});

describe('createKeyedLock', () => {
  it('runs the holders of one key one after the other, other keys alongside', async () => {
    // Arrange
    const lock = createKeyedLock();
    const events: string[] = [];
    const gate: Array<() => void> = [];
    const work = (name: string) => async () => {
      events.push(`${name} start`);
      await new Promise<void>((resolve) => gate.push(resolve));
      events.push(`${name} end`);
      return name;
    };

    // Act
    const a = lock.run('repo', work('a'));
    const b = lock.run('repo', work('b'));
    const c = lock.run('other', work('c'));
    await tick();
    const sizeWhileBusy = lock.size('repo');
    gate.shift()?.(); // a
    gate.shift()?.(); // c
    await tick();
    gate.shift()?.(); // b
    const results = await Promise.all([a, b, c]);

    // Assert
    expect(results).toEqual(['a', 'b', 'c']);
    expect(sizeWhileBusy).toBe(2);
    expect(events).toEqual(['a start', 'c start', 'a end', 'c end', 'b start', 'b end']);
    expect(lock.size('repo')).toBe(0);
  });

  it('lets a waiter give up on abort without breaking the order of the others', async () => {
    // Arrange
    const lock = createKeyedLock();
    let release!: () => void;
    const first = lock.run(
      'repo',
      () => new Promise<string>((resolve) => (release = () => resolve('first'))),
    );
    const controller = new AbortController();
    const second = lock.run('repo', async () => 'second', controller.signal);
    const third = lock.run('repo', async () => 'third');

    // Act
    controller.abort(new Error('shutdown'));
    const secondError = await second.catch((e: unknown) => e);
    await tick();
    const thirdBefore = await Promise.race([third, Promise.resolve('still waiting')]);
    release();

    // Assert
    expect(secondError).toEqual(new Error('shutdown'));
    expect(thirdBefore).toBe('still waiting');
    expect(await first).toBe('first');
    expect(await third).toBe('third');
  });

  it('releases the key when the work fails', async () => {
    const lock = createKeyedLock();
    await expect(lock.run('repo', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lock.run('repo', async () => 'next')).toBe('next');
  });
});
