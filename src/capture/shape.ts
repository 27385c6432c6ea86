/**
 * The SHAPE of a JSON answer: field names and types, never values. `doctor --live` compares what the real
 * marketplace sends with what pressbridge expects and saves shapes in a capture (capture.ts); the sandbox
 * replays a capture's shapes (src/sandbox/profile.ts). A shape carries no article text, key or secret: strings
 * keep only a recognised form (a date-time pattern, "absolute URL", "path").
 */
import type { Said } from '../errors.js';
import { sayFrom } from '../i18n/catalog.js';
import { cliLiveMessages } from '../i18n/messages/cli-live.js';

export type Shape =
  | { type: 'string'; form?: string }
  | { type: 'number' }
  | { type: 'boolean' }
  | { type: 'null' }
  | { type: 'any' }
  | { type: 'array'; of?: Shape }
  | { type: 'object'; fields: Record<string, Shape>; optional?: string[] }
  /** Expected shapes only: one of these string values. */
  | { type: 'enum'; values: string[] }
  /** Expected shapes only: null or the inner shape. */
  | { type: 'nullable'; of: Shape };

export const DATE_FORMS = {
  plain: 'YYYY-MM-DD HH:MM:SS',
  plainT: 'YYYY-MM-DDTHH:MM:SS',
  isoZ: 'YYYY-MM-DDTHH:MM:SSZ',
  isoOffset: 'YYYY-MM-DDTHH:MM:SS+HH:MM',
} as const;

/** The form of a string that is worth knowing without its value. */
export function stringForm(value: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)) return DATE_FORMS.plain;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(value)) return DATE_FORMS.isoZ;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:?\d{2}$/.test(value))
    return DATE_FORMS.isoOffset;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(value)) return DATE_FORMS.plainT;
  if (/^https?:\/\//i.test(value)) return 'absolute URL';
  if (value.startsWith('/')) return 'path';
  return undefined;
}

export function isDateForm(form: string | undefined): boolean {
  return form !== undefined && (Object.values(DATE_FORMS) as string[]).includes(form);
}

/** The shape of a JSON value (an array's shape is its first element's). */
export function describeShape(value: unknown): Shape {
  if (value === null) return { type: 'null' };
  if (typeof value === 'string') {
    const form = stringForm(value);
    return form ? { type: 'string', form } : { type: 'string' };
  }
  if (typeof value === 'number') return { type: 'number' };
  if (typeof value === 'boolean') return { type: 'boolean' };
  if (Array.isArray(value))
    return value.length > 0 ? { type: 'array', of: describeShape(value[0]) } : { type: 'array' };
  if (typeof value === 'object') {
    const fields: Record<string, Shape> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) fields[key] = describeShape(v);
    return { type: 'object', fields };
  }
  return { type: 'any' };
}

/** A shape for the reader, e.g. `string (YYYY-MM-DD HH:MM:SS)`, `array of {n, url}`, `object {id, text}`. */
export function shapeSaid(shape: Shape | undefined): Said {
  if (shape === undefined) return { key: 'live.shape.missing' };
  switch (shape.type) {
    case 'string':
      return shape.form
        ? { key: 'live.shape.string_form', params: { form: formSaid(shape.form) } }
        : 'string';
    case 'array':
      return shape.of
        ? { key: 'live.shape.array_of', params: { of: shapeSaid(shape.of) } }
        : { key: 'live.shape.empty_array' };
    case 'object': {
      const names = Object.keys(shape.fields);
      const more: Said =
        names.length > 8 ? { key: 'live.shape.more', params: { n: String(names.length - 8) } } : '';
      return { key: 'live.shape.object', params: { fields: names.slice(0, 8).join(', '), more } };
    }
    case 'enum':
      return { key: 'live.shape.one_of', params: { values: shape.values.join(', ') } };
    case 'nullable':
      return { key: 'live.shape.or_null', params: { of: shapeSaid(shape.of) } };
    default:
      return shape.type;
  }
}

/** A string's form: a date-time pattern is notation, the others are words. */
function formSaid(form: string): Said {
  if (form === 'absolute URL') return { key: 'live.form.absolute_url' };
  if (form === 'path') return { key: 'live.form.path' };
  return form;
}

/** Said items one after another, `separator` between them (`a, b, c`; '' for none). */
export function joined(items: readonly Said[], separator: string): Said {
  if (items.length === 0) return '';
  return items.reduce((a, b) => ({ key: 'live.and', params: { a, sep: separator, b } }));
}

/** The same in English, as the --save capture keeps it. */
export function formatShape(shape: Shape | undefined): string {
  return englishOf(shapeSaid(shape));
}

/** A phrase of `doctor --live`'s catalog in English. */
export function englishOf(said: Said): string {
  return sayFrom(cliLiveMessages, 'en', said);
}

/** Where a value differs from its shape: what was found and what was expected, as the reader reads them. */
export interface Difference {
  /** e.g. `text`, `photos[].url`, `data[].changed_at`. */
  path: string;
  found: Said;
  expected: Said;
}

/** A value short and plain enough to quote (an enum-like token), never running text. */
function quotable(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 30 && /^[\w.-]+$/.test(value)
    ? `"${value}"`
    : undefined;
}

/**
 * Where a JSON value differs from an expected shape. Missing optional fields and unknown extra fields are
 * allowed (the API's versioning rules); a missing required field names the unexpected fields found beside it,
 * so a renamed field shows as such.
 */
export function compareShape(value: unknown, expected: Shape, path = ''): Difference[] {
  const differences: Difference[] = [];
  const at = (child: string): string => (path ? `${path}.${child}` : child);
  const differ = (expectedText: Said, foundText: Said = shapeSaid(describeShape(value))): void => {
    differences.push({ path: path || '(body)', found: foundText, expected: expectedText });
  };
  switch (expected.type) {
    case 'any':
      break;
    case 'nullable':
      if (value !== null) differences.push(...compareShape(value, expected.of, path));
      break;
    case 'enum':
      if (typeof value !== 'string' || !expected.values.includes(value)) {
        const quoted = quotable(value);
        differ(shapeSaid(expected), quoted ? `string ${quoted}` : undefined);
      }
      break;
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      if (value === null ? expected.type !== 'null' : typeof value !== expected.type)
        differ(shapeSaid(expected));
      break;
    case 'array':
      if (!Array.isArray(value)) differ(shapeSaid(expected));
      else if (expected.of) {
        const seen = new Set<string>();
        for (const item of value) {
          for (const d of compareShape(item, expected.of, `${path}[]`)) {
            if (!seen.has(d.path)) differences.push(d);
            seen.add(d.path);
          }
        }
      }
      break;
    case 'object': {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        differ(shapeSaid(expected));
        break;
      }
      const record = value as Record<string, unknown>;
      const optional = new Set(expected.optional ?? []);
      const unknown = Object.keys(record).filter((k) => !(k in expected.fields));
      for (const [name, fieldShape] of Object.entries(expected.fields)) {
        if (!(name in record) || record[name] === undefined) {
          if (optional.has(name)) continue;
          const beside = unknown.map(
            (k): Said => ({
              key: 'live.shape.field',
              params: { name: k, shape: shapeSaid(describeShape(record[k])) },
            }),
          );
          differences.push({
            path: at(name),
            found:
              beside.length > 0
                ? { key: 'live.shape.missing_beside', params: { fields: joined(beside, ', ') } }
                : { key: 'live.shape.missing' },
            expected: shapeSaid(fieldShape),
          });
          continue;
        }
        differences.push(...compareShape(record[name], fieldShape, at(name)));
      }
      break;
    }
  }
  return differences;
}
