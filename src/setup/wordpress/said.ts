/**
 * What an answer said, for messages: its status, and WordPress's error code when the body is WordPress's JSON
 * error and the code looks like one (`403 rest_forbidden`). Never any text of the answer besides that code: the
 * address may be anyone's (typed, or the marketplace's `blog.url`), and a page's title or text could be an
 * internal service's secrets; a firewall's page is named by its status and the check's own words.
 */
import { BadJsonFailure, HttpFailure } from '../../../plugins/wordpress/failures.js';
import { WpErrorBody } from '../../../plugins/wordpress/wp-schema.js';
import { PublishError } from '../../errors.js';

/** WordPress's error codes are short snake_case words (`rest_forbidden`, `incorrect_password`). */
const WP_CODE = /^[a-z][a-z0-9_]{1,59}$/;

function withCode(status: number, code: string | undefined): string {
  return code !== undefined && WP_CODE.test(code) ? `${status} ${code}` : String(status);
}

/** From a status and a body (JSON error or page). */
export function saidOf(status: number, body: string): string {
  let code: string | undefined;
  try {
    const parsed = WpErrorBody.safeParse(JSON.parse(body));
    if (parsed.success) code = parsed.data.code;
  } catch {
    code = undefined;
  }
  return withCode(status, code);
}

/** From a failed request of the plugin's client. */
export function saidOfFailure(error: unknown): string {
  const cause = error instanceof PublishError ? error.cause : error;
  if (cause instanceof HttpFailure) return withCode(cause.status, cause.body?.code);
  if (cause instanceof BadJsonFailure) return `${cause.status}, not JSON`;
  return error instanceof PublishError ? error.code : 'no answer';
}
