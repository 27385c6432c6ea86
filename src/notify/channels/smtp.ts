/** E-mail over SMTP (nodemailer): the title as the subject, the body and the link as plain UTF-8 text. */
import nodemailer from 'nodemailer';
import { AppError, type Phrase } from '../../errors.js';
import { sayFrom } from '../../i18n/catalog.js';
import { notifyMessages } from '../../i18n/messages/notify.js';
import type { SmtpChannel } from '../settings.js';
import { type Channel, type ChannelOptions, plainText } from './channel.js';

type Settings = ReturnType<typeof SmtpChannel.parse>;

export function smtpChannel(settings: Settings, options: ChannelOptions): Channel {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port ?? (settings.secure ? 465 : 587),
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs * 2,
    // One connection per message: a notification is rare, a pool would hold a socket open for nothing.
    pool: false,
  });
  return {
    name: settings.name,
    type: 'smtp',
    secrets: [
      settings.password,
      settings.user && settings.password ? `${settings.user}:${settings.password}` : undefined,
    ].filter((s): s is string => typeof s === 'string' && s.length > 0),
    async deliver(message, signal) {
      if (signal.aborted) {
        const phrase: Phrase = { key: 'notify.channel.stopped' };
        throw new AppError('channel_stopped', sayFrom(notifyMessages, 'en', phrase), { phrase });
      }
      const text = plainText(message).split('\n').slice(1).join('\n').trim();
      await transport.sendMail({
        from: settings.from,
        to: settings.to,
        subject: message.title,
        text,
        headers: { 'X-Pressbridge-Topic': message.topic },
      });
    },
    close() {
      transport.close();
    },
  };
}
