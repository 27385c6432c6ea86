/**
 * `pressbridge setup` as a real process, answering its questions on stdin (the sandbox as marketplace, a blog
 * published to a folder): it writes the installation, which `pressbridge` commands then find without flags.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { createTestRedis, deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');

describe('pressbridge setup (a real process)', () => {
  let sandbox: Sandbox;
  const dataDir = mkdtempSync(join(tmpdir(), 'pb-setup-cli-'));
  const prefix = randomPrefix();
  const env = {
    ...process.env,
    PRESSBRIDGE_CONFIG: '',
    PRESSBRIDGE_DATA_DIR: dataDir,
    PRESSBRIDGE_API_KEY: '',
    PRESSBRIDGE_LANGUAGE: '',
    PRESSBRIDGE_REDIS_URL: TEST_REDIS_URL,
  };
  beforeAll(async () => {
    sandbox = await createSandbox({
      blogs: [{ id: 7, name: 'Složka', url: 'https://slozka.cz', mode: 'manual' }],
    });
  });
  afterAll(async () => {
    await sandbox.close();
    const redis = createTestRedis();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks in English, writes the installation, and commands find it without flags', async () => {
    const child = spawn(TSX, [CLI, 'setup', '--lang', 'en', '--no-agent', '--redis-prefix', prefix], {
      cwd: ROOT,
      env,
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    const answers = [
      sandbox.url,
      sandbox.apiKey,
      'static',
      join(dataDir, 'site'),
      '', // the site's address: the blog's
      '', // categories: default
      '', // intake: poll
      '', // ntfy: none
    ];
    child.stdin.end(`${answers.join('\n')}\n`);
    const [code] = (await once(child, 'exit')) as [number];
    expect(stdout).toContain('The key belongs to');
    expect(code).toBe(0);
    const yaml = readFileSync(join(dataDir, 'pressbridge.yaml'), 'utf8');
    expect(yaml).not.toContain(sandbox.apiKey);
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(yaml).toContain(`prefix: ${prefix}`);

    // `blogs` reads the config and its secrets from the data folder, and asks the marketplace with the key.
    const { stdout: blogs } = await promisify(execFile)(TSX, [CLI, 'blogs', '--json'], {
      cwd: ROOT,
      env,
    });
    expect(JSON.parse(blogs)).toEqual([expect.objectContaining({ id: 7, name: 'Složka' })]);

    const again = spawn(TSX, [CLI, 'setup', '--yes'], { cwd: ROOT, env });
    let stderr = '';
    again.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const [second] = (await once(again, 'exit')) as [number];
    expect(second).toBe(1);
    expect(stderr).toContain('exists already: pass --force to replace it');
  }, 60_000);
});
