/**
 * ntfy (https://docs.ntfy.sh/publish/): `POST {server}/{topic}` with the body as the message and the
 * `Title`, `Priority`, `Tags` and `Click` headers. Every header value is printable ASCII whatever the data, so
 * no title or link can make the request invalid and lose the delivery:
 * - the title is sent as RFC 2047 encoded words (`=?UTF-8?B?…?=`) unless it is plain ASCII; ntfy decodes them
 *   (server ≥ 2.4.0, every header parameter; an older server shows the encoded text, still delivered);
 * - `Click` is the link made valid (./link-url.ts: percent-encoded, CR/LF included), or left out when it cannot
 *   be: the body still names where to act.
 */
import { randomInt } from 'node:crypto';
import type { NtfyChannel } from '../settings.js';
import type { OutgoingMessage } from '../types.js';
import { type Channel, type ChannelOptions, post } from './channel.js';
import { linkUrl } from './link-url.js';

type Settings = ReturnType<typeof NtfyChannel.parse>;

/** RFC 2047 caps an encoded word at 75 characters: 45 bytes of UTF-8 make 60 of base64 plus 12 of frame. */
const WORD_BYTES = 45;

/**
 * Encoded words of at most `WORD_BYTES` bytes each, split between characters: a decoder (Go's `mime` in ntfy)
 * decodes every word on its own, so a character cut in two would come out as two replacement marks.
 */
function encodedWords(text: string): string {
  const words: string[] = [];
  let chunk = '';
  for (const char of text) {
    if (Buffer.byteLength(chunk + char, 'utf8') > WORD_BYTES) {
      words.push(chunk);
      chunk = '';
    }
    chunk += char;
  }
  if (chunk !== '') words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join(' ');
}

/**
 * A header value as printable ASCII: the text itself when it is that, else RFC 2047 encoded words. ASCII
 * holding `=?` is encoded too: ntfy would otherwise decode an encoded word the advertiser wrote into the title.
 */
export function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ').trim();
  if (/^[\x20-\x7e]*$/.test(oneLine) && !oneLine.includes('=?')) return oneLine;
  return encodedWords(oneLine);
}

function tagsOf(message: OutgoingMessage): string {
  if (message.kind === 'resolved') return 'white_check_mark';
  if (message.urgent) return 'rotating_light';
  return message.kind === 'problem' ? 'warning' : 'bell';
}

/** The request headers for one message (exported for the tests of their validity). */
export function ntfyHeaders(message: OutgoingMessage, token?: string): Record<string, string> {
  const click = message.url ? linkUrl(message.url) : undefined;
  return {
    'Content-Type': 'text/plain; charset=utf-8',
    Title: headerText(message.title),
    Priority: message.urgent ? 'high' : 'default',
    Tags: tagsOf(message),
    ...(click ? { Click: click } : {}),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
}

export function ntfyChannel(settings: Settings, options: ChannelOptions): Channel {
  const url = `${settings.server.replace(/\/+$/, '')}/${settings.topic}`;
  return {
    name: settings.name,
    type: 'ntfy',
    secrets: settings.token ? [settings.token] : [],
    async deliver(message, signal) {
      await post(url, { headers: ntfyHeaders(message, settings.token), body: message.body }, signal, options);
    },
    close() {},
  };
}

/** Lower case letters and digits without the look-alikes 0/o and 1/l (as the setup token): 32 signs, 5 bits each. */
const TOPIC_SIGNS = 'abcdefghijkmnpqrstuvwxyz23456789';

/**
 * A new topic nobody can guess: on a public server such as ntfy.sh whoever knows the topic reads it, so it is a
 * password. 16 random signs (80 bits) in groups of four, typable on a phone: `pressbridge-k7vq-…`.
 */
export function newNtfyTopic(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => TOPIC_SIGNS[randomInt(TOPIC_SIGNS.length)]).join(''),
  );
  return `pressbridge-${groups.join('-')}`;
}

/**
 * Where a phone subscribes to a topic: `app`, the Android app's own link (it opens the app and adds the topic;
 * `?secure=false` for a plain-http server), and `web`, the topic's page on the server, which any phone opens
 * (https://docs.ntfy.sh/subscribe/phone/#ntfy-links).
 */
export function ntfySubscribeLinks(server: string, topic: string): { app: string; web: string } {
  const base = new URL(server);
  const path = base.pathname.replace(/\/+$/, '');
  return {
    app: `ntfy://${base.host}${path}/${topic}${base.protocol === 'http:' ? '?secure=false' : ''}`,
    web: `${base.origin}${path}/${topic}`,
  };
}
