/**
 * src/config/listeners: every port pressbridge binds is set without YAML, by a `start` flag or a variable, and
 * the precedence is flag › variable › config file › default (issue 28, item 2).
 */
import { describe, expect, it } from 'vitest';
import {
  LISTENERS,
  parsePort,
  portFlagsAsEnv,
  portFromEnv,
  portWays,
} from '../../../src/config/listeners.js';
import { parseConfig } from '../../../src/config/load.js';
import { ConfigError } from '../../../src/errors.js';

const minimal = { marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'key-123' } };
const inFile = {
  ...minimal,
  status: { listen: { host: '127.0.0.1', port: 9101 } },
  webhook: { listen: { host: '127.0.0.1', port: 9201 } },
};

function listens(document: unknown, env: Record<string, string | undefined>) {
  const config = parseConfig(document, env);
  return { status: config.status.listen, webhook: config.webhook.listen };
}

describe('src/config/listeners', () => {
  it('defaults: the status page on 127.0.0.1:8081, the webhook listener on 0.0.0.0:8080', () => {
    expect(listens(minimal, {})).toEqual({
      status: { host: '127.0.0.1', port: 8081 },
      webhook: { host: '0.0.0.0', port: 8080 },
    });
  });

  it('the config file over the default, the variable over the file, the flag over the variable', () => {
    expect(listens(inFile, {})).toMatchObject({ status: { port: 9101 }, webhook: { port: 9201 } });

    const env = { PRESSBRIDGE_STATUS_PORT: '9102', PRESSBRIDGE_WEBHOOK_PORT: '9202' };
    expect(listens(inFile, env)).toMatchObject({ status: { port: 9102 }, webhook: { port: 9202 } });

    const flagged = portFlagsAsEnv(env, { status: 9103, webhook: 9203 });
    expect(listens(inFile, flagged)).toMatchObject({ status: { port: 9103 }, webhook: { port: 9203 } });
    // One flag given: the other listener keeps its variable.
    expect(listens(inFile, portFlagsAsEnv(env, { webhook: 9204 }))).toMatchObject({
      status: { port: 9102 },
      webhook: { port: 9204 },
    });
    // The flags change a copy; the process's environment stays as it was.
    expect(env).toEqual({ PRESSBRIDGE_STATUS_PORT: '9102', PRESSBRIDGE_WEBHOOK_PORT: '9202' });
  });

  it("the addresses by variable too (Docker: 0.0.0.0 inside the container), the file's port kept", () => {
    const env = { PRESSBRIDGE_STATUS_HOST: '0.0.0.0', PRESSBRIDGE_WEBHOOK_HOST: '0.0.0.0' };
    expect(listens(inFile, env)).toEqual({
      status: { host: '0.0.0.0', port: 9101 },
      webhook: { host: '0.0.0.0', port: 9201 },
    });
  });

  it.each([
    ['PRESSBRIDGE_WEBHOOK_PORT', '80a', 'webhook.listen.port'],
    ['PRESSBRIDGE_WEBHOOK_PORT', '70000', 'webhook.listen.port'],
    ['PRESSBRIDGE_STATUS_PORT', '-1', 'status.listen.port'],
  ])('%s=%s is refused, naming the variable that set it', (name, value, path) => {
    let error: unknown;
    try {
      parseConfig(minimal, { [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toBe(path);
    expect(issues[0]?.message).toContain(`(set by ${name})`);
  });

  it.each([
    ['8080', 8080],
    [' 9000 ', 9000],
    ['65535', 65535],
    ['0', undefined],
    ['65536', undefined],
    ['80a', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('parsePort(%j) = %j', (text, port) => {
    expect(parsePort(text)).toBe(port);
  });

  it('reads a port variable for the setup page to propose, ignoring one that is no port', () => {
    expect(portFromEnv({ PRESSBRIDGE_WEBHOOK_PORT: '9300' }, 'webhook')).toBe(9300);
    expect(portFromEnv({ PRESSBRIDGE_WEBHOOK_PORT: 'x' }, 'webhook')).toBeUndefined();
    expect(portFromEnv({}, 'status')).toBeUndefined();
  });

  it('names the three ways for each listener: the start flag, the variable, the setup and its config key', () => {
    for (const name of ['status', 'webhook'] as const) {
      const ways = LISTENERS[name];
      const sentence = portWays(name);
      for (const part of [ways.flag, ways.env, ways.key, ways.setupFlag]) expect(sentence).toContain(part);
    }
    expect(portWays('webhook')).toContain('--webhook-port');
    expect(portWays('webhook')).toContain('PRESSBRIDGE_WEBHOOK_PORT');
  });
});
