import { z } from 'zod';

/** `money:` in the config: how the payout overview is read (filled in by the money work). */
export const MoneySettings = z.object({});
export type MoneySettings = z.infer<typeof MoneySettings>;
