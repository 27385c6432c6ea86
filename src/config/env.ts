/** The environment variables that set a config value directly, and how their text is read (src/config/load.ts). */
import { LISTENERS } from './listeners.js';

/**
 * Environment variables that set a value directly; each also has a `_FILE` form that names a file holding
 * the value (Docker secrets). They win over the file.
 */
export const ENV_OVERRIDES: ReadonlyArray<{
  env: string;
  path: readonly string[];
  boolean?: true;
  integer?: true;
  /** A word compared without case or spaces around it (`EN` and ` en ` name English). */
  word?: true;
}> = [
  { env: 'PRESSBRIDGE_API_KEY', path: ['marketplace', 'apiKey'] },
  { env: 'PRESSBRIDGE_BASE_URL', path: ['marketplace', 'baseUrl'] },
  { env: 'PRESSBRIDGE_WEBHOOK_SECRET', path: ['webhook', 'secret'] },
  { env: 'PRESSBRIDGE_WEBHOOK_PREVIOUS_SECRET', path: ['webhook', 'previousSecret'] },
  { env: 'PRESSBRIDGE_REDIS_URL', path: ['redis', 'url'] },
  { env: 'PRESSBRIDGE_STATUS_PASSWORD', path: ['status', 'password'] },
  // An installation (docker-compose.yml, `pressbridge service install`): where its data and config live, and the
  // status page's address inside a container (0.0.0.0 there, published on the host's loopback).
  { env: 'PRESSBRIDGE_DATA_DIR', path: ['dataDir'] },
  { env: LISTENERS.status.hostEnv, path: ['status', 'listen', 'host'] },
  // Where each listener listens, without YAML (src/config/listeners.ts; `start --status-port` and
  // `--webhook-port` arrive as these variables).
  { env: LISTENERS.status.env, path: ['status', 'listen', 'port'], integer: true },
  { env: LISTENERS.webhook.hostEnv, path: ['webhook', 'listen', 'host'] },
  { env: LISTENERS.webhook.env, path: ['webhook', 'listen', 'port'], integer: true },
  // The names the status page (and the setup page before any config) answers to besides loopback ones.
  { env: 'PRESSBRIDGE_STATUS_HOSTS', path: ['status', 'hosts'] },
  // `pressbridge service install` sets it to false beside PRESSBRIDGE_REDIS_URL (older installs: true, no Redis found).
  { env: 'PRESSBRIDGE_REDIS_EMBEDDED', path: ['redis', 'embedded'], boolean: true },
  // The language of this process (src/i18n/process-language.ts).
  { env: 'PRESSBRIDGE_LANGUAGE', path: ['ui', 'language'], word: true },
];

/**
 * A variable's text as its key takes it: `true`/`1`/`yes` and `false`/`0`/`no` as booleans, digits as a number;
 * anything else stays text, for zod to name (with the variable: src/config/load.ts).
 */
export function envValue(
  value: string,
  kind: { boolean?: true | undefined; integer?: true | undefined; word?: true | undefined },
): unknown {
  const v = value.trim();
  if (kind.word) return v.toLowerCase();
  if (kind.boolean) {
    const word = v.toLowerCase();
    if (['true', '1', 'yes'].includes(word)) return true;
    if (['false', '0', 'no'].includes(word)) return false;
  }
  if (kind.integer && /^\d{1,9}$/.test(v)) return Number(v);
  return value;
}
