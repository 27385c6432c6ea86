/**
 * The `pressbridge` command as a user runs it: a real process, real config files, the sandbox over HTTP. Its
 * messages are Czech by default (`ui.language`, or PRESSBRIDGE_LANGUAGE when there is no config to read).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { CLI_ARGS, NODE, ROOT, runCli } from '../helpers/cli-runner.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, {
    env: {
      ...process.env,
      PRESSBRIDGE_LANGUAGE: '',
      LANG: 'C.UTF-8',
      LC_ALL: '',
      LC_MESSAGES: '',
      ...env,
      PRESSBRIDGE_CONFIG: '',
    },
    timeout: 30_000,
  });

describe('pressbridge CLI (integration)', () => {
  const world = useSandboxWorld({ dir: 'pb-cli-' });
  const { prefix, dir } = world;

  it('stops on a bad config with one line per problem and no stack trace', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(file, 'marketplace:\n  baseUrl: ftp://nowhere\nworker:\n  concurrency: 0\n');
    const result = await cli(['start', '--config', file], { PRESSBRIDGE_LANGUAGE: 'en' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Error: Invalid configuration in ${file}:`);
    expect(result.stderr).toContain('- marketplace.baseUrl: must be an http(s) URL (found "ftp://nowhere")');
    expect(result.stderr).toContain('- marketplace.apiKey: required');
    expect(result.stderr).toContain('- worker.concurrency:');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('says how to give a config when there is none', async () => {
    // `start` opens the setup page instead (test/integration/setup-mode.test.ts); other commands explain.
    const result = await cli(['deals'], { PRESSBRIDGE_LANGUAGE: 'en', PRESSBRIDGE_DATA_DIR: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('pass --config <file> or set PRESSBRIDGE_CONFIG');
  });

  it('frames an error in Czech without a config to read, unless PRESSBRIDGE_LANGUAGE says otherwise', async () => {
    const czech = await cli(['deals'], { PRESSBRIDGE_DATA_DIR: dir });
    expect(czech.code).toBe(1);
    // The frame and the config loader's own line, in the blogger's language (issue 28).
    expect(czech.stderr).toMatch(/^Chyba: Neplatná konfigurace:\n/);
    expect(czech.stderr).toContain('žádný konfigurační soubor: zadejte --config <soubor>');
    const english = await cli(['deals'], { PRESSBRIDGE_LANGUAGE: 'en', PRESSBRIDGE_DATA_DIR: dir });
    expect(english.stderr).toMatch(/^Error: Invalid configuration:\n/);
  });

  it('start without any config prints one line with the setup address and token', async () => {
    const child = spawn(NODE, [...CLI_ARGS, 'start', '--setup-port', '0'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PRESSBRIDGE_CONFIG: '',
        PRESSBRIDGE_DATA_DIR: dir,
        PRESSBRIDGE_LANGUAGE: 'en',
        PRESSBRIDGE_SETUP_TOKEN: 'abcd-efgh-ijkm',
      },
    });
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      expect(line).toMatch(
        /^pressbridge is not set up yet: open http:\/\/127\.0\.0\.1:\d+\/setup and enter the token abcd-efgh-ijkm$/,
      );
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  it('refuses a bad argument in the language PRESSBRIDGE_LANGUAGE names', async () => {
    const bad = await cli(['deals', '--limit', '0'], { PRESSBRIDGE_LANGUAGE: 'cs' });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('očekáváno kladné celé číslo');
  });

  it('registers the webhook and keeps the secret in a file only the owner can read', async () => {
    const { sandbox } = world;
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
    // No `ui:` in this config: the confirmations are Czech.
    expect(registered.stdout).toContain(`Webhook zaregistrován: ${url}\n`);
    expect(registered.stdout).toContain(`Jeho tajný klíč je uložen v ${secretFile} (práva 0600)`);

    const rotated = await cli(['webhook', 'rotate', '--config', file], { PB_TEST_KEY: sandbox.apiKey });
    expect(rotated.code).toBe(0);
    const after = JSON.parse(readFileSync(secretFile, 'utf8')) as { secret: string; previousSecret: string };
    expect(after.secret).toBe(sandbox.webhook()?.secret);
    expect(after.secret).not.toBe(stored.secret);
    expect(after.previousSecret).toBe(stored.secret);
    expect(rotated.stdout).toContain(
      `Nový tajný klíč webhooku je uložen v ${secretFile}; předchozí platí do `,
    );

    writeFileSync(file, `${readFileSync(file, 'utf8')}ui:\n  language: en\n`);
    const english = await cli(['webhook', 'rotate', '--config', file], { PB_TEST_KEY: sandbox.apiKey });
    expect(english.code).toBe(0);
    expect(english.stdout).toContain(
      `New webhook secret stored in ${secretFile}; the previous one is accepted until `,
    );
  }, 90_000);

  it('reports a refused API key as a sentence', async () => {
    const { sandbox } = world;
    const file = join(dir, 'badkey.yaml');
    writeFileSync(
      file,
      `marketplace:\n  baseUrl: ${sandbox.url}\n  apiKey: wrong-key\nredis:\n  url: ${TEST_REDIS_URL}\n  prefix: ${prefix}\nui:\n  language: en\n`,
    );
    const result = await cli(['webhook', 'status', '--config', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Error: Marketplace GET \/v1\/webhook failed: 401/);
    expect(result.stderr).not.toContain('wrong-key');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
