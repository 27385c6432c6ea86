/**
 * Money at the edge: what an amount or a month from the marketplace must be before pressbridge stores, sums or
 * shows it. The document says amounts are whole Kč; nothing else about them is taken on trust, since a signed
 * event or answer can still carry a bug's (or a leaked secret's) numbers.
 *
 * - One deal's price or reward: a whole number of Kč from 0 to `MAX_DEAL_KC` (10 000 000 Kč; the service's
 *   sponsored articles cost hundreds to tens of thousands).
 * - One month of the payout overview: at most `MAX_MONTH_DEALS` deals and at most that many deals at the
 *   ceiling (`count × MAX_DEAL_KC`, so ≤ 10^12 Kč).
 * - Lists of the payout overview: at most `MAX_PAYOUT_ITEMS` pending or arbitration items and
 *   `MAX_PAID_MONTHS` months; the rest is left out (and logged).
 *
 * Why sums stay exact: the largest sum the Earnings page forms is a year of 12 months of ≤ 10^12 Kč plus
 * ≤ 1 000 deal records of ≤ 10^7 Kč, about 1.2 × 10^13; awaiting payout is ≤ (10 000 + 1 000) × 10^7 = 1.1 × 10^11.
 * Every integer below 2^53 ≈ 9.007 × 10^15 is exact in a JS number, so all sums are exact with a margin of
 * over 700×.
 */
import { z } from 'zod';

export const MAX_DEAL_KC = 10_000_000;
export const MAX_MONTH_DEALS = 100_000;
export const MAX_PAYOUT_ITEMS = 10_000;
export const MAX_PAID_MONTHS = 1_200;

const AMOUNT_RULE = `a whole number of Kč from 0 to ${MAX_DEAL_KC}`;

/** True for a deal amount pressbridge accepts (see the module comment). */
export function isDealAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_DEAL_KC;
}

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value) : String(value));
const amountError = (issue: { input?: unknown }): string =>
  `must be ${AMOUNT_RULE}, found ${shown(issue.input)}`;

/** One deal's price or reward, Kč. */
export const DealAmount = z
  .number({ error: amountError })
  .int({ error: amountError })
  .min(0, { error: amountError })
  .max(MAX_DEAL_KC, { error: amountError });

/** `YYYY-MM` with a month from 01 to 12 (`2026-13` is refused, not read as January 2027), a year 1900–2199. */
export const MONTH_PATTERN = /^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/;

export const Month = z.string().regex(MONTH_PATTERN, {
  error: 'must be a month YYYY-MM with MM from 01 to 12 and a year from 1900 to 2199',
});

/** One line of `paid_monthly`: the amount cannot exceed `count` deals at the ceiling. */
export const MonthTotals = z
  .object({
    month: Month,
    count: z.number().int().min(0).max(MAX_MONTH_DEALS),
    amount: z.number().int().min(0),
  })
  .refine((m) => m.amount <= m.count * MAX_DEAL_KC, {
    error: `amount is more than count × ${MAX_DEAL_KC} Kč`,
    path: ['amount'],
  });
