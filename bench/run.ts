/**
 * pressbridge's benchmark suite (issue 8). `npm run bench` runs everything; `npm run bench -- --quick` is a
 * fast smoke run; `--only burst,latency,ingest,image,scaling` picks parts. Results: a JSON and a Markdown
 * summary in bench/results/ (ignored by git), and a summary on stdout. bench/README.md explains each figure.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type BurstResult, runBurst } from './burst.js';
import { type ImageResult, runImage } from './image.js';
import { type IngestResult, runIngest } from './ingest.js';
import { type LatencyResult, runLatency } from './latency.js';
import { buildChildren, childMode, killAllChildren, RESULTS_DIR, setNodeArgs } from './lib/child.js';
import { type LoadReport, startLoadMonitor } from './lib/load.js';
import { type MachineInfo, machineInfo } from './lib/machine.js';
import { connect, deletePattern, runPrefix } from './lib/redis.js';
import { type PollBenchResult, runPoll } from './poll.js';
import { type RenderBenchResult, runRender } from './render.js';
import { renderMarkdown } from './report.js';
import { runWatch, type WatchBenchResult } from './watch.js';

const PARTS = ['image', 'ingest', 'burst', 'scaling', 'latency', 'render', 'poll', 'watch'] as const;
type Part = (typeof PARTS)[number];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    deals: { type: 'string' },
    limit: { type: 'string' },
    'window-ms': { type: 'string' },
    workers: { type: 'string' },
    'latency-deals': { type: 'string' },
    'ingest-seconds': { type: 'string' },
    'ingest-rounds': { type: 'string' },
    connections: { type: 'string' },
    'image-runs': { type: 'string' },
    'render-rounds': { type: 'string' },
    'poll-deals': { type: 'string' },
    'poll-seconds': { type: 'string' },
    'poll-spread-s': { type: 'string' },
    'poll-idle-s': { type: 'string' },
    'watch-deals': { type: 'string' },
    tsx: { type: 'boolean', default: false },
    'node-args': { type: 'string' },
    'reuse-build': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (values.help) {
  process.stdout.write(`npm run bench -- [options]
  --quick                 smoke run: 20 deals, 5 latency deals, 3 s ingest, 5 image runs
  --only a,b              parts: ${PARTS.join(', ')} (default all)
  --deals N               deals in the burst (default 100)
  --limit L --window-ms W the sandbox's (and daemon's) limit: L requests per W ms (default 60 per 6000)
  --workers 1,2,4         worker processes for the scaling part
  --latency-deals N       deals measured against WordPress (default 30)
  --ingest-seconds S      per ingest round (default 10); --ingest-rounds R (default 3); --connections C (10)
  --image-runs N          normalisations measured (default 30)
  --render-rounds N       rounds of the hostile render corpus (default 5)
  --poll-deals N --poll-seconds S --poll-spread-s T --poll-idle-s I
                          poll intake: N deals accepted over T s, a poll every S s, then I s idle
                          (default 24, 30, 240, 120; quick 6, 10, 60, 30)
  --watch-deals N         watched deals for the watch part (default 10000)
  --node-args="…"         node flags for the daemon processes (e.g. --max-semi-space-size=1)
  --reuse-build           run the children compiled by the last run (bench/results/build) as they are
  --tsx                   run children through tsx instead of compiling them (faster start, RSS inflated)
`);
  process.exit(0);
}

const quick = values.quick;
const int = (value: string | undefined, fallback: number): number =>
  value === undefined ? fallback : Number(value);
const settings = {
  quick,
  deals: int(values.deals, quick ? 20 : 100),
  limit: int(values.limit, 60),
  windowMs: int(values['window-ms'], 6_000),
  workers: (values.workers ?? '1,2,4').split(',').map(Number),
  latencyDeals: int(values['latency-deals'], quick ? 5 : 30),
  ingestSeconds: int(values['ingest-seconds'], quick ? 3 : 10),
  ingestRounds: int(values['ingest-rounds'], quick ? 1 : 3),
  connections: int(values.connections, 10),
  imageRuns: int(values['image-runs'], quick ? 5 : 30),
  renderRounds: int(values['render-rounds'], quick ? 2 : 5),
  pollDeals: int(values['poll-deals'], quick ? 6 : 24),
  pollSeconds: int(values['poll-seconds'], quick ? 10 : 30),
  pollSpreadS: int(values['poll-spread-s'], quick ? 60 : 240),
  pollIdleS: int(values['poll-idle-s'], quick ? 30 : 120),
  watchDeals: int(values['watch-deals'], quick ? 1_000 : 10_000),
  /** The unbounded-capacity runs of the scaling part use a limit the burst cannot reach. */
  openLimit: 100_000,
};
const only = new Set<Part>(
  values.only ? (values.only.split(',').map((s) => s.trim()) as Part[]) : [...PARTS],
);
for (const part of only) {
  if (!PARTS.includes(part)) throw new Error(`unknown part '${part}' (parts: ${PARTS.join(', ')})`);
}

export interface BenchReport {
  command: string;
  settings: typeof settings;
  childMode: string;
  machine: MachineInfo;
  image?: ImageResult | undefined;
  ingest?: IngestResult | undefined;
  burst?: BurstResult | undefined;
  scaling?: { capped: BurstResult[]; open: BurstResult[] } | undefined;
  latency?: LatencyResult | undefined;
  render?: RenderBenchResult | undefined;
  poll?: PollBenchResult | undefined;
  watch?: WatchBenchResult | undefined;
  /** Per part: CPU used by other processes on the machine meanwhile (see bench/lib/load.ts). */
  load: Record<string, LoadReport>;
  errors: Record<string, string>;
  durationS: number;
}

const started = Date.now();
const log = (line: string) => process.stdout.write(`${line}\n`);
const redis = connect();
const prefix = runPrefix();
const cleanup = async () => {
  killAllChildren();
  await deletePattern(redis, `${prefix}*`).catch(() => 0);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

const report: BenchReport = {
  command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  settings,
  childMode: '',
  machine: await machineInfo(redis),
  load: {},
  errors: {},
  durationS: 0,
};

log(`pressbridge bench — ${report.machine.cpu}, ${report.machine.cores} cores, node ${report.machine.node}`);
log(`redis prefix ${prefix}; building the child processes…`);
await buildChildren(values.tsx, values['reuse-build']);
if (values['node-args']) setNodeArgs('daemon', values['node-args'].split(/\s+/).filter(Boolean));
if (process.env.PB_BENCH_BASELINE_NODE_ARGS)
  setNodeArgs('baseline', process.env.PB_BENCH_BASELINE_NODE_ARGS.split(/\s+/).filter(Boolean));
report.childMode = childMode();

async function part<T>(name: Part, run: () => Promise<T>): Promise<T | undefined> {
  if (!only.has(name)) return undefined;
  log(`\n== ${name}`);
  const t = Date.now();
  const monitor = startLoadMonitor();
  try {
    const value = await run();
    const load = monitor.stop();
    report.load[name] = load;
    log(
      `   (${((Date.now() - t) / 1000).toFixed(1)} s; other processes used ${load.foreignCores} of ` +
        `${report.machine.cores} cores meanwhile, hypervisor steal ${load.stealCores})`,
    );
    return value;
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    report.errors[name] = message;
    log(`   FAILED: ${message}`);
    return undefined;
  }
}

try {
  report.image = await part('image', () => runImage({ runs: settings.imageRuns, log }));
  report.ingest = await part('ingest', () =>
    runIngest({
      seconds: settings.ingestSeconds,
      rounds: settings.ingestRounds,
      connections: settings.connections,
      prefix: `${prefix}-ingest`,
      redis,
      log,
    }),
  );
  report.burst = await part('burst', () =>
    runBurst({
      label: 'burst',
      deals: settings.deals,
      limit: settings.limit,
      windowMs: settings.windowMs,
      topology: 'single',
      prefix: `${prefix}-burst`,
      redis,
      idleMs: 10_000,
      log,
    }),
  );
  report.scaling = await part('scaling', async () => {
    /** The burst with 1, 2, 4 … worker processes, one after the other, at `limit`. */
    const series = async (kind: 'capped' | 'open', limit: number): Promise<BurstResult[]> => {
      const results: BurstResult[] = [];
      for (const workers of settings.workers) {
        results.push(
          await runBurst({
            label: `scaling-${workers}w-${kind}`,
            deals: settings.deals,
            limit,
            windowMs: settings.windowMs,
            topology: workers,
            prefix: `${prefix}-scale-${kind[0]}${workers}`,
            redis,
            idleMs: 0,
            log,
          }),
        );
      }
      return results;
    };
    const capped = await series('capped', settings.limit);
    const open = await series('open', settings.openLimit);
    return { capped, open };
  });
  report.latency = await part('latency', () =>
    runLatency({
      deals: settings.latencyDeals,
      warmup: quick ? 1 : 2,
      prefix: `${prefix}-latency`,
      redis,
      log,
    }),
  );
  report.render = await part('render', () => runRender({ rounds: settings.renderRounds, log }));
  report.poll = await part('poll', () =>
    runPoll({
      deals: settings.pollDeals,
      pollSeconds: settings.pollSeconds,
      spreadMs: settings.pollSpreadS * 1000,
      idleMs: settings.pollIdleS * 1000,
      prefix: `${prefix}-poll`,
      redis,
      log,
    }),
  );
  report.watch = await part('watch', () =>
    runWatch({ deals: settings.watchDeals, prefix: `${prefix}-watch`, redis, log }),
  );
} finally {
  await cleanup();
  redis.disconnect();
}

report.durationS = Math.round((Date.now() - started) / 1000);
mkdirSync(RESULTS_DIR, { recursive: true });
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const markdown = renderMarkdown(report);
writeFileSync(join(RESULTS_DIR, `bench-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(RESULTS_DIR, `bench-${stamp}.md`), markdown);
writeFileSync(join(RESULTS_DIR, 'latest.md'), markdown);
log(`\n${markdown}`);
log(`written: bench/results/bench-${stamp}.{json,md} (${report.durationS} s)`);
process.exit(Object.keys(report.errors).length > 0 ? 1 : 0);
