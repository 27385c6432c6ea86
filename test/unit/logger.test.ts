import { describe, expect, it } from 'vitest';
import { createLogger, logFormatOf } from '../../src/logger.js';

/** A stream as process.stdout looks to the logger: a terminal or not, collecting what is written. */
function stream(isTTY: boolean): { isTTY: boolean; lines: string[]; write(line: string): void } {
  const lines: string[] = [];
  return { isTTY, lines, write: (line: string) => void lines.push(line) };
}

describe('src/logger', () => {
  it.each([
    { tty: true, env: {}, format: 'pretty' },
    { tty: false, env: {}, format: 'json' },
    { tty: undefined, env: {}, format: 'json' },
    { tty: true, env: { PRESSBRIDGE_LOG_FORMAT: 'json' }, format: 'json' },
    { tty: false, env: { PRESSBRIDGE_LOG_FORMAT: 'pretty' }, format: 'pretty' },
    { tty: false, env: { PRESSBRIDGE_LOG_FORMAT: ' Pretty ' }, format: 'pretty' },
    { tty: true, env: { PRESSBRIDGE_LOG_FORMAT: '' }, format: 'pretty' },
  ] as const)('chooses $format on tty=$tty with $env', ({ tty, env, format }) => {
    expect(logFormatOf(tty === undefined ? {} : { isTTY: tty }, env)).toEqual({ format });
  });

  it('keeps the default for a value that names no format, and says which value it ignored', () => {
    expect(logFormatOf({ isTTY: false }, { PRESSBRIDGE_LOG_FORMAT: 'xml' })).toEqual({
      format: 'json',
      ignored: 'xml',
    });
    const out = stream(false);
    const log = createLogger({ destination: out, env: { PRESSBRIDGE_LOG_FORMAT: 'xml' } });
    log.info('after');
    const [warning, after] = out.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warning).toMatchObject({ level: 40, PRESSBRIDGE_LOG_FORMAT: 'xml', used: 'json' });
    expect(after).toMatchObject({ level: 30, msg: 'after' });
  });

  it('writes JSON lines, secrets redacted, when the destination is no terminal', () => {
    const out = stream(false);
    createLogger({ destination: out, env: {} }).warn({ apiKey: 'k-secret', blogId: 7 }, 'odd');
    expect(out.lines).toHaveLength(1);
    const record = JSON.parse(out.lines[0] ?? '') as Record<string, unknown>;
    expect(record).toMatchObject({ level: 40, msg: 'odd', blogId: 7, apiKey: '[redacted]' });
    expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('writes one readable line per event on a terminal, in colour unless NO_COLOR or TERM=dumb', () => {
    const plain = stream(true);
    createLogger({ destination: plain, env: { NO_COLOR: '1' } }).warn(
      { apiKey: 'k-secret', blogId: 7 },
      'odd',
    );
    expect(plain.lines).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d WARN {2}odd · apiKey=\[redacted\] blogId=7\n$/),
    ]);

    const dumb = stream(true);
    createLogger({ destination: dumb, env: { TERM: 'dumb' } }).info('hello');
    expect(dumb.lines[0]).not.toContain('\u001b[');

    const coloured = stream(true);
    createLogger({ destination: coloured, env: {} }).error('broken');
    expect(coloured.lines[0]).toContain('\u001b[31mERROR\u001b[39m');
  });

  it('writes pretty lines without colour when forced onto a pipe', () => {
    const out = stream(false);
    createLogger({ destination: out, env: { PRESSBRIDGE_LOG_FORMAT: 'pretty' } }).info({ n: 1 }, 'piped');
    expect(out.lines).toEqual([expect.stringMatching(/^\d\d:\d\d:\d\d INFO {2}piped · n=1\n$/)]);
  });

  it('leaves debug lines out below the level, as in JSON', () => {
    const out = stream(true);
    const log = createLogger({ destination: out, level: 'info', env: { NO_COLOR: '1' } });
    log.debug('hidden');
    log.info('shown');
    expect(out.lines).toEqual([expect.stringContaining('INFO  shown')]);
  });
});
