/**
 * Limits on one article's rendering (config `render`). An article over a limit is refused with a permanent
 * error naming the limit: retrying the same text cannot help, and the blogger or the advertiser has to act.
 */
import { z } from 'zod';
import { AppError, type Phrase } from '../errors.js';
import { createTranslator } from '../i18n/index.js';

const MiB = 1024 * 1024;

export const RenderLimits = z.object({
  maxTextBytes: z
    .number()
    .int()
    .min(1024)
    .default(MiB)
    .describe("The article's HTML, in UTF-8 bytes; over it: `text_too_large`."),
  maxDepth: z
    .number()
    .int()
    .min(8)
    .max(10_000)
    .default(100)
    .describe('Elements nested in each other (real articles nest about a dozen); deeper: `text_too_deep`.'),
  maxMarkers: z
    .number()
    .int()
    .min(6)
    .default(1_000)
    .describe(
      '`[fotoN]` markers in the text (a deal has at most 6 photos; repeats are tolerated up to here); more: ' +
        '`too_many_markers`.',
    ),
  timeBudgetMs: z
    .number()
    .int()
    .min(100)
    .max(600_000)
    .default(10_000)
    .describe(
      'Wall time of parsing, sanitising and rendering one article in a render thread; the thread is ended ' +
        'past it: `render_timeout`.',
    ),
});
export type RenderLimits = z.infer<typeof RenderLimits>;

export const RenderSettings = z.object({
  limits: RenderLimits.prefault({}).describe(
    'An article over a limit fails its deal at once (no retry), with a message naming the limit.',
  ),
  threads: z
    .number()
    .int()
    .min(1)
    .max(16)
    .default(2)
    .describe(
      'Render threads (articles rendered at once); more jobs than threads wait for one, outside the time budget.',
    ),
});
export type RenderSettings = z.infer<typeof RenderSettings>;
export type RenderSettingsInput = z.input<typeof RenderSettings>;

export const DEFAULT_RENDER_LIMITS: RenderLimits = RenderLimits.parse({});

export type RenderLimitName = keyof RenderLimits;

const CODES: Record<RenderLimitName, string> = {
  maxTextBytes: 'text_too_large',
  maxDepth: 'text_too_deep',
  maxMarkers: 'too_many_markers',
  timeBudgetMs: 'render_timeout',
};

function size(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}

/** An article over one of the render limits. Permanent: the same text fails the same way. */
export class RenderLimitError extends AppError {
  readonly limit: RenderLimitName;

  /** `phrase`: the same for the blogger (the catalog's `render.limit.*`, whose English is `message`). */
  constructor(limit: RenderLimitName, message: string, phrase?: Phrase) {
    super(CODES[limit], message, { retryable: false, phrase });
    this.limit = limit;
  }

  private static said(limit: RenderLimitName, phrase: Phrase): RenderLimitError {
    return new RenderLimitError(limit, english(phrase), phrase);
  }

  static size(bytes: number, max: number): RenderLimitError {
    return RenderLimitError.said('maxTextBytes', {
      key: 'render.limit.size',
      params: { size: size(bytes), max: size(max) },
    });
  }

  static depth(max: number): RenderLimitError {
    return RenderLimitError.said('maxDepth', { key: 'render.limit.depth', params: { max: String(max) } });
  }

  static markers(max: number): RenderLimitError {
    return RenderLimitError.said('maxMarkers', { key: 'render.limit.markers', params: { max: String(max) } });
  }

  static time(max: number): RenderLimitError {
    return RenderLimitError.said('timeBudgetMs', { key: 'render.limit.time', params: { max: String(max) } });
  }
}

const english = createTranslator('en').say;

/** The size limit, checked before any parsing. */
export function checkTextSize(html: string, limits: RenderLimits): void {
  // UTF-8 is at most 3 bytes per UTF-16 unit: a short string needs no count.
  if (html.length * 3 <= limits.maxTextBytes) return;
  const bytes = Buffer.byteLength(html);
  if (bytes > limits.maxTextBytes) throw RenderLimitError.size(bytes, limits.maxTextBytes);
}

/** The marker limit: stops counting at the first marker past it. */
export function checkMarkerCount(html: string, marker: RegExp, limits: RenderLimits): void {
  let count = 0;
  for (const _ of html.matchAll(marker)) {
    count += 1;
    if (count > limits.maxMarkers) throw RenderLimitError.markers(limits.maxMarkers);
  }
}
