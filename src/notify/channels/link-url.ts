/**
 * A URL as a channel may embed it: inside a chat link (`<url>` in Slack, Mattermost and Discord) or as an HTTP
 * header value (ntfy's `Click`). The result is an absolute http(s) URL of printable ASCII only, holding none of
 * the characters that end or split a link in those languages, so a hostile URL can neither break out of the
 * link, nor add a label, nor make a header invalid (which would lose the whole delivery). A URL that cannot be
 * made so is `undefined`: the caller leaves it out or shows it as escaped text.
 */

/** Longer URLs are not linked (nor sent as a header): no link of ours is anywhere near, proxies cap headers. */
export const MAX_LINK_URL = 2048;

/**
 * Controls (CR/LF included) are percent-encoded before parsing: the WHATWG parser would silently drop tabs and
 * newlines and join the parts around them into another URL.
 */
const CONTROLS = /\p{Cc}/gu;

/**
 * After parsing, what the WHATWG serialiser leaves raw in the path, query or fragment but a chat language
 * reads: `|` (Slack's label separator), brackets and parentheses (Markdown links), backslash (escapes), quotes.
 */
const LINK_BREAKERS = /[|[\]()\\'"`<>^{}]/g;

function percent(char: string): string {
  return [...Buffer.from(char, 'utf8')]
    .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('');
}

export function linkUrl(raw: string): string | undefined {
  const trimmed = raw.trim();
  if (trimmed === '' || trimmed.length > MAX_LINK_URL) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed.replace(CONTROLS, percent));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  // `https://127.0.0.1:8081@evil.test/` reads as the blogger's own address and goes elsewhere: never a link.
  if (url.username !== '' || url.password !== '') return undefined;
  // The host is already ASCII (IDNA); everything after it may still hold a breaker.
  const rest = `${url.pathname}${url.search}${url.hash}`.replace(LINK_BREAKERS, percent);
  const href = `${url.origin}${rest}`;
  return href.length <= MAX_LINK_URL && /^[\x21-\x7e]+$/.test(href) ? href : undefined;
}
