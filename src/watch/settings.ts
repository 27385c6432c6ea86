import { z } from 'zod';

/** `watch:` in the config: the check of live articles until they are paid (filled in by the watcher work). */
export const WatchSettings = z.object({});
export type WatchSettings = z.infer<typeof WatchSettings>;
