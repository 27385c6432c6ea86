/**
 * ntfy (https://docs.ntfy.sh/publish/): `POST {server}/{topic}` with the body as the message and the
 * `Title`, `Priority`, `Tags` and `Click` headers. Header values are ASCII on the wire, so a Czech title is
 * sent as an RFC 2047 encoded word (`=?UTF-8?B?…?=`), which ntfy decodes.
 */
import type { NtfyChannel } from '../settings.js';
import type { OutgoingMessage } from '../types.js';
import { type Channel, type ChannelOptions, post } from './channel.js';

type Settings = ReturnType<typeof NtfyChannel.parse>;

/** A header value as ASCII: itself when it is, else an RFC 2047 encoded word. */
export function headerText(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  if (/^[\x20-\x7e]*$/.test(oneLine)) return oneLine;
  return `=?UTF-8?B?${Buffer.from(oneLine, 'utf8').toString('base64')}?=`;
}

function tagsOf(message: OutgoingMessage): string {
  if (message.kind === 'resolved') return 'white_check_mark';
  if (message.urgent) return 'rotating_light';
  return message.kind === 'problem' ? 'warning' : 'bell';
}

export function ntfyChannel(settings: Settings, options: ChannelOptions): Channel {
  const url = `${settings.server.replace(/\/+$/, '')}/${settings.topic}`;
  return {
    name: settings.name,
    type: 'ntfy',
    secrets: settings.token ? [settings.token] : [],
    async deliver(message, signal) {
      await post(
        url,
        {
          headers: {
            'Content-Type': 'text/plain; charset=utf-8',
            Title: headerText(message.title),
            Priority: message.urgent ? 'high' : 'default',
            Tags: tagsOf(message),
            ...(message.url ? { Click: message.url } : {}),
            ...(settings.token ? { Authorization: `Bearer ${settings.token}` } : {}),
          },
          body: message.body,
        },
        signal,
        options,
      );
    },
    close() {},
  };
}
