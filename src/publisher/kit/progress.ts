import type { z } from 'zod';
import type { PublisherProgress } from '../types.js';

/**
 * What a plugin recorded on an earlier attempt (`PublishInput.previous`), read through its schema: a hint,
 * so anything unreadable reads as nothing recorded (the plugin's own lookup in the target decides).
 */
export function readProgress<T extends object>(
  schema: z.ZodType<T>,
  previous: PublisherProgress,
): Partial<T> {
  const parsed = schema.safeParse(previous);
  return parsed.success ? parsed.data : {};
}
