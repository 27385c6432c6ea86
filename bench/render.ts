/**
 * Item 7 (issue 13): the daemon's event loop while hostile texts render. The hostile corpus of the fault suite
 * (test/helpers/hostile-texts.ts) goes through the render pool (src/render/pool.ts), all texts at once per
 * round, while `perf_hooks.monitorEventLoopDelay` (1 ms resolution) samples this process's loop, the one that
 * owns the pool as the daemon's does. Target: p99 < 50 ms. For contrast, the one legal text of the corpus
 * (950 KB) is also rendered on the loop itself, once: the stall every deal would cause without the pool.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArticle } from '../src/render/html.js';
import { DEFAULT_RENDER_LIMITS, RenderLimitError } from '../src/render/limits.js';
import { createRenderPool } from '../src/render/pool.js';
import { hostileTexts } from '../test/helpers/hostile-texts.js';
import { median, round } from './lib/stats.js';

export interface RenderBenchResult {
  rounds: number;
  threads: number;
  cases: Array<{ name: string; kB: number; outcome: string; medianMs: number }>;
  /** Event-loop delay while the corpus rendered, ms (the 1 ms sampling interval included). */
  loop: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
  /** The 950 KB legal text rendered on the event loop itself: how long the loop was blocked, ms. */
  onLoopMs: number;
}

const ms = (ns: number): number => round(ns / 1e6, 1);

export async function runRender(options: {
  rounds: number;
  log: (line: string) => void;
}): Promise<RenderBenchResult> {
  const texts = hostileTexts();
  const limits = DEFAULT_RENDER_LIMITS;
  const threads = 2;
  const pool = createRenderPool({ threads });
  const render = async (html: string): Promise<string> => {
    try {
      await pool.parseArticle(html, { photoNumbers: [0, 1], limits });
      return 'rendered';
    } catch (error) {
      if (error instanceof RenderLimitError) return error.code;
      throw error;
    }
  };
  try {
    // Threads started (and, from source, compiled) before anything is measured.
    await Promise.all([render('<h1>a</h1><p>b</p>'), render('<h1>a</h1><p>b</p>')]);
    const times = new Map<string, number[]>(texts.map((t) => [t.name, []]));
    const outcomes = new Map<string, string>();
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    for (let round = 0; round < options.rounds; round++) {
      await Promise.all(
        texts.map(async (text) => {
          const started = performance.now();
          outcomes.set(text.name, await render(text.html));
          times.get(text.name)?.push(performance.now() - started);
        }),
      );
    }
    histogram.disable();
    const loop = {
      p50Ms: ms(histogram.percentile(50)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
      meanMs: ms(histogram.mean),
    };
    options.log(`   event-loop delay while rendering: p99 ${loop.p99Ms} ms, max ${loop.maxMs} ms`);

    const legal = texts.find((t) => t.refusedWith === undefined);
    const started = performance.now();
    if (legal) parseArticle(legal.html, { photoNumbers: [0, 1], limits });
    const onLoopMs = round(performance.now() - started, 1);
    options.log(`   the ${legal?.name} rendered on the loop instead: ${onLoopMs} ms blocked`);
    return {
      rounds: options.rounds,
      threads,
      cases: texts.map((t) => ({
        name: t.name,
        kB: Math.round(Buffer.byteLength(t.html) / 1024),
        outcome: outcomes.get(t.name) ?? '',
        medianMs: round(median(times.get(t.name) ?? []), 1),
      })),
      loop,
      onLoopMs,
    };
  } finally {
    await pool.close();
  }
}

export function renderSection(r: RenderBenchResult): string[] {
  const out = ['## 7. Event loop while hostile texts render (render pool)', ''];
  out.push(
    `The fault suite's hostile texts, all at once, ${r.rounds} rounds, ${r.threads} render threads; event-loop delay ` +
      'of the process owning the pool (`monitorEventLoopDelay`, 1 ms resolution).',
    '',
    '| text | kB | outcome | median ms (wall, in a thread) |',
    '|---|---|---|---|',
    ...r.cases.map((c) => `| ${c.name} | ${c.kB} | ${c.outcome} | ${c.medianMs} |`),
    '',
    '| event-loop delay | p50 ms | p99 ms | max ms | mean ms |',
    '|---|---|---|---|---|',
    `| while rendering | ${r.loop.p50Ms} | ${r.loop.p99Ms} | ${r.loop.maxMs} | ${r.loop.meanMs} |`,
    '',
    `Target p99 < 50 ms: ${r.loop.p99Ms < 50 ? 'met' : '**missed**'}. The 950 KB text rendered on the loop itself ` +
      `would block it for ${r.onLoopMs} ms.`,
    '',
  );
  return out;
}
