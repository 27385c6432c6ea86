/**
 * Issue 28, item 4: a blogger never reads two languages from one command. Real `pressbridge` processes (the
 * help, commander's errors, `service install`, `doctor` against the sandbox and a real WordPress, a bad config,
 * `deal <id>` of a deal handed in and of one that failed) and the daemon's pages after those deals, each in
 * Czech and in English, read by a detector of the other language (test/helpers/language.ts). The language comes
 * from the locale before there is a config (`LANG=C.UTF-8` is Czech, `en_US.UTF-8` English) and from
 * `ui.language` after, whatever the locale says.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Daemon } from '../../src/app/types.js';
import { parseConfig } from '../../src/config/load.js';
import type { Language } from '../../src/i18n/index.js';
import { createSilentLogger } from '../../src/logger.js';
import { startDaemon } from '../../src/main.js';
import { runCli } from '../helpers/cli-runner.js';
import { foreignLines } from '../helpers/language.js';
import { TEST_REDIS_URL } from '../helpers/redis.js';
import { useSandboxWorld } from '../helpers/sandbox-world.js';
import { until } from '../helpers/until.js';
import { wordpressBlogConfig } from '../helpers/wordpress.js';

const BLOG = 'Zahrada';
const TITLE = 'Zahrada 2026';
const TOO_DEEP = 'Příliš hluboko';
const LOCALE: Record<Language, string> = { cs: 'C.UTF-8', en: 'en_US.UTF-8' };
const OTHER: Record<Language, Language> = { cs: 'en', en: 'cs' };

describe('one language per process (integration)', () => {
  const world = useSandboxWorld({ dir: 'pb-one-language-', blog: { id: 1, name: BLOG }, wordpress: {} });
  const empty = mkdtempSync(join(tmpdir(), 'pb-no-config-'));
  const configs = {} as Record<Language, Record<string, unknown>>;
  const files = {} as Record<Language, string>;
  const badFiles = {} as Record<Language, string>;
  const daemons: Daemon[] = [];

  beforeAll(() => {
    for (const language of ['cs', 'en'] as const) {
      configs[language] = {
        marketplace: { baseUrl: world.sandbox.url, apiKey: world.sandbox.apiKey },
        redis: { url: TEST_REDIS_URL, prefix: world.prefix },
        webhook: { listen: { host: '127.0.0.1', port: 0 } },
        status: { listen: { host: '127.0.0.1', port: 0 } },
        intake: { pollSeconds: 10 },
        dataDir: join(world.dir, 'data'),
        blogs: [wordpressBlogConfig(world.wp, 1)],
        ui: { language },
      };
      files[language] = join(world.dir, `${language}.yaml`);
      writeFileSync(files[language], JSON.stringify(configs[language]));
      badFiles[language] = join(world.dir, `bad-${language}.yaml`);
      const bad = {
        ui: { language },
        marketplace: { baseUrl: 'ftp://x', apiKey: 5 },
        worker: { concurrency: 0 },
      };
      writeFileSync(badFiles[language], JSON.stringify(bad));
    }
  });
  afterAll(async () => {
    for (const daemon of daemons) await daemon.close();
    rmSync(empty, { recursive: true, force: true });
  });

  /** `pressbridge …` with only the locale (and the config, when given) to go by. */
  const cli = (args: string[], locale: string, config = '') =>
    runCli(args, {
      env: {
        ...world.installEnv,
        PRESSBRIDGE_DATA_DIR: config ? world.dir : empty,
        PRESSBRIDGE_CONFIG: config,
        LANG: locale,
        LC_ALL: '',
        LC_MESSAGES: '',
        NO_COLOR: '1',
      },
      timeout: 90_000,
    });

  it.each(['cs', 'en'] as const)(
    'before a config: --help, commander’s errors and service install speak %s, from the locale alone',
    async (language) => {
      const runs = [
        ['--help'],
        ['doctor', '--help'],
        ['setup', '--help'],
        ['sandbox', 'accept', '--help'],
        ['service', 'install', '--help'],
        ['deals', '--limt', '2'],
        ['stauts'],
        ['service', 'install', '--root', join(empty, 'root')],
      ];
      const results = await Promise.all(runs.map((args) => cli(args, LOCALE[language])));
      const heading = language === 'cs' ? 'Použití:' : 'Usage:';
      expect(results[0]?.stdout).toContain(heading);
      expect(results[5]?.stderr).toContain(language === 'cs' ? 'neznámá volba' : 'unknown option');
      for (const [i, result] of results.entries()) {
        const text = `${result.stdout}\n${result.stderr}`;
        expect(foreignLines(text, language), `pressbridge ${runs[i]?.join(' ')}`).toEqual([]);
        expect(
          foreignLines(text, OTHER[language]).length,
          `pressbridge ${runs[i]?.join(' ')}`,
        ).toBeGreaterThan(0);
      }
    },
    180_000,
  );

  it.each(['cs', 'en'] as const)(
    'doctor speaks the config’s %s on every line, whatever the locale, plugin checks included; a bad config too',
    async (language) => {
      const [result, bad] = await Promise.all([
        cli(['doctor'], LOCALE[OTHER[language]], files[language]),
        cli(['deals'], LOCALE[OTHER[language]], badFiles[language]),
      ]);
      expect(result.stdout).toMatch(
        language === 'cs' ? /přihlašovací údaje WordPressu/ : /WordPress credentials/,
      );
      expect(foreignLines(result.stdout + result.stderr, language, [BLOG])).toEqual([]);
      expect(bad.code).toBe(1);
      expect(bad.stderr).toContain(language === 'cs' ? 'Neplatná konfigurace v' : 'Invalid configuration in');
      expect(bad.stderr.split('\n').filter((line) => line.startsWith('  - ')).length).toBeGreaterThanOrEqual(
        3,
      );
      expect(foreignLines(bad.stderr, language)).toEqual([]);
    },
    120_000,
  );

  it('the status pages and `pressbridge deal` speak the page’s language, the deal log too', async () => {
    const czech = await startDaemon({ config: parseConfig(configs.cs, {}), log: createSilentLogger() });
    daemons.push(czech);
    const deal = await world.sandbox.createDeal({ blogId: 1, title: TITLE, photos: 1 });
    const record = await until(
      async () => {
        const found = await czech.store.get(deal.id);
        return found?.state === 'handed_in' && found;
      },
      90_000,
      'the deal handed in',
      250,
    );
    expect(record.url).toMatch(/^http/);
    // A deal that fails for good: its text nests deeper than render.limits.maxDepth.
    const deep = `<h1>${TOO_DEEP}</h1>${'<div>'.repeat(150)}text${'</div>'.repeat(150)}`;
    const failing = await world.sandbox.createDeal({ blogId: 1, title: TOO_DEEP, html: deep, photos: 0 });
    await until(
      async () => (await czech.store.get(failing.id))?.state === 'failed',
      90_000,
      'the deal failed',
      250,
    );
    const english = await startDaemon({
      config: parseConfig(configs.en, {}),
      log: createSilentLogger(),
      worker: false,
      webhook: false,
    });
    daemons.push(english);
    const pages = [
      '',
      'deals',
      `deals/${deal.id}`,
      `deals/${failing.id}`,
      'earnings',
      'demands',
      'demands/1',
      'obligations',
      'logs',
      'system',
    ];
    for (const [language, daemon] of [
      ['cs', czech],
      ['en', english],
    ] as const) {
      for (const page of pages) {
        const html = await (await fetch(`${daemon.statusUrl}${page}`)).text();
        const $ = cheerio.load(html);
        $('pre, code, script, style').remove();
        const text = $('main').text().replace(/\s+\n/g, '\n');
        expect(foreignLines(text, language, [TITLE, BLOG, TOO_DEEP]), `${language} /${page}`).toEqual([]);
      }
      const [story, failed] = await Promise.all(
        [deal.id, failing.id].map((id) =>
          cli(['deal', String(id)], LOCALE[OTHER[language]], files[language]),
        ),
      );
      expect(story?.code, story?.stderr).toBe(0);
      expect(story?.stdout).toContain(language === 'cs' ? 'adresa odevzdána' : 'URL handed in');
      expect(
        foreignLines(story?.stdout ?? '', language, [TITLE, BLOG]),
        `${language} deal ${deal.id}`,
      ).toEqual([]);
      expect(failed?.stdout).toContain(
        language === 'cs'
          ? 'Text článku vnořuje prvky hlouběji'
          : 'The article text nests elements more than',
      );
      expect(
        foreignLines(failed?.stdout ?? '', language, [TOO_DEEP, BLOG]),
        `${language} deal ${failing.id}`,
      ).toEqual([]);
    }
  }, 240_000);
});
