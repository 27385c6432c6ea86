/**
 * Step g, notifications: ntfy first (a new random topic proposed, the public server by default), Telegram, or
 * none. The channel's own rules (a topic's letters, a token's shape) are the config's schema's, checked by the
 * engine before a test message or the save (../actions.ts `notificationProblem`).
 */
import { z } from 'zod';
import { NTFY_DEFAULT_SERVER } from '../../notify/settings.js';
import { filled, setupRule, typed } from './read.js';

export const NotifyChoice = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('ntfy'),
      server: z.preprocess(typed, z.string().default(NTFY_DEFAULT_SERVER)),
      topic: filled('setup.rule.ntfy_topic'),
    }),
    z.object({
      type: z.literal('telegram'),
      botToken: filled('setup.rule.telegram'),
      chatId: filled('setup.rule.telegram'),
    }),
    z.object({ type: z.literal('none') }),
  ],
  { error: setupRule('setup.rule.channel') },
);
export type NotifyChoice = z.output<typeof NotifyChoice>;
/** A channel to write into the config. */
export type NotifyAnswer = Exclude<NotifyChoice, { type: 'none' }>;
