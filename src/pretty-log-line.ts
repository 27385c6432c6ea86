/**
 * One pino JSON line as a person reads it on a terminal: `14:05:09 WARN  message · key=value key=value`. The
 * time is the machine's local wall clock (what `date` on that terminal says); the JSON log keeps ISO 8601 in UTC.
 * Every field is kept, on the same line, values cut at `MAX_VALUE` characters: one event, one line.
 *
 * Log fields carry text from elsewhere (a deal's title, an error message a peer sent), so the line goes through
 * src/render/invisible.ts (`show`) before our own colours are added: an ESC from the marketplace cannot move the
 * cursor or hide a line, a bidi override cannot reorder what the operator reads.
 */
import { styleText } from 'node:util';
import { neutraliseInvisible } from './render/invisible.js';

type Style = Parameters<typeof styleText>[0];

/** pino's level numbers, their word and colour. */
const LEVELS: Readonly<Record<number, { word: string; style: Style }>> = {
  10: { word: 'TRACE', style: 'gray' },
  20: { word: 'DEBUG', style: 'gray' },
  30: { word: 'INFO', style: 'green' },
  40: { word: 'WARN', style: 'yellow' },
  50: { word: 'ERROR', style: 'red' },
  60: { word: 'FATAL', style: ['red', 'bold'] },
};

/** The longest a single field's value is shown; the JSON log keeps it whole. */
export const MAX_VALUE = 300;

/** Fields every line has, shown in their own places rather than as `key=value`. */
const OWN_PLACES = new Set(['level', 'time', 'msg']);

export interface PrettyOptions {
  /** ANSI colours (only on a terminal that has them). */
  colour: boolean;
}

/** `line` is one JSON object as pino writes it; anything else is passed on as it came (neutralised). */
export function prettyLogLine(line: string, options: PrettyOptions): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    record = undefined;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return `${shown(line.replace(/\n$/, ''))}\n`;
  }
  const fields = record as Record<string, unknown>;
  const paint = (style: Style, text: string): string =>
    options.colour ? styleText(style, text, { validateStream: false }) : text;
  const level = typeof fields.level === 'number' ? LEVELS[fields.level] : undefined;
  const word = (level?.word ?? String(fields.level ?? '')).padEnd(5);
  const rest = Object.entries(fields)
    .filter(([key, value]) => !OWN_PLACES.has(key) && value !== undefined)
    .map(([key, value]) => `${shown(key)}=${shown(valueText(key, value))}`);
  const parts = [
    paint('dim', clock(fields.time)),
    level ? paint(level.style, word) : word,
    shown(typeof fields.msg === 'string' ? fields.msg : ''),
  ];
  const keys = rest.length > 0 ? ` ${paint('dim', '·')} ${rest.join(' ')}` : '';
  return `${parts.join(' ')}${keys}\n`;
}

/** A value as one token: a plain word as itself, other strings and objects as JSON; an error by its message. */
function valueText(key: string, value: unknown): string {
  // pino's err serializer writes { type, message, stack }: the message is what a line can hold.
  if (key === 'err' && typeof value === 'object' && value !== null && 'message' in value) {
    return valueText('', (value as { message: unknown }).message);
  }
  const text =
    typeof value === 'string' && /^[^\s"=]+$/u.test(value) ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE - 1)}…` : text;
}

/** `HH:MM:SS` of pino's ISO time in the machine's zone; the value as given when it is no time. */
function clock(time: unknown): string {
  const at = typeof time === 'string' || typeof time === 'number' ? new Date(time) : undefined;
  if (!at || Number.isNaN(at.getTime())) return String(time ?? '');
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** One-line text for the terminal: controls, bidi and invisible characters shown as `<U+XXXX>`. */
function shown(text: string): string {
  return neutraliseInvisible(text, { mode: 'show' });
}
