/**
 * The expected shape of an answer, read from the client's own zod schema (src/marketplace/schema.ts), so the
 * assumptions `doctor --live` checks live in one place: the schema the daemon parses with. A field wrapped in
 * `.optional()` (the schema's `lenient()`) may be missing; every other field is expected, also when the
 * schema tolerates its absence with `.catch()` (the working assumptions say it is there).
 */
import type { z } from 'zod';
import type { Shape } from './shape.js';

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  entries?: Record<string, string>;
  values?: unknown[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let current = schema;
  let optional = false;
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional') optional = true;
    if (
      ['optional', 'catch', 'default', 'prefault', 'readonly', 'nonoptional'].includes(def.type) &&
      def.innerType
    ) {
      current = def.innerType;
      continue;
    }
    if (def.type === 'pipe' && def.in) {
      current = def.in;
      continue;
    }
    return { schema: current, optional };
  }
}

export function shapeOfSchema(schema: z.ZodType): Shape {
  const { schema: inner } = unwrap(schema);
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
    case 'int':
    case 'bigint':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'nullable':
      return { type: 'nullable', of: def.innerType ? shapeOfSchema(def.innerType) : { type: 'any' } };
    case 'enum':
      return { type: 'enum', values: Object.values(def.entries ?? {}).map(String) };
    case 'literal':
      return { type: 'enum', values: (def.values ?? []).map(String) };
    case 'array':
      return def.element ? { type: 'array', of: shapeOfSchema(def.element) } : { type: 'array' };
    case 'object': {
      const fields: Record<string, Shape> = {};
      const optional: string[] = [];
      for (const [name, field] of Object.entries(def.shape ?? {})) {
        fields[name] = shapeOfSchema(field);
        if (unwrap(field).optional) optional.push(name);
      }
      return { type: 'object', fields, optional };
    }
    default:
      return { type: 'any' };
  }
}
