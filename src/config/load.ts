import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { ConfigError, type ConfigIssue, errorMessage } from '../errors.js';
import { ENV_OVERRIDES, envValue } from './env.js';
import { configIssue, formatPath, notMapping, toConfigIssues } from './issues.js';
import {
  CONFIG_FILE_NAME,
  defaultDataDir,
  type Env,
  findConfigPath,
  SECRETS_FILE_NAME,
  secretsPathFor,
} from './paths.js';
import { Config } from './schema.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readSecretFile(file: string, where: string, issues: ConfigIssue[]): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    const said = { key: 'config.load.secret_file', params: { file, error: errorMessage(error) } };
    issues.push(configIssue(where, said));
    return undefined;
  }
}

function cannotRead(file: string, error: unknown): ConfigIssue {
  return configIssue('', { key: 'config.load.cannot_read', params: { file, error: errorMessage(error) } });
}

/** Reads an installation's secrets file; an absent file is no secrets (a config written by hand). */
export function readSecrets(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError([cannotRead(file, error)]);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ConfigError([configIssue('', { key: 'config.load.secrets_not_json', params: { file } })]);
  }
  if (!isRecord(parsed)) {
    throw new ConfigError([configIssue('', { key: 'config.load.secrets_not_object', params: { file } })]);
  }
  return Object.fromEntries(
    Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

/** Options of the config loading. */
export interface LoadOptions {
  /**
   * The installation's secrets (its secrets file), for `{ stored: NAME }` references. `loadConfig` reads them
   * from the secrets file beside the config file.
   */
  secrets?: Readonly<Record<string, string>>;
  /**
   * Leaves unset `{ env: NAME }` references inside `blogs[].options` unset instead of failing: for commands
   * that only read the deals and never build a publisher (`deals`, `deal <id>`, …). The plugin checks those
   * options when its publisher is built; the operator commands load the config strictly again then.
   */
  lenientBlogSecrets?: boolean;
}

function isBlogOption(path: PropertyKey[]): boolean {
  return path[0] === 'blogs' && path[2] === 'options';
}

/**
 * Replaces `{ env: NAME }`, `{ file: PATH }` and `{ stored: NAME }` (the installation's secrets file)
 * references anywhere in the document by their values.
 */
function resolveReferences(
  value: unknown,
  env: Env,
  path: PropertyKey[],
  issues: ConfigIssue[],
  options: LoadOptions = {},
): unknown {
  if (Array.isArray(value))
    return value.map((v, i) => resolveReferences(v, env, [...path, i], issues, options));
  if (!isRecord(value)) return value;
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === 'env' && typeof value.env === 'string') {
    const resolved = env[value.env];
    const tolerated = options.lenientBlogSecrets === true && isBlogOption(path);
    if ((resolved === undefined || resolved === '') && !tolerated) {
      issues.push(
        configIssue(formatPath(path), { key: 'config.load.env_unset', params: { name: value.env } }),
      );
    }
    return resolved;
  }
  if (keys.length === 1 && keys[0] === 'file' && typeof value.file === 'string') {
    return readSecretFile(value.file, formatPath(path), issues);
  }
  if (keys.length === 1 && keys[0] === 'stored' && typeof value.stored === 'string') {
    const found = options.secrets?.[value.stored];
    if (found === undefined || found === '') {
      const params = { name: value.stored, file: SECRETS_FILE_NAME };
      issues.push(configIssue(formatPath(path), { key: 'config.load.stored_missing', params }));
    }
    return found;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, resolveReferences(v, env, [...path, k], issues, options)]),
  );
}

function setAt(root: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let cur = root;
  for (const key of path.slice(0, -1)) {
    const next = cur[key];
    if (!isRecord(next)) cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[path[path.length - 1] as string] = value;
}

/** Validates an already-read document (YAML parsed to plain data) together with the environment. */
export function parseConfig(
  document: unknown,
  env: Env,
  source?: string,
  options: LoadOptions = {},
): Readonly<Config> {
  const issues: ConfigIssue[] = [];
  const raw = document ?? {};
  if (!isRecord(raw)) throw new ConfigError([notMapping(raw)], source);
  const resolved = resolveReferences(raw, env, [], issues, options) as Record<string, unknown>;
  // Which variable set a value, so that a bad one is named rather than the config key nobody wrote.
  const fromEnv = new Map<string, string>();
  for (const { env: name, path, boolean, integer, word } of ENV_OVERRIDES) {
    const direct = env[name];
    const file = env[`${name}_FILE`];
    const set = (value: string): void => {
      setAt(resolved, path, envValue(value, { boolean, integer, word }));
      fromEnv.set(path.join('.'), name);
    };
    if (direct !== undefined && direct !== '') set(direct);
    else if (file) {
      const value = readSecretFile(file, `${name}_FILE`, issues);
      if (value !== undefined) set(value);
    }
  }
  const result = Config.safeParse(resolved);
  if (!result.success) {
    // A reference that failed to resolve was reported already; its "required" would say the same again.
    const known = new Set(issues.map((i) => i.path));
    const named = toConfigIssues(result.error, resolved).map((i) => {
      const variable = fromEnv.get(i.path);
      const said = i.said ?? i.message;
      return variable
        ? configIssue(i.path, { key: 'config.issue.set_by', params: { what: said, variable } })
        : i;
    });
    issues.push(...named.filter((i) => !known.has(i.path)));
  }
  if (issues.length > 0 || !result.success) throw new ConfigError(issues, source);
  return deepFreeze(result.data);
}

/**
 * Reads the YAML file named by `--config` or `PRESSBRIDGE_CONFIG` (else the installation's
 * `<data dir>/pressbridge.yaml`) and the secrets file beside it, then validates it.
 */
export function loadConfig(options: { path?: string | undefined; env: Env } & LoadOptions): Readonly<Config> {
  const path = findConfigPath(options.path, options.env);
  if (!path) {
    const none = join(defaultDataDir(options.env), CONFIG_FILE_NAME);
    throw new ConfigError([configIssue('', { key: 'config.load.no_file', params: { path: none } })]);
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([cannotRead(path, error)]);
  }
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) =>
        configIssue('', { key: 'config.load.yaml', params: { error: e.message.split('\n')[0] ?? '' } }),
      ),
      path,
    );
  }
  return parseConfig(doc.toJS() as Json, options.env, path, {
    ...(options.lenientBlogSecrets ? { lenientBlogSecrets: true } : {}),
    secrets: options.secrets ?? readSecrets(secretsPathFor(path)),
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
