import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import { AppError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.js';
import type { NotifyAnswer } from '../../../src/setup/answers/notify.js';
import { createSetupEngine, type SetupEngine } from '../../../src/setup/engine.js';
import { runTerminalSetup } from '../../../src/setup/terminal.js';
import type { WordPressConnection } from '../../../src/setup/wordpress/types.js';
import { createFakeWordPress } from '../../helpers/fake-wordpress.js';
import { streamText } from '../../helpers/stream-text.js';

const fakeWordPress = createFakeWordPress();

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

  it('--yes: every answer from the flags; the config loads, the poll not pinned, the webhook port kept', async () => {
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
        webhookPort: 9321,
      },
      'en',
      { input: new PassThrough(), output },
    );
    const config = loadConfig({ path: result.configPath, env: {} });
    expect(config.blogs.map((b) => [b.id, b.publisher])).toEqual([[2, 'wordpress']]);
    expect(config.intake.mode).toBeUndefined();
    expect(config.webhook.listen).toEqual({ host: '127.0.0.1', port: 9321 });
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
      'muj-blog.cz', // not an http(s) address: refused before anything is sent, the address asked again
      'some-key',
      sandbox.url,
      'wrong-key',
      'yes', // the sandbox's local address is meant
      sandbox.apiKey, // the address stays, the refused key is asked again
      'wordpress', // blog 1
      'none', // blog 2
      '', // address: the blog's own
      'jana',
      'bad',
      '',
      'jana',
      'good pass word',
      'map', // categories: explained first; a WordPress category by name is refused, asked again
      '3 = Zprávy',
      'default',
      '5', // the one WordPress category, by id
      '', // rules: skip
      '', // intake: poll
      '-', // ntfy: none (Enter would take a new topic)
    ];
    input.write(`${lines.join('\n')}\n`);
    const result = await runTerminalSetup(engine, {}, 'cs', { input, output });
    // What the address is, before each time it is asked: the document's {base_url}, and the sandbox's.
    const hint = 'Kořenová adresa služby, kterou dokumentace API tržiště zapisuje jako {base_url}';
    // The first time, as the fix of muj-blog.cz, and before the address is asked again (not after a refused key).
    expect(printed().split(hint)).toHaveLength(4);
    expect(printed()).toContain('vypíše pressbridge sandbox (bez dalšího nastavení http://127.0.0.1:8090)');
    expect(printed()).toContain('✗ „muj-blog.cz“ není adresa http(s)');
    expect(printed()).toContain(`✗ ${sandbox.url} vede na tento počítač (127.0.0.1)`);
    expect(printed()).toContain('Připojit se k této místní adrese? (ano/ne) [no]: ');
    expect(printed()).toContain('Tržiště klíč odmítlo (401)');
    expect(printed()).toContain('✗ heslo');
    // The categories: each way with its sentence, the direction named; a name where WordPress takes an id refused.
    expect(printed()).toContain('takový článek vyjde: kategorie na tržišti → kategorie na blogu.');
    expect(printed()).toContain(
      '  sync: Poslat rubriky WordPressu na tržiště (stejná čísla). Po uložení pressbridge',
    );
    expect(printed()).toContain('✗ Blog Blog A: rubriku WordPressu zadejte číslem (ID)');
    expect(loadConfig({ path: result.configPath, env: {} }).blogs).toEqual([
      expect.objectContaining({
        id: 1,
        publisher: 'wordpress',
        options: expect.objectContaining({ url: 'https://a.cz', defaultCategory: 5 }),
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
                  status: 'fail',
                  detail: { cs: 'Nenalezeno', en: 'Not found' },
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
    const lines = [
      sandbox.url,
      sandbox.apiKey,
      'wordpress',
      'none',
      'https://wrong.cz',
      'https://a.cz',
      'jana',
    ];
    input.write(`${lines.join('\n')}\n${['good pass word', '', '', '', '', '-'].join('\n')}\n`);
    // As with --allow-local: the sandbox's local address is meant.
    await runTerminalSetup(engine, { allowLocal: true }, 'en', { input, output });
    expect(printed()).toContain('✗ Not found\n  What to do: Type it again');
    expect(printed()).toContain('https://a.cz/wp-admin/authorize-application.php?app_name=pressbridge');
    expect(printed()).toContain('Open this address in a browser');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.successUrl).toBeUndefined();
  });

  it('notifications: Enter takes a new random ntfy topic, prints how a phone subscribes, and tests it', async () => {
    const base = createSetupEngine({
      wordpress: fakeWordPress,
      dataDir: tempDir(),
      log: createSilentLogger(),
    });
    const tested: NotifyAnswer[] = [];
    const engine: SetupEngine = {
      ...base,
      // No message to the real ntfy.sh from a test: the engine's sending is tested in its own file.
      testNotification: async (answer) => {
        tested.push(answer);
        return { id: 'notify', status: 'ok', detail: { cs: 'odesláno', en: 'Test message sent (ntfy).' } };
      },
    };
    const input = new PassThrough();
    const output = new PassThrough();
    const printed = streamText(output);
    // One blog published (a folder of files, which has no categories to ask): at least one must be.
    const site = tempDir();
    input.write(`${[sandbox.url, sandbox.apiKey, 'static', 'none', site, '', '', '', ''].join('\n')}\n`);
    const result = await runTerminalSetup(engine, { allowLocal: true }, 'en', { input, output });
    const topic =
      /ntfy topic for alerts on your phone \(Enter: a new random one, "-": no notifications\) \[(pressbridge-[a-z0-9-]+)\]: /.exec(
        printed(),
      )?.[1];
    expect(topic).toMatch(/^pressbridge-[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    expect(printed()).toContain(
      `On your phone: install the ntfy app and open ntfy://ntfy.sh/${topic} (Android) or https://ntfy.sh/${topic} (any phone, Subscribe), or tap + in the app and type the topic ${topic}.`,
    );
    expect(printed()).toContain('✓ Test message sent (ntfy).');
    expect(tested).toEqual([{ type: 'ntfy', server: 'https://ntfy.sh', topic }]);
    const config = loadConfig({ path: result.configPath, env: {} });
    expect(config.notify.channels).toEqual([expect.objectContaining({ type: 'ntfy', topic })]);
  });
});
