import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, readSecrets } from '../../../src/config/load.js';
import { defaultDataDir, findConfigPath } from '../../../src/config/paths.js';
import { ConfigError } from '../../../src/errors.js';

describe('src/config/load (an installation: data folder, secrets file)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pb-install-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [{}, resolve('./.data')],
    [{ PRESSBRIDGE_DATA_DIR: '/srv/pb' }, '/srv/pb'],
    [{ PRESSBRIDGE_DATA_DIR: '' }, resolve('./.data')],
  ])('the data folder for %j is %s', (env, expected) => {
    expect(defaultDataDir(env)).toBe(expected);
  });

  it('finds --config, then $PRESSBRIDGE_CONFIG, then <data folder>/pressbridge.yaml when it exists', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    expect(findConfigPath(undefined, { PRESSBRIDGE_DATA_DIR: empty })).toBeUndefined();
    writeFileSync(join(empty, 'pressbridge.yaml'), 'marketplace: {}\n');
    expect(findConfigPath(undefined, { PRESSBRIDGE_DATA_DIR: empty })).toBe(join(empty, 'pressbridge.yaml'));
    expect(findConfigPath(undefined, { PRESSBRIDGE_DATA_DIR: empty, PRESSBRIDGE_CONFIG: '/x.yaml' })).toBe(
      '/x.yaml',
    );
    expect(findConfigPath('/y.yaml', { PRESSBRIDGE_CONFIG: '/x.yaml' })).toBe('/y.yaml');
  });

  it('resolves { stored: NAME } from secrets.json beside the config, and names a missing one', () => {
    const install = mkdtempSync(join(dir, 'install-'));
    const config = join(install, 'pressbridge.yaml');
    writeFileSync(
      config,
      'marketplace: { baseUrl: "http://127.0.0.1:1", apiKey: { stored: api } }\nstatus: { password: { stored: gone } }\n',
    );
    writeFileSync(join(install, 'secrets.json'), JSON.stringify({ api: 'k-123' }));
    expect(() => loadConfig({ path: config, env: {} })).toThrow(
      /status\.password: secret gone is not in the secrets file/,
    );
    writeFileSync(join(install, 'secrets.json'), JSON.stringify({ api: 'k-123', gone: 'pw-456' }));
    const loaded = loadConfig({ path: config, env: {} });
    expect([loaded.marketplace.apiKey, loaded.status.password]).toEqual(['k-123', 'pw-456']);
  });

  it('a damaged secrets file is a config error naming it; an absent one is no secrets', () => {
    const file = join(dir, 'bad-secrets.json');
    writeFileSync(file, '{ not json');
    expect(() => readSecrets(file)).toThrow(ConfigError);
    expect(readSecrets(join(dir, 'none.json'))).toEqual({});
  });
});
