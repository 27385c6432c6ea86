/** The configured channels, built from `notify.channels`. */
import type { NotifyChannel } from '../settings.js';
import type { Channel, ChannelOptions } from './channel.js';
import { ntfyChannel } from './ntfy.js';
import { smtpChannel } from './smtp.js';
import { telegramChannel } from './telegram.js';
import { webhookChannel } from './webhook.js';

export type { Channel, ChannelOptions } from './channel.js';

export function createChannel(settings: NotifyChannel, options: ChannelOptions): Channel {
  switch (settings.type) {
    case 'smtp':
      return smtpChannel(settings, options);
    case 'ntfy':
      return ntfyChannel(settings, options);
    case 'telegram':
      return telegramChannel(settings, options);
    case 'webhook':
      return webhookChannel(settings, options);
  }
}
