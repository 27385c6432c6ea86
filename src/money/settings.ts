import { z } from 'zod';

/**
 * `money:` in the config: how the payout overview (`GET /v1/payouts`) is read. It is read at low priority
 * through the shared rate limiter, at most once per `intervalMinutes` across every process and restart (the
 * time of the last read is kept in Redis), only by a process that runs the worker.
 */
export const MoneySettings = z.object({
  enabled: z
    .boolean()
    .default(true)
    .describe(
      'Read the payout overview at all (the Earnings page then shows only what `deal.paid` recorded).',
    ),
  intervalMinutes: z
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 60)
    .default(60)
    .describe(
      'Minutes between two reads; at least 60 (the overview changes when an advertiser pays, not by the minute).',
    ),
  firstReadDelaySeconds: z
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(60)
    .describe(
      'Seconds after start-up before this process first tries a read (the hourly rule still applies).',
    ),
});
export type MoneySettings = z.infer<typeof MoneySettings>;
export type MoneySettingsInput = z.input<typeof MoneySettings>;
