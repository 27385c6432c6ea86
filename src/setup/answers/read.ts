/**
 * How both fronts read an answer: `safeParse` with the step's schema, nothing by hand. A refusal is the first
 * issue's rule (its English read back to the catalog entry, src/config/issues.ts) in both languages, so the
 * /setup page and `pressbridge setup` refuse the same answer with the same sentence.
 */
import { z } from 'zod';
import { issueSaid } from '../../config/issues.js';
import { ruleText } from '../../config/rules.js';
import type { MessageKey } from '../../i18n/index.js';
import { bothSaid } from '../text.js';
import type { SetupText } from '../wordpress/types.js';

export type Read<T> = { ok: true; value: T } | { ok: false; problem: SetupText };

export function readAnswer<S extends z.ZodType>(schema: S, input: unknown): Read<z.output<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [said] = parsed.error.issues.map(issueSaid);
  return { ok: false, problem: bothSaid(said ?? parsed.error.message) };
}

/** A step's rule as its schema's message: the English of `setup.rule.*` (decision 21). */
export function setupRule(key: MessageKey & `setup.rule.${string}`, params?: Record<string, string>): string {
  return ruleText(key, params);
}

/** A form field as typed: trimmed, and an empty one is no answer (`undefined`), so `.optional()` and defaults apply. */
export function typed(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A field that must be filled in, refused with the step's own rule. */
export function filled(key: MessageKey & `setup.rule.${string}`) {
  const error = setupRule(key);
  return z.string({ error }).trim().min(1, { error });
}
