/**
 * Asks `/healthz` again and again while a scenario runs, one request at a time, and keeps the slowest answers:
 * proof that the daemon's event loop stayed free (a render on it would hold every answer back). The probe runs
 * in a worker thread of its own, so the test process's own work (the sandbox marketplace serving megabytes of
 * text, building the corpus) does not count against the daemon.
 */
import { Worker } from 'node:worker_threads';

export interface HealthProbe {
  /** Stops asking; resolves with what was seen. */
  stop(): Promise<HealthSummary>;
}

export interface HealthSummary {
  samples: number;
  maxMs: number;
  /** 99 % of the answers came at least this fast. */
  p99Ms: number;
  /** The five slowest answers: when (ISO time the request started) and how long, for the daemon's log. */
  slowest: Array<{ at: string; ms: number }>;
  /** Answers other than 200, and requests that failed. */
  failures: string[];
}

const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let stopped = false;
parentPort.on('message', () => { stopped = true; });
const summary = { samples: 0, maxMs: 0, p99Ms: 0, slowest: [], failures: [] };
const all = [];
(async () => {
  while (!stopped) {
    const at = new Date().toISOString();
    const started = performance.now();
    try {
      const res = await fetch(workerData.url, { signal: AbortSignal.timeout(30000) });
      await res.arrayBuffer();
      if (res.status !== 200) summary.failures.push('HTTP ' + res.status);
    } catch (error) {
      summary.failures.push(String(error));
    }
    const ms = performance.now() - started;
    summary.maxMs = Math.max(summary.maxMs, ms);
    summary.samples += 1;
    all.push(ms);
    summary.slowest.push({ at, ms: Math.round(ms) });
    summary.slowest.sort((a, b) => b.ms - a.ms);
    summary.slowest.length = Math.min(summary.slowest.length, 5);
    await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
  }
  all.sort((a, b) => a - b);
  summary.p99Ms = all.length ? all[Math.min(all.length - 1, Math.ceil(all.length * 0.99) - 1)] : 0;
  parentPort.postMessage(summary);
})();
`;

export function probeHealth(url: string, pauseMs = 25): HealthProbe {
  const worker = new Worker(PROBE, { eval: true, workerData: { url, pauseMs } });
  const result = new Promise<HealthSummary>((resolve, reject) => {
    worker.once('message', (summary: HealthSummary) => resolve(summary));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const summary = await result;
      await worker.terminate();
      return summary;
    },
  };
}
