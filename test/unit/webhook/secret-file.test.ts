import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createSecretProvider, readSecretFile, writeSecretFile } from '../../../src/webhook/secret-file.js';

describe('src/webhook/secret-file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pb-secret-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const config = (extra: Record<string, unknown> = {}) =>
    parseConfig(
      {
        marketplace: { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' },
        webhook: { secretFile: join(dir, 'secret.json'), ...extra },
        dataDir: dir,
      },
      {},
    );

  it('accepts the config secret and, once written, the file secret, without a restart', () => {
    const provider = createSecretProvider(config({ secret: 'from-config' }), createSilentLogger(), 0);
    expect(provider().map((s) => s.secret)).toEqual(['from-config']);
    writeSecretFile(join(dir, 'secret.json'), { secret: 'from-file', updatedAt: new Date().toISOString() });
    expect(provider().map((s) => s.secret)).toEqual(['from-config', 'from-file']);
  });

  it('keeps the previous secret with the end of its grace period after a rotation', () => {
    const path = join(dir, 'secret.json');
    const provider = createSecretProvider(config(), createSilentLogger(), 0);
    expect(provider()).toEqual([]);
    writeSecretFile(path, {
      secret: 'new',
      previousSecret: 'old',
      previousValidUntil: '2026-11-23T10:00:00.000Z',
      updatedAt: new Date().toISOString(),
    });
    // Same mtime resolution on fast file systems: make the change visible.
    const later = new Date(statSync(path).mtimeMs + 2_000);
    utimesSync(path, later, later);
    expect(provider()).toEqual([
      { secret: 'new' },
      { secret: 'old', validUntil: new Date('2026-11-23T10:00:00.000Z') },
    ]);
  });

  it('looks at the file at most once a second, unless asked for a fresh look', () => {
    const path = join(dir, 'secret.json');
    const provider = createSecretProvider(config({ secret: 'from-config' }), createSilentLogger());
    expect(provider().map((s) => s.secret)).toEqual(['from-config']);
    writeSecretFile(path, { secret: 'from-file', updatedAt: new Date().toISOString() });
    // Within the second: the cached answer (a burst of deliveries costs no stat() each) …
    expect(provider().map((s) => s.secret)).toEqual(['from-config']);
    // … and a caller whose signature did not match gets the file as it is now.
    expect(provider(true).map((s) => s.secret)).toEqual(['from-config', 'from-file']);
  });

  it('writes the file readable by the owner only', () => {
    const path = join(dir, 'nested', 'secret.json');
    writeSecretFile(path, { secret: 's', updatedAt: new Date().toISOString() });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readSecretFile(path)?.secret).toBe('s');
  });

  it('names a damaged file and ignores it instead of accepting garbage', () => {
    const path = join(dir, 'secret.json');
    writeFileSync(path, '{"secret": ""}');
    expect(() => readSecretFile(path)).toThrow(/secret file .* is damaged/);
    const provider = createSecretProvider(config({ secret: 'cfg' }), createSilentLogger());
    expect(provider().map((s) => s.secret)).toEqual(['cfg']);
  });

  it('reads nothing when there is no file', () => {
    expect(readSecretFile(join(dir, 'missing.json'))).toBeUndefined();
  });
});
