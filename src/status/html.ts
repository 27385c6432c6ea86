/**
 * A tiny HTML builder: every value interpolated into `html\`…\`` is escaped unless it is itself built by
 * `html` (or explicitly marked with `trustedHtml`), so a view cannot forget to escape. No template engine: the
 * views are plain functions of their data, which keeps them pure and testable and adds no dependency.
 */
import { neutraliseInvisible } from '../render/invisible.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/**
 * Escapes text for use in element content and in quoted attribute values. Bidi overrides and other invisible
 * characters are shown as `<U+202E>` first: the status page is the operator's, and a title that would display
 * `U+202E gnp.exe` as `exe.png` should be seen for what it is (records stored before the marketplace edge cleaned
 * them, a site's error text, a log line). Tab and line feeds stay for `<pre>` and log lines.
 */
export function escapeHtml(text: string): string {
  return neutraliseInvisible(text, { mode: 'show', multiline: true }).replace(
    /[&<>"'`]/g,
    (c) => ESCAPES[c] ?? c,
  );
}

/** Markup that is already safe: produced by `html` or by `trustedHtml`. */
export class SafeHtml {
  readonly value: string;

  constructor(value: string) {
    this.value = value;
  }

  toString(): string {
    return this.value;
  }
}

/** What a view may interpolate: nullish and `false` render nothing, arrays render each item. */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join('');
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) {
    out += render(values[i]) + (strings[i + 1] ?? '');
  }
  return new SafeHtml(out);
}

/** Marks a constant string (never data) as markup. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

/**
 * The URL when it is an absolute http(s) URL, else undefined: data from the marketplace or a plugin becomes a
 * link only when it cannot be `javascript:` or another scheme.
 */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 2048) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
