/**
 * What an answer said, for messages: `403 rest_forbidden` (WordPress's error code) or `403 “Forbidden”` (the
 * start of a page, tags and control characters removed, cut short). Never the request's secrets: only what
 * the site answered, and at most 80 characters of it.
 */
import { BadJsonFailure, HttpFailure } from '../../../plugins/wordpress/failures.js';
import { WpErrorBody } from '../../../plugins/wordpress/wp-schema.js';
import { PublishError } from '../../errors.js';

/** The plain start of a page: its title when it has one, else its text. */
function pageText(body: string): string {
  const title = /<title[^>]*>([^<]{0,200})<\/title>/i.exec(body)?.[1];
  return (title ?? body.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' '))
    .replace(/<[^>]*>/g, ' ')
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
}

/** From a status and a body (JSON error or page). */
export function saidOf(status: number, body: string): string {
  let parsed: ReturnType<typeof WpErrorBody.safeParse> | undefined;
  try {
    parsed = WpErrorBody.safeParse(JSON.parse(body));
  } catch {
    parsed = undefined;
  }
  if (parsed?.success) return `${status} ${parsed.data.code.slice(0, 80)}`;
  const plain = pageText(body);
  return plain === '' ? String(status) : `${status} “${plain}”`;
}

/** From a failed request of the plugin's client. */
export function saidOfFailure(error: unknown): string {
  const cause = error instanceof PublishError ? error.cause : error;
  if (cause instanceof HttpFailure) {
    if (cause.body) return `${cause.status} ${cause.body.code.slice(0, 80)}`;
    const plain = pageText(cause.snippet);
    return plain === '' ? String(cause.status) : `${cause.status} “${plain}”`;
  }
  if (cause instanceof BadJsonFailure) return `${cause.status}, not JSON`;
  return error instanceof PublishError ? error.code : 'no answer';
}
