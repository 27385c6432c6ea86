import { describe, expect, it } from 'vitest';
import { createPeriodicTask } from '../../src/periodic.js';
import { until } from '../helpers/until.js';

describe('src/periodic', () => {
  it('runs one at a time: a caller during a run joins it', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    const task = createPeriodicTask('test', async () => {
      runs += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return runs;
    });
    const first = task.runOnce();
    const second = task.runOnce();
    release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    expect(runs).toBe(1);
  });

  it('runs again after the delay its result chooses, until stopped; stop aborts the run in flight', async () => {
    const delays: number[] = [];
    let runs = 0;
    let seen: AbortSignal | undefined;
    const task = createPeriodicTask('test', async (signal) => {
      runs += 1;
      seen = signal;
      if (runs < 3) return runs;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      return runs;
    });
    task.start((result) => {
      delays.push(result);
      return 1;
    });
    await until(() => runs === 3);
    await task.stop();
    expect(delays).toEqual([1, 2]);
    expect(seen?.aborted).toBe(true);
    expect(String(seen?.reason)).toContain('test stopped');
    const after = runs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runs).toBe(after);
  });

  it('waits firstInMs before the first run and passes the argument of runOnce', async () => {
    const args: Array<string | undefined> = [];
    const task = createPeriodicTask<number, string>('test', async (_signal, arg) => {
      args.push(arg);
      return args.length;
    });
    task.start(() => 60_000, 60_000);
    expect(args).toEqual([]);
    expect(await task.runOnce('forced')).toBe(1);
    await task.stop();
    expect(args).toEqual(['forced']);
  });
});
