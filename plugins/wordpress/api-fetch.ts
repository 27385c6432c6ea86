/**
 * `@wordpress/api-fetch`, and the one process-wide set-up it needs. Confined here: nothing else in the plugin
 * imports api-fetch, sets its handler or knows how a per-call fetch rides along.
 *
 * api-fetch's middlewares and fetch handler are global to the module (one root URL and one credential per
 * process), and pressbridge publishes to several blogs from one process. So no per-site middleware is ever
 * registered: every call carries its full URL and its own `Authorization` header, and one fetch handler, set
 * once, does the HTTP. That handler also keeps what api-fetch's default one loses on Node: the real cause of a
 * failed connection (ECONNREFUSED instead of "Cannot read properties of undefined (reading 'onLine')"), the
 * status of a non-JSON error page, and the headers of every error answer (X-WP-Upload-Attachment-ID). Answers
 * are read within the kit's limit for a publishing target's API; an error answer's first 64 KiB.
 */
import apiFetchModule, { type APIFetchOptions, type ApiFetch } from '@wordpress/api-fetch';
import { ResponseTooLargeError } from '../../src/errors.js';
import { BODY_LIMITS, readBodyText } from '../../src/publisher/kit/index.js';
import { BadJsonFailure, HttpFailure, TransportFailure } from './failures.js';

/**
 * api-fetch's types describe a CommonJS module (`module.exports.default`), while Node loads its ES module
 * (the function is the default export): take whichever holds the function.
 */
function resolveApiFetch(module: unknown): ApiFetch {
  if (typeof module === 'function') return module as ApiFetch;
  const inner = (module as { default?: unknown } | null)?.default;
  if (typeof inner === 'function') return inner as ApiFetch;
  throw new Error('@wordpress/api-fetch did not load as expected (no default export function)');
}

const apiFetch = resolveApiFetch(apiFetchModule);

/** A per-call fetch (tests may inject one); rides along the api-fetch options under a key no middleware knows. */
const FETCH = Symbol.for('pressbridge.wordpress.fetch');

type HandlerOptions<Parse extends boolean = boolean> = APIFetchOptions<Parse> & { [FETCH]?: typeof fetch };

/**
 * The fetch handler api-fetch uses in this process: like its default one (Accept header, `data` as JSON,
 * `parse`), but errors are classifiable: `HttpFailure` (status, headers, body) for a non-2xx answer,
 * `TransportFailure` (with the real cause) when no answer came, `BadJsonFailure` for a 2xx that is not JSON,
 * `ResponseTooLargeError` for a 2xx over `BODY_LIMITS.publisher`.
 */
export async function wordPressFetchHandler(options: APIFetchOptions): Promise<unknown> {
  const {
    url,
    path,
    data,
    parse = true,
    headers: given,
    body: givenBody,
    namespace: _namespace,
    endpoint: _endpoint,
    ...init
  } = options as HandlerOptions;
  const fetchImpl = (options as HandlerOptions)[FETCH] ?? globalThis.fetch;
  delete (init as HandlerOptions)[FETCH];
  const headers: Record<string, string> = { Accept: 'application/json, */*;q=0.1', ...given };
  let body = givenBody;
  if (data !== undefined) {
    body = JSON.stringify(data);
    headers['Content-Type'] = 'application/json';
  }
  const target = url ?? path;
  if (target === undefined) throw new TransportFailure(new Error('no URL given'));

  let response: Response;
  try {
    response = await fetchImpl(target, { ...init, headers, body: body ?? null });
  } catch (error) {
    throw new TransportFailure(error);
  }
  if (!response.ok) throw await HttpFailure.read(response);
  if (!parse) return response;
  if (response.status === 204) return null;
  let text: string;
  try {
    text = await readBodyText(response, BODY_LIMITS.publisher, `${init.method ?? 'GET'} ${target}`);
  } catch (error) {
    // Over the limit: thrown as it is (errors.ts names the limit); else the body broke off.
    if (error instanceof ResponseTooLargeError) throw error;
    throw new TransportFailure(error);
  }
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new BadJsonFailure(response.status, text.slice(0, 500));
  }
}

let handlerInstalled = false;

/** Sets the fetch handler once per process (api-fetch keeps one for the whole module). */
function installFetchHandler(): void {
  if (handlerInstalled) return;
  apiFetch.setFetchHandler(wordPressFetchHandler);
  handlerInstalled = true;
}

/** The options of one call: api-fetch's own, without the per-call fetch (passed beside them). */
export type WordPressCall = APIFetchOptions<true>;

/** One call through api-fetch, with this process's handler; `fetchImpl` (tests inject one) replaces fetch. */
export function callApiFetch(call: WordPressCall, fetchImpl?: typeof fetch): Promise<unknown> {
  installFetchHandler();
  const options: HandlerOptions<true> = { ...call };
  if (fetchImpl) options[FETCH] = fetchImpl;
  return apiFetch<unknown>(options);
}
