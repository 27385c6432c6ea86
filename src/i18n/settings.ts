import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from './catalog.js';

/** `ui:` in the config: the language of the status page, the CLI's messages and the notifications. */
export const UiSettings = z.object({
  language: z
    .enum(LANGUAGES)
    .default(DEFAULT_LANGUAGE)
    .describe('`cs` (default) or `en`. JSON logs stay English whatever this says.'),
});
export type UiSettings = z.infer<typeof UiSettings>;
