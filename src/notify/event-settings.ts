import { z } from 'zod';

/** `notify.events:` thresholds and switches of the notification sources (filled in by the sources work). */
export const NotifyEventSettings = z.object({});
export type NotifyEventSettings = z.infer<typeof NotifyEventSettings>;
