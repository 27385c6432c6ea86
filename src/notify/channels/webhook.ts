/**
 * A generic JSON webhook. The body works as it is for Slack and Mattermost incoming webhooks (`text`) and
 * Discord's (`content`), and carries the structured fields for anything else. The URL (Slack's and Discord's
 * hold their token) and the header values are the channel's secrets.
 */
import type { WebhookChannel } from '../settings.js';
import type { OutgoingMessage } from '../types.js';
import { type Channel, type ChannelOptions, plainText, post } from './channel.js';

type Settings = ReturnType<typeof WebhookChannel.parse>;

/** Discord refuses `content` longer than this. */
const DISCORD_MAX = 2000;

/** The JSON a webhook channel posts. */
export function webhookBody(message: OutgoingMessage): Record<string, unknown> {
  const text = plainText(message);
  return {
    text,
    content: text.length > DISCORD_MAX ? `${text.slice(0, DISCORD_MAX - 1)}…` : text,
    id: message.id,
    topic: message.topic,
    kind: message.kind,
    title: message.title,
    body: message.body,
    url: message.url ?? null,
    dealId: message.dealId ?? null,
    blogId: message.blogId ?? null,
    urgent: message.urgent,
    createdAt: message.createdAt,
  };
}

export function webhookChannel(settings: Settings, options: ChannelOptions): Channel {
  const headers = settings.headers ?? {};
  const url = new URL(settings.url);
  return {
    name: settings.name,
    type: 'webhook',
    secrets: [
      settings.url,
      ...Object.values(headers),
      ...[...url.searchParams.values()].filter((v) => v.length >= 8),
      // Token-like parts of the path (Slack's `/services/T…/B…/<token>`, Discord's `/webhooks/<id>/<token>`).
      ...url.pathname.split('/').filter((part) => part.length >= 16),
    ],
    async deliver(message, signal) {
      await post(
        settings.url,
        {
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'pressbridge', ...headers },
          body: JSON.stringify(webhookBody(message)),
        },
        signal,
        options,
      );
    },
    close() {},
  };
}
