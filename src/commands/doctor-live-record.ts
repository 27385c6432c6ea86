/**
 * `doctor --live`: a fetch for the marketplace client that keeps each raw answer (status, headers, the JSON
 * body) before the client parses it, so a shape the client rejects can still be described; and that refuses
 * to send more requests than announced.
 */
import { BODY_LIMITS, NULL_BODY_STATUSES } from '../http-body.js';

export interface RecordedAnswer {
  method: string;
  /** Path from `/v1` on, with the query. */
  path: string;
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body is not JSON (photos). */
  json?: unknown;
  /** This machine's clock when the answer arrived (epoch ms). */
  receivedAt: number;
}

export interface Recorder {
  readonly answers: RecordedAnswer[];
  /** Requests sent so far (answered or not). */
  readonly sent: number;
  fetch: typeof fetch;
  /** The last answer to a path starting with `prefix` (after `/v1`), if any. */
  last(method: string, path: string | RegExp): RecordedAnswer | undefined;
}

function apiPath(url: URL): string {
  const at = url.pathname.indexOf('/v1/');
  return `${at >= 0 ? url.pathname.slice(at) : url.pathname}${url.search}`;
}

/**
 * Passes the body on to the client unchanged while keeping a copy of its first `BODY_LIMITS.list` bytes, parsed
 * into `answer.json` once the client has read it all. The client reads within its own limits
 * (src/http-body.ts) and cancels what is over them, so the copy never costs more than one answer's limit; an
 * answer the client did not read to the end is recorded without its JSON.
 */
function copyJson(answer: RecordedAnswer): TransformStream<Uint8Array, Uint8Array> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return new TransformStream({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size <= BODY_LIMITS.list.bytes) chunks.push(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      if (size > BODY_LIMITS.list.bytes) return;
      try {
        answer.json = JSON.parse(new TextDecoder().decode(Buffer.concat(chunks, size)));
      } catch {
        // not JSON after all: recorded without it
      }
    },
  });
}

export function createRecorder(budget: number, base: typeof fetch = globalThis.fetch): Recorder {
  const answers: RecordedAnswer[] = [];
  let sent = 0;
  const recorder: Recorder = {
    answers,
    get sent() {
      return sent;
    },
    async fetch(input, init) {
      if (sent >= budget) throw new Error(`doctor --live: the budget of ${budget} requests is spent`);
      sent += 1;
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const response = await base(input, init);
      const answer: RecordedAnswer = {
        method,
        path: apiPath(url),
        status: response.status,
        headers: response.headers,
        receivedAt: Date.now(),
      };
      answers.push(answer);
      // Only JSON is copied; a photo's bytes go to the client alone (its content type is all a check needs).
      const json = /json/i.test(response.headers.get('content-type') ?? '');
      if (!json || !response.body || NULL_BODY_STATUSES.has(response.status)) return response;
      return new Response(response.body.pipeThrough(copyJson(answer)), {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    },
    last(method, path) {
      for (let i = answers.length - 1; i >= 0; i -= 1) {
        const a = answers[i];
        if (!a || a.method !== method) continue;
        const bare = a.path.split('?')[0] ?? a.path;
        if (typeof path === 'string' ? bare === path : path.test(bare)) return a;
      }
      return undefined;
    },
  };
  return recorder;
}
