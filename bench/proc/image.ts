/**
 * The image step alone, in its own process so that its RSS is its own.
 *
 * `normalize`: `normalizeImage` (src/render/images.ts) with the pipeline's defaults on one JPEG, `runs` times
 * after 3 warm-up runs, `parallel` at a time (1 = one photo; 3 = a deal's cover and two photos at once, as the
 * photo step runs them).
 * `whatif`: the same operations written out with sharp, varied one setting at a time, to show what a change
 * to normalizeImage would buy (time and output size); not pressbridge's code path.
 */
import { readFileSync } from 'node:fs';
import sharp, { type JpegOptions } from 'sharp';
import { normalizeImage } from '../../src/render/images.js';
import { CHILD_ENV, type ChildToParent } from '../lib/protocol.js';
import { memoryOf } from '../lib/rss.js';

export interface ImageChildSettings {
  mode: 'normalize' | 'whatif';
  file: string;
  /** A deal's three photos as the sandbox serves them (what the burst processes), for the what-if rows. */
  dealFiles?: string[];
  runs: number;
  parallel: number;
}

export interface ImageChildResult {
  times: number[];
  rssBefore: number;
  rssAfter: number;
  hwm: number;
  output: { width: number; height: number; bytes: number; format: string };
  /** sharp's libvips threads per image (sharp.concurrency()). */
  threads: number;
}

export interface WhatIfResult {
  name: string;
  what: string;
  times: number[];
  bytes: number;
}

const settings = JSON.parse(process.env[CHILD_ENV] ?? '{}') as ImageChildSettings;
const input = readFileSync(settings.file);

async function timeRuns<T>(runs: number, once: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  for (let i = 0; i < 3; i++) await once();
  const times: number[] = [];
  let last = await once();
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    last = await once();
    times.push(performance.now() - started);
  }
  return { times, last };
}

if (settings.mode === 'normalize') {
  const rssBefore = memoryOf(process.pid)?.rss ?? 0;
  const { times, last } = await timeRuns(settings.runs, () =>
    Promise.all(Array.from({ length: settings.parallel }, () => normalizeImage(input))),
  );
  const memory = memoryOf(process.pid);
  const first = last[0];
  const result: ImageChildResult = {
    times,
    rssBefore,
    rssAfter: memory?.rss ?? 0,
    hwm: memory?.hwm ?? 0,
    output: {
      width: first?.width ?? 0,
      height: first?.height ?? 0,
      bytes: first?.bytes.length ?? 0,
      format: first?.format ?? '?',
    },
    threads: sharp.concurrency(),
  };
  process.send?.({ type: 'result', data: result } satisfies ChildToParent);
} else {
  // The two encoders as normalizeImage runs them, and raw variants of its sharp pipeline for comparison.
  const fast = async (from: Buffer = input) => (await normalizeImage(from, { encoder: 'fast' })).bytes;
  const compact = async (from: Buffer = input) => (await normalizeImage(from, { encoder: 'compact' })).bytes;
  const pipeline = async (jpeg: JpegOptions, kernel: 'mitchell' | 'lanczos3', from: Buffer = input) => {
    await sharp(from, { limitInputPixels: false }).metadata();
    return await sharp(from, { limitInputPixels: 50_000_000, failOn: 'error', pages: 1 })
      .rotate()
      .resize({ width: 1600, withoutEnlargement: true, kernel })
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .jpeg(jpeg)
      .toBuffer();
  };
  const variants: Array<{ name: string; what: string; threads: number; run: () => Promise<Buffer> }> = [
    {
      name: 'fast',
      what: 'normalizeImage, encoder fast (the default): baseline JPEG, optimised Huffman, Mitchell filter',
      threads: 1,
      run: () => fast(),
    },
    {
      name: 'compact',
      what: 'normalizeImage, encoder compact: progressive mozjpeg with trellis, Lanczos 3 (the default before)',
      threads: 1,
      run: () => compact(),
    },
    {
      name: 'progressive-mitchell',
      what: 'progressive JPEG with optimised Huffman coding, Mitchell filter',
      threads: 1,
      run: () => pipeline({ quality: 82, progressive: true, optimiseCoding: true }, 'mitchell'),
    },
    {
      name: 'fast-threads-2',
      what: 'fast, with sharp.concurrency(2)',
      threads: 2,
      run: () => fast(),
    },
    {
      name: 'decode-only',
      what: 'floor: decoding the 12 MP JPEG to pixels, nothing else',
      threads: 1,
      run: () => sharp(input).raw().toBuffer(),
    },
  ];
  const deal = (settings.dealFiles ?? []).map((f) => readFileSync(f));
  if (deal.length > 0) {
    const sequentially = async (run: (photo: Buffer) => Promise<Buffer>) => {
      let bytes = 0;
      for (const photo of deal) bytes += (await run(photo)).length;
      return Buffer.alloc(bytes);
    };
    variants.push(
      {
        name: 'deal-fast',
        what: `a deal's ${deal.length} sandbox photos (1200×800), one after the other, encoder fast`,
        threads: 1,
        run: () => sequentially(fast),
      },
      {
        name: 'deal-compact',
        what: `the same ${deal.length} photos, encoder compact`,
        threads: 1,
        run: () => sequentially(compact),
      },
    );
  }
  const results: WhatIfResult[] = [];
  const defaultThreads = sharp.concurrency();
  for (const variant of variants) {
    sharp.concurrency(variant.threads === 1 ? defaultThreads : variant.threads);
    const { times, last } = await timeRuns(settings.runs, variant.run);
    results.push({ name: variant.name, what: variant.what, times, bytes: last.length });
  }
  process.send?.({ type: 'result', data: results } satisfies ChildToParent);
}
process.disconnect?.();
