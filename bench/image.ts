/**
 * Item 4: sharp normalisation of a 4000×3000 JPEG (rotate by EXIF, strip metadata, resize to 1600 wide, encode
 * as the pipeline does), median time and peak RSS, in a child process of its own. Target: under 150 ms.
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderPhoto } from '../src/sandbox/photos.js';
import { RESULTS_DIR, startChild } from './lib/child.js';
import { MB, median, percentile, round } from './lib/stats.js';
import type { ImageChildResult, ImageChildSettings, WhatIfResult } from './proc/image.js';

export interface ImageResult {
  input: { width: number; height: number; bytes: number; orientation: number };
  output: ImageChildResult['output'];
  runs: number;
  single: ImageVariant;
  /** Three at once (a deal's cover + 2 photos, as the photo step runs them), time per batch. */
  threeAtOnce: ImageVariant;
  /** libvips threads per image in the daemon (sharp's default: 1 on glibc Linux without jemalloc). */
  threads: number;
  /** The same operations with one setting changed (not pressbridge's code path; time and size only). */
  whatIf: Array<{ name: string; what: string; medianMs: number; kB: number }>;
}

export interface ImageVariant {
  medianMs: number;
  p95Ms: number;
  minMs: number;
  rssBeforeMb: number;
  peakRssMb: number;
}

/**
 * A camera-like 4000×3000 JPEG (quality 90, EXIF with orientation and GPS): smooth colour areas from an upscaled
 * random field plus fine grain, so it decodes and encodes like a photo rather than like a flat test card.
 */
export async function makeTestPhoto(file: string): Promise<void> {
  const width = 4000;
  const height = 3000;
  const field = await sharp({
    create: {
      width: 40,
      height: 30,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  const smooth = await sharp(field).resize(width, height, { kernel: 'cubic' }).raw().toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 0, sigma: 10 },
    },
  })
    .raw()
    .toBuffer();
  const mixed = Buffer.alloc(smooth.length);
  for (let i = 0; i < smooth.length; i++) {
    mixed[i] = Math.max(0, Math.min(255, (smooth[i] as number) + (grain[i] as number) - 5));
  }
  await sharp(mixed, { raw: { width, height, channels: 3 } })
    .withMetadata({ orientation: 1 })
    .withExifMerge({
      IFD0: { Make: 'BenchCam', Model: 'B-4000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 5/1 16/1' },
    })
    .jpeg({ quality: 90 })
    .toFile(file);
}

async function measure(
  file: string,
  runs: number,
  parallel: number,
): Promise<{ variant: ImageVariant; result: ImageChildResult }> {
  const settings: ImageChildSettings = { mode: 'normalize', file, runs, parallel };
  const child = startChild('image', settings);
  const { data } = await child.next('result', 300_000);
  await child.stop();
  const result = data as ImageChildResult;
  return {
    result,
    variant: {
      medianMs: round(median(result.times), 1),
      p95Ms: round(percentile(result.times, 95), 1),
      minMs: round(Math.min(...result.times), 1),
      rssBeforeMb: round(result.rssBefore / MB, 1),
      peakRssMb: round(result.hwm / MB, 1),
    },
  };
}

export async function runImage(options: { runs: number; log: (line: string) => void }): Promise<ImageResult> {
  const dir = join(RESULTS_DIR, 'tmp');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'photo-4000x3000.jpg');
  if (!existsSync(file)) await makeTestPhoto(file);
  const meta = await sharp(file).metadata();
  const single = await measure(file, options.runs, 1);
  options.log(
    `  one at a time: median ${single.variant.medianMs} ms, peak RSS ${single.variant.peakRssMb} MB`,
  );
  const three = await measure(file, Math.max(3, Math.round(options.runs / 3)), 3);
  options.log(
    `  three at once: median ${three.variant.medianMs} ms per batch, peak RSS ${three.variant.peakRssMb} MB`,
  );
  const dealFiles: string[] = [];
  for (const n of [0, 1, 2]) {
    const photo = join(dir, `sandbox-photo-${n}.jpg`);
    if (!existsSync(photo)) writeFileSync(photo, await renderPhoto(1, n));
    dealFiles.push(photo);
  }
  const whatIfChild = startChild('image', {
    mode: 'whatif',
    file,
    dealFiles,
    runs: Math.max(5, Math.round(options.runs / 3)),
    parallel: 1,
  } satisfies ImageChildSettings);
  const whatIf = ((await whatIfChild.next('result', 600_000)).data as WhatIfResult[]).map((w) => ({
    name: w.name,
    what: w.what,
    medianMs: round(median(w.times), 1),
    kB: Math.round(w.bytes / 1024),
  }));
  await whatIfChild.stop();
  options.log(`  what-if: ${whatIf.map((w) => `${w.name} ${w.medianMs} ms`).join(', ')}`);
  return {
    input: {
      width: meta.width,
      height: meta.height,
      bytes: statSync(file).size,
      orientation: meta.orientation ?? 1,
    },
    threads: single.result.threads,
    whatIf,
    output: single.result.output,
    runs: options.runs,
    single: single.variant,
    threeAtOnce: three.variant,
  };
}
