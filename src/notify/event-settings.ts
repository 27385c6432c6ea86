import { z } from 'zod';
import { ruleText } from '../config/rules.js';
import { isKnownTimeZone } from '../marketplace/date-time.js';
import { EVENT_TOPICS, type NotifyTopic, PROBLEM_TOPICS } from './types.js';

const minutes = z.number().int().positive();

/**
 * `notify.events:` when each notification source raises its topic (README "Notifications → Events").
 * Every threshold is in minutes; `off` lists topics nobody wants to hear about.
 */
export const NotifyEventSettings = z.object({
  deadlineAtRiskMinutes: minutes
    .default(20)
    .describe('A deal not handed in this long before its deadline: `deadline_at_risk` (urgent).'),
  approvalWaitingMinutes: minutes
    .default(30)
    .describe("The text has waited for the advertiser's approval this long: `approval_waiting`."),
  marketplaceDownMinutes: minutes
    .default(10)
    .describe(
      'Only failures (no answer, 5xx) or only 429s from the marketplace this long: unreachable / rate-limited.',
    ),
  siteDownMinutes: minutes
    .default(15)
    .describe("A blog's site has not answered the status page's check this long: `site_unreachable`."),
  siteCheckMinutes: minutes.default(5).describe("How often the blogs' sites are checked (minutes)."),
  digest: z
    .object({
      enabled: z.boolean().default(true).describe('Send the daily digest at all.'),
      hour: z
        .number()
        .int()
        .min(0)
        .max(23)
        .default(8)
        .describe('The hour it is sent, for the day before (only for a day the daemon ran at some moment).'),
      timeZone: z
        .string()
        .refine(isKnownTimeZone, { error: ruleText('rule.time_zone') })
        .optional()
        .describe("The IANA zone of `hour` and of the digest's day (default: `ui.timeZone`)."),
    })
    .prefault({})
    .describe("The daily digest: at `hour` o'clock in `timeZone`. Dates in messages are in `ui.timeZone`."),
  off: z
    .array(z.enum([...PROBLEM_TOPICS, ...EVENT_TOPICS]))
    .default([])
    .describe('Topics switched off, e.g. `[message, digest]`: they are never sent.'),
});
export type NotifyEventSettings = z.infer<typeof NotifyEventSettings>;

export function topicEnabled(settings: Pick<NotifyEventSettings, 'off'>, topic: NotifyTopic): boolean {
  return !settings.off.includes(topic);
}
