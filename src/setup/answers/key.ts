/**
 * Step a, the key: the marketplace API address, the blogger's key, and whether a local address is meant. The
 * address itself is the engine's to judge (../api-address.ts: refused with where it comes from, before anything
 * is sent; ../address-guard.ts: a local one only when confirmed).
 */
import { z } from 'zod';
import { filled } from './read.js';

export const KeyAnswer = z.object({
  baseUrl: z.string().trim(),
  apiKey: filled('setup.rule.api_key'),
  allowLocal: z.boolean().default(false),
});
export type KeyAnswer = z.output<typeof KeyAnswer>;
