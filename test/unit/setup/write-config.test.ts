/**
 * src/setup/write-config: the installation's files are written where they belong even when the data folder
 * holds a planted symlink at the temporary name (the secrets never follow it to another file).
 */
import { lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SetupAnswers } from '../../../src/setup/answers.js';
import { writeInstallation } from '../../../src/setup/write-config.js';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'pb-write-config-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const answers: SetupAnswers = {
  language: 'en',
  marketplace: { baseUrl: 'https://api.example', apiKey: 'mk_SECRET_key' },
  blogs: [
    {
      id: 1,
      name: 'Blog',
      url: 'https://blog.example',
      target: 'static',
      static: { dir: '/tmp/site', baseUrl: 'https://blog.example/' },
      agent: false,
    },
  ],
  intake: { mode: 'poll', listen: { host: '127.0.0.1', port: 8080 } },
  status: { host: '127.0.0.1', port: 8081 },
};

describe('src/setup/write-config', () => {
  it('does not follow a symlink planted at the temporary file names', () => {
    const dataDir = tempDir();
    const elsewhere = join(tempDir(), 'stolen');
    writeFileSync(elsewhere, '', { mode: 0o644 });
    for (const name of ['secrets.json', 'pressbridge.yaml']) {
      symlinkSync(elsewhere, join(dataDir, `${name}.${process.pid}.tmp`));
    }
    const written = writeInstallation(answers, dataDir);
    expect(readFileSync(elsewhere, 'utf8')).toBe('');
    expect(lstatSync(written.secretsPath).isSymbolicLink()).toBe(false);
    expect(lstatSync(written.secretsPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(written.secretsPath, 'utf8'))).toEqual({
      'marketplace-api-key': 'mk_SECRET_key',
    });
    expect(lstatSync(written.configPath).isSymbolicLink()).toBe(false);
  });
});
