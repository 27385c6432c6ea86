/**
 * Item 3: webhook ingest. A load generator in its own process (bench/proc/load.ts, autocannon) sends signed
 * `deal.accepted` deliveries with distinct deal ids over loopback to
 *   - the daemon's webhook listener (bench/proc/daemon.ts as `pressbridge start --no-worker`: verify, parse,
 *     deal record, durable enqueue, event log, logs), and
 *   - the baseline (bench/proc/baseline.ts: express raw body + HMAC + `queue.add`),
 * alternating in the same run. Afterwards every id answered 200 must have its BullMQ job in Redis.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { formatServiceDateTime } from '../src/marketplace/schema.js';
import { type BenchChild, startChild } from './lib/child.js';
import { processCpuMs, redisCpuMs } from './lib/cpu.js';
import { startLoadMonitor } from './lib/load.js';
import type { DaemonChildSettings } from './lib/protocol.js';
import { deletePattern, REDIS_URL } from './lib/redis.js';
import { writeSecret } from './lib/secret.js';
import { median, round, sleep } from './lib/stats.js';
import type { BaselineSettings } from './proc/baseline.js';
import type { LoadResult, LoadSettings } from './proc/load.js';

export interface IngestRun {
  target: 'daemon' | 'baseline';
  round: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  ok: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  lost: number;
  /** CPU time of the server process, and of Redis, per request (ms). */
  serverCpuMsPerRequest: number;
  redisCpuMsPerRequest: number;
  /** Cores used by other processes on the machine during this run, and stolen by the hypervisor. */
  foreignCores: number;
  stealCores: number;
}

export interface IngestResult {
  connections: number;
  seconds: number;
  rounds: number;
  runs: IngestRun[];
  daemon: IngestSummary;
  baseline: IngestSummary;
  /** daemon req/s ÷ baseline req/s (medians over the rounds). */
  ratio: number;
  bodyBytes: number;
  /** Requests per connection before autocannon reopens it. */
  reconnectEvery: number;
}

export interface IngestSummary {
  rps: number;
  p50: number;
  p99: number;
  worstP99: number;
  errors: number;
  non2xx: number;
  lost: number;
  serverCpuMsPerRequest: number;
  redisCpuMsPerRequest: number;
}

const HEADER = 'x-sandbox-signature';
/** New connection every 500 requests, for both servers (see `reconnectRate` in bench/proc/load.ts). */
export const RECONNECT_EVERY = 500;

/** A `deal.accepted` body as the sandbox marketplace sends it, with `{{ID}}` where the deal id goes. */
function template(): string {
  const deadline = formatServiceDateTime(new Date(Date.now() + 60 * 60_000));
  return JSON.stringify({
    event: 'deal.accepted',
    deal: {
      id: 0,
      blog: { id: 1, name: 'Bench blog' },
      demand: {
        id: 7,
        name: 'Recenze cestovní kanceláře',
        url: 'https://inzerent.example.cz/zajezdy',
        keywords: 'dovolená u moře, last minute',
        description: 'Článek o zkušenostech s last minute zájezdy.',
        expectation: 'Alespoň 3 000 znaků, dva odkazy.',
        ns: 3,
        publication: true,
      },
      price: 1500,
      reward: 1200,
      instant_publish: false,
      published_by: 'agent',
      category_id: null,
      publish_deadline: deadline,
    },
  }).replace('"id":0', '"id":{{ID}}');
}

export async function runIngest(options: {
  seconds: number;
  rounds: number;
  connections: number;
  prefix: string;
  redis: Redis;
  log: (line: string) => void;
}): Promise<IngestResult> {
  const { redis, log } = options;
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-bench-ingest-'));
  const daemonPrefix = `${options.prefix}-daemon`;
  const baselinePrefix = `${options.prefix}-baseline`;
  const body = template();
  const children: BenchChild[] = [];
  try {
    const daemonSettings: DaemonChildSettings = {
      role: 'webhook',
      config: {
        marketplace: { baseUrl: 'http://127.0.0.1:9', apiKey: 'bench-ingest-key' },
        redis: { url: REDIS_URL, prefix: daemonPrefix },
        webhook: { listen: { host: '127.0.0.1', port: 0 }, secretFile: writeSecret(dataDir, secret) },
        status: { listen: { host: '127.0.0.1', port: 0 } },
        dataDir,
        log: { level: 'info' },
        blogs: [],
      },
      publisher: 'null',
      instrument: false,
      logLevel: 'info',
    };
    const baselineSettings: BaselineSettings = {
      redisUrl: REDIS_URL,
      prefix: baselinePrefix,
      secret,
      header: HEADER,
    };
    const daemon = startChild('daemon', daemonSettings, { logFile: 'ingest-daemon.log' });
    const baseline = startChild('baseline', baselineSettings);
    children.push(daemon, baseline);
    const servers = {
      daemon: { child: daemon, url: (await daemon.ready).webhookUrl as string, prefix: daemonPrefix },
      baseline: { child: baseline, url: (await baseline.ready).webhookUrl as string, prefix: baselinePrefix },
    };

    let nextId = 1_000_000 + Math.floor(Math.random() * 1_000) * 1_000_000;
    const load = async (target: 'daemon' | 'baseline', seconds: number) => {
      const server = servers[target];
      const settings: LoadSettings = {
        url: server.url,
        secret,
        header: HEADER,
        connections: options.connections,
        seconds,
        firstId: nextId,
        template: body,
        reconnectRate: RECONNECT_EVERY,
      };
      nextId += 1_000_000;
      const monitor = startLoadMonitor();
      const cpuBefore = processCpuMs(server.child.pid);
      const redisBefore = await redisCpuMs(redis);
      const child = startChild('load', settings);
      children.push(child);
      const { data } = await child.next('result', (seconds + 60) * 1000);
      await child.stop();
      const cpu = processCpuMs(server.child.pid) - cpuBefore;
      const redisCpu = (await redisCpuMs(redis)) - redisBefore;
      return { result: data as LoadResult, cpu, redisCpu, load: monitor.stop() };
    };

    // Warm-up (JIT, connection pools, Lua scripts), not counted.
    for (const target of ['baseline', 'daemon'] as const) await load(target, Math.min(5, options.seconds));

    const runs: IngestRun[] = [];
    for (let roundNo = 1; roundNo <= options.rounds; roundNo++) {
      const order = roundNo % 2 === 1 ? (['baseline', 'daemon'] as const) : (['daemon', 'baseline'] as const);
      for (const target of order) {
        await sleep(500);
        const { result, cpu, redisCpu, load: machine } = await load(target, options.seconds);
        const lost = await countLost(redis, servers[target].prefix, result.okIds);
        const run: IngestRun = {
          target,
          round: roundNo,
          rps: round2(result.rps),
          p50: result.latency.p50,
          p90: result.latency.p90,
          p99: result.latency.p99,
          max: result.latency.max,
          requests: result.requests,
          ok: result.okIds.length,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          lost,
          serverCpuMsPerRequest: round(cpu / Math.max(1, result.requests), 3),
          redisCpuMsPerRequest: round(redisCpu / Math.max(1, result.requests), 3),
          foreignCores: machine.foreignCores,
          stealCores: machine.stealCores,
        };
        runs.push(run);
        log(
          `  ${target.padEnd(8)} round ${roundNo}: ${run.rps} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, ` +
            `errors ${run.errors + run.non2xx + run.timeouts}, lost ${run.lost}, ` +
            `cpu/req ${run.serverCpuMsPerRequest} ms + redis ${run.redisCpuMsPerRequest} ms, ` +
            `other processes ${run.foreignCores} cores, steal ${run.stealCores}`,
        );
      }
    }
    const summary = (target: 'daemon' | 'baseline'): IngestSummary => {
      const mine = runs.filter((r) => r.target === target);
      return {
        rps: round2(median(mine.map((r) => r.rps))),
        p50: median(mine.map((r) => r.p50)),
        p99: median(mine.map((r) => r.p99)),
        worstP99: Math.max(...mine.map((r) => r.p99)),
        errors: mine.reduce((s, r) => s + r.errors + r.timeouts, 0),
        non2xx: mine.reduce((s, r) => s + r.non2xx, 0),
        lost: mine.reduce((s, r) => s + r.lost, 0),
        serverCpuMsPerRequest: round(median(mine.map((r) => r.serverCpuMsPerRequest)), 3),
        redisCpuMsPerRequest: round(median(mine.map((r) => r.redisCpuMsPerRequest)), 3),
      };
    };
    const daemonSummary = summary('daemon');
    const baselineSummary = summary('baseline');
    return {
      connections: options.connections,
      seconds: options.seconds,
      rounds: options.rounds,
      runs,
      daemon: daemonSummary,
      baseline: baselineSummary,
      ratio: round(daemonSummary.rps / baselineSummary.rps, 3),
      bodyBytes: Buffer.byteLength(body.replace('{{ID}}', String(nextId))),
      reconnectEvery: RECONNECT_EVERY,
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await deletePattern(redis, `${daemonPrefix}:*`);
    await deletePattern(redis, `${baselinePrefix}:*`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function round2(value: number): number {
  return round(value, 0);
}

/** Ids answered 200 whose BullMQ job (`<prefix>:deals:deal-<id>`) is not in Redis. */
async function countLost(redis: Redis, prefix: string, ids: number[]): Promise<number> {
  let lost = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const pipeline = redis.pipeline();
    for (const id of ids.slice(i, i + 1000)) pipeline.exists(`${prefix}:deals:deal-${id}`);
    const replies = (await pipeline.exec()) ?? [];
    lost += replies.filter(([error, value]) => error || value !== 1).length;
  }
  return lost;
}
