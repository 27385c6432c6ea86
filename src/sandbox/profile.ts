/**
 * `pressbridge sandbox --profile <capture>`: the sandbox answers in the SHAPES a real service sent, as a
 * `doctor --live --save` capture recorded them (src/capture/capture.ts), so a test reproduces what the field
 * showed: a renamed field, a dropped one, an extra one, UTC or ISO date-times, photo URLs in another form, another
 * photo content type. The sandbox's own answer is reshaped to the captured shape:
 *   - fields of the captured shape are taken by name; a captured field the sandbox does not have takes an
 *     unused sandbox field of the same type (a rename: `text` → `obsah`), or else a placeholder of its type;
 *   - sandbox fields the capture does not show are dropped;
 *   - a list the capture shows bare is unwrapped from `{data: [...]}`;
 *   - a string the capture shows as an absolute URL (a path) is made absolute on the sandbox (made a path).
 * Date-times follow the capture's date form and zone (dateFormat). Values never come from the capture: it has
 * none.
 */
import { readFileSync } from 'node:fs';
import { type Capture, parseCapture } from '../capture/capture.js';
import { DATE_FORMS, describeShape, type Shape } from '../capture/shape.js';
import type { DateFormat } from './dates.js';

export interface SandboxProfile {
  /** From the capture's date form and zone; undefined = the sandbox's default. */
  dateFormat?: DateFormat;
  /** Captured shapes of 2xx JSON answers by route, e.g. `GET /v1/deals/{id}/text`. */
  shapes: Map<string, Shape>;
  /** The photo answers' Content-Type, when the capture saw one. */
  photoContentType?: string;
}

export function profileFromCapture(capture: Capture): SandboxProfile {
  const shapes = new Map<string, Shape>();
  let photoContentType: string | undefined;
  for (const r of capture.requests) {
    if (r.status < 200 || r.status >= 300) continue;
    if (r.shape) shapes.set(`${r.method} ${r.path}`, r.shape);
    if (/\/photos\/\{n\}$/.test(r.path) && r.headers['content-type'])
      photoContentType = r.headers['content-type'];
  }
  const { form, zone } = capture.dates;
  const dateFormat: DateFormat | undefined =
    form === DATE_FORMS.isoOffset || form === DATE_FORMS.isoZ
      ? 'iso'
      : form === DATE_FORMS.plain && zone === 'UTC'
        ? 'utc'
        : form === DATE_FORMS.plain
          ? 'prague'
          : undefined;
  return {
    shapes,
    ...(dateFormat ? { dateFormat } : {}),
    ...(photoContentType ? { photoContentType } : {}),
  };
}

export function loadProfile(file: string): SandboxProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the profile ${file}: ${(error as Error).message}`);
  }
  return profileFromCapture(parseCapture(text, file));
}

/** `GET /v1/deals/:id/photos/:n` (an Express route) → `GET /v1/deals/{id}/photos/{n}` (a capture's path). */
export function profileRouteKey(method: string, route: string): string {
  return `${method} ${route.replace(/:(\w+)/g, '{$1}')}`;
}

function placeholder(shape: Shape | undefined): unknown {
  switch (shape?.type) {
    case 'string':
      return '';
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return reshape({}, shape, '');
    default:
      return null;
  }
}

function sameType(value: unknown, shape: Shape): boolean {
  const found = describeShape(value).type;
  return found === shape.type || (shape.type === 'nullable' && (value === null || found === shape.of.type));
}

/** The sandbox's answer in the captured shape (see the module comment). */
export function reshape(value: unknown, target: Shape | undefined, baseUrl: string): unknown {
  if (target === undefined) return value;
  if (target.type === 'array') {
    if (!Array.isArray(value)) {
      const lists = value && typeof value === 'object' ? Object.values(value).filter(Array.isArray) : [];
      return lists.length === 1 ? reshape(lists[0], target, baseUrl) : value;
    }
    return value.map((item) => reshape(item, target.of, baseUrl));
  }
  if (target.type === 'string' && typeof value === 'string') {
    if (target.form === 'absolute URL' && value.startsWith('/')) return `${baseUrl}${value}`;
    if (target.form === 'path' && /^https?:\/\//i.test(value)) {
      const url = new URL(value);
      return `${url.pathname}${url.search}`;
    }
    return value;
  }
  if (target.type !== 'object' || value === null || typeof value !== 'object' || Array.isArray(value))
    return value;
  const source = value as Record<string, unknown>;
  const used = new Set(Object.keys(source).filter((k) => k in target.fields));
  const out: Record<string, unknown> = {};
  for (const [name, shape] of Object.entries(target.fields)) {
    if (name in source) {
      out[name] = reshape(source[name], shape, baseUrl);
      continue;
    }
    const renamed = Object.keys(source).find((k) => !used.has(k) && sameType(source[k], shape));
    if (renamed !== undefined) {
      used.add(renamed);
      out[name] = reshape(source[renamed], shape, baseUrl);
    } else {
      out[name] = placeholder(shape);
    }
  }
  return out;
}
