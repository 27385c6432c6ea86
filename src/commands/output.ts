/**
 * Terminal output for the CLI: colour and symbols on a terminal, plain text when piped (or NO_COLOR), JSON with
 * `--json`. Everything goes through one `Output` so tests can capture it, and so through one place that shows
 * bidi overrides, other invisible characters and control characters as `<U+202E>` (src/render/invisible.ts,
 * `show`): a deal title cannot reorder itself on the operator's screen, and an ESC from the marketplace cannot
 * move the cursor, hide a line, retitle the terminal or write a link.
 */
import type { Check, CheckStatus } from '../checks.js';
import type { Translator } from '../i18n/index.js';
import { neutraliseInvisible } from '../render/invisible.js';
import { cliTranslator } from './language.js';

export interface Output {
  readonly json: boolean;
  readonly colour: boolean;
  /** The messages' language (src/commands/language.ts). */
  readonly t: Translator;
  line(text?: string): void;
  data(value: unknown): void;
  /** One check's line (`pressbridge doctor`): its mark, name and detail, and the fix when it is not ok. */
  check(check: Check): void;
  table(
    rows: ReadonlyArray<Record<string, unknown>>,
    columns: ReadonlyArray<{ key: string; title: string }>,
  ): void;
  paint(text: string, colour: 'green' | 'yellow' | 'red' | 'dim' | 'bold'): string;
}

const CODES = { green: 32, yellow: 33, red: 31, dim: 2, bold: 1 } as const;
const ESC = '\u001b';

/**
 * The exact colour sequences `paint` writes (and the reset), split out of a line before it is neutralised so
 * our own colours survive. Text from elsewhere can carry only these same six sequences through, and with them
 * change a colour but not hide, move, retitle or link; piped (no colour) not even those.
 */
const OWN_SGR = new RegExp(`(${ESC}\\[(?:0|1|2|31|32|33)m)`);

/** Text for the terminal: invisible and control characters shown, tab and line feeds kept. */
function visible(text: string): string {
  return neutraliseInvisible(text, { mode: 'show', multiline: true });
}

/** One table cell or other one-line value: a line break in a title must not break the table. */
function visibleLine(text: string): string {
  return neutraliseInvisible(text, { mode: 'show' });
}

export function createOutput(
  options: { json?: boolean; colour?: boolean; write?: (text: string) => void; t?: Translator } = {},
): Output {
  const t = options.t ?? cliTranslator();
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const colour =
    options.colour ?? (Boolean(process.stdout.isTTY) && !process.env.NO_COLOR && process.env.TERM !== 'dumb');
  const paint: Output['paint'] = (text, name) =>
    colour ? `${ESC}[${CODES[name]}m${visible(text)}${ESC}[0m` : visible(text);
  // With colour on, our own sequences pass; everything between them is shown as text.
  const printable = (text: string): string =>
    colour
      ? text
          .split(OWN_SGR)
          .map((part, i) => (i % 2 === 1 ? part : visible(part)))
          .join('')
      : visible(text);
  // Piped: a word per status (OK/WARN/FAIL, OK/POZOR/CHYBA), padded so the names line up.
  const labels = { ok: t.t('cli.out.ok'), warn: t.t('cli.out.warn'), fail: t.t('cli.out.fail') };
  const labelWidth = Math.max(...Object.values(labels).map((l) => l.length));
  const symbol = (status: CheckStatus): string =>
    colour
      ? paint(
          status === 'ok' ? '✔' : status === 'warn' ? '!' : '✖',
          status === 'ok' ? 'green' : status === 'warn' ? 'yellow' : 'red',
        )
      : labels[status].padEnd(labelWidth);
  const cell = (value: unknown): string => {
    if (value === undefined || value === null) return '';
    return visibleLine(typeof value === 'string' ? value : String(value));
  };
  return {
    json: options.json ?? false,
    colour,
    t,
    paint,
    line(text = '') {
      write(`${printable(text)}\n`);
    },
    data(value) {
      // JSON.stringify escapes C0 controls and lone surrogates; what it leaves raw (bidi, C1, zero-width) is
      // shown as `<U+XXXX>` inside the strings, which keeps the JSON valid.
      write(`${visible(String(JSON.stringify(value, null, 2)))}\n`);
    },
    check({ status, name, detail, fix }) {
      write(`${symbol(status)} ${name === undefined ? '' : `${visible(name)}: `}${visible(detail)}\n`);
      if (fix && status !== 'ok') write(`     ${paint(t.t('cli.out.fix'), 'bold')} ${visible(fix)}\n`);
    },
    table(rows, columns) {
      const widths = columns.map((c) => Math.max(c.title.length, ...rows.map((r) => cell(r[c.key]).length)));
      const format = (values: string[]): string =>
        values
          .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i] ?? 0)))
          .join('  ')
          .trimEnd();
      write(`${paint(format(columns.map((c) => c.title)), 'bold')}\n`);
      for (const row of rows) write(`${format(columns.map((c) => cell(row[c.key])))}\n`);
      if (rows.length === 0) write(`${paint(t.t('cli.out.none'), 'dim')}\n`);
    },
  };
}
