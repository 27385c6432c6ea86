/**
 * What the going-live trial met at the command line (issue 21): an unknown command, `webhook test` failing, and a
 * config copied from config/example.yaml. Real processes, the sandbox over HTTP, real Redis.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

async function cli(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  try {
    const { stdout, stderr } = await run(TSX, [CLI, ...args], {
      cwd,
      env: { ...process.env, PRESSBRIDGE_LANGUAGE: 'en', PRESSBRIDGE_CONFIG: '', ...env },
      timeout: 30_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('pressbridge CLI: the going-live findings (integration)', () => {
  let dir: string;
  let sandbox: Sandbox;
  const prefix = randomPrefix();

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pb-findings-'));
    sandbox = await createSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
    await deleteKeys(redis, prefix);
    redis.disconnect();
  });

  it('refuses an unknown command, also with --help, naming the commands and exiting 1', async () => {
    const result = await cli(['stauts', '--help']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("error: unknown command 'stauts'");
    expect(result.stderr).toContain('Commands:');
    expect(result.stderr).toMatch(/\n {2}doctor /);
    // The same one level down.
    const nested = await cli(['webhook', 'tset', '--help']);
    expect(nested.code).toBe(1);
    expect(nested.stderr).toContain("error: unknown command 'tset'");
    expect(nested.stderr).toContain('(Did you mean test?)');
    // A known command's help is still help.
    const help = await cli(['doctor', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: pressbridge doctor');
  });

  it('runs `webhook register` and `webhook test` on a copied config/example.yaml with only the API key given', async () => {
    // The copy as the README says; only the key (and, for the test's isolation, the marketplace and the Redis
    // prefix) differ. The relative dataDir lands in the working directory, as for the blogger.
    const example = readFileSync(join(ROOT, 'config/example.yaml'), 'utf8').replace(
      'prefix: pressbridge',
      `prefix: ${prefix}`,
    );
    const file = join(dir, 'pressbridge.yaml');
    writeFileSync(file, example);
    const env = { PRESSBRIDGE_API_KEY: sandbox.apiKey, PRESSBRIDGE_BASE_URL: sandbox.url };
    // Port 9 on loopback: nothing answers, as before the daemon runs.
    const url = 'https://127.0.0.1:9/webhook';

    const registered = await cli(['webhook', 'register', url, '--config', file], env, dir);
    expect(registered.stderr).toBe('');
    expect(registered.code).toBe(0);
    expect(readFileSync(join(dir, '.data/webhook-secret.json'), 'utf8')).toContain(url);

    const tested = await cli(['webhook', 'test', '--config', file], env, dir);
    expect(tested.code).toBe(1);
    expect(tested.stdout).toBe('');
    // One sentence naming the address and what to check; no raw JSON.
    expect(tested.stderr.trim().split('\n')).toHaveLength(1);
    // The copied example has no `ui:`: Czech, the default.
    expect(tested.stderr).toContain(`Chyba: Marketplace z ${url} nedostal žádnou odpověď: běží démon`);
    expect(tested.stderr).not.toContain('{');

    const json = await cli(['webhook', 'test', '--json', '--config', file], env, dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ delivered: false, status: 0 });
  }, 90_000);
});
