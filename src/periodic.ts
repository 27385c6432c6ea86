/**
 * One home for a background service's loop: one run at a time (a caller while a run is in flight joins it), the
 * next run after a delay its result chooses, and a stop that aborts the run in flight and waits for it. The
 * reconciler, the poll intake and the payout poller are each one of these around their own run.
 */
export interface PeriodicTask<R, A = void> {
  /** Runs now, or joins the run in flight (its argument is then not used). */
  runOnce(arg?: A): Promise<R>;
  /**
   * Runs after `firstInMs` (default at once), then again `nextInMs(result)` after each run ends, until `stop()`.
   * A second start while started does nothing.
   */
  start(nextInMs: (result: R) => number, firstInMs?: number): void;
  /** No run after this one; the run in flight is aborted (its signal) and awaited. */
  stop(): Promise<void>;
  /** The current start's abort signal: pass it to every request a run makes. */
  readonly signal: AbortSignal;
}

export function createPeriodicTask<R, A = void>(
  name: string,
  run: (signal: AbortSignal, arg?: A) => Promise<R>,
): PeriodicTask<R, A> {
  let running: Promise<R> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let abort = new AbortController();

  const runOnce = (arg?: A): Promise<R> => {
    running ??= run(abort.signal, arg).finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    runOnce,
    start(nextInMs, firstInMs = 0) {
      if (!stopped) return;
      stopped = false;
      abort = new AbortController();
      const tick = async (): Promise<void> => {
        timer = undefined;
        const result = await runOnce();
        if (stopped) return;
        timer = setTimeout(() => void tick(), nextInMs(result));
        timer.unref();
      };
      if (firstInMs <= 0) void tick();
      else {
        timer = setTimeout(() => void tick(), firstInMs);
        timer.unref();
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      abort.abort(new Error(`${name} stopped`));
      await running?.catch(() => undefined);
    },
    get signal() {
      return abort.signal;
    },
  };
}
