/**
 * A Telegram bot: `POST {apiBaseUrl}/bot<token>/sendMessage` with `{ chat_id, text, disable_web_page_preview }`
 * (https://core.telegram.org/bots/api#sendmessage). The token is part of the URL: it is one of the channel's
 * secrets, so no error quoting the URL shows it. The text is plain (no `parse_mode`): no markup is read, but
 * Telegram still turns `@username` into a mention that notifies a member of a group, so mentions are broken
 * by an invisible space (./chat-text.ts).
 */
import { AppError, type Phrase } from '../../errors.js';
import { sayFrom } from '../../i18n/catalog.js';
import { notifyMessages } from '../../i18n/messages/notify.js';
import type { TelegramChannel } from '../settings.js';
import { type Channel, type ChannelOptions, plainText, post } from './channel.js';
import { quietMentions } from './chat-text.js';

type Settings = ReturnType<typeof TelegramChannel.parse>;

/** Telegram's limit on a message's text. */
const MAX_TEXT = 4096;

export function telegramChannel(settings: Settings, options: ChannelOptions): Channel {
  const url = `${settings.apiBaseUrl.replace(/\/+$/, '')}/bot${settings.botToken}/sendMessage`;
  return {
    name: settings.name,
    type: 'telegram',
    secrets: [settings.botToken, url],
    async deliver(message, signal) {
      const answer = await post(
        url,
        {
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            chat_id: settings.chatId,
            text: quietMentions(plainText(message)).slice(0, MAX_TEXT),
            disable_web_page_preview: true,
          }),
        },
        signal,
        options,
      );
      // The Bot API answers `{ ok: true, result }`; anything else did not deliver.
      let ok = false;
      try {
        ok = (JSON.parse(answer) as { ok?: unknown }).ok === true;
      } catch {
        ok = false;
      }
      if (!ok) {
        const phrase: Phrase = {
          key: 'notify.channel.unconfirmed',
          params: { answer: answer.slice(0, 200) },
        };
        throw new AppError('channel_unconfirmed', sayFrom(notifyMessages, 'en', phrase), { phrase });
      }
    },
    close() {},
  };
}
