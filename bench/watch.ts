/**
 * Issue 22: what the article watch costs at 10,000 watched deals (half unpaid, checked daily; half paid,
 * checked weekly), in real Redis. Two figures:
 *
 * - the schedule: a simulated day of ticks (every `watch.tickMinutes`), each claiming the due deals with the
 *   watcher's own Lua step (`claimDue`) and booking their next check (`reschedule`), as a tick does around its
 *   checks; per tick the wall time and this process's CPU time, and the checks per minute that come due;
 * - one check's own work: a typical 120 KB article page read in the render pool (`readPage`: links, rel, text,
 *   label, robots, canonical, the text's SHA-256), wall time in a thread; times the checks of a day gives the
 *   CPU a day of watching costs.
 */
import type { Redis } from 'ioredis';
import { createRenderPool } from '../src/render/pool.js';
import { claimDue, nextCheckAt, reschedule, watchKey } from '../src/watch/schedule.js';
import { WatchSettings } from '../src/watch/settings.js';
import { type EvidenceCost, evidenceCost } from './evidence-cost.js';
import { deletePattern } from './lib/redis.js';
import { median, round } from './lib/stats.js';
import { obligationsRead } from './obligations-read.js';

export interface WatchBenchResult {
  deals: number;
  tickMinutes: number;
  ticks: number;
  /** Due checks a simulated day brought. */
  checksPerDay: number;
  checksPerMinute: { mean: number; maxInATick: number };
  /** One tick's schedule work (claim + reschedule of its due deals): wall and this process's CPU, ms. */
  tickMs: { p50: number; p99: number; max: number };
  tickCpuMs: { mean: number; max: number };
  /** One check's page read in a render thread, ms (wall, median over the runs). */
  readPageMs: number;
  pageKB: number;
  /** CPU a day of watching costs: checksPerDay × readPageMs, s. */
  readCpuPerDayS: number;
  /** The evidence on disk for the same deals (./evidence-cost.ts). */
  evidence: EvidenceCost;
  /** One view of the Obligations page's data at the same number of deals, median ms (./obligations-read.ts). */
  obligationsReadMs: number;
}

const MINUTE = 60_000;
const AD = 'https://shop.example.cz/sekacky?a=1&b=2';

function typicalPage(): string {
  const paragraph =
    '<p>Sekačka s pojezdem ušetří čas, pokud máte zahradu nad pět set metrů. <strong>Vybírejte</strong> podle ' +
    'záběru, pohonu a koše; <a href="/jine">jiný článek</a> srovnává akumulátorové modely.</p>\n';
  const nav = `<nav>${'<a href="/kategorie/x">Kategorie</a> '.repeat(60)}</nav>`;
  const sidebar = `<aside>${'<a href="/clanek">Nejnovější příspěvek</a><br>'.repeat(40)}</aside>`;
  const body = paragraph.repeat(120);
  return `<!doctype html><html><head><title>Sekačky</title><meta name="robots" content="max-image-preview:large">
<link rel="canonical" href="https://blog.example.cz/sekacky/"><style>${'body{margin:0}'.repeat(2000)}</style>
<script>${'var x=1;'.repeat(3000)}</script></head><body>${nav}<main><article><div class="entry-content">
<p class="pressbridge-disclosure">Komerční sdělení</p>${body}<p><a href="${AD.replaceAll('&', '&amp;')}" rel="sponsored">sekačky</a></p>
</div></article></main>${sidebar}</body></html>`;
}

export async function runWatch(options: {
  deals: number;
  prefix: string;
  redis: Redis;
  log: (line: string) => void;
}): Promise<WatchBenchResult> {
  const { redis, prefix, log } = options;
  const settings = WatchSettings.parse({});
  const daily = settings.intervalHours * 3_600_000;
  const weekly = settings.paidIntervalHours * 3_600_000;
  const tickMs = settings.tickMinutes * MINUTE;
  const intervalOf = (id: number) => (id % 2 === 0 ? weekly : daily);
  const T0 = Date.parse('2026-11-02T00:00:00.000Z');
  try {
    // Enrolled a week before, so the week's rhythm is under way when the measured day starts.
    const start = T0 - 7 * 24 * 60 * MINUTE;
    const pipeline = redis.pipeline();
    for (let id = 1; id <= options.deals; id++)
      pipeline.zadd(watchKey(prefix), nextCheckAt(id, start, intervalOf(id)), String(id));
    await pipeline.exec();
    // Bring the schedule to T0 without measuring: every due check done and booked again.
    for (let now = start; now < T0; now += tickMs) {
      for (;;) {
        const due = await claimDue(redis, prefix, now, now + 60 * MINUTE, 1000);
        for (const id of due) await reschedule(redis, prefix, id, nextCheckAt(id, now, intervalOf(id)));
        if (due.length < 1000) break;
      }
    }
    const walls: number[] = [];
    const cpus: number[] = [];
    let checks = 0;
    let maxInATick = 0;
    const ticks = (24 * 60) / settings.tickMinutes;
    for (let tick = 0; tick < ticks; tick++) {
      const now = T0 + tick * tickMs;
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const due = await claimDue(redis, prefix, now, now + 60 * MINUTE, 50);
      await Promise.all(due.map((id) => reschedule(redis, prefix, id, nextCheckAt(id, now, intervalOf(id)))));
      walls.push(performance.now() - wall);
      const used = process.cpuUsage(cpu);
      cpus.push((used.user + used.system) / 1000);
      checks += due.length;
      maxInATick = Math.max(maxInATick, due.length);
    }
    const sorted = [...walls].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

    const pool = createRenderPool({ threads: 2 });
    const html = typicalPage();
    const reads: number[] = [];
    try {
      const ask = { links: [AD], texts: ['sekačky'], label: 'Komerční sdělení', timeBudgetMs: 10_000 };
      await pool.readPage(html, ask);
      for (let run = 0; run < 30; run++) {
        const t = performance.now();
        const read = await pool.readPage(html, ask);
        reads.push(performance.now() - t);
        if (!read.ok || read.facts.links.length !== 1) throw new Error('the typical page did not read');
      }
    } finally {
      await pool.close();
    }
    const readPageMs = round(median(reads), 2);
    const evidence = await evidenceCost(options.deals, html, AD);
    const obligationsReadMs = await obligationsRead(redis, `${prefix}-obligations`, options.deals);
    const result: WatchBenchResult = {
      deals: options.deals,
      tickMinutes: settings.tickMinutes,
      ticks,
      checksPerDay: checks,
      checksPerMinute: {
        mean: round(checks / (24 * 60), 2),
        maxInATick: round(maxInATick / settings.tickMinutes, 2),
      },
      tickMs: { p50: round(at(0.5), 2), p99: round(at(0.99), 2), max: round(at(1), 2) },
      tickCpuMs: {
        mean: round(cpus.reduce((a, b) => a + b, 0) / cpus.length, 2),
        max: round(Math.max(...cpus), 2),
      },
      readPageMs,
      pageKB: round(Buffer.byteLength(html) / 1024, 0),
      readCpuPerDayS: round((checks * readPageMs) / 1000, 1),
      evidence,
      obligationsReadMs,
    };
    log(
      `   ${result.deals} deals: ${result.checksPerDay} checks a day (${result.checksPerMinute.mean}/min, at most ` +
        `${result.checksPerMinute.maxInATick}/min in a tick); a tick's schedule work p50 ${result.tickMs.p50} ms, ` +
        `p99 ${result.tickMs.p99} ms, CPU ${result.tickCpuMs.mean} ms; a ${result.pageKB} KB page read in ` +
        `${readPageMs} ms (${result.readCpuPerDayS} s of CPU a day); evidence: a check recorded in ` +
        `p50 ${evidence.recordMs.p50} ms, p99 ${evidence.recordMs.p99} ms, ${evidence.bytesPerDeal} bytes a deal, ` +
        `${evidence.totalMB} MB in all; the Obligations page's data read in ${obligationsReadMs} ms`,
    );
    return result;
  } finally {
    await deletePattern(redis, `${prefix}*`);
  }
}

export function watchSection(r: WatchBenchResult): string[] {
  return [
    '## 8. Article watch at scale (issue 22)',
    '',
    `${r.deals} watched deals in Redis, half unpaid (daily), half paid (weekly); a simulated day of ${r.ticks} ` +
      `ticks (every ${r.tickMinutes} min), each claiming its due deals and booking their next check.`,
    '',
    '| figure | value |',
    '|---|---|',
    `| checks a day | ${r.checksPerDay} |`,
    `| checks per minute: mean / most in one tick | ${r.checksPerMinute.mean} / ${r.checksPerMinute.maxInATick} |`,
    `| a tick's schedule work, wall p50 / p99 / max | ${r.tickMs.p50} / ${r.tickMs.p99} / ${r.tickMs.max} ms |`,
    `| a tick's schedule work, CPU of the process mean / max | ${r.tickCpuMs.mean} / ${r.tickCpuMs.max} ms |`,
    `| one check's page read (${r.pageKB} KB, in a render thread), median | ${r.readPageMs} ms |`,
    `| page reads of a day, CPU | ${r.readCpuPerDayS} s |`,
    `| evidence: one check recorded (line, latest, the ${r.evidence.articleKB} KB article part gzipped), p50 / p99 | ${r.evidence.recordMs.p50} / ${r.evidence.recordMs.p99} ms |`,
    `| the Obligations page's data (schedule + every watched record, ordered), median of 5 | ${r.obligationsReadMs} ms |`,
    `| evidence on disk: per deal / all ${r.evidence.deals} (first check each, a change for every tenth) | ${r.evidence.bytesPerDeal} B / ${r.evidence.totalMB} MB |`,
    '',
  ];
}
