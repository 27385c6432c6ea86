/**
 * What the bench orchestrator (bench/run.ts) and its child processes (bench/proc/*.ts) tell each other over
 * the Node IPC channel. The child's settings travel in the environment variable PB_BENCH_CHILD as JSON.
 */

/** One HTTP request made by a daemon child, timed by the fetch wrapper (ms since the epoch, fractional). */
export interface TimedRequest {
  /** `marketplace`, `site` (the bench's article site), `wordpress`. */
  target: 'marketplace' | 'site' | 'wordpress' | 'other';
  method: string;
  /** Path and query, e.g. `/v1/deals/12/photos/0` or `/wp-json/wp/v2/media?slug=…`. */
  path: string;
  start: number;
  /** When the response headers arrived (or the request failed). */
  end: number;
  status: number;
}

/** One `getDealPhoto` call as the pipeline made it: from the call until its bytes were read. */
export interface TimedPhoto {
  dealId: number;
  n: number;
  start: number;
  end: number;
}

export interface DaemonChildSettings {
  /** `full`: webhook + worker + status (one `pressbridge start`); `webhook`: `--no-worker`; `worker`: worker only. */
  role: 'full' | 'webhook' | 'worker';
  /** The config document, as the YAML file would hold it. */
  config: Record<string, unknown>;
  /** `null`: the bench's instant publisher (bench/lib/null-publisher.ts); `wordpress`: the real plugin. */
  publisher: 'null' | 'wordpress';
  /** Record every outgoing HTTP request and photo fetch (for rate and step timing). */
  instrument: boolean;
  /**
   * Latency bench, before and after in one run: the WordPress plugin's media uploads of deals with an odd id
   * are sent one at a time (as before they ran at once), the waiting not counted in their timing.
   */
  serialMediaForOddDeals?: boolean;
  logLevel: string;
}

export type ChildToParent =
  | {
      type: 'ready';
      pid: number;
      webhookUrl?: string;
      /** The window of the daemon's rate limiter (`marketplace.rateLimitWindowMs`). */
      rateLimitWindowMs?: number;
      /** This process runs the reconciliation sweep (one `GET /v1/deals` at start-up). */
      reconcile?: boolean;
      /** src/cli.js (every command's definition) was loaded, as in `pressbridge start`. */
      cliLoaded?: boolean;
    }
  | { type: 'report'; requests: TimedRequest[]; photos: TimedPhoto[] }
  | { type: 'memory'; usage: NodeJS.MemoryUsage; loadedSharp: boolean }
  | { type: 'result'; data: unknown }
  | { type: 'error'; message: string }
  | { type: 'stopped' };

export type ParentToChild = { type: 'report' } | { type: 'memory' } | { type: 'stop' };

export const CHILD_ENV = 'PB_BENCH_CHILD';
