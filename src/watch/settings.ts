import { z } from 'zod';

/**
 * `watch:` in the config: the check of live articles after the hand-in (src/watch/, docs/watching.md): about
 * daily until the deal is paid (at most `days` after the hand-in), then weekly until `afterPayoutMonths` after
 * the payout, the advertiser's claim window. It costs no marketplace request: one GET of the article's own URL
 * per check, at most one per site every `siteGapSeconds`.
 */
export const WatchSettings = z.object({
  enabled: z
    .boolean()
    .default(true)
    .describe('Check live articles at all (in the process that runs the worker).'),
  days: z
    .number()
    .int()
    .min(1)
    .max(365)
    .default(30)
    .describe(
      'An unpaid deal is watched this many days after the hand-in at most (a later payment starts the weekly watch).',
    ),
  afterPayoutMonths: z
    .number()
    .int()
    .min(0)
    .max(120)
    .default(24)
    .describe(
      'A paid deal is watched until this many months after the payout: the window in which the advertiser may claim.',
    ),
  keepPublishedMonths: z
    .number()
    .int()
    .min(0)
    .max(120)
    .default(12)
    .describe(
      "The marketplace's minimum lifetime of a paid article, shown beside the watch (the article must stay published this long).",
    ),
  paidIntervalHours: z
    .number()
    .positive()
    .max(24 * 31)
    .default(24 * 7)
    .describe(
      'About this many hours between two checks of a paid article (each deal at its own time of the week).',
    ),
  siteGapSeconds: z
    .number()
    .min(0)
    .max(3600)
    .default(10)
    .describe(
      'At most one request to one site this often (per process), so a blog with many articles is not hammered.',
    ),
  firstCheckMinutes: z
    .number()
    .min(0)
    .max(24 * 60)
    .default(10)
    .describe(
      'The first check comes this many minutes after the hand-in: it records the article as handed in (the evidence).',
    ),
  intervalHours: z
    .number()
    .positive()
    .max(24 * 7)
    .default(24)
    .describe(
      'About this many hours between two checks of an unpaid article (each deal at its own time of day).',
    ),
  tickMinutes: z
    .number()
    .positive()
    .max(60)
    .default(5)
    .describe('How often the watcher looks for checks that are due.'),
  timeoutSeconds: z
    .number()
    .positive()
    .max(120)
    .default(20)
    .describe('One GET of the article gives up after this long.'),
  maxBytes: z
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024)
    .describe('At most this much of the page is read (the rest is not looked at).'),
  retrySeconds: z
    .number()
    .min(0)
    .max(600)
    .default(60)
    .describe('A page that does not answer 200 is asked again after this pause before it counts as gone.'),
  concurrency: z.number().int().min(1).max(10).default(2).describe('Articles checked at once.'),
});
export type WatchSettings = z.infer<typeof WatchSettings>;
export type WatchSettingsInput = z.input<typeof WatchSettings>;
