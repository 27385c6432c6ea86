import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { AppError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import { createSetupEngine } from '../../../src/setup/engine.js';
import { runTerminalSetup } from '../../../src/setup/terminal.js';
import type { WordPressConnection } from '../../../src/setup/wordpress/types.js';
import { streamText } from '../../helpers/stream-text.js';

/** A small fake of the contract: this file tests the terminal front, not WordPress. */
const fakeWordPress: WordPressConnection = {
  discover: async (address) => ({ siteUrl: address, restRoot: `${address}/wp-json/`, checks: [] }),
  authorizationLink: () => 'unused',
  credentialsFromCallback: () => undefined,
  verify: async (c) => [
    {
      id: 'password',
      ok: c.applicationPassword === 'good pass word',
      message: { cs: 'heslo', en: 'password' },
    },
  ],
};

describe('src/setup/terminal', () => {
  let sandbox: Sandbox;
  const dirs: string[] = [];
  const tempDir = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'pb-setup-term-'));
    dirs.push(dir);
    return dir;
  };
  beforeAll(async () => {
    sandbox = await createSandbox({
      blogs: [
        { id: 1, name: 'Blog A', url: 'https://a.cz', mode: 'manual' },
        { id: 2, name: 'Blog B', url: 'https://b.cz', mode: 'manual' },
      ],
    });
  });
  afterAll(async () => {
    await sandbox.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('--yes: every answer from the flags; the config loads', async () => {
    const dataDir = tempDir();
    const engine = createSetupEngine({ wordpress: fakeWordPress, dataDir, log: createSilentLogger() });
    const output = new PassThrough();
    const printed = streamText(output);
    const result = await runTerminalSetup(
      engine,
      {
        yes: true,
        baseUrl: sandbox.url,
        apiKey: sandbox.apiKey,
        allowLocal: true,
        blog: '2',
        wordpressUrl: 'https://b.cz',
        wordpressUser: 'jana',
        wordpressPassword: 'good pass word',
      },
      'en',
      { input: new PassThrough(), output },
    );
    const config = loadConfig({ path: result.configPath, env: {} });
    expect(config.blogs.map((b) => [b.id, b.publisher])).toEqual([[2, 'wordpress']]);
    expect(readFileSync(result.configPath, 'utf8')).not.toContain('good pass word');
    expect(printed()).toContain('The key belongs to');
  });

  it('--yes into a folder that cannot be written: says so in the setup language, naming the folder', async () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, 'not a folder');
    const dataDir = join(file, 'data');
    const engine = createSetupEngine({ wordpress: fakeWordPress, dataDir, log: createSilentLogger() });
    const options = {
      yes: true,
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      allowLocal: true,
      blog: '2',
      wordpressUrl: 'https://b.cz',
      wordpressUser: 'jana',
      wordpressPassword: 'good pass word',
      agent: false,
    };
    const failure = runTerminalSetup(engine, options, 'cs', {
      input: new PassThrough(),
      output: new PassThrough(),
    });
    await expect(failure).rejects.toThrow(AppError);
    await expect(failure).rejects.toThrow(
      new RegExp(`^Nastavení nejde zapsat do složky ${dataDir} \\(ENOTDIR`),
    );
  });

  it('--yes with a local API address and without --allow-local: refused, the check names the flag', async () => {
    const engine = createSetupEngine({
      wordpress: fakeWordPress,
      dataDir: tempDir(),
      log: createSilentLogger(),
    });
    const output = new PassThrough();
    const printed = streamText(output);
    await expect(
      runTerminalSetup(engine, { yes: true, baseUrl: sandbox.url, apiKey: sandbox.apiKey }, 'en', {
        input: new PassThrough(),
        output,
      }),
    ).rejects.toThrow(`${sandbox.url} leads to this machine itself (127.0.0.1)`);
    expect(printed()).toContain('or pass --allow-local');
  });

  it('--yes without the key names the flag', async () => {
    const engine = createSetupEngine({
      wordpress: fakeWordPress,
      dataDir: tempDir(),
      log: createSilentLogger(),
    });
    await expect(
      runTerminalSetup(engine, { yes: true, baseUrl: sandbox.url }, 'en', {
        input: new PassThrough(),
        output: new PassThrough(),
      }),
    ).rejects.toThrow('--api-key is required');
  });

  it('prompts: a refused key and a wrong password are asked again', async () => {
    const dataDir = tempDir();
    const engine = createSetupEngine({ wordpress: fakeWordPress, dataDir, log: createSilentLogger() });
    const input = new PassThrough();
    const output = new PassThrough();
    const printed = streamText(output);
    const lines = [
      sandbox.url,
      'wrong-key',
      'yes', // the sandbox's local address is meant
      sandbox.apiKey, // the address stays, the refused key is asked again
      'wordpress', // blog 1
      '', // address: the blog's own
      'jana',
      'bad',
      '',
      'jana',
      'good pass word',
      'default', // categories
      'none', // blog 2
      '', // intake: poll
      '', // ntfy: none
    ];
    input.write(`${lines.join('\n')}\n`);
    const result = await runTerminalSetup(engine, {}, 'cs', { input, output });
    expect(printed()).toContain(`✗ ${sandbox.url} vede na tento počítač (127.0.0.1)`);
    expect(printed()).toContain('Připojit se k této místní adrese? (ano/ne) [no]: ');
    expect(printed()).toContain('Tržiště klíč odmítlo (401)');
    expect(printed()).toContain('✗ heslo');
    expect(loadConfig({ path: result.configPath, env: {} }).blogs).toEqual([
      expect.objectContaining({
        id: 1,
        publisher: 'wordpress',
        options: expect.objectContaining({ url: 'https://a.cz' }),
      }),
    ]);
  });

  it('WordPress: a failed discovery asks the address again; the link has no success_url; checks with their fix', async () => {
    const requests: Array<{ successUrl?: string | undefined }> = [];
    const wordpress: WordPressConnection = {
      ...fakeWordPress,
      discover: async (address) =>
        address.includes('wrong')
          ? {
              siteUrl: address,
              restRoot: '',
              checks: [
                {
                  id: 'rest-api',
                  ok: false,
                  message: { cs: 'Nenalezeno', en: 'Not found' },
                  fix: { cs: 'Opravte', en: 'Type it again' },
                },
              ],
            }
          : {
              siteUrl: address,
              restRoot: `${address}/wp-json/`,
              authorizationUrl: `${address}/wp-admin/authorize-application.php`,
              checks: [],
            },
      authorizationLink: (discovery, request) => {
        requests.push(request);
        return `${discovery.authorizationUrl}?app_name=pressbridge`;
      },
    };
    const engine = createSetupEngine({ wordpress, dataDir: tempDir(), log: createSilentLogger() });
    const input = new PassThrough();
    const output = new PassThrough();
    const printed = streamText(output);
    const lines = [sandbox.url, sandbox.apiKey, 'wordpress', 'https://wrong.cz', 'https://a.cz', 'jana'];
    input.write(`${lines.join('\n')}\n${['good pass word', '', 'none', '', ''].join('\n')}\n`);
    // As with --allow-local: the sandbox's local address is meant.
    await runTerminalSetup(engine, { allowLocal: true }, 'en', { input, output });
    expect(printed()).toContain('✗ Not found\n  What to do: Type it again');
    expect(printed()).toContain('https://a.cz/wp-admin/authorize-application.php?app_name=pressbridge');
    expect(printed()).toContain('Open this address in a browser');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.successUrl).toBeUndefined();
  });
});
