/**
 * The daemon's two listeners and the ways to choose where each one listens without writing YAML: a flag of
 * `pressbridge start`, an environment variable, and the setup (which writes the config key). One table, read by
 * the config loading (the variables), the `start` command (the flags), the schema's descriptions and the error
 * a taken port gets (src/errors.ts `ListenError`, worded by src/cli.ts).
 *
 * Precedence, highest first: the flag, the variable, the config file, the default. The flag is passed on as
 * its variable ({@link portFlagsAsEnv}), so the config loading has one way in for both.
 */
import type { ListenerName } from '../errors.js';

export interface ListenerWays {
  /** The config key of the port. */
  key: string;
  /** Its default. */
  defaultPort: number;
  /** The default address. */
  defaultHost: string;
  /** The `pressbridge start` flag (without a config it also places the setup page, for `status`). */
  flag: string;
  /** The environment variable of the port. */
  env: string;
  /** The environment variable of the address. */
  hostEnv: string;
  /** The `pressbridge setup` flag (the /setup page: the port field of the intake step, or the page's own port). */
  setupFlag: string;
}

export const LISTENERS: Readonly<Record<ListenerName, ListenerWays>> = {
  status: {
    key: 'status.listen.port',
    defaultPort: 8081,
    defaultHost: '127.0.0.1',
    flag: '--status-port',
    env: 'PRESSBRIDGE_STATUS_PORT',
    hostEnv: 'PRESSBRIDGE_STATUS_HOST',
    setupFlag: '--status-port',
  },
  webhook: {
    key: 'webhook.listen.port',
    defaultPort: 8080,
    defaultHost: '0.0.0.0',
    flag: '--webhook-port',
    env: 'PRESSBRIDGE_WEBHOOK_PORT',
    hostEnv: 'PRESSBRIDGE_WEBHOOK_HOST',
    setupFlag: '--webhook-port',
  },
};

/** The `start` flags given on the command line, as the variables they stand for (a flag wins over the variable). */
export function portFlagsAsEnv(
  env: Readonly<Record<string, string | undefined>>,
  flags: Partial<Record<ListenerName, number | undefined>>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { ...env };
  for (const name of Object.keys(LISTENERS) as ListenerName[]) {
    const port = flags[name];
    if (port !== undefined) out[LISTENERS[name].env] = String(port);
  }
  return out;
}

/** A port as typed (a form field, a variable): 1–65535, else undefined. */
export function parsePort(text: string | undefined): number | undefined {
  const value = text?.trim() ?? '';
  if (!/^\d{1,5}$/.test(value)) return undefined;
  const port = Number(value);
  return port >= 1 && port <= 65535 ? port : undefined;
}

/** The port a variable sets, when it is a port number (else undefined: the config loading names the problem). */
export function portFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: ListenerName,
): number | undefined {
  return parsePort(env[LISTENERS[name].env]);
}

/** One English sentence for logs: the three ways to move a listener to another port. */
export function portWays(name: ListenerName): string {
  const ways = LISTENERS[name];
  return `choose another port: \`pressbridge start ${ways.flag} <port>\`, ${ways.env}=<port>, or ${ways.key} (pressbridge setup ${ways.setupFlag})`;
}
