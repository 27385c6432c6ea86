/**
 * Where an installation keeps its files: the config file's name and place, the secrets file beside it, the data
 * folder. Apart from the config's schema (src/config/load.ts) so that the CLI can find them without loading it.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

/** The config file of an installation made by `pressbridge setup` (or the /setup page), in its data folder. */
export const CONFIG_FILE_NAME = 'pressbridge.yaml';
/** The one secrets file of an installation (mode 0600), beside its config file: `{ "<name>": "<value>" }`. */
export const SECRETS_FILE_NAME = 'secrets.json';

/**
 * The installation's data folder when nothing says otherwise: `$PRESSBRIDGE_DATA_DIR`, else `./.data` (the
 * config schema's own `dataDir` default), made absolute.
 */
export function defaultDataDir(env: Env): string {
  return resolve(env.PRESSBRIDGE_DATA_DIR || './.data');
}

/**
 * Which config file a command reads: `--config`, else `$PRESSBRIDGE_CONFIG`, else the installation's
 * `<data dir>/pressbridge.yaml` when it exists; undefined when there is none (the daemon then starts setup).
 */
export function findConfigPath(path: string | undefined, env: Env): string | undefined {
  const given = path ?? env.PRESSBRIDGE_CONFIG;
  if (given) return given;
  const installed = join(defaultDataDir(env), CONFIG_FILE_NAME);
  return existsSync(installed) ? installed : undefined;
}

/** The secrets file that belongs to a config file: `secrets.json` in the same folder. */
export function secretsPathFor(configPath: string): string {
  return join(dirname(resolve(configPath)), SECRETS_FILE_NAME);
}
