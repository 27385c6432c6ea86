/**
 * `doctor --live`: a fetch for the marketplace client that keeps each raw answer (status, headers, the JSON
 * body) before the client parses it, so a shape the client rejects can still be described; and that refuses
 * to send more requests than announced.
 */

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
      const contentType = response.headers.get('content-type') ?? '';
      let json: unknown;
      // Only JSON is copied; a photo's bytes go to the client alone (its content type is all a check needs).
      if (/json/i.test(contentType)) {
        try {
          json = JSON.parse(await response.clone().text());
        } catch {
          json = undefined;
        }
      }
      answers.push({
        method,
        path: apiPath(url),
        status: response.status,
        headers: response.headers,
        ...(json === undefined ? {} : { json }),
        receivedAt: Date.now(),
      });
      return response;
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
