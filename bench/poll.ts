/**
 * Part `poll` (issue 21, Deliver 1): the poll intake as a blogger without a webhook runs it. One daemon in this
 * process (`startDaemon` with the default config but `intake.pollSeconds`, no webhook registered: the intake is
 * `poll`), the sandbox marketplace at its real limit (60 requests a minute), a processor that only notes when it
 * is called (so the figure is the intake's, not a blog's). Deals are accepted at random moments spread over
 * `spreadMs`; for each, acceptance (the sandbox's `acceptedAt`) → processing start (the processor called).
 * Then, with nothing to do, every marketplace request the daemon makes over `idleMs` is counted by the sandbox
 * and extrapolated to an hour; next to it the same hour computed from the schedule (poll, reconciliation,
 * payout overview).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { parseConfig } from '../src/config/load.js';
import { intakeOf } from '../src/intake/mode.js';
import { createSilentLogger } from '../src/logger.js';
import { startDaemon } from '../src/main.js';
import { createSandbox } from '../src/sandbox/index.js';
import { deletePattern, REDIS_URL } from './lib/redis.js';
import { median, percentile, round } from './lib/stats.js';

export interface PollBenchResult {
  pollSeconds: number;
  deals: number;
  spreadS: number;
  /** Acceptance → processing start, seconds. */
  latency: { p50S: number; p95S: number; maxS: number; minS: number };
  /** How the deals came in (`poll`; `reconcile` if its sweep was first). */
  sources: Record<string, number>;
  idleS: number;
  /** Marketplace requests while idle, by route, over `idleS`. */
  idleRequests: Record<string, number>;
  /** Measured over `idleS`, extrapolated to an hour: all requests, and the poll's listings alone. */
  perIdleHourMeasured: { all: number; poll: number };
  /** From the schedule: the poll, reconciliation's sweeps, the payout overview. */
  perIdleHourComputed: { all: number; poll: number; reconcile: number; payouts: number };
  rateLimited: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runPoll(options: {
  deals: number;
  pollSeconds: number;
  spreadMs: number;
  idleMs: number;
  prefix: string;
  redis: Redis;
  log: (line: string) => void;
}): Promise<PollBenchResult> {
  const { log } = options;
  const sandbox = await createSandbox({ blogs: [{ id: 1, name: 'Bench blog', url: 'http://127.0.0.1' }] });
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-bench-poll-'));
  const started = new Map<number, number>();
  const config = parseConfig(
    {
      marketplace: { baseUrl: sandbox.url, apiKey: sandbox.apiKey },
      redis: { url: REDIS_URL, prefix: options.prefix },
      webhook: { listen: { host: '127.0.0.1', port: 0 } },
      status: { listen: { host: '127.0.0.1', port: 0 } },
      intake: { pollSeconds: options.pollSeconds },
      dataDir,
      blogs: [
        { id: 1, publisher: 'static', options: { dir: join(dataDir, 'site'), baseUrl: 'http://127.0.0.1/' } },
      ],
    },
    {},
  );
  const intake = intakeOf(config);
  if (intake.mode !== 'poll') throw new Error(`expected the poll intake, got ${intake.mode}`);
  const daemon = await startDaemon({
    config,
    log: createSilentLogger(),
    process: async (ctx) => {
      started.set(ctx.dealId, Date.now());
      await ctx.store.update(ctx.dealId, { state: 'handed_in' });
    },
  });
  try {
    log(
      `   ${options.deals} deals accepted at random over ${options.spreadMs / 1000} s, poll every ${options.pollSeconds} s`,
    );
    const offsets = Array.from({ length: options.deals }, () => Math.random() * options.spreadMs).sort(
      (a, b) => a - b,
    );
    const t0 = Date.now();
    const accepted = new Map<number, number>();
    for (const offset of offsets) {
      await sleep(Math.max(0, t0 + offset - Date.now()));
      const deal = await sandbox.createDeal({ blogId: 1, photos: 0, cover: false });
      accepted.set(deal.id, Date.parse(deal.acceptedAt));
    }
    const deadline = Date.now() + options.pollSeconds * 1000 * 3 + 30_000;
    while ([...accepted.keys()].some((id) => !started.has(id))) {
      if (Date.now() > deadline) throw new Error('not every deal reached processing');
      await sleep(200);
    }
    const latencies = [...accepted].map(([id, at]) => ((started.get(id) ?? Number.NaN) - at) / 1000);
    const sources: Record<string, number> = {};
    for (const id of accepted.keys()) {
      const source = (await daemon.store.get(id))?.source ?? 'unknown';
      sources[source] = (sources[source] ?? 0) + 1;
    }
    log(
      `   acceptance → processing start: p50 ${round(median(latencies), 1)} s, p95 ${round(percentile(latencies, 95), 1)} s`,
    );

    // Idle: every deal done (none accepted and open), so a poll is one listing.
    await sleep(options.pollSeconds * 1000);
    sandbox.resetStats();
    log(`   idle for ${options.idleMs / 1000} s, counting every marketplace request…`);
    await sleep(options.idleMs);
    const stats = sandbox.stats();
    const idleRequests: Record<string, number> = {};
    for (const r of stats.requests) {
      const key = `${r.method} ${r.route}`;
      idleRequests[key] = (idleRequests[key] ?? 0) + r.count;
    }
    const perHour = (n: number) => round((n * 3_600_000) / options.idleMs, 1);
    const pollHour = round(intake.requestsPerMinute * 60, 1);
    const reconcileHour = config.reconcile.enabled ? round(60 / config.reconcile.intervalMinutes, 1) : 0;
    const payoutsHour = config.money.enabled ? round(60 / config.money.intervalMinutes, 1) : 0;
    return {
      pollSeconds: options.pollSeconds,
      deals: options.deals,
      spreadS: options.spreadMs / 1000,
      latency: {
        p50S: round(median(latencies), 1),
        p95S: round(percentile(latencies, 95), 1),
        maxS: round(Math.max(...latencies), 1),
        minS: round(Math.min(...latencies), 1),
      },
      sources,
      idleS: options.idleMs / 1000,
      idleRequests,
      perIdleHourMeasured: {
        all: perHour(stats.totalRequests),
        poll: perHour(idleRequests['GET /v1/deals'] ?? 0),
      },
      perIdleHourComputed: {
        all: round(pollHour + reconcileHour + payoutsHour, 1),
        poll: pollHour,
        reconcile: reconcileHour,
        payouts: payoutsHour,
      },
      rateLimited: stats.rateLimited,
    };
  } finally {
    await daemon.close();
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
    await deletePattern(options.redis, `${options.prefix}:*`).catch(() => 0);
  }
}

export function pollSection(r: PollBenchResult): string[] {
  const routes = Object.entries(r.idleRequests)
    .map(([route, n]) => `${route} × ${n}`)
    .join(', ');
  return [
    '## 7. Poll intake (no webhook)',
    '',
    `${r.deals} deals accepted at random over ${r.spreadS} s; poll every ${r.pollSeconds} s; sources: ${JSON.stringify(r.sources)}.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| acceptance → processing start, p50 / p95 (min–max) | ${r.latency.p50S} / ${r.latency.p95S} s (${r.latency.minS}–${r.latency.maxS} s) |`,
    `| marketplace requests per idle hour, measured over ${r.idleS} s × ${round(3600 / r.idleS, 1)} | ${r.perIdleHourMeasured.all} (the poll's listings: ${r.perIdleHourMeasured.poll}) |`,
    `| the same, computed from the schedule | ${r.perIdleHourComputed.all} (poll ${r.perIdleHourComputed.poll}, reconciliation ${r.perIdleHourComputed.reconcile}, payout overview ${r.perIdleHourComputed.payouts}) |`,
    `| idle requests seen | ${routes || 'none'} |`,
    `| 429s | ${r.rateLimited} |`,
    '',
  ];
}
