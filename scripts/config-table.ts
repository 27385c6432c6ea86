/**
 * The configuration table of docs/configuration.md, generated from the zod schema (src/config/schema.ts) so the
 * page cannot drift from what the daemon accepts. The schema goes through zod's own JSON Schema conversion in
 * input mode (what a config file may say: defaults shown, transforms and refinements left out), and every
 * field becomes one row: key path, type, default, description (`.describe()`/`.meta()` on the schema).
 *
 *   npx tsx scripts/config-table.ts           exit 1 with a hint when the page's table is stale
 *   npx tsx scripts/config-table.ts --write   rewrite the table between the markers
 *
 * test/unit/docs/config-table.test.ts runs the same comparison in `npm test`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import { Config } from '../src/config/schema.js';

export const CONFIG_DOC = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));
export const START = '<!-- config-table:start -->';
export const END = '<!-- config-table:end -->';
export const WRITE_COMMAND = 'npx tsx scripts/config-table.ts --write';

/** The part of JSON Schema zod emits for the config, plus `docType` (our `.meta()` key for a hand-written type). */
interface Node {
  type?: string | string[];
  description?: string;
  docType?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  properties?: Record<string, Node>;
  required?: string[];
  additionalProperties?: Node | boolean;
  items?: Node;
  anyOf?: Node[];
  oneOf?: Node[];
}

interface Row {
  key: string;
  type: string;
  default: string;
  description: string;
}

const code = (value: string): string => `\`${value}\``;

function range(node: Node): string {
  const max = node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER ? node.maximum : undefined;
  const min = node.minimum !== undefined && node.minimum > Number.MIN_SAFE_INTEGER ? node.minimum : undefined;
  if (min !== undefined && max !== undefined) return ` ${min}–${max}`;
  if (min !== undefined) return ` ≥ ${min}`;
  if (node.exclusiveMinimum !== undefined) return ` > ${node.exclusiveMinimum}`;
  if (max !== undefined) return ` ≤ ${max}`;
  return '';
}

function typeOf(node: Node): string {
  if (node.docType !== undefined) return node.docType;
  if (node.const !== undefined) return code(String(node.const));
  if (node.enum) return node.enum.map((v) => code(String(v))).join(' | ');
  const variants = node.anyOf ?? node.oneOf;
  if (variants) return variants.map(typeOf).join(' or ');
  switch (node.type) {
    case 'integer':
    case 'number':
      return `${node.type}${range(node)}`;
    case 'string':
      if (node.format === 'uri') return 'URL';
      if (node.format === 'date-time') return 'date-time';
      return 'string';
    case 'array':
      return node.items ? `list of ${typeOf(node.items)}` : 'list';
    case 'object':
      return node.properties ? 'object' : 'map';
    default:
      return Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  }
}

/** `required` is where a value must be given: `true` at the top or in a list item, else the optional parent's key. */
function defaultOf(node: Node, required: boolean | string): string {
  if ('default' in node) {
    const value = node.default;
    return code(typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (required === false) return '–';
  return required === true ? 'required' : `required in ${code(required)}`;
}

const cell = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

function isObject(node: Node): boolean {
  return node.type === 'object' && node.properties !== undefined;
}

/** A discriminated union of objects (the notification channels): its variants, named by their `type`. */
function objectVariants(node: Node): Array<{ name: string; node: Node }> | undefined {
  const variants = node.anyOf ?? node.oneOf;
  if (!variants?.every(isObject)) return undefined;
  return variants.map((variant, index) => ({
    name: String(variant.properties?.type?.const ?? index),
    node: variant,
  }));
}

/**
 * Rows for `node` at `key`. `required` says where a value must be given: `true` (at the top or in a list item),
 * the key of an optional parent (required only once that parent is written), or `false`.
 */
function walk(node: Node, key: string, required: boolean | string, rows: Row[]): void {
  const row = (type = typeOf(node)): void => {
    rows.push({ key, type, default: defaultOf(node, required), description: node.description ?? '' });
  };
  const inner = (name: string, parent: Node, prefix: string, parentRequired: boolean | string): void => {
    const child = parent.properties?.[name];
    if (!child) return;
    const childRequired = parent.required?.includes(name)
      ? parentRequired === false
        ? prefix
        : parentRequired
      : false;
    walk(child, `${prefix}.${name}`, childRequired, rows);
  };
  if (node.docType === undefined && isObject(node)) {
    if (key !== '' && node.description !== undefined) row();
    const here: boolean | string = key === '' || 'default' in node ? true : required;
    for (const name of Object.keys(node.properties ?? {})) {
      if (key === '') walk(node.properties?.[name] ?? {}, name, node.required?.includes(name) ?? false, rows);
      else inner(name, node, key, here);
    }
    return;
  }
  const items = node.type === 'array' ? node.items : undefined;
  const variants = items ? objectVariants(items) : undefined;
  if (node.docType === undefined && items && (isObject(items) || variants)) {
    row('list');
    if (!variants) {
      for (const name of Object.keys(items.properties ?? {})) inner(name, items, `${key}[]`, true);
      return;
    }
    // Fields every variant has are listed once; the others under their variant's name.
    const [first] = variants;
    const common = Object.keys(first?.node.properties ?? {}).filter(
      (name) => name !== 'type' && variants.every((v) => v.node.properties?.[name] !== undefined),
    );
    if (first) for (const name of common) inner(name, first.node, `${key}[]`, true);
    for (const variant of variants)
      for (const name of Object.keys(variant.node.properties ?? {}))
        if (!common.includes(name)) inner(name, variant.node, `${key}[type=${variant.name}]`, true);
    // The discriminator rows say what they select (a literal's description cannot be set without touching
    // the union's discrimination).
    for (const r of rows)
      if (r.key.startsWith(`${key}[type=`) && r.key.endsWith('].type') && r.description === '')
        r.description = `Selects this kind of entry; the \`${key}[type=${r.key.slice(key.length + 6, -6)}]\` rows below apply to it.`;
    return;
  }
  row();
}

/**
 * zod leaves out the default of a field whose schema transforms (its default is an output value); the table
 * wants it back, since it is what the daemon uses when the key is absent.
 */
const keepDefaults = (ctx: {
  zodSchema: z.core.$ZodType;
  jsonSchema: z.core.JSONSchema.BaseSchema;
}): void => {
  const schema = ctx.zodSchema;
  if (schema instanceof z.ZodDefault && ctx.jsonSchema.default === undefined)
    ctx.jsonSchema.default = schema.def.defaultValue;
};

/** The Markdown table of every config key, as docs/configuration.md holds it between the markers. */
export function configTable(): string {
  const schema = z.toJSONSchema(Config, {
    io: 'input',
    unrepresentable: 'any',
    override: keepDefaults,
  }) as Node;
  const rows: Row[] = [];
  walk(schema, '', true, rows);
  const lines = ['| key | type | default | description |', '|---|---|---|---|'];
  for (const r of rows)
    lines.push(`| ${code(r.key)} | ${cell(r.type)} | ${cell(r.default)} | ${cell(r.description)} |`);
  return lines.join('\n');
}

/** The document with its table replaced; throws when the markers are missing. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/configuration.md lacks the markers ${START} … ${END}`);
  return `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`;
}

function main(): void {
  const doc = readFileSync(CONFIG_DOC, 'utf8');
  const fresh = withTable(doc, configTable());
  if (fresh === doc) {
    console.log('docs/configuration.md: the config table is up to date');
    return;
  }
  if (process.argv.includes('--write')) {
    writeFileSync(CONFIG_DOC, fresh);
    console.log('docs/configuration.md: config table rewritten from src/config/schema.ts');
    return;
  }
  console.error(
    `docs/configuration.md: the config table differs from src/config/schema.ts; run: ${WRITE_COMMAND}`,
  );
  process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
