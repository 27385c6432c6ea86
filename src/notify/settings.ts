import { z } from 'zod';
import { ruleText } from '../config/rules.js';
import { isKnownTimeZone } from '../marketplace/date-time.js';
import { NotifyEventSettings } from './event-settings.js';
import { EVENT_TOPICS, PROBLEM_TOPICS } from './types.js';

/**
 * `notify:` in the config: the channels the blogger reads, quiet hours and the rate limit (delivery, issue 15),
 * and `events` (when the notification sources raise what; src/notify/event-settings.ts).
 *
 * Secret fields (`password`, `botToken`, `token`, a webhook's `url` and `headers`) may be written as
 * `{ env: NAME }` or `{ file: PATH }` like every secret of the config (src/config/load.ts resolves them).
 */

const secret = z.string().min(1, ruleText('rule.not_empty'));
const httpUrl = z.url({ protocol: /^https?$/, error: ruleText('rule.http_url') });
/** An HTTP header name (RFC 9110 token). */
const headerName = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, ruleText('config.rule.header_name'));
/** A header value: one line of Latin-1 (what HTTP and fetch accept). */
const headerValue = z
  .string()
  .trim()
  .regex(/^[\t\x20-\x7e\u00a0-\u00ff]*$/, ruleText('config.rule.one_line'));
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, ruleText('config.rule.clock_time'));

export const QuietHours = z
  .object({
    from: clockTime.describe('Local time quiet hours begin, e.g. `22:00`.'),
    to: clockTime.describe('Local time they end, e.g. `07:00` (before `from`: they span midnight).'),
    timeZone: z
      .string()
      .refine(isKnownTimeZone, { error: ruleText('rule.time_zone') })
      .optional()
      .describe('The IANA zone of `from` and `to` (default: `ui.timeZone`).'),
  })
  .strict();
export type QuietHours = z.infer<typeof QuietHours>;

const TOPICS = [...PROBLEM_TOPICS, ...EVENT_TOPICS] as const;

/** Messages an hour a channel takes of one kind (the blogger's own, or the advertiser's). */
const HourlyBudget = z.number().int().min(1).max(10_000).default(20);

/** What every channel has besides its type's options. */
const common = {
  name: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,40}$/, ruleText('config.rule.channel_name'))
    .describe('Unique; `pressbridge notify test <name>` and the status page use it.'),
  blogs: z
    .array(z.number().int().positive())
    .min(1)
    .optional()
    .describe(
      'Only messages about these blogs (plus those about no blog, e.g. the marketplace unreachable).',
    ),
  topics: z.array(z.enum(TOPICS)).min(1).optional().describe('Only these topics (default: all).'),
  maxPerHour: HourlyBudget.describe(
    "At most this many of pressbridge's own messages an hour on this channel (problems, their follow-ups, the digest, …); the rest are counted and summed up later. Deadline alerts always pass.",
  ),
  maxOutsidePerHour: HourlyBudget.describe(
    "The advertiser's claims and messages have their own budget an hour on this channel: however many arrive, they never push a problem of the blogger's own out of `maxPerHour`.",
  ),
  quietHours: z
    .union([QuietHours, z.literal(false)])
    .optional()
    .describe(
      "This channel's own quiet hours (instead of `notify.quietHours`); `false`: none for this channel.",
    ),
};

export const SmtpChannel = z
  .object({
    ...common,
    type: z.literal('smtp'),
    host: z.string().min(1).describe('The SMTP server.'),
    port: z
      .number()
      .int()
      .min(1)
      .max(65535)
      .optional()
      .describe('Default 587 (STARTTLS when offered), 465 with `secure: true`.'),
    secure: z
      .boolean()
      .default(false)
      .describe('TLS from the first byte (port 465); otherwise STARTTLS when the server offers it.'),
    user: z.string().min(1).optional().describe('The login, when the server asks for one.'),
    password: secret.optional().describe('The login password (a secret).'),
    from: z.string().min(3).describe('The sender, e.g. `"pressbridge <jana@seznam.cz>"`.'),
    to: z.union([z.string().min(3), z.array(z.string().min(3)).min(1)]).describe('One address or a list.'),
  })
  .strict();

/** The public ntfy server, the default of a channel and of the setup's notifications step. */
export const NTFY_DEFAULT_SERVER = 'https://ntfy.sh';

export const NtfyChannel = z
  .object({
    ...common,
    type: z.literal('ntfy'),
    server: httpUrl.default(NTFY_DEFAULT_SERVER).describe('The ntfy server.'),
    topic: z
      .string()
      .regex(/^[-_A-Za-z0-9]{1,64}$/, ruleText('config.rule.ntfy_topic'))
      .describe('The topic (on a public server it is effectively a password).'),
    token: secret
      .regex(/^[\x21-\x7e]+$/, ruleText('config.rule.ntfy_token'))
      .optional()
      .describe(
        'An access token for a protected topic (sent as `Authorization: Bearer …`, so printable ASCII).',
      ),
  })
  .strict();

export const TelegramChannel = z
  .object({
    ...common,
    type: z.literal('telegram'),
    botToken: secret.describe('The bot token from @BotFather (a secret).'),
    chatId: z
      .union([z.number().int(), z.string().min(1)])
      .describe('The chat (user, group or channel) the bot writes to: a number or `@channelname`.'),
    apiBaseUrl: httpUrl.default('https://api.telegram.org').describe('The Bot API server.'),
  })
  .strict();

export const WebhookChannel = z
  .object({
    ...common,
    type: z.literal('webhook'),
    url: httpUrl.describe(
      'The receiver; Slack/Discord/Mattermost incoming-webhook URLs work as they are. Treated as a secret.',
    ),
    format: z
      .enum(['generic', 'slack', 'mattermost', 'discord'])
      .default('generic')
      .describe(
        'Who reads the body: `slack` or `mattermost` (`text`), `discord` (`content` with `allowed_mentions`), or `generic` (both, each escaped for its reader, plus the structured fields); see src/notify/channels/webhook.ts.',
      ),
    headers: z
      .record(headerName, headerValue)
      .optional()
      .describe(
        'Extra request headers (e.g. `Authorization`); their values are treated as secrets. Checked here: an invalid header would fail every delivery.',
      ),
  })
  .strict();

export const NotifyChannel = z.discriminatedUnion('type', [
  SmtpChannel,
  NtfyChannel,
  TelegramChannel,
  WebhookChannel,
]);
export type NotifyChannel = z.infer<typeof NotifyChannel>;
export type NotifyChannelType = NotifyChannel['type'];

export const NotifySettings = z
  .object({
    channels: z
      .array(NotifyChannel)
      .default([])
      .refine((list) => new Set(list.map((c) => c.name)).size === list.length, {
        error: ruleText('config.rule.channel_names_unique'),
      })
      .describe('Where notifications go; none: nothing is sent (the status page says so).'),
    quietHours: QuietHours.optional().describe(
      'Non-urgent messages wait until these end; deadline alerts always go out.',
    ),
    events: NotifyEventSettings.prefault({}).describe(
      'When each event is raised (thresholds, digest hour): src/notify/event-settings.ts.',
    ),
  })
  .strict();
export type NotifySettings = z.infer<typeof NotifySettings>;
