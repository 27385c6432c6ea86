/**
 * The blogger's rules as a form: one table of fields (`RULE_FIELDS`) that the setup's rules step (both fronts,
 * src/setup/web/steps/rules.ts) and the status page's Rules page (src/status/routes/rules.ts) ask and show alike,
 * and the one reading of what was typed. A field's text becomes the rule's value here; whether the value holds
 * (limits, words, domains) is the config's own `BlogRules` (./settings.ts) and nobody else's, so the setup, the
 * page and the config file refuse the same value with the same sentence.
 *
 * A new rule key is one row here (its kind decides how it is typed and shown) and its label and hint in the
 * catalog (src/i18n/messages/rules-edit.ts). Keys without a row are kept as they are by every editor.
 *
 * | kind    | typed                                   | value                 |
 * |---------|-----------------------------------------|-----------------------|
 * | kc      | `1 500`, `1500 Kč`                      | a number (Kč)         |
 * | count   | `3`                                     | a number              |
 * | numbers | `1, 4`                                  | a list of numbers     |
 * | list    | `kasino, online sázky` or one per line  | a list of texts       |
 * | yesNo   | `ano`/`yes`, `ne`/`no`                  | true / false          |
 *
 * Empty (or `-`): no rule, the key is left out.
 */
import type { z } from 'zod';
import { issueSaid } from '../config/issues.js';
import type { Phrase, Said } from '../errors.js';
import type { MessageKey } from '../i18n/index.js';
import { BlogRules } from './settings.js';

export type RuleFieldKind = 'kc' | 'count' | 'numbers' | 'list' | 'yesNo';

export interface RuleField {
  readonly key: keyof BlogRules;
  readonly kind: RuleFieldKind;
  readonly label: MessageKey;
  readonly hint: MessageKey;
  /** Asked by the setup's rules step (the common ones); the status page shows and edits every field. */
  readonly setup: boolean;
}

export const RULE_FIELDS: readonly RuleField[] = [
  {
    key: 'minReward',
    kind: 'kc',
    label: 'rules.field.min_reward',
    hint: 'rules.hint.min_reward',
    setup: true,
  },
  {
    key: 'minRewardPerPage',
    kind: 'kc',
    label: 'rules.field.min_reward_per_page',
    hint: 'rules.hint.min_reward_per_page',
    setup: true,
  },
  {
    key: 'expectations',
    kind: 'numbers',
    label: 'rules.field.expectations',
    hint: 'rules.hint.expectations',
    setup: true,
  },
  {
    key: 'refusedWords',
    kind: 'list',
    label: 'rules.field.refused_words',
    hint: 'rules.hint.refused_words',
    setup: true,
  },
  {
    key: 'refusedDomains',
    kind: 'list',
    label: 'rules.field.refused_domains',
    hint: 'rules.hint.refused_domains',
    setup: true,
  },
  {
    key: 'refusedTlds',
    kind: 'list',
    label: 'rules.field.refused_tlds',
    hint: 'rules.hint.refused_tlds',
    setup: true,
  },
  {
    key: 'maxLinks',
    kind: 'count',
    label: 'rules.field.max_links',
    hint: 'rules.hint.max_links',
    setup: true,
  },
  {
    key: 'maxKeywordUrls',
    kind: 'count',
    label: 'rules.field.max_keyword_urls',
    hint: 'rules.hint.max_keyword_urls',
    setup: false,
  },
  {
    key: 'linksModes',
    kind: 'numbers',
    label: 'rules.field.links_modes',
    hint: 'rules.hint.links_modes',
    setup: false,
  },
  { key: 'vip', kind: 'yesNo', label: 'rules.field.vip', hint: 'rules.hint.vip', setup: true },
  { key: 'express', kind: 'yesNo', label: 'rules.field.express', hint: 'rules.hint.express', setup: true },
];

/** What a front took: each field's text by its key (`minReward: '1500'`); a field not sent is empty. */
export type RulesForm = Readonly<Record<string, string | undefined>>;

/** A refusal names its field when it has one in the table (`rules.problem`); else it is the rule's sentence alone. */
export type RulesRead = { ok: true; rules: BlogRules } | { ok: false; said: Said };

const YES = /^(ano|a|yes|y|true)$/i;
const NO = /^(ne|n|no|false)$/i;

/** The rules as the form shows them: each field's value as it would be typed (no rule: empty). */
export function rulesFormOf(rules: BlogRules | undefined): Record<string, string> {
  const form: Record<string, string> = {};
  for (const field of RULE_FIELDS) {
    const value: unknown = rules?.[field.key];
    if (value === undefined) form[field.key] = '';
    else if (Array.isArray(value)) form[field.key] = value.join(field.kind === 'list' ? '\n' : ', ');
    else if (typeof value === 'boolean') form[field.key] = value ? 'yes' : 'no';
    else form[field.key] = String(value);
  }
  return form;
}

/** One field's text as its value; `undefined`: no rule. A text that reads as no value goes on as it is (zod names it). */
function typedValue(field: RuleField, text: string | undefined): unknown {
  const typed = (text ?? '').trim();
  if (typed === '' || typed === '-') return undefined;
  switch (field.kind) {
    case 'kc':
    case 'count': {
      const digits = typed.replace(/\s|kč$/gi, '').replace(',', '.');
      return /^-?\d+(\.\d+)?$/.test(digits) ? Number(digits) : typed;
    }
    case 'numbers':
      return typed
        .split(/[,;\s]+/)
        .filter(Boolean)
        .map((part) => (/^-?\d+$/.test(part) ? Number(part) : part));
    case 'list': {
      const entries = typed
        .split(/[,\n]/)
        .map((entry) => entry.trim())
        .filter(Boolean);
      return entries.length > 0 ? entries : undefined;
    }
    case 'yesNo':
      return YES.test(typed) ? true : NO.test(typed) ? false : typed;
  }
}

const problem = (field: RuleField, said: Said): Phrase => ({
  key: 'rules.problem',
  params: { field: { key: field.label }, problem: said },
});

/**
 * The form's fields (`fields`, default every one) read over `current`: a field in the table is set from its text
 * or left out when empty; a key the table does not know stays as it was. Checked by `BlogRules` whole; the first
 * refusal names its field (`rules.problem`).
 */
export function rulesFromForm(
  form: RulesForm,
  current: BlogRules | undefined = undefined,
  fields: readonly RuleField[] = RULE_FIELDS,
): RulesRead {
  const candidate: Record<string, unknown> = { ...current };
  for (const field of fields) {
    const value = typedValue(field, form[field.key]);
    if (field.kind === 'yesNo' && typeof value === 'string') {
      return { ok: false, said: problem(field, { key: 'rules.rule.yes_no' }) };
    }
    if (value === undefined) delete candidate[field.key];
    else candidate[field.key] = value;
  }
  const parsed = BlogRules.safeParse(candidate);
  if (parsed.success) return { ok: true, rules: parsed.data };
  const [issue] = parsed.error.issues as z.core.$ZodIssue[];
  const said = issue ? issueSaid(issue) : parsed.error.message;
  const field = RULE_FIELDS.find((f) => f.key === issue?.path[0]);
  return { ok: false, said: field ? problem(field, said) : said };
}

/** No rule set at all: the blog takes everything (the key is then left out of the config). */
export function noRules(rules: BlogRules): boolean {
  return Object.values(rules).every((value) => value === undefined);
}
