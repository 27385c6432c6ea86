/**
 * A JSON webhook. `format` says who reads it (settings: `generic` by default): Slack's and Mattermost's
 * incoming webhooks read `text`, Discord's `content`; a generic body carries both, each escaped for its
 * reader (./chat-text.ts), so it is safe whichever of them receives it. Every body also carries the
 * structured fields, unescaped, for a receiver of the blogger's own. The URL (Slack's and Discord's hold
 * their token) and the header values are the channel's secrets.
 */
import type { WebhookChannel } from '../settings.js';
import type { OutgoingMessage } from '../types.js';
import { type Channel, type ChannelOptions, post } from './channel.js';
import { chatText } from './chat-text.js';

type Settings = ReturnType<typeof WebhookChannel.parse>;
export type WebhookFormat = Settings['format'];

/** The fields every format carries, as they are: for a receiver that renders them itself. */
function structured(message: OutgoingMessage): Record<string, unknown> {
  return {
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

/** Discord: no mention in `content` pings anyone, whatever it says (https://discord.com/developers/docs/resources/message#allowed-mentions-object). */
const DISCORD_FIELDS = { allowed_mentions: { parse: [] } };
/** Slack: no preview fetched from a page the advertiser named (as Telegram's `disable_web_page_preview`). */
const SLACK_FIELDS = { unfurl_links: false, unfurl_media: false };

/** The JSON a webhook channel posts. */
export function webhookBody(
  message: OutgoingMessage,
  format: WebhookFormat = 'generic',
): Record<string, unknown> {
  switch (format) {
    case 'slack':
      return { text: chatText(message, 'slack'), ...SLACK_FIELDS, ...structured(message) };
    case 'mattermost':
      return { text: chatText(message, 'mattermost'), ...structured(message) };
    case 'discord':
      return { content: chatText(message, 'discord'), ...DISCORD_FIELDS, ...structured(message) };
    case 'generic':
      return {
        text: chatText(message, 'slack'),
        content: chatText(message, 'discord'),
        ...DISCORD_FIELDS,
        ...SLACK_FIELDS,
        ...structured(message),
      };
  }
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
          body: JSON.stringify(webhookBody(message, settings.format)),
        },
        signal,
        options,
      );
    },
    close() {},
  };
}
