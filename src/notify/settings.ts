import { z } from 'zod';

/** `notify:` in the config: the channels and the rules of issue 15 (filled in by the notification work). */
export const NotifySettings = z.object({});
export type NotifySettings = z.infer<typeof NotifySettings>;
