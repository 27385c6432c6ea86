/**
 * The one reader of a peer's HTTP body. Every answer pressbridge reads from something it did not write (the
 * marketplace, WordPress, GitHub, chat services, the blog's pages) is read here, within a byte limit fit for its
 * kind (BODY_LIMITS; docs/guarantees.md, "Bounded reads", says what the blogger sees).
 *
 * - `readBody` / `readBodyText`: the whole body, or a `ResponseTooLargeError` naming the limit. A declared
 *   `Content-Length` over the limit is refused before a byte is read; otherwise the bytes are counted as the
 *   stream yields them and the stream is cancelled the moment they pass the limit, so at most the limit is ever
 *   held. fetch decompresses gzip, deflate and brotli on the way, so what is counted is the decompressed size: a
 *   gzip bomb (10 MB on the wire, 10 GB inflated) stops at the limit.
 * - `readBodyHead` / `readBodyHeadText`: at most the first `maxBytes`, the rest cancelled, never an error for
 *   the size: for answers of which only the start is ever used (an error answer's message, a watched page).
 * - `bufferedFetch`: a fetch that reads each answer within its limit before handing it on, for a library that
 *   reads bodies itself and would read them whole (Octokit).
 *
 * Time is not bounded here: each caller's fetch carries an abort signal with its time limit, and fetch errors a
 * body still being read when that signal fires, so a trickling body ends at the caller's timeout.
 *
 * A leaf of src/ (it imports only the error hierarchy), so the plugin kit may hand it on to the plugins.
 */
import { ResponseTooLargeError, type Said } from './errors.js';

const KiB = 1024;
const MiB = 1024 * KiB;

/** A byte limit and, in words, the kind of answer it is for: messages say "the limit for a list". */
export interface BodyLimit {
  readonly bytes: number;
  readonly kind: string;
}

/**
 * The limits, by kind of answer. Each is far above what a well-formed answer of its kind needs and far below what
 * would hurt a small VPS (the daemon runs in about 170 MB).
 */
export const BODY_LIMITS = {
  /**
   * A marketplace list (deals, blogs, a thread's posts, payouts, webhook deliveries): a page of 200 deals is a
   * few hundred KB, a thread holds at most its newest 500 posts.
   */
  list: { bytes: 8 * MiB, kind: 'a list' },
  /** One marketplace object: a deal, the account, a hand-in's or the webhook's answer. */
  object: { bytes: 4 * MiB, kind: 'a single answer' },
  /**
   * A deal's text: the article's HTML inside JSON. Room for a text well above `render.limits.maxTextBytes`
   * (1 MiB) even when escaped, so that an oversized article is refused by the renderer, naming its own limit.
   */
  article: { bytes: 8 * MiB, kind: "a deal's text" },
  /** An error answer: only its code and its first few hundred characters are ever used. */
  error: { bytes: 64 * KiB, kind: 'an error answer' },
  /** A web page read to find something in it (a WordPress home page or XML-RPC answer in the setup). */
  page: { bytes: 1 * MiB, kind: 'a web page' },
  /** A notification service's answer (Telegram's echoes the message: up to 4096 characters, escaped). */
  channel: { bytes: 64 * KiB, kind: "a notification service's answer" },
  /** A publishing target's API (WordPress REST, GitHub): lists of categories, media, commits; one of our files. */
  publisher: { bytes: 8 * MiB, kind: "a publishing target's API answer" },
} as const satisfies Record<string, BodyLimit>;

/** `512 B`, `64 KiB`, `8 MiB`, `1.5 MiB`, `3.2 GiB`: a limit or a size in a message. */
export function describeBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `${bytes} B`;
  const [value, unit] =
    bytes >= 1024 ** 3
      ? [bytes / 1024 ** 3, 'GiB']
      : bytes >= MiB
        ? [bytes / MiB, 'MiB']
        : bytes >= KiB
          ? [bytes / KiB, 'KiB']
          : [bytes, 'B'];
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`;
}

/** The answer's `Content-Length` as a number; undefined when absent or unreadable. */
function declaredLength(response: Response): number | undefined {
  const value = response.headers.get('content-length')?.trim();
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

async function cancel(response: Response): Promise<void> {
  await response.body?.cancel().catch(() => {});
}

/**
 * At most the first `maxBytes` of the body; `truncated` when there was more, which was not read (the stream is
 * cancelled). Errors of the stream itself (an abort, a dropped connection) are thrown as they come.
 */
export async function readBodyHead(
  response: Response,
  maxBytes: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  if (!response.body) return { bytes: Buffer.alloc(0), truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks, size), truncated: false };
    const room = maxBytes - size;
    if (value.byteLength > room) {
      if (room > 0) chunks.push(value.subarray(0, room));
      await reader.cancel().catch(() => {});
      return { bytes: Buffer.concat(chunks, maxBytes), truncated: true };
    }
    chunks.push(value);
    size += value.byteLength;
  }
}

/** The first `maxBytes` of the body as UTF-8 text (a character cut at the end shows as U+FFFD). */
export async function readBodyHeadText(
  response: Response,
  maxBytes: number,
): Promise<{ text: string; truncated: boolean }> {
  const { bytes, truncated } = await readBodyHead(response, maxBytes);
  return { text: new TextDecoder().decode(bytes), truncated };
}

/**
 * The whole body, at most `limit.bytes`; over it a `ResponseTooLargeError` whose message names `what` (the
 * request, e.g. `GET /v1/deals`) and the limit.
 */
export async function readBody(response: Response, limit: BodyLimit, what: string): Promise<Buffer> {
  const size = describeBytes(limit.bytes);
  const facts = { what, limit: size, kind: bodyKind(limit.kind) };
  const declared = declaredLength(response);
  if (declared !== undefined && declared > limit.bytes) {
    await cancel(response);
    throw new ResponseTooLargeError(
      `the answer to ${what} declares ${describeBytes(declared)} (Content-Length), more than ${size} (the limit for ${limit.kind}); not read`,
      { limitBytes: limit.bytes, kind: limit.kind, declaredBytes: declared },
      { key: 'body.too_large.declared', params: { ...facts, declared: describeBytes(declared) } },
    );
  }
  const { bytes, truncated } = await readBodyHead(response, limit.bytes);
  if (truncated) {
    throw new ResponseTooLargeError(
      `the answer to ${what} is larger than ${size} (the limit for ${limit.kind}); read stopped`,
      { limitBytes: limit.bytes, kind: limit.kind },
      { key: 'body.too_large.read', params: facts },
    );
  }
  return bytes;
}

/**
 * What a byte limit was for ("a list"), as a phrase of the catalog (`body.kind.<name>`,
 * src/i18n/messages/publishers.ts) when it is one of BODY_LIMITS; else the words as they are.
 */
export function bodyKind(kind: string): Said {
  const name = Object.entries(BODY_LIMITS).find(([, limit]) => limit.kind === kind)?.[0];
  return name === undefined ? kind : { key: `body.kind.${name}` };
}

/** `readBody` as UTF-8 text (a byte-order mark is dropped, as fetch's `text()` does). */
export async function readBodyText(response: Response, limit: BodyLimit, what: string): Promise<string> {
  return new TextDecoder().decode(await readBody(response, limit, what));
}

/** The `ResponseTooLargeError` in an error's cause chain (libraries wrap what a fetch throws), if any. */
export function findTooLarge(error: unknown): ResponseTooLargeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof ResponseTooLargeError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Statuses whose answer has no body (a Response cannot be built with one). */
export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 103, 204, 205, 304]);

function pathOf(input: string | URL | Request): string {
  const raw = input instanceof Request ? input.url : String(input);
  try {
    return new URL(raw).pathname;
  } catch {
    return '(unreadable address)';
  }
}

/**
 * A fetch that reads each answer within a limit before handing it on, as a new Response over the bytes read:
 * for a library that reads bodies itself and would read them whole (Octokit). A body over `limit` is refused:
 * the fetch throws a `ResponseTooLargeError`. An error answer (4xx, 5xx) is cut to its first
 * `BODY_LIMITS.error` bytes, since only its message is used.
 */
export function bufferedFetch(base: typeof fetch, limit: BodyLimit): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const bytes =
      response.status >= 400
        ? (await readBodyHead(response, BODY_LIMITS.error.bytes)).bytes
        : await readBody(response, limit, `${method} ${pathOf(input)}`);
    // The bytes are already decoded: the wire's encoding and length no longer describe them.
    const headers = new Headers(response.headers);
    headers.delete('content-encoding');
    headers.delete('content-length');
    return new Response(new Uint8Array(bytes), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}
