/**
 * What the going-live trial met at the command line (issue 21): an unknown command, `webhook test` failing, and a
 * config copied from config/example.yaml. Real processes, the sandbox over HTTP, real Redis.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../helpers/cli-runner.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';

const cli = (args: string[], env: Record<string, string> = {}, cwd = ROOT) =>
  runCli(args, {
    cwd,
    env: { ...process.env, PRESSBRIDGE_LANGUAGE: 'en', PRESSBRIDGE_CONFIG: '', ...env },
    timeout: 30_000,
  });

describe('pressbridge CLI: the going-live findings (integration)', () => {
  const world = useSandboxWorld({ dir: 'pb-findings-' });
  const { prefix, dir } = world;

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
    const { sandbox } = world;
    // The copy as the README says; only the key (and, for the test's isolation, the marketplace and the Redis
    // prefix) differ. The relative dataDir lands in the working directory, as for the blogger.
    const example = readFileSync(join(ROOT, 'config/example.yaml'), 'utf8').replace(
      'prefix: pressbridge',
      `prefix: ${prefix}`,
    );
    const file = join(dir, 'pressbridge.yaml');
    writeFileSync(file, example);
    // No PRESSBRIDGE_LANGUAGE (it would win over the config): the copy speaks the config's language.
    const env = {
      PRESSBRIDGE_API_KEY: sandbox.apiKey,
      PRESSBRIDGE_BASE_URL: sandbox.url,
      PRESSBRIDGE_LANGUAGE: '',
    };
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
