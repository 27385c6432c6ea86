import { type DestinationStream, type Logger, pino } from 'pino';

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

export interface LoggerOptions {
  level?: string;
  destination?: DestinationStream;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  return pino(
    {
      name: 'pressbridge',
      level: options.level ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

/** A logger that writes nothing, for tests and library use. */
export function createSilentLogger(): Logger {
  return pino({ level: 'silent' });
}
