/**
 * How pressbridge recognises, in WordPress itself, what an earlier attempt for the same deal stored: the basis
 * of exactly-once publishing when the daemon's own record is gone.
 *
 * - Media: the attachment slug `pressbridge-deal-<dealId>-photo-<n>`, sent with the upload itself (so a
 *   stored file always carries it) and looked up exactly with `GET /wp/v2/media?slug=…` (one request for all).
 * - Posts: an extra attribute on the first block, `<!-- wp:paragraph {"pressbridgeRef":"pressbridge:deal:123"} -->`,
 *   sent with the post itself, found with `?search=pressbridge:deal:123` (WordPress searches the raw content)
 *   and confirmed exactly against `content.raw`. The block editor ignores attributes a block does not declare
 *   (the post opens without warnings) and WordPress renders none of it, so nothing shows on the public page.
 *   Saving the post in the editor drops the attribute; the post id recorded in the deal record still finds it.
 */
import { serializeBlockAttributes } from './blocks.js';

/** The block attribute that carries the marker. */
export const MARKER_ATTRIBUTE = 'pressbridgeRef';

/** The marker of the published article of a deal. */
export function postMarker(dealId: number): string {
  return `pressbridge:deal:${dealId}`;
}

/** The marker of the brief draft of a deal (`bloggerPublished: draft`). */
export function briefMarker(dealId: number): string {
  return `pressbridge:brief:${dealId}`;
}

/** The attachment slug of photo `n` of a deal. */
export function mediaSlug(dealId: number, n: number): string {
  return `pressbridge-deal-${dealId}-photo-${n}`;
}

/** `<!-- wp:name -->`, `<!-- wp:name {"a":1} -->` or the void `<!-- wp:name {"a":1} /-->`, alone on its line. */
const OPENER = /^<!-- wp:([a-z][a-z0-9_-]*(?:\/[a-z][a-z0-9_-]*)?) (?:(\{.*\}) )?(\/)?-->$/;

/**
 * Block markup with the marker added to the attributes of its first block. Markup that does not start with a
 * block (empty, or freeform HTML) gets an empty paragraph block in front to carry it.
 */
export function withMarker(markup: string, marker: string): string {
  const lineEnd = markup.indexOf('\n');
  const firstLine = lineEnd === -1 ? markup : markup.slice(0, lineEnd);
  const match = OPENER.exec(firstLine);
  if (match) {
    const [, name, json, selfClosing] = match;
    const attributes = json === undefined ? {} : parseAttributes(json);
    if (attributes !== undefined) {
      attributes[MARKER_ATTRIBUTE] = marker;
      const opener = `<!-- wp:${name} ${serializeBlockAttributes(attributes)} ${selfClosing ?? ''}-->`;
      return `${opener}${markup.slice(firstLine.length)}`;
    }
  }
  const carrier = `<!-- wp:paragraph ${serializeBlockAttributes({ [MARKER_ATTRIBUTE]: marker })} -->\n<p></p>\n<!-- /wp:paragraph -->`;
  return markup.trim() === '' ? carrier : `${carrier}\n\n${markup}`;
}

function parseAttributes(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Whether raw post content carries exactly this marker (`pressbridge:deal:12` is not `…:123`). */
export function hasMarker(rawContent: string, marker: string): boolean {
  return rawContent.includes(`"${MARKER_ATTRIBUTE}":"${marker}"`);
}
