/**
 * The Rules page over real HTTP (src/status/routes/rules.ts): behind the page's password and the form token, a
 * save written into a real config file (comments and other keys kept) and read back by the daemon's rules reader
 * (src/rules/reader.ts); a refused value changes nothing and says why, in Czech and in English.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/load.js';
import type { Language } from '../../../src/i18n/index.js';
import { createSilentLogger } from '../../../src/logger.js';
import { saveBlogRules } from '../../../src/rules/config-file.js';
import { createRulesReader } from '../../../src/rules/reader.js';
import { type StatusServer, startStatusServer } from '../../../src/status/index.js';
import { statusClient } from '../../helpers/status-client.js';
import { emptyStore, statusDeps } from './fixtures.js';

const PASSWORD = 'rules-page-password-9x';

const CONFIG = `# The blogger's own comment at the top.
marketplace:
  baseUrl: https://api.example.cz
  apiKey: key-for-the-test # the key's comment
redis:
  url: redis://127.0.0.1:6379
blogs:
  # Blog 7, the travel one.
  - id: 7
    name: Cestovatel
    publisher: static
    options:
      dir: /tmp/pb-rules-site
      baseUrl: https://cestovatel.cz/
    rules:
      minReward: 800 # not less, ever
      refusedWords: [kasino]
  - id: 8
    name: Zahrada
    publisher: static
    options:
      dir: /tmp/pb-rules-site-2
      baseUrl: https://zahrada.cz/
`;

/** The page's client (test/helpers/status-client.ts) as this file calls it. */
function client(base: string) {
  const me = statusClient(() => base, PASSWORD, 'me');
  return {
    get: (path: string, withAuth = true) => me.page(path, undefined, { auth: withAuth }),
    post: (path: string, form: Record<string, string>) => me.page(path, form),
  };
}

describe('src/status/routes/rules', () => {
  const dirs: string[] = [];
  let server: StatusServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function start(language: Language) {
    const dir = mkdtempSync(join(tmpdir(), 'pb-rules-page-'));
    dirs.push(dir);
    const configPath = join(dir, 'pressbridge.yaml');
    writeFileSync(configPath, CONFIG);
    const config = loadConfig({ path: configPath, env: {} });
    const read = createRulesReader({ configPath, blogs: config.blogs, log: createSilentLogger() });
    const deps = statusDeps(emptyStore as never, {
      language,
      password: PASSWORD,
      blogs: config.blogs,
      rules: { read, file: configPath, save: (id, form) => saveBlogRules(configPath, id, form) },
    });
    server = await startStatusServer(deps, { host: '127.0.0.1', port: 0 });
    return { configPath, read, me: client(server.url.replace(/\/$/, '')) };
  }

  it('the System page links each blog; the page needs the password and shows the rules in plain words', async () => {
    const { me } = await start('en');
    expect((await me.get('/blogs/7/rules', false)).res.status).toBe(401);
    const system = await me.get('/system');
    expect(system.$('#rules a[href="/blogs/7/rules"]').text()).toBe('Cestovatel');
    const page = await me.get('/blogs/7/rules');
    expect(page.res.status).toBe(200);
    expect(page.$('[data-rule="refusedWords"]').text()).toBe('kasino');
    expect(page.$('input[name="minReward"]').attr('value')).toBe('800');
    expect((await me.get('/blogs/99/rules')).res.status).toBe(404);
  });

  it('a valid save writes the file (comments and other keys kept) and the reader has the new rules', async () => {
    const { configPath, read, me } = await start('en');
    expect(read(7)).toEqual({ minReward: 800, refusedWords: ['kasino'] });
    const csrf = (await me.get('/blogs/7/rules')).$('input[name="csrf"]').attr('value') ?? '';
    const saved = await me.post('/blogs/7/rules', {
      csrf,
      minReward: '1 500',
      expectations: '1, 4',
      refusedWords: 'kasino\nonline sázky',
      refusedTlds: 'ru',
      vip: 'no',
    });
    expect(saved.res.status).toBe(303);
    expect(saved.res.headers.get('location')).toBe('/blogs/7/rules');
    const text = readFileSync(configPath, 'utf8');
    expect(text).toContain("# The blogger's own comment at the top.");
    expect(text).toContain('apiKey: key-for-the-test # the key');
    expect(text).toContain('# Blog 7, the travel one.');
    expect(text).toContain('minReward: 1500 # not less, ever');
    expect(loadConfig({ path: configPath, env: {} }).blogs[1]).not.toHaveProperty('rules');
    expect(read(7)).toEqual({
      minReward: 1500,
      expectations: [1, 4],
      refusedWords: ['kasino', 'online sázky'],
      refusedTlds: ['ru'],
      vip: false,
    });
    const after = await me.get('/blogs/7/rules');
    expect(after.$('.flash.ok').text()).toContain('The rules of Cestovatel are saved');
    expect(after.$('[data-rule="vip"]').text()).toBe('no');
  });

  it.each([
    [
      'cs',
      'Nic se neuložilo: Odmítané domény odkazů: musí být doména jako example.cz (bez http://, cesty a portu)',
    ],
    [
      'en',
      'Nothing was saved: Refused link domains: must be a domain such as example.cz (no http://, path or port)',
    ],
  ] as const)('an invalid save (%s) changes nothing and says why', async (language, said) => {
    const { configPath, read, me } = await start(language);
    const before = readFileSync(configPath, 'utf8');
    const csrf = (await me.get('/blogs/7/rules')).$('input[name="csrf"]').attr('value') ?? '';
    const refused = await me.post('/blogs/7/rules', {
      csrf,
      minReward: '2000',
      refusedDomains: 'https://example.com/path',
    });
    expect(refused.res.status).toBe(422);
    expect(refused.$('#rules-error').text()).toBe(said);
    // What was typed is shown again; nothing was written, the reader still has the old rules.
    expect(refused.$('input[name="minReward"]').attr('value')).toBe('2000');
    expect(readFileSync(configPath, 'utf8')).toBe(before);
    expect(read(7)).toEqual({ minReward: 800, refusedWords: ['kasino'] });
  });

  it('a POST without the form token is refused and writes nothing', async () => {
    const { configPath, me } = await start('en');
    const before = readFileSync(configPath, 'utf8');
    await me.get('/blogs/7/rules');
    const refused = await me.post('/blogs/7/rules', { minReward: '5' });
    expect(refused.res.status).toBe(403);
    expect(refused.text).toContain('the form token is missing');
    expect(readFileSync(configPath, 'utf8')).toBe(before);
  });
});
