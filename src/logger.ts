/**
 * The daemon's logger (pino): a fixed message plus a metadata object, secrets redacted. On a terminal each event
 * is one readable line (./pretty-log-line.ts); everywhere else (journald, Docker, a pipe, a file, the tests) JSON
 * lines, one object per event. `PRESSBRIDGE_LOG_FORMAT=json|pretty` forces either.
 */
import { type DestinationStream, type Logger, pino } from 'pino';
import { prettyLogLine } from './pretty-log-line.js';

export type { Logger };

/**
 * Paths pino blanks out wherever they appear (one level of nesting covers our metadata objects). The list is
 * the daemon's promise that no secret reaches stdout; the Redis log sink applies `redactSecrets` as well.
 */
export const REDACT_PATHS = [
  'apiKey',
  'secret',
  'previousSecret',
  'password',
  'applicationPassword',
  'token',
  'authorization',
  'Authorization',
  'headers.authorization',
  'headers.Authorization',
  '*.apiKey',
  '*.secret',
  '*.previousSecret',
  '*.password',
  '*.applicationPassword',
  '*.token',
  '*.authorization',
  '*.Authorization',
];

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Where a log goes: stdout or stderr (a terminal or not), or any stream a test or a tool passes. */
type Target = DestinationStream & { isTTY?: boolean };

export interface LoggerOptions {
  level?: string;
  /** Default stdout. */
  destination?: Target;
  /** Where `PRESSBRIDGE_LOG_FORMAT`, `NO_COLOR` and `TERM` are read; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * `PRESSBRIDGE_LOG_FORMAT` when it names a format, else pretty on a terminal and JSON lines anywhere else.
 * `ignored` is a value that names no format (said once in the log, as JSON or pretty as chosen).
 */
export function logFormatOf(
  target: { isTTY?: boolean },
  env: Readonly<Record<string, string | undefined>>,
): { format: LogFormat; ignored?: string } {
  const asked = env.PRESSBRIDGE_LOG_FORMAT?.trim().toLowerCase() ?? '';
  const auto: LogFormat = target.isTTY === true ? 'pretty' : 'json';
  if (asked === '') return { format: auto };
  const format = LOG_FORMATS.find((f) => f === asked);
  return format ? { format } : { format: auto, ignored: env.PRESSBRIDGE_LOG_FORMAT ?? '' };
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const env = options.env ?? process.env;
  const target: Target = options.destination ?? process.stdout;
  const { format, ignored } = logFormatOf(target, env);
  // JSON goes exactly where it went before (pino's own writer on stdout when no destination is given). Pretty
  // lines are written in this thread, in order with the human lines the commands print to the same stream.
  const colour = target.isTTY === true && !env.NO_COLOR && env.TERM !== 'dumb';
  const destination: DestinationStream | undefined =
    format === 'pretty'
      ? { write: (line: string) => void target.write(prettyLogLine(line, { colour })) }
      : options.destination;
  const log = pino(
    {
      name: 'pressbridge',
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
  if (ignored !== undefined) {
    log.warn(
      { PRESSBRIDGE_LOG_FORMAT: ignored, used: format },
      `PRESSBRIDGE_LOG_FORMAT names no format (${LOG_FORMATS.join(' or ')}); using the default`,
    );
  }
  return log;
}

/** A logger that writes nothing, for tests and library use. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
