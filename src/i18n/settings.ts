import { z } from 'zod';
import { ruleText } from '../config/rules.js';
import { isKnownTimeZone } from '../marketplace/date-time.js';
import { DEFAULT_LANGUAGE, LANGUAGES } from './catalog.js';
import { DEFAULT_TIME_ZONE } from './format.js';

/**
 * `ui:` in the config: the language of the status page, the CLI's messages and the notifications, and the zone
 * every time they show is written in.
 */
export const UiSettings = z.object({
  language: z
    .enum(LANGUAGES)
    .default(DEFAULT_LANGUAGE)
    .describe(
      '`cs` (default) or `en`; `PRESSBRIDGE_LANGUAGE` overrides it. JSON logs stay English whatever this says.',
    ),
  timeZone: z
    .string()
    .default(DEFAULT_TIME_ZONE)
    .refine(isKnownTimeZone, { error: ruleText('rule.time_zone') })
    .describe(
      "The IANA zone of every time shown to the blogger: the CLI, the status page and notifications (not the server's zone; JSON logs stay UTC).",
    ),
});
export type UiSettings = z.infer<typeof UiSettings>;
