/** The `pressbridge` command as a user runs it: a real process, real config files, the sandbox over HTTP. */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { deleteKeys, randomPrefix, TEST_REDIS_URL } from '../helpers/redis.js';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const CLI = join(ROOT, 'src/cli.ts');

async function cli(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, PRESSBRIDGE_CONFIG: '' },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('pressbridge CLI (integration)', () => {
  let dir: string;
  let sandbox: Sandbox;
  const prefix = randomPrefix();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-cli-'));
    sandbox = await createSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('stops on a bad config with one line per problem and no stack trace', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'marketplace:\n  baseUrl: ftp://nowhere\nworker:\n  concurrency: 0\n');
    const result = await cli(['start', '--config', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration in ${file}:`);
    expect(result.stderr).toContain('- marketplace.baseUrl: must be an http(s) URL (found "ftp://nowhere")');
    expect(result.stderr).toContain('- marketplace.apiKey: required');
    expect(result.stderr).toContain('- worker.concurrency:');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('says how to give a config when there is none', async () => {
    const result = await cli(['start']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pass --config <file> or set PRESSBRIDGE_CONFIG');
  });

  it('registers the webhook and keeps the secret in a file only the owner can read', async () => {
    const secretFile = join(dir, 'secret.json');
    const file = join(dir, 'ok.yaml');
    writeFileSync(
      file,
      [
        'marketplace:',
        `  baseUrl: ${sandbox.url}`,
        '  apiKey: { env: PB_TEST_KEY }',
        'redis:',
        `  url: ${TEST_REDIS_URL}`,
        `  prefix: ${prefix}`,
        'webhook:',
        `  secretFile: ${secretFile}`,
        '',
      ].join('\n'),
    );
    const url = 'https://blog.example.cz/pressbridge/webhook';
    const registered = await cli(['webhook', 'register', url, '--config', file], {
      PB_TEST_KEY: sandbox.apiKey,
    });
    expect(registered.stderr).toBe('');
    expect(registered.code).toBe(0);
    const stored = JSON.parse(readFileSync(secretFile, 'utf8')) as { secret: string; url: string };
    expect(stored.secret).toBe(sandbox.webhook()?.secret);
    expect(stored.url).toBe(url);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(registered.stdout).not.toContain(stored.secret);

    const rotated = await cli(['webhook', 'rotate', '--config', file], { PB_TEST_KEY: sandbox.apiKey });
    expect(rotated.code).toBe(0);
    const after = JSON.parse(readFileSync(secretFile, 'utf8')) as { secret: string; previousSecret: string };
    expect(after.secret).toBe(sandbox.webhook()?.secret);
    expect(after.secret).not.toBe(stored.secret);
    expect(after.previousSecret).toBe(stored.secret);
  });

  it('reports a refused API key as a sentence', async () => {
    const file = join(dir, 'badkey.yaml');
    writeFileSync(
      file,
      `marketplace:\n  baseUrl: ${sandbox.url}\n  apiKey: wrong-key\nredis:\n  url: ${TEST_REDIS_URL}\n  prefix: ${prefix}\n`,
    );
    const result = await cli(['webhook', 'status', '--config', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/Marketplace GET \/v1\/webhook failed: 401/);
    expect(result.stderr).not.toContain('wrong-key');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
