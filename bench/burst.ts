/**
 * Items 1, 5 and 6 of the benchmark issue: a burst of N accepted deals (cover + 2 photos each) delivered at
 * once by the sandbox marketplace to the daemon, which must work the backlog off at the marketplace's rate limit
 * (time-scaled) without a single 429, spending exactly 1 + photos + 1 requests per deal.
 *
 * Topology: this process runs the sandbox (the marketplace) and the bench's article site; the daemon runs in
 * child processes (bench/proc/daemon.ts), either as one process (`pressbridge start`: webhook + worker +
 * status, whose RSS is sampled) or as one webhook process plus k worker-only processes on the same Redis.
 * The daemon publishes with the bench's instant publisher, so nothing but the rate limit (and pressbridge's own
 * work) bounds the burst.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { createSilentLogger } from '../src/logger.js';
import { defaultSafetyMargin } from '../src/marketplace/rate-limit.js';
import { createSandbox } from '../src/sandbox/index.js';
import { DEFAULT_BLOGGER_ACCOUNT } from '../src/sandbox/records.js';
import { freePort } from '../test/helpers/redis-server.js';
import { until } from '../test/helpers/until.js';
import { type BenchChild, startChild } from './lib/child.js';
import { processCpuMs, redisCpuMs } from './lib/cpu.js';
import { startLoadMonitor } from './lib/load.js';
import { NULL_PUBLISHER } from './lib/null-publisher.js';
import type { DaemonChildSettings, TimedRequest } from './lib/protocol.js';
import { deletePattern, REDIS_URL } from './lib/redis.js';
import { memoryOf, sampleRss } from './lib/rss.js';
import { writeSecret } from './lib/secret.js';
import { startSite } from './lib/site.js';
import { MB, mean, median, round, sleep } from './lib/stats.js';

export interface BurstOptions {
  label: string;
  deals: number;
  /** The sandbox's limit: `limit` requests per `windowMs` (fixed window), and the daemon's the same. */
  limit: number;
  windowMs: number;
  /** `single`: one `pressbridge start` process; a number: one webhook process + that many worker processes. */
  topology: 'single' | number;
  prefix: string;
  redis: Redis;
  /** How long the single daemon idles before its idle RSS is sampled. */
  idleMs: number;
  log: (line: string) => void;
}

export interface BurstResult {
  label: string;
  deals: number;
  photosPerDeal: number;
  limit: number;
  windowMs: number;
  topology: string;
  /** The daemon processes' limiter window (`marketplace.rateLimitWindowMs`), checked equal to `windowMs`. */
  daemonWindowMs: number;
  handedIn: number;
  failed: number;
  /** Sandbox-side counts of /v1 answers by route. */
  requests: { route: string; status: number; count: number }[];
  requestsTotal: number;
  requestsPerDeal: number;
  requestsPerDealByRoute: Record<string, number>;
  rateLimited: number;
  maxRequestsPerWindow: number;
  /** Requests the daemon processes say they made (should equal the sandbox's count). */
  daemonRequests: number;
  /** W / mean(t[i] − t[i−L]) over the requests i ≥ L: the share of the allowed rate used while requests queue. */
  utilisation: number | null;
  /** The limiter's own ceiling for that measure: W / (W + its safety margin). */
  limiterCeiling: number;
  /** From the first delivery to the last hand-in the sandbox accepted. */
  burstMs: number;
  /** Total requests ÷ (limit / window). */
  theoreticalMs: number;
  /** First to last marketplace request. */
  requestSpanMs: number;
  dealsPerSecond: number;
  requestsPerSecond: number;
  deliveriesNot200: number;
  memory?: {
    startRssMb: number;
    idleRssMb: number;
    peakRssMb: number;
    peakHwmMb: number;
    /** V8's view at idle and after the burst (MB): heap reserved / used, external (Buffers), libvips mapped. */
    idle: HeapView;
    after: HeapView;
    /** RSS after the burst once the daemon has idled for `idleMs` again. */
    idleAfterRssMb: number;
    /** The process loaded src/cli.js (the command definitions) first, as `pressbridge start` does. */
    cliLoaded: boolean;
  };
  perProcessPeakRssMb: number[];
  /** CPU time per deal during the burst (ms): the daemon processes together, this process (the sandbox
   * marketplace and the article site), Redis. */
  cpuMsPerDeal: { daemon: number; sandbox: number; redis: number };
  /** Cores used by other processes on the machine during the burst, and stolen by the hypervisor. */
  foreignCores: number;
  stealCores: number;
}

export interface HeapView {
  rssMb: number;
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
  sharpLoaded: boolean;
}

const PHOTOS_PER_DEAL = 3; // cover + 2

async function heapView(child: BenchChild): Promise<HeapView> {
  const { usage, loadedSharp } = await child.ask({ type: 'memory' }, 'memory');
  return {
    rssMb: round(usage.rss / MB, 1),
    heapTotalMb: round(usage.heapTotal / MB, 1),
    heapUsedMb: round(usage.heapUsed / MB, 1),
    externalMb: round(usage.external / MB, 1),
    sharpLoaded: loadedSharp,
  };
}

const ROUTE_KEYS: Record<string, string> = {
  'GET /v1/deals/:id/text': 'text',
  'GET /v1/deals/:id/photos/:n': 'photos',
  'POST /v1/deals/:id/article': 'handIn',
};

export async function runBurst(options: BurstOptions): Promise<BurstResult> {
  const { deals: n, limit, windowMs, prefix, redis, log } = options;
  const site = await startSite();
  const warmKeys = Array.from({ length: Math.ceil((n * PHOTOS_PER_DEAL) / limit) + 1 }, (_, i) => ({
    key: `bench-warm-${i}`,
    role: 'bloger' as const,
    scopes: ['read' as const],
    accountId: DEFAULT_BLOGGER_ACCOUNT,
  }));
  const sandbox = await createSandbox({
    rateLimit: { limit, windowMs },
    allowHttpWebhooks: true,
    timeScale: 1 / 100,
    blogs: [{ id: 1, name: 'Bench blog', url: site.url }],
    extraKeys: warmKeys,
    log: createSilentLogger(),
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-bench-'));
  const children: BenchChild[] = [];
  try {
    const webhookPort = await freePort();
    const { secret } = sandbox.setWebhook(`http://127.0.0.1:${webhookPort}/webhook`);
    const config = {
      marketplace: {
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        // The daemon's limit matches the sandbox's, time-scaled like it (60 per 6 s by default).
        requestsPerMinute: limit,
        rateLimitWindowMs: windowMs,
      },
      redis: { url: REDIS_URL, prefix },
      // As after `pressbridge webhook register`: the secret in the secret file, which the daemon watches.
      webhook: { listen: { host: '127.0.0.1', port: webhookPort }, secretFile: writeSecret(dataDir, secret) },
      status: { listen: { host: '127.0.0.1', port: 0 } },
      dataDir,
      log: { level: 'info' },
      // The bench creates its deals a few seconds before delivering them (to draw their photos first); the
      // reconciliation sweep would rightly take them for deals whose webhook was lost and queue them itself.
      // (A build without the sweep ignores the key.)
      reconcile: { enabled: false },
      blogs: [{ id: 1, publisher: NULL_PUBLISHER, options: { url: site.url } }],
    };
    const base: Omit<DaemonChildSettings, 'role'> = {
      config,
      publisher: 'null',
      instrument: true,
      logLevel: 'info',
    };
    const tag = options.label.replace(/[^a-z0-9]+/gi, '-');
    if (options.topology === 'single') {
      children.push(startChild('daemon', { ...base, role: 'full' }, { logFile: `${tag}-daemon.log` }));
    } else {
      children.push(startChild('daemon', { ...base, role: 'webhook' }, { logFile: `${tag}-webhook.log` }));
      for (let k = 0; k < options.topology; k++) {
        children.push(
          startChild('daemon', { ...base, role: 'worker' }, { logFile: `${tag}-worker-${k}.log` }),
        );
      }
    }
    const readies = await Promise.all(children.map((c) => c.ready));
    const daemonWindowMs = readies[0]?.rateLimitWindowMs ?? 0;
    if (readies.some((r) => r.rateLimitWindowMs !== windowMs)) {
      throw new Error(`the daemon's limiter window is ${daemonWindowMs} ms, the sandbox's ${windowMs} ms`);
    }
    const pids = children.map((c) => c.pid);

    // Should a sweep run after all (a build that does not know `reconcile.enabled`), let its start-up listing
    // happen before the deals exist.
    if (readies.some((r) => r.reconcile)) {
      await until(
        () =>
          sandbox.stats().requests.some((r) => r.method === 'GET' && r.route === '/v1/deals')
            ? true
            : undefined,
        15_000,
        'the start-up reconciliation sweep',
      );
    }

    let memory: BurstResult['memory'];
    let idleRss = 0;
    let idleHeap: HeapView | undefined;
    const startRss = memoryOf(pids[0] as number)?.rss ?? 0;
    if (options.topology === 'single') {
      await sleep(options.idleMs);
      const idle: number[] = [];
      for (let i = 0; i < 20; i++) {
        idle.push(memoryOf(pids[0] as number)?.rss ?? 0);
        await sleep(100);
      }
      idleRss = median(idle);
      idleHeap = await heapView(children[0] as BenchChild);
    }

    const created = [];
    for (let i = 0; i < n; i++)
      created.push(await sandbox.createDeal({ blogId: 1, photos: 2, deliver: false }));
    const ids = new Set(created.map((d) => d.id));

    // The sandbox renders each photo with sharp on first request (50–100 ms): a cost of the stand-in, not of
    // pressbridge, and on this 2-core machine it would take CPU from the daemon. Render them all now, with
    // spare keys (the limit is per key), then reset the counters and the limiter
    // (the daemon's own limiter still counts its sweep: it can only be more careful than the sandbox).
    await warmPhotos(
      sandbox.url,
      created,
      warmKeys.map((k) => k.key),
      limit,
    );
    sandbox.resetStats();

    log(
      `  ${options.label}: delivering ${n} deals (limit ${limit}/${windowMs} ms, ${children.length} process(es))`,
    );
    const sampler = sampleRss(pids, 50);
    const monitor = startLoadMonitor();
    const cpu0 = {
      daemon: pids.map(processCpuMs),
      sandbox: process.cpuUsage(),
      redis: await redisCpuMs(redis),
    };
    const t0 = Date.now();
    const deliveries = await Promise.all(created.map((d) => sandbox.deliverDeal(d.id)));
    const deliveriesNot200 = deliveries.flat().filter((r) => r.history[0]?.status !== 200).length;

    const theoreticalMs = ((n * (PHOTOS_PER_DEAL + 2)) / limit) * windowMs;
    const finalStates = new Set(['handed_in', 'failed', 'deadline_missed', 'skipped']);
    let failed = 0;
    await until(
      async () => {
        const states = await redis.hgetall(`${prefix}:index:deal-states`);
        const done = Object.entries(states).filter(([id, s]) => ids.has(Number(id)) && finalStates.has(s));
        failed = done.filter(([, s]) => s !== 'handed_in').length;
        return done.length >= n ? true : undefined;
      },
      Math.max(60_000, theoreticalMs * 4 + 30_000),
      `${options.label}: all deals final`,
      100,
    );
    const handIns = sandbox.handIns().filter((h) => ids.has(h.dealId));
    const tEnd = Math.max(...handIns.map((h) => Date.parse(h.at)));
    const mem = sampler.stop();
    const machine = monitor.stop();
    const sandboxCpu = process.cpuUsage(cpu0.sandbox);
    const cpuMsPerDeal = {
      daemon: round(
        pids.map(processCpuMs).reduce((sum, ms, i) => sum + ms - (cpu0.daemon[i] ?? 0), 0) / n,
        1,
      ),
      sandbox: round((sandboxCpu.user + sandboxCpu.system) / 1000 / n, 1),
      redis: round(((await redisCpuMs(redis)) - cpu0.redis) / n, 1),
    };

    const requests: TimedRequest[] = [];
    for (const child of children) {
      const report = await child.ask({ type: 'report' }, 'report');
      requests.push(...report.requests.filter((r) => r.target === 'marketplace'));
    }
    const times = requests.map((r) => r.start).sort((a, b) => a - b);
    const stats = sandbox.stats();
    const dealRequests = stats.requests.filter((r) => r.route.startsWith('/v1/deals'));
    const total = dealRequests.reduce((s, r) => s + r.count, 0);
    const counts: Record<string, number> = {};
    for (const r of dealRequests) {
      const key = ROUTE_KEYS[`${r.method} ${r.route}`] ?? `${r.method} ${r.route} ${r.status}`;
      counts[key] = (counts[key] ?? 0) + r.count;
    }
    const byRoute = Object.fromEntries(Object.entries(counts).map(([k, c]) => [k, round(c / n, 3)]));

    let utilisation: number | null = null;
    if (times.length > limit) {
      const gaps: number[] = [];
      for (let i = limit; i < times.length; i++)
        gaps.push((times[i] as number) - (times[i - limit] as number));
      utilisation = windowMs / mean(gaps);
    }
    const first = times[0] ?? t0;
    const last = times[times.length - 1] ?? t0;

    if (options.topology === 'single' && idleHeap) {
      const pid = pids[0] as number;
      const after = await heapView(children[0] as BenchChild);
      await sleep(options.idleMs);
      memory = {
        idleAfterRssMb: round((memoryOf(pid)?.rss ?? 0) / MB, 1),
        idle: idleHeap,
        cliLoaded: readies[0]?.cliLoaded === true,
        after,
        startRssMb: round(startRss / MB, 1),
        idleRssMb: round(idleRss / MB, 1),
        peakRssMb: round((mem.peak.get(pid) ?? 0) / MB, 1),
        peakHwmMb: round((mem.hwm.get(pid) ?? 0) / MB, 1),
      };
    }

    const result: BurstResult = {
      label: options.label,
      deals: n,
      photosPerDeal: PHOTOS_PER_DEAL,
      limit,
      windowMs,
      topology:
        options.topology === 'single'
          ? '1 process (webhook + worker)'
          : `1 webhook + ${options.topology} worker process${options.topology === 1 ? '' : 'es'}`,
      daemonWindowMs,
      handedIn: handIns.length,
      failed,
      requests: dealRequests.map((r) => ({
        route: `${r.method} ${r.route}`,
        status: r.status,
        count: r.count,
      })),
      requestsTotal: total,
      requestsPerDeal: round(total / n, 3),
      requestsPerDealByRoute: byRoute,
      rateLimited: stats.rateLimited,
      maxRequestsPerWindow: stats.maxRequestsPerWindow[sandbox.apiKey] ?? 0,
      daemonRequests: requests.length,
      utilisation: utilisation === null ? null : round(utilisation, 4),
      limiterCeiling: round(windowMs / (windowMs + defaultSafetyMargin(windowMs)), 4),
      burstMs: tEnd - t0,
      theoreticalMs: round(theoreticalMs),
      requestSpanMs: round(last - first),
      dealsPerSecond: round(n / ((tEnd - t0) / 1000), 2),
      requestsPerSecond: round(total / ((tEnd - t0) / 1000), 2),
      deliveriesNot200,
      perProcessPeakRssMb: pids.map((pid) => round((mem.hwm.get(pid) ?? 0) / MB, 1)),
      cpuMsPerDeal,
      foreignCores: machine.foreignCores,
      stealCores: machine.stealCores,
    };
    if (memory) result.memory = memory;
    return result;
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await sandbox.close();
    await site.close();
    await deletePattern(redis, `${prefix}:*`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** GETs every photo once with spare keys, `limit` requests per key, 4 at a time. */
export async function warmPhotos(
  baseUrl: string,
  deals: ReadonlyArray<{ id: number; photos: readonly number[] }>,
  keys: string[],
  limit: number,
): Promise<void> {
  const jobs = deals.flatMap((d) => d.photos.map((n) => ({ id: d.id, n })));
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next++;
      const job = jobs[index];
      if (!job) return;
      const key = keys[Math.floor(index / limit)] as string;
      const res = await fetch(`${baseUrl}/v1/deals/${job.id}/photos/${job.n}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`warming photo ${job.id}/${job.n}: HTTP ${res.status}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}
