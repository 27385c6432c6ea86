import { z } from 'zod';
import { NotifyEventSettings } from './event-settings.js';

/** `notify:` in the config: the channels and the rules of issue 15 (filled in by the notification work). */
export const NotifySettings = z.object({
  /** When each event is raised (thresholds, digest hour): src/notify/event-settings.ts. */
  events: NotifyEventSettings.prefault({}),
});
export type NotifySettings = z.infer<typeof NotifySettings>;
