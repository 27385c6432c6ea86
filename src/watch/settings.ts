import { z } from 'zod';

/**
 * `watch:` in the config: the check of live articles after the hand-in, until the deal is paid or `days` have
 * passed (src/watch/). It costs no marketplace request: one GET of the article's own URL per check.
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
    .describe('Stop watching this many days after the hand-in, paid or not.'),
  intervalHours: z
    .number()
    .positive()
    .max(24 * 7)
    .default(24)
    .describe('About this many hours between two checks of one article (each deal at its own time of day).'),
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
