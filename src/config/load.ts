import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import { ConfigError, type ConfigIssue, errorMessage } from '../errors.js';
import { Config } from './schema.js';

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * Environment variables that set a value directly; each also has a `_FILE` form that names a file holding
 * the value (Docker secrets). They win over the file.
 */
export const ENV_OVERRIDES: ReadonlyArray<{ env: string; path: readonly string[]; boolean?: true }> = [
  { env: 'PRESSBRIDGE_API_KEY', path: ['marketplace', 'apiKey'] },
  { env: 'PRESSBRIDGE_BASE_URL', path: ['marketplace', 'baseUrl'] },
  { env: 'PRESSBRIDGE_WEBHOOK_SECRET', path: ['webhook', 'secret'] },
  { env: 'PRESSBRIDGE_WEBHOOK_PREVIOUS_SECRET', path: ['webhook', 'previousSecret'] },
  { env: 'PRESSBRIDGE_REDIS_URL', path: ['redis', 'url'] },
  { env: 'PRESSBRIDGE_STATUS_PASSWORD', path: ['status', 'password'] },
  // An installation (docker-compose.yml, `pressbridge service install`): where its data and config live, and the
  // status page's address inside a container (0.0.0.0 there, published on the host's loopback).
  { env: 'PRESSBRIDGE_DATA_DIR', path: ['dataDir'] },
  { env: 'PRESSBRIDGE_STATUS_HOST', path: ['status', 'listen', 'host'] },
  // Set by `pressbridge service install` when no Redis answered on 127.0.0.1:6379.
  { env: 'PRESSBRIDGE_REDIS_EMBEDDED', path: ['redis', 'embedded'], boolean: true },
];

/** `true`/`1`/`yes` and `false`/`0`/`no` as booleans; anything else stays text, for zod to name. */
function envBoolean(value: string): boolean | string {
  const v = value.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(v)) return true;
  if (['false', '0', 'no'].includes(v)) return false;
  return value;
}

/** The config file of an installation: `<PRESSBRIDGE_DATA_DIR>/pressbridge.yaml` (where the setup writes it). */
export function installedConfigPath(env: Env): string | undefined {
  const dir = env.PRESSBRIDGE_DATA_DIR;
  return dir ? join(dir, 'pressbridge.yaml') : undefined;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return value.length > 40 ? 'a string' : `"${value}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, '');
}

function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let cur: unknown = root;
  for (const key of path) {
    if (Array.isArray(cur) && typeof key === 'number') cur = cur[key];
    else if (isRecord(cur) && typeof key === 'string') cur = cur[key];
    else return undefined;
  }
  return cur;
}

/** Turns zod's issues into one line each: where, what was expected, what was found. */
export function toConfigIssues(error: z.ZodError, input: unknown): ConfigIssue[] {
  return error.issues.map((issue) => {
    const found = valueAt(input, issue.path);
    const message =
      issue.code === 'invalid_type' && found === undefined
        ? `required, ${issue.message.replace(/^Invalid input: /, '')}`
        : issue.code === 'unrecognized_keys' || issue.code === 'custom'
          ? issue.message
          : `${issue.message.replace(/^Invalid input: /, '')} (found ${describe(found)})`;
    return { path: formatPath(issue.path), message };
  });
}

function readSecretFile(file: string, where: string, issues: ConfigIssue[]): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    issues.push({ path: where, message: `cannot read secret file ${file}: ${errorMessage(error)}` });
    return undefined;
  }
}

/** Options of the config loading. */
export interface LoadOptions {
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

/** Replaces `{ env: NAME }` and `{ file: PATH }` references anywhere in the document by their values. */
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
      issues.push({ path: formatPath(path), message: `environment variable ${value.env} is not set` });
    }
    return resolved;
  }
  if (keys.length === 1 && keys[0] === 'file' && typeof value.file === 'string') {
    return readSecretFile(value.file, formatPath(path), issues);
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
  if (!isRecord(raw))
    throw new ConfigError([{ path: '', message: `expected a mapping, found ${describe(raw)}` }], source);
  const resolved = resolveReferences(raw, env, [], issues, options) as Record<string, unknown>;
  for (const { env: name, path, boolean } of ENV_OVERRIDES) {
    const direct = env[name];
    const file = env[`${name}_FILE`];
    const set = (value: string): void => setAt(resolved, path, boolean ? envBoolean(value) : value);
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
    issues.push(...toConfigIssues(result.error, resolved).filter((i) => !known.has(i.path)));
  }
  if (issues.length > 0 || !result.success) throw new ConfigError(issues, source);
  return deepFreeze(result.data);
}

/**
 * Reads the YAML file named by `--config`, else `PRESSBRIDGE_CONFIG`, else the installation's
 * `<PRESSBRIDGE_DATA_DIR>/pressbridge.yaml`, then validates it.
 */
export function loadConfig(options: { path?: string | undefined; env: Env } & LoadOptions): Readonly<Config> {
  const path = options.path || options.env.PRESSBRIDGE_CONFIG || installedConfigPath(options.env);
  if (!path) {
    throw new ConfigError([
      {
        path: '',
        message:
          'no config file: pass --config <file> or set PRESSBRIDGE_CONFIG or PRESSBRIDGE_DATA_DIR (see config/example.yaml)',
      },
    ]);
  }
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError([{ path: '', message: `cannot read ${path}: ${errorMessage(error)}` }]);
  }
  const doc = parseDocument(text, { prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new ConfigError(
      doc.errors.map((e) => ({ path: '', message: `YAML syntax: ${e.message.split('\n')[0]}` })),
      path,
    );
  }
  return parseConfig(doc.toJS() as Json, options.env, path, {
    ...(options.lenientBlogSecrets ? { lenientBlogSecrets: true } : {}),
  });
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
