/**
 * A config problem as the blogger reads it (issue 28: one language per process): each `ConfigIssue` carries its
 * sentence as a phrase of the catalog (src/i18n/messages/config*.ts, rules.ts) beside the English of the log
 * and `--json`, and src/errors.ts `ConfigError` frames the lines in the reader's language.
 *
 * Zod only carries English text, so a schema's message is read back to the catalog entry it came from
 * (`saidOfRule`, by the rule's English: src/config/rules.ts and src/publisher/phrase.ts `ruleText` write it); a
 * message of zod's own is worded again from the issue's code (`zodPhrase`). The order:
 *
 * | the issue's message                                  | said as                                         |
 * |------------------------------------------------------|-------------------------------------------------|
 * | a rule's English, exactly or with its values         | that rule, its values read back the same way    |
 * | anything else, from a check of zod's own (not custom)| the check by its code: expected type, range, …  |
 * | anything else, from a custom check                   | as it came                                      |
 */
import type { z } from 'zod';
import type { ConfigIssue, Phrase, Said } from '../errors.js';
import { createTranslator, MESSAGES } from '../i18n/index.js';

const english = createTranslator('en');

/** A config issue: its phrase, and the same in English as its message. */
export function configIssue(path: string, said: Said): ConfigIssue {
  return { path, message: english.say(said), said };
}

const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g;
/** Below this much fixed text a template could read almost any message back: it is matched only exactly. */
const MIN_LITERAL = 8;

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
  literal: number;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const [key, entry] of Object.entries(MESSAGES)) {
  if (!/(^|\.)rule\./.test(key)) continue;
  const text = entry.en;
  if (!exact.has(text)) exact.set(text, key);
  const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string);
  const literal = text.replace(PLACEHOLDER, '').length;
  if (names.length === 0 || literal < MIN_LITERAL) continue;
  const source = text
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? '([\\s\\S]+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  templates.push({ key, names, pattern: new RegExp(`^${source}$`), literal });
}
// The most specific first: "…to {describe} (found "{found}")" before "…to {describe}".
templates.sort((a, b) => b.literal - a.literal);

/**
 * The catalog rule a schema's English message came from, with its values (a value that is itself a rule's
 * English becomes that rule); undefined when it is no rule's.
 */
export function saidOfRule(message: string, depth = 0): Phrase | undefined {
  const key = exact.get(message);
  if (key !== undefined) return { key };
  if (depth > 2) return undefined;
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (!match) continue;
    const params: Record<string, Said> = {};
    template.names.forEach((name, i) => {
      const value = match[i + 1] ?? '';
      params[name] ??= saidOfRule(value, depth + 1) ?? value;
    });
    return { key: template.key, params };
  }
  return undefined;
}

/** A message as the blogger reads it: the rule it came from, else as it came. */
export function saidOfMessage(message: string): Said {
  return saidOfRule(message) ?? message;
}

/** What a value found in the config is, briefly: a short text quoted, a number with its value. */
function found(value: unknown): Said {
  if (value === undefined) return { key: 'config.found.nothing' };
  if (value === null) return 'null';
  if (Array.isArray(value)) return { key: 'config.found.list' };
  if (typeof value === 'string') return value.length > 40 ? { key: 'config.found.text' } : `"${value}"`;
  if (typeof value === 'object') return { key: 'config.found.object' };
  if (typeof value === 'number') return { key: 'config.found.number', params: { value: String(value) } };
  if (typeof value === 'boolean') return { key: 'config.found.boolean', params: { value: String(value) } };
  return `${typeof value} ${String(value)}`;
}

const TYPES: Readonly<Record<string, string>> = {
  string: 'config.type.string',
  number: 'config.type.number',
  int: 'config.type.int',
  boolean: 'config.type.boolean',
  object: 'config.type.object',
  record: 'config.type.object',
  map: 'config.type.object',
  array: 'config.type.array',
  tuple: 'config.type.array',
};

function typeSaid(expected: string): Said {
  const key = TYPES[expected];
  return key === undefined ? expected : { key };
}

/** The types a union's every branch expected ("text or a number"), when each branch failed on its type alone. */
function unionTypes(issue: z.core.$ZodIssueInvalidUnion): Said | undefined {
  const types: string[] = [];
  for (const branch of issue.errors) {
    const [first] = branch;
    if (branch.length !== 1 || first?.code !== 'invalid_type' || first.path.length > 0) return undefined;
    if (!types.includes(first.expected)) types.push(first.expected);
  }
  if (types.length === 0) return undefined;
  return types.map(typeSaid).reduce((a, b) => ({ key: 'config.type.either', params: { a, b } }));
}

const quote = (values: readonly unknown[]): string => values.map((v) => JSON.stringify(v)).join(', ');

/** A check of zod's own, worded by its code. */
export function zodPhrase(issue: z.core.$ZodIssue): Phrase {
  const n = (value: number | bigint): string => String(value);
  switch (issue.code) {
    case 'invalid_type':
      return { key: 'config.zod.expected', params: { type: typeSaid(issue.expected) } };
    case 'invalid_value':
      return issue.values.length === 1
        ? { key: 'config.zod.exactly', params: { value: quote(issue.values) } }
        : { key: 'config.zod.one_of', params: { values: quote(issue.values) } };
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const limit = n(small ? issue.minimum : issue.maximum);
      if (issue.origin === 'string') {
        if (small && limit === '1') return { key: 'rule.not_empty' };
        return { key: small ? 'config.zod.min_chars' : 'config.zod.max_chars', params: { n: limit } };
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return { key: small ? 'config.zod.min_items' : 'config.zod.max_items', params: { n: limit } };
      }
      const inclusive = issue.inclusive !== false;
      const key = small
        ? inclusive
          ? 'config.zod.at_least'
          : 'config.zod.more_than'
        : inclusive
          ? 'config.zod.at_most'
          : 'config.zod.less_than';
      return { key, params: { n: limit } };
    }
    case 'invalid_format':
      if (issue.format === 'regex' && issue.pattern) {
        return { key: 'config.zod.pattern', params: { pattern: issue.pattern } };
      }
      if (issue.format === 'starts_with') {
        const prefix = (issue as { prefix?: unknown }).prefix;
        return { key: 'config.zod.starts_with', params: { prefix: String(prefix) } };
      }
      if (issue.format === 'url') return { key: 'config.zod.url' };
      if (issue.format === 'email') return { key: 'config.zod.email' };
      if (issue.format === 'datetime') return { key: 'config.zod.datetime' };
      return { key: 'config.zod.format', params: { format: issue.format } };
    case 'unrecognized_keys':
      return { key: 'config.zod.unknown_keys', params: { keys: quote(issue.keys) } };
    case 'invalid_union': {
      const type = unionTypes(issue);
      return type === undefined
        ? { key: 'config.zod.invalid' }
        : { key: 'config.zod.expected', params: { type } };
    }
    default:
      return { key: 'config.zod.invalid' };
  }
}

/** A zod issue for the blogger, by the order of the module comment (the marketplace's answers use it too). */
export function issueSaid(issue: z.core.$ZodIssue): Said {
  return saidOfRule(issue.message) ?? (issue.code === 'custom' ? issue.message : zodPhrase(issue));
}

export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (Array.isArray(cur) && typeof key === 'number') cur = cur[key];
    else if (isRecord(cur) && typeof key === 'string') cur = cur[key];
    else return undefined;
  }
  return cur;
}

/** Turns zod's issues into one line each: where, what was expected, what was found. */
export function toConfigIssues(error: z.ZodError, input: unknown): ConfigIssue[] {
  return error.issues.map((issue) => {
    const value = valueAt(input, issue.path);
    const what = issueSaid(issue);
    const said: Said =
      issue.code === 'invalid_type' && value === undefined
        ? { key: 'config.issue.required', params: { what } }
        : issue.code === 'unrecognized_keys' || issue.code === 'custom'
          ? what
          : { key: 'config.issue.found', params: { what, found: found(value) } };
    return configIssue(formatPath(issue.path), said);
  });
}

/** "expected a mapping, found …": a document that is no mapping. */
export function notMapping(document: unknown): ConfigIssue {
  return configIssue('', { key: 'config.load.not_mapping', params: { found: found(document) } });
}
