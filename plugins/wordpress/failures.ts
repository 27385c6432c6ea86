/**
 * What a request to WordPress can end with before it is classified (errors.ts): an answer that is not a 2xx,
 * no answer at all, or a 2xx that is not JSON. Thrown by the fetch handler (api-fetch.ts).
 */
import { BODY_LIMITS, readBodyHeadText } from '../../src/publisher/kit/index.js';
import { WpErrorBody } from './wp-schema.js';

/** WordPress answered, but not with a 2xx (thrown by the fetch handler, read once). */
export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
  constructor(
    readonly status: number,
    readonly headers: Headers,
    /** The REST error body (`{ code, message, data }`), when the answer was one. */
    readonly body: WpErrorBody | undefined,
    /** The start of the answer when it was not a REST error (an HTML error page, a proxy's text). */
    readonly snippet: string,
  ) {
    super(`HTTP ${status}${body ? ` ${body.code}` : ''}`);
  }

  static async read(response: Response): Promise<HttpFailure> {
    let text = '';
    try {
      // Only the REST error's code and message and the start of a page are ever used.
      text = (await readBodyHeadText(response, BODY_LIMITS.error.bytes)).text;
    } catch {
      // the status is what matters; a body cut short does not change the classification
    }
    let body: WpErrorBody | undefined;
    try {
      const parsed = WpErrorBody.safeParse(JSON.parse(text));
      if (parsed.success) body = parsed.data;
    } catch {
      // not JSON: an HTML error page, a proxy's answer
    }
    return new HttpFailure(response.status, response.headers, body, text.slice(0, 500));
  }
}

/** No answer arrived: the connection failed, or the request was aborted or timed out. */
export class TransportFailure extends Error {
  override readonly name = 'TransportFailure';
  constructor(cause: unknown) {
    super('request failed', { cause });
  }
}

/** A 2xx answer whose body is not JSON (a plugin or a PHP warning printing into REST answers, a cache page). */
export class BadJsonFailure extends Error {
  override readonly name = 'BadJsonFailure';
  constructor(
    readonly status: number,
    readonly snippet: string,
  ) {
    super(`HTTP ${status} answer is not JSON`);
  }
}
