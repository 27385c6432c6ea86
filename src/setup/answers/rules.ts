/**
 * The rules step, per published blog, for both fronts: skip (the default: no rules, everything fits) or set the
 * common rules (the setup's rows of the one field table, src/rules/fields.ts). The choice is this step's schema;
 * the rules themselves are read by the table and checked by the config's own `BlogRules`, so the setup refuses
 * exactly what the config file and the status page's Rules page refuse, with the same sentence. The answer is
 * the blog's part of pressbridge.yaml (`blogs[i].rules`, merged by the blog's id: ../write-config.ts).
 */
import { z } from 'zod';
import { RULE_FIELDS, type RulesForm, rulesFromForm } from '../../rules/fields.js';
import type { BlogRules } from '../../rules/settings.js';
import type { ConfigPart } from '../draft.js';
import { bothSaid } from '../text.js';
import { type Read, readAnswer, setupRule, typed } from './read.js';

export const RULES_CHOICES = ['skip', 'set'] as const;

export const RulesChoice = z.preprocess(
  (value) => typed(value) ?? 'skip',
  z.enum(RULES_CHOICES, { error: setupRule('setup.rule.rules_choice') }),
);

/** The fields the setup asks (the status page edits every one). */
export const SETUP_RULE_FIELDS = RULE_FIELDS.filter((field) => field.setup);

/** One blog's answer: undefined for skip, else its rules. */
export function readRulesAnswer(choice: string | undefined, form: RulesForm): Read<BlogRules | undefined> {
  const chosen = readAnswer(RulesChoice, choice);
  if (!chosen.ok) return chosen;
  if (chosen.value === 'skip') return { ok: true, value: undefined };
  const read = rulesFromForm(form, undefined, SETUP_RULE_FIELDS);
  return read.ok ? { ok: true, value: read.rules } : { ok: false, problem: bothSaid(read.said) };
}

/** The draft's key of a blog's answer (`configParts`): answered once it is there, skipped or not. */
export const rulesPartKey = (blogId: number): string => `/rules/${blogId}`;

/** The blog's part of pressbridge.yaml: its rules, or nothing (skip: no rules, everything fits). */
export function rulesPart(blogId: number, rules: BlogRules | undefined): ConfigPart {
  return rules === undefined || Object.keys(rules).length === 0 ? {} : { blogs: [{ id: blogId, rules }] };
}
