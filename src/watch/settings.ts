import { z } from 'zod';

/**
 * `watch:` in the config: the check of live articles after the hand-in, until the deal is paid or `days` have
 * passed (src/watch/). It costs no marketplace request: one GET of the article's own URL per check.
 */
export const WatchSettings = z.object({
  /** Check live articles at all (in the process that runs the worker). */
  enabled: z.boolean().default(true),
  /** Stop watching this many days after the hand-in, paid or not. */
  days: z.number().int().min(1).max(365).default(30),
  /** About this many hours between two checks of one article (each deal at its own time of day). */
  intervalHours: z
    .number()
    .positive()
    .max(24 * 7)
    .default(24),
  /** How often the watcher looks for checks that are due. */
  tickMinutes: z.number().positive().max(60).default(5),
  /** One GET of the article gives up after this long. */
  timeoutSeconds: z.number().positive().max(120).default(20),
  /** At most this much of the page is read (the rest is not looked at). */
  maxBytes: z
    .number()
    .int()
    .min(64 * 1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** A page that does not answer 200 is asked again after this pause before it counts as gone. */
  retrySeconds: z.number().min(0).max(600).default(60),
  /** Articles checked at once. */
  concurrency: z.number().int().min(1).max(10).default(2),
});
export type WatchSettings = z.infer<typeof WatchSettings>;
export type WatchSettingsInput = z.input<typeof WatchSettings>;
