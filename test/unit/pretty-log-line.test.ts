import { describe, expect, it } from 'vitest';
import { MAX_VALUE, prettyLogLine } from '../../src/pretty-log-line.js';

const TIME = '2026-11-27T13:05:09.123Z';
const at = new Date(TIME);
const two = (n: number): string => String(n).padStart(2, '0');
/** The same instant on this machine's clock, as the line shows it. */
const CLOCK = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;

function line(fields: Record<string, unknown>, colour = false): string {
  return prettyLogLine(JSON.stringify({ time: TIME, ...fields }), { colour });
}

describe('src/pretty-log-line', () => {
  it.each([
    [10, 'TRACE'],
    [20, 'DEBUG'],
    [30, 'INFO '],
    [40, 'WARN '],
    [50, 'ERROR'],
    [60, 'FATAL'],
  ])('level %i reads %s', (level, word) => {
    expect(line({ level, msg: 'm' })).toBe(`${CLOCK} ${word} m\n`);
  });

  it('keeps every field on the line: plain words as they are, other values as JSON', () => {
    expect(
      line({
        level: 30,
        msg: 'pressbridge started',
        version: '0.1.0',
        webhook: 'http://127.0.0.1:8080/webhook',
        worker: true,
        blogs: [7],
        note: 'two words',
        nested: { a: 1 },
        nothing: null,
      }),
    ).toBe(
      `${CLOCK} INFO  pressbridge started · version=0.1.0 webhook=http://127.0.0.1:8080/webhook worker=true ` +
        'blogs=[7] note="two words" nested={"a":1} nothing=null\n',
    );
  });

  it('shows a serialised error by its message, not its stack', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' };
    expect(line({ level: 50, msg: 'failed', err })).toBe(`${CLOCK} ERROR failed · err=boom\n`);
  });

  it('cuts a long value, so one event stays one line', () => {
    const out = line({ level: 30, msg: 'm', body: 'x'.repeat(MAX_VALUE * 3) });
    expect(out).toBe(`${CLOCK} INFO  m · body=${'x'.repeat(MAX_VALUE - 1)}…\n`);
  });

  it('shows control, bidi and line-breaking characters from elsewhere instead of obeying them', () => {
    const out = line({ level: 40, msg: 'title\u001b]0;pwned\u0007 \u202egnp.exe\nsecond', title: '\u2028x' });
    expect(out.split('\n')).toHaveLength(2);
    // Before the line's own final line feed: no control, override or line separator left.
    expect(out.slice(0, -1)).not.toMatch(/[\p{Cc}\u202e\u2028]/u);
    expect(out).toContain('<U+001B>]0;pwned<U+0007> <U+202E>gnp.exe second');
    expect(out).toContain('title=" x"');
  });

  it('colours the level and dims the time only when asked', () => {
    const coloured = line({ level: 40, msg: 'odd' }, true);
    expect(coloured).toBe(`\u001b[2m${CLOCK}\u001b[22m \u001b[33mWARN \u001b[39m odd\n`);
    expect(line({ level: 40, msg: 'odd' })).not.toContain('\u001b');
  });

  it('passes a line that is no JSON object on as text, neutralised', () => {
    expect(prettyLogLine('not json \u001b[2J\n', { colour: false })).toBe('not json <U+001B>[2J\n');
    expect(prettyLogLine('[1,2]', { colour: false })).toBe('[1,2]\n');
  });
});
