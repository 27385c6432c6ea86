/** The Markdown summary of one bench run (bench/results/latest.md), with each target checked. */
import type { BurstResult } from './burst.js';
import type { LatencyPart, LatencyResult } from './latency.js';
import { pollSection } from './poll.js';
import { renderSection } from './render.js';
import type { BenchReport } from './run.js';
import { watchSection } from './watch.js';

const mark = (ok: boolean): string => (ok ? 'met' : '**missed**');
const pct = (value: number | null): string => (value === null ? 'n/a' : `${(value * 100).toFixed(1)} %`);
const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

const PART_NAMES: Record<LatencyPart, string> = {
  total: '**total** (webhook arrival → hand-in accepted)',
  queue: 'queue (enqueue → worker starts)',
  text: 'text',
  photos: 'photos (fetch + image processing)',
  photoFetch: '  photo fetch',
  imageProcessing: '  image processing',
  render: 'render',
  publish: 'publish (WordPress)',
  mediaUpload: '  media upload (3 × POST /wp/v2/media, first start → last end)',
  slowestUpload: '    slowest single upload',
  mediaUploadSum: '    the uploads’ times added up',
  postCreate: '  post create (POST /wp/v2/posts)',
  wpOther: '  other WordPress requests',
  pluginOwn: "  plugin's own work",
  verify: 'verify (GET the public URL)',
  handIn: 'hand-in (POST …/article, sandbox fetches the URL)',
  other: 'other (decide, record writes between steps)',
};

function burstRows(results: BurstResult[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.topology} | ${r.limit >= 100_000 ? 'open' : `${r.limit}/${r.windowMs / 1000} s`} | ${r.handedIn}/${r.deals} | ` +
      `${r.requestsPerDeal} | ${pct(r.utilisation)} | ${r.rateLimited} | ${r.maxRequestsPerWindow} | ${s(r.burstMs)} | ` +
      `${r.limit >= 100_000 ? '–' : s(r.theoreticalMs)} | ${r.dealsPerSecond} | ${r.requestsPerSecond} | ${r.cpuMsPerDeal.daemon} / ${r.cpuMsPerDeal.sandbox} / ${r.cpuMsPerDeal.redis} | ${r.perProcessPeakRssMb.join(' / ')} | ${r.foreignCores} / ${r.stealCores} |`,
  );
  return [
    '| processes | limit | handed in | req/deal | utilisation | 429s | max/window | burst | theoretical min | deals/s | req/s | CPU ms/deal: daemon / sandbox / Redis | peak RSS MB per process | other processes / steal (cores) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function renderMarkdown(report: BenchReport): string {
  const m = report.machine;
  const out: string[] = [];
  out.push(`# pressbridge bench — ${m.date}`, '');
  out.push(`Command: \`${report.command}\` (children: ${report.childMode}; ${report.durationS} s)`, '');
  out.push(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Linux ${m.kernel}; Node ${m.node}; Redis ${m.redis}; ` +
      `WordPress ${m.wordpress} on PHP ${m.php} (built-in server, 4 workers), MariaDB ${m.mariadb}; libvips ${m.libvips}; ` +
      Object.entries(m.packages)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
    '',
  );

  const b = report.burst;
  if (b) {
    out.push('## 1. Rate-limit utilisation (burst)', '');
    out.push(
      `${b.deals} deals × (text + ${b.photosPerDeal} photos + hand-in) against the sandbox limited to ${b.limit} requests per ` +
        `${b.windowMs / 1000} s (the real 60/min, time ×${60_000 / b.windowMs}); daemon limiter: the same limit, \`marketplace.rateLimitWindowMs: ${b.daemonWindowMs}\`; ${b.topology}.`,
      '',
    );
    const perDealOk = b.requestsPerDeal === b.photosPerDeal + 2;
    out.push('| figure | value | target | |', '|---|---|---|---|');
    out.push(
      `| requests per deal | ${b.requestsPerDeal} (${Object.entries(b.requestsPerDealByRoute)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}) | ${b.photosPerDeal + 2} | ${mark(perDealOk)} |`,
    );
    out.push(
      `| utilisation while the backlog lasts | ${pct(b.utilisation)} (limiter ceiling ${pct(b.limiterCeiling)}) | ≥ 95 % | ${mark((b.utilisation ?? 0) >= 0.95)} |`,
    );
    out.push(`| 429s | ${b.rateLimited} | 0 | ${mark(b.rateLimited === 0)} |`);
    out.push(
      `| most requests in one sandbox window | ${b.maxRequestsPerWindow} | ≤ ${b.limit} | ${mark(b.maxRequestsPerWindow <= b.limit)} |`,
    );
    out.push(
      `| burst (first delivery → last hand-in) | ${s(b.burstMs)} vs theoretical ${s(b.theoreticalMs)} (${(b.burstMs / b.theoreticalMs).toFixed(3)} ×) | | |`,
    );
    out.push(
      `| deals handed in / failed | ${b.handedIn} / ${b.failed} | ${b.deals} / 0 | ${mark(b.handedIn === b.deals && b.failed === 0)} |`,
    );
    out.push(
      `| deliveries not answered 200 | ${b.deliveriesNot200} | 0 | ${mark(b.deliveriesNot200 === 0)} |`,
      '',
    );
    if (b.memory) {
      out.push('## 5. Memory (the same burst, one daemon process)', '');
      const i = b.memory.idle;
      const a = b.memory.after;
      out.push(
        `Process as \`pressbridge start\` (${b.memory.cliLoaded ? 'src/cli.js and its command definitions loaded' : '**without** src/cli.js'}). ` +
          `V8 at idle: heap ${i.heapUsedMb} used of ${i.heapTotalMb} MB, external ${i.externalMb} MB, libvips ${i.sharpLoaded ? 'loaded' : 'not loaded'}; ` +
          `after the burst: RSS ${a.rssMb} MB, heap ${a.heapUsedMb} of ${a.heapTotalMb} MB, external ${a.externalMb} MB.`,
        '',
      );
      out.push('| figure | value | target | |', '|---|---|---|---|');
      out.push(
        `| RSS idle (after 10 s idle; right after start-up ${b.memory.startRssMb} MB) | ${b.memory.idleRssMb} MB | < 120 MB | ${mark(b.memory.idleRssMb < 120)} |`,
      );
      out.push(
        `| RSS peak during the burst | ${b.memory.peakRssMb} MB sampled every 50 ms; VmHWM ${b.memory.peakHwmMb} MB | < 300 MB | ${mark(b.memory.peakHwmMb < 300)} |`,
      );
      out.push(`| RSS after the burst, 10 s idle again | ${b.memory.idleAfterRssMb} MB | | |`, '');
    }
  }

  const l = report.latency;
  if (l) {
    out.push('## 2. End-to-end latency of one deal (real WordPress)', '');
    out.push(`${l.deals} deals one at a time after ${l.warmup} warm-up deal(s), cover + 2 photos each.`, '');
    out.push(
      `Uploads at once: the ${l.deals} deals with an even id. Uploads one at a time (as before issue 13, sent so by ` +
        `the bench's daemon): the ${l.serialDeals} deals with an odd id, interleaved with the others.`,
      '',
    );
    out.push(
      '| part | median ms | p95 ms | max ms | one at a time: median ms | p95 ms | max ms |',
      '|---|---|---|---|---|---|---|',
    );
    for (const [part, name] of Object.entries(PART_NAMES) as Array<[LatencyPart, string]>) {
      const v = l.parts[part];
      const w = l.serialParts[part];
      out.push(`| ${name} | ${v.median} | ${v.p95} | ${v.max} | ${w.median} | ${w.p95} | ${w.max} |`);
    }
    out.push('');
    out.push(
      `Targets: median < 1500 ms ${mark(l.parts.total.median < 1500)}, p95 < 3000 ms ${mark(l.parts.total.p95 < 3000)}.`,
      '',
    );
    const bound = (b: LatencyResult['publishBound'], deals: number) =>
      `median ${b.publishMedian} ms vs 1.5 × (${b.slowestUploadMedian} + ${b.postCreateMedian}) = ` +
      `${b.boundMedian} ms ${mark(b.met)}; per deal publish ÷ (slowest upload + post create) median ` +
      `${b.ratioMedian}, max ${b.ratioMax}, ${b.dealsWithin}/${deals} deals within 1.5`;
    out.push(
      `Publish step vs 1.5 × (slowest single upload + post create), same run: uploads at once ` +
        `${bound(l.publishBound, l.deals)}. One at a time: ${bound(l.serialPublishBound, l.serialDeals)}. ` +
        `Against the slowest upload of the deals that upload one at a time (no upload sharing the CPU): ` +
        `${l.parts.publish.median} ms vs 1.5 × (${l.serialParts.slowestUpload.median} + ` +
        `${l.serialParts.postCreate.median}) = ` +
        `${Math.round(1.5 * (l.serialParts.slowestUpload.median + l.serialParts.postCreate.median))} ms.`,
      '',
    );
    out.push(
      `WordPress requests per deal: ${Object.entries(l.wordpressRequestsPerDeal)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ')}`,
      '',
    );
  }

  const i = report.ingest;
  if (i) {
    out.push('## 3. Webhook ingest', '');
    out.push(
      `autocannon in its own process, ${i.connections} connections, ${i.rounds} round(s) × ${i.seconds} s per server, ` +
        `alternating; ${i.bodyBytes}-byte signed deal.accepted, a new deal id per request; each connection reopened every ${i.reconnectEvery} requests.`,
      '',
    );
    out.push(
      '| server | req/s | p50 ms | p99 ms (worst) | errors | non-2xx | lost jobs | server CPU ms/req | Redis CPU ms/req |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const [name, v] of [
      ['pressbridge (`start --no-worker`)', i.daemon],
      ['baseline (express raw + HMAC + queue.add)', i.baseline],
    ] as const) {
      out.push(
        `| ${name} | ${v.rps} | ${v.p50} | ${v.p99} (${v.worstP99}) | ${v.errors} | ${v.non2xx} | ${v.lost} | ${v.serverCpuMsPerRequest} | ${v.redisCpuMsPerRequest} |`,
      );
    }
    out.push('');
    out.push(
      `Rounds: ${i.runs.map((r) => `${r.target} ${r.rps} req/s p99 ${r.p99} ms (other processes ${r.foreignCores} cores, steal ${r.stealCores})`).join('; ')}.`,
      '',
    );
    out.push(
      `Ratio ${i.ratio} (target ≥ 0.9: ${mark(i.ratio >= 0.9)}); daemon p99 ${i.daemon.p99} ms, worst round ${i.daemon.worstP99} ms (target < 15 in every round: ${mark(i.daemon.worstP99 < 15)}); ` +
        `errors/lost ${i.daemon.errors + i.daemon.non2xx}/${i.daemon.lost} (target 0: ${mark(i.daemon.errors + i.daemon.non2xx + i.daemon.lost === 0)}).`,
      '',
    );
  }

  const img = report.image;
  if (img) {
    out.push('## 4. Image step', '');
    out.push(
      `${img.input.width}×${img.input.height} JPEG (${(img.input.bytes / 1024 / 1024).toFixed(1)} MB) → ${img.output.width}×${img.output.height} ${img.output.format} ` +
        `(${Math.round(img.output.bytes / 1024)} kB), ${img.runs} runs after 3 warm-up runs, own process.`,
      '',
    );
    out.push(
      '| | median ms | p95 ms | min ms | RSS before MB | peak RSS (VmHWM) MB |',
      '|---|---|---|---|---|---|',
    );
    out.push(
      `| one photo | ${img.single.medianMs} | ${img.single.p95Ms} | ${img.single.minMs} | ${img.single.rssBeforeMb} | ${img.single.peakRssMb} |`,
    );
    out.push(
      `| three at once (a deal) | ${img.threeAtOnce.medianMs} | ${img.threeAtOnce.p95Ms} | ${img.threeAtOnce.minMs} | ${img.threeAtOnce.rssBeforeMb} | ${img.threeAtOnce.peakRssMb} |`,
    );
    out.push(
      '',
      `Target < 150 ms: ${mark(img.single.medianMs < 150)}. libvips threads per image: ${img.threads}.`,
      '',
    );
    out.push('What-if (the same operations with one setting changed; not pressbridge code):', '');
    out.push('| variant | median ms (wall) | output kB |', '|---|---|---|');
    for (const w of img.whatIf) out.push(`| ${w.name}: ${w.what} | ${w.medianMs} | ${w.kB} |`);
    out.push('');
  }

  if (report.render) out.push(...renderSection(report.render));
  if (report.poll) out.push(...pollSection(report.poll));
  if (report.watch) out.push(...watchSection(report.watch));

  const sc = report.scaling;
  if (sc) {
    out.push('## 6. Scaling (1 webhook process + k worker processes, one Redis)', '');
    out.push(
      'Capped: the scaled real limit. Open: no reachable limit, to see where throughput stops growing.',
      '',
    );
    out.push(burstRows([...sc.capped, ...sc.open]), '');
  }

  if (Object.keys(report.load).length > 0) {
    out.push('## Machine load per part', '');
    out.push(
      '| part | other processes (cores) | hypervisor steal (cores) | bench (cores) | Redis + MariaDB (cores) | load avg 1 min |',
      '|---|---|---|---|---|---|',
    );
    for (const [name, l] of Object.entries(report.load)) {
      out.push(
        `| ${name} | ${l.foreignCores} | ${l.stealCores} | ${l.ownCores} | ${l.sharedCores} | ${l.loadavg1} |`,
      );
    }
    out.push('');
  }

  if (Object.keys(report.errors).length > 0) {
    out.push('## Errors', '');
    for (const [name, message] of Object.entries(report.errors))
      out.push(`- ${name}: ${message.split('\n')[0]}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
