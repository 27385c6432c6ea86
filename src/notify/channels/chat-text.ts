/**
 * A message as chat text that carries no live markup from outside (issue 19). Title and body quote what the
 * advertiser and the marketplace wrote (a message's first line, a claim, service names, an error), so every
 * character a chat reads as markup is made inert, by each target's own rules:
 * - Slack (https://api.slack.com/reference/surfaces/formatting#escaping): `&`, `<`, `>` as `&amp;`, `&lt;`,
 *   `&gt;`, so `<!channel>`, `<@U123>` and `<url|label>` are plain text;
 * - Mattermost reads the same `text` (its Slack compatibility turns `<!channel>` into `@channel`, stopped by the
 *   escaping above) as Markdown: a zero-width space after every `]` breaks `[label](url)`, `![](image)` and
 *   reference definitions, and shows nothing in Slack;
 * - Discord (`content`, Markdown, which honours a backslash before any punctuation): a backslash before the
 *   brackets of masked links `[label](url)`, the `<` `>` of mentions and links (`<@…>`, `<#…>`, `<t:…>`,
 *   `<url>`), the characters of emphasis, code and spoilers, and line-start headings, quotes and lists;
 * - everywhere, a zero-width space after `@` when a name follows: `@channel`, `@here`, `@all`, `@everyone` and
 *   `@user` ping nobody (Mattermost links them in plain text; Discord also gets `allowed_mentions: []`).
 * URLs in the text (ours: the status page, the deal's `web_url`; and any other) become the target's bare link
 * `<url>` after ./link-url.ts made them safe, so they stay clickable and every link shows where it goes.
 */
import type { OutgoingMessage } from '../types.js';
import { linkUrl } from './link-url.js';

/** `slack` is also the generic webhook's `text` (Slack's rules; Mattermost reads them too). */
export type ChatFlavour = 'slack' | 'mattermost' | 'discord';

/** Discord refuses `content` longer than this. */
export const DISCORD_MAX = 2000;

/** Invisible; breaks a mention or a Markdown link without changing what the reader sees. */
const ZWSP = '\u200b';

/** A URL candidate in text: it ends where a chat language would end it. Trailing punctuation is left as text. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"'`|\\[\](){}\p{Cc}\p{Cf}]+/giu;
const TRAILING = /[.,:;!?*_~]+$/;

const MENTION = /@(?=[\p{L}\p{N}._-])/gu;

/** `@name` as text that pings nobody (Telegram too notifies a group member its plain text names). */
export function quietMentions(text: string): string {
  return text.replace(MENTION, `@${ZWSP}`);
}

function escapeSlack(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/]/g, `]${ZWSP}`)
    .replace(MENTION, `@${ZWSP}`);
}

function escapeDiscord(text: string): string {
  return text
    .replace(/[\\*_~`|<>[\]]/g, '\\$&')
    .replace(/^([ \t]*)([#>+-])/gm, '$1\\$2')
    .replace(MENTION, `@${ZWSP}`);
}

function escapeText(text: string, flavour: ChatFlavour): string {
  return flavour === 'discord' ? escapeDiscord(text) : escapeSlack(text);
}

/** A safe URL as the flavour's bare link; Slack reads `&` inside a link as the start of an entity too. */
function link(href: string, flavour: ChatFlavour): string {
  return flavour === 'slack' ? `<${href.replace(/&/g, '&amp;')}>` : `<${href}>`;
}

/** The text with its URLs as links and everything else escaped. */
export function chatMarkup(text: string, flavour: ChatFlavour): string {
  let out = '';
  let from = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const candidate = match[0].replace(TRAILING, '');
    const href = linkUrl(candidate);
    if (!href) continue;
    out += escapeText(text.slice(from, match.index), flavour) + link(href, flavour);
    from = match.index + candidate.length;
  }
  return out + escapeText(text.slice(from), flavour);
}

/** Cuts escaped text to `max` characters without leaving a lone escaping backslash or half a character. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  let slashes = 0;
  while (end - slashes > 0 && text[end - slashes - 1] === '\\') slashes += 1;
  if (slashes % 2 === 1) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Title, body and the message's link, as the flavour's chat text. */
export function chatText(message: OutgoingMessage, flavour: ChatFlavour): string {
  const head = chatMarkup(`${message.title}\n\n${message.body}`.trim(), flavour);
  const href = message.url ? linkUrl(message.url) : undefined;
  const tail = href
    ? `\n\n${link(href, flavour)}`
    : message.url
      ? `\n\n${escapeText(message.url, flavour)}`
      : '';
  if (flavour !== 'discord') return head + tail;
  // The link is where to act: Discord's limit cuts the quoted text, never the link.
  return cut(head, DISCORD_MAX - tail.length) + tail;
}
