/**
 * The one builder kit for the publisher contract's inputs (src/publisher/types.ts): the deal, the article as the
 * pipeline hands it over, the photos, and `PublishInput` / `DraftInput` with their `progress` and `log`
 * recorded. The conformance suite (test/plugins/) and every plugin's own tests build their inputs here, each
 * with its own text and photos.
 */
import sharp from 'sharp';
import type {
  DraftInput,
  PublishDeal,
  PublisherProgress,
  PublishImage,
  PublishInput,
  PublishLog,
} from '../../src/publisher/types.js';
import { parseArticle, parseFragmentBlocks } from '../../src/render/html.js';

export interface LogEntry {
  level: string;
  fields: Record<string, unknown>;
  msg: string;
}

/** A `PublishLog` that keeps every line. */
export function recordingLog(): { log: PublishLog; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) => {
    entries.push({ level, fields, msg });
  };
  return { log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, entries };
}

/** What a builder hands back: the input, every `progress` patch it received (cloned), every log line. */
export interface Recorded<T> {
  input: T;
  progress: PublisherProgress[];
  entries: LogEntry[];
}

/** The deal; by default blog 1, no category, accepted now, due in an hour. */
export function publishDeal(deal: Partial<PublishDeal> & { dealId: number }): PublishDeal {
  return {
    blogId: 1,
    categoryId: null,
    deadline: new Date(Date.now() + 3_600_000),
    acceptedAt: new Date(),
    ...deal,
  };
}

/** The marketplace's HTML parsed as the pipeline parses it; the title falls back as the pipeline's does. */
export function parsedArticle(
  html: string,
  photoNumbers: readonly number[],
  fallbackTitle = 'Bez názvu',
): PublishInput['article'] {
  const article = parseArticle(html, { photoNumbers: [...photoNumbers] });
  return { ...article, title: article.title ?? fallbackTitle };
}

/** A real image of one colour (the targets that read images, WordPress and sharp, need real bytes). */
export async function solidImage(
  colour: string,
  format: 'jpeg' | 'webp' = 'jpeg',
  width = 320,
  height = 200,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return await (format === 'jpeg' ? image.jpeg({ quality: 80 }) : image.webp()).toBuffer();
}

/** One normalised photo as the pipeline names it: `<slug>-<n>.<ext>`. */
export function publishImage(
  n: number,
  slug: string,
  image: Partial<PublishImage> & Pick<PublishImage, 'bytes' | 'alt'>,
): PublishImage {
  const contentType = image.contentType ?? 'image/jpeg';
  return {
    n,
    contentType,
    filename: `${slug}-${n}.${contentType === 'image/webp' ? 'webp' : 'jpg'}`,
    width: 320,
    height: 200,
    ...image,
  };
}

const COLOURS = ['#c83232', '#32c832', '#3232c8', '#c8c832', '#32c8c8', '#c832c8'];

/** Real photos `numbers` (0 = the cover), each its own colour; `webp` lists the ones sent as WebP. */
export async function solidPhotos(
  slug: string,
  options: {
    numbers?: readonly number[];
    alt: (n: number) => string;
    webp?: readonly number[];
    width?: number;
    height?: number;
  },
): Promise<PublishImage[]> {
  const { numbers = [0, 1, 2], webp = [], width = 320, height = 200 } = options;
  return await Promise.all(
    numbers.map(async (n) => {
      const format = webp.includes(n) ? 'webp' : 'jpeg';
      return publishImage(n, slug, {
        bytes: await solidImage(COLOURS[n] ?? '#888', format, width, height),
        contentType: format === 'webp' ? 'image/webp' : 'image/jpeg',
        alt: options.alt(n),
        width,
        height,
      });
    }),
  );
}

/** The progress, log and signal every input carries; `progress` patches are recorded unless replaced. */
function recordedParts(overrides: {
  progress?: PublishInput['progress'];
  log?: PublishLog;
  signal?: AbortSignal;
}) {
  const patches: PublisherProgress[] = [];
  const recording = recordingLog();
  return {
    patches,
    entries: recording.entries,
    parts: {
      previous: {},
      progress:
        overrides.progress ??
        (async (patch: PublisherProgress) => {
          patches.push(structuredClone(patch));
        }),
      log: overrides.log ?? recording.log,
      signal: overrides.signal ?? new AbortController().signal,
    },
  };
}

export type PublishInputSpec = Pick<PublishInput, 'deal' | 'article' | 'slug' | 'images'> &
  Partial<Omit<PublishInput, 'deal' | 'article' | 'slug' | 'images'>>;

/** `PublishInput` as the pipeline builds it; anything given in `spec` wins. */
export function buildPublishInput(spec: PublishInputSpec): Recorded<PublishInput> {
  const { patches, entries, parts } = recordedParts(spec);
  return { input: { ...parts, ...spec }, progress: patches, entries };
}

export type DraftInputSpec = Pick<DraftInput, 'deal' | 'title' | 'briefHtml' | 'slug'> &
  Partial<Omit<DraftInput, 'deal' | 'title' | 'briefHtml' | 'slug'>>;

/** `DraftInput` as the pipeline builds it (the brief parsed from `briefHtml` unless given). */
export function buildDraftInput(spec: DraftInputSpec): Recorded<DraftInput> {
  const { patches, entries, parts } = recordedParts(spec);
  return {
    input: { brief: parseFragmentBlocks(spec.briefHtml), ...parts, ...spec },
    progress: patches,
    entries,
  };
}
