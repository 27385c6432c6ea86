/**
 * A capture: what `pressbridge doctor --live --save <file>` learned about a real marketplace, redacted so a
 * blogger can attach it to a bug report: per request the method, the path with ids replaced (`/v1/deals/{id}`),
 * the status, an allow-list of headers and the body's SHAPE (shape.ts); the date-time form and zone found; the
 * checks' outcomes. Never the API key, the webhook secret, article text or any other value.
 * `pressbridge sandbox --profile <file>` replays a capture's shapes.
 */
import { z } from 'zod';
import { redact } from '../redact.js';
import type { Shape } from './shape.js';

export const CAPTURE_VERSION = 1;

/** The only response headers a capture keeps. */
export const CAPTURED_HEADERS = [
  'content-type',
  'date',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
] as const;

const ShapeSchema: z.ZodType<Shape> = z.lazy(() =>
  z.union([
    z.object({ type: z.literal('string'), form: z.string().optional() }),
    z.object({ type: z.enum(['number', 'boolean', 'null', 'any']) }),
    z.object({ type: z.literal('array'), of: ShapeSchema.optional() }),
    z.object({
      type: z.literal('object'),
      fields: z.record(z.string(), ShapeSchema),
      optional: z.array(z.string()).optional(),
    }),
    z.object({ type: z.literal('enum'), values: z.array(z.string()) }),
    z.object({ type: z.literal('nullable'), of: ShapeSchema }),
  ]),
) as z.ZodType<Shape>;

export const CapturedRequest = z.object({
  method: z.string(),
  /** Path relative to the service root, ids replaced: `/v1/deals/{id}/photos/{n}`. */
  path: z.string(),
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  /** The JSON body's shape; absent for non-JSON bodies (photos). */
  shape: ShapeSchema.optional(),
});
export type CapturedRequest = z.infer<typeof CapturedRequest>;

export const CapturedCheck = z.object({
  name: z.string(),
  outcome: z.enum(['held', 'differs', 'not checked']),
  detail: z.string(),
  differences: z.array(z.object({ path: z.string(), found: z.string(), expected: z.string() })),
});
export type CapturedCheck = z.infer<typeof CapturedCheck>;

export const Capture = z.object({
  captureVersion: z.literal(CAPTURE_VERSION),
  pressbridge: z.string(),
  capturedAt: z.string(),
  dates: z.object({
    /** e.g. `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DDTHH:MM:SS+HH:MM`; null when no date-time was seen. */
    form: z.string().nullable(),
    /** The zone the plain form was found in (`Europe/Prague`, `UTC`, …), null when it could not be told. */
    zone: z.string().nullable(),
  }),
  requests: z.array(CapturedRequest),
  checks: z.array(CapturedCheck),
});
export type Capture = z.infer<typeof Capture>;

/** `/v1/deals/1001/photos/2?x=1` → `/v1/deals/{id}/photos/{n}` (the query is dropped). */
export function templatePath(path: string): string {
  const bare = path.split('?')[0] ?? path;
  return bare.replace(/\/photos\/\d+(?=\/|$)/, '/photos/{n}').replace(/\/(\d+)(?=\/|$)/g, '/{id}');
}

export function pickHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of CAPTURED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

/**
 * The capture as text, after a last guard: should any secret given appear anywhere in it (it cannot, by
 * construction; this is the belt to those braces), it is replaced.
 */
export function serializeCapture(capture: Capture, secrets: ReadonlyArray<string | undefined>): string {
  return redact(`${JSON.stringify(capture, null, 2)}\n`, secrets);
}

export function parseCapture(text: string, source: string): Capture {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(
      `${source} is not JSON: expected a capture written by \`pressbridge doctor --live --save\``,
    );
  }
  const parsed = Capture.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${source} is not a pressbridge capture (${issue ? `${issue.path.join('.') || '(top)'}: ${issue.message}` : 'invalid'})`,
    );
  }
  return parsed.data;
}
