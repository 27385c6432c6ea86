import { describe, expect, it } from 'vitest';
import { saidOfMessage, saidOfRule } from '../../../src/config/issues.js';
import { loadConfig, parseConfig } from '../../../src/config/load.js';
import { ConfigError, errorSaid } from '../../../src/errors.js';
import { createTranslator, MESSAGES } from '../../../src/i18n/index.js';
import { foreignLines } from '../../helpers/language.js';

const cs = createTranslator('cs');
const en = createTranslator('en');

function refusal(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

const minimal = { marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'key-123' } };

describe('src/config/issues', () => {
  it('reads every rule of the catalog back from its English, with its values', () => {
    const rules = Object.entries(MESSAGES).filter(([key]) => /(^|\.)rule\./.test(key));
    expect(rules.length).toBeGreaterThan(100);
    const misread: string[] = [];
    for (const [key, entry] of rules) {
      const names = [...entry.en.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1] as string);
      const params = Object.fromEntries(names.map((name, i) => [name, `v${i}-${name}`]));
      const said = saidOfRule(en.t(key as keyof typeof MESSAGES, params));
      if (said?.key !== key) misread.push(`${key} read as ${said?.key}`);
    }
    expect(misread).toEqual([]);
  });

  it('reads a rule inside a rule back as a phrase, and leaves other text as it came', () => {
    const shape = en.t('config.rule.hosts.shape');
    const message = en.t('config.rule.not_host', { bad: 'a b', shape });
    expect(saidOfMessage(message)).toEqual({
      key: 'config.rule.not_host',
      params: { bad: 'a b', shape: { key: 'config.rule.hosts.shape' } },
    });
    expect(saidOfMessage('Invalid input: expected string, received number')).toBe(
      'Invalid input: expected string, received number',
    );
  });

  it('says a bad config in Czech line by line, and in English as the log writes it', () => {
    const error = refusal(() =>
      parseConfig(
        {
          marketplace: { baseUrl: 'ftp://x', apiKey: 5 },
          redis: { prefix: 'a:b' },
          worker: { concurrency: 0 },
          ui: { language: 'de' },
          status: { listen: { port: 'abc' }, hosts: ['a b'], trustProxy: true },
          blogs: [{ id: 'x', publisher: 'wordpress', disclosure: { text: ' ' } }],
          notify: { channels: [{ type: 'ntfy', name: 'a b', topic: 'x' }] },
        },
        { PRESSBRIDGE_STATUS_PORT: 'x1' },
        'pressbridge.yaml',
      ),
    );
    const czech = cs.say(errorSaid(error));
    expect(czech).toMatch(/^Neplatná konfigurace v pressbridge\.yaml:\n {2}- marketplace\.baseUrl: /);
    expect(czech).toContain('- marketplace.apiKey: očekáváno: text (nalezeno číslo 5)');
    expect(czech).toContain('- worker.concurrency: musí být alespoň 1 (nalezeno číslo 0)');
    expect(czech).toContain('(nastavila proměnná PRESSBRIDGE_STATUS_PORT)');
    expect(czech.split('\n')).toHaveLength(error.issues.length + 1);
    expect(foreignLines(czech, 'cs', ['X-Forwarded-For'])).toEqual([]);
    expect(en.say(errorSaid(error))).toBe(error.message);
    expect(error.message).toContain('- worker.concurrency: must be at least 1 (found number 0)');
  });

  it.each([
    [
      { marketplace: { apiKey: 'k' } },
      'marketplace.baseUrl',
      'chybí, musí být adresa URL http(s)',
      'required, must be an http(s) URL',
    ],
    [
      {
        ...minimal,
        blogs: [
          { id: 7, publisher: 'x' },
          { id: 7, publisher: 'y' },
        ],
      },
      'blogs[1].id',
      'blog 7 je nastavený dvakrát (také v blogs[0])',
      'blog 7 is configured twice (also at blogs[0])',
    ],
    [
      { ...minimal, status: { listen: { host: '0.0.0.0' }, publicUrl: 'https://s.example.cz/a' } },
      'status.publicUrl',
      'musí být samostatný název serveru bez cesty',
      'must be a host name of its own, without a path',
    ],
    [
      { ...minimal, intake: { pollSeconds: 'often' } },
      'intake.pollSeconds',
      'očekáváno: číslo (nalezeno "often")',
      'expected a number (found "often")',
    ],
  ])('%j: %s in both languages', (document, path, czech, english) => {
    const issue = refusal(() => parseConfig(document, {})).issues.find((i) => i.path === path);
    expect(cs.say(issue?.said ?? '')).toContain(czech);
    expect(issue?.message).toContain(english);
  });

  it('says a missing config file and an unset variable in the reader’s language', () => {
    const none = refusal(() => loadConfig({ env: { PRESSBRIDGE_DATA_DIR: '/nonexistent-pb' } }));
    expect(cs.say(errorSaid(none))).toMatch(
      /^Neplatná konfigurace:\n {2}- \(celý soubor\): žádný konfigurační/,
    );
    expect(none.message).toMatch(/^Invalid configuration:\n {2}- \(root\): no config file: pass --config/);
    const unset = refusal(() =>
      parseConfig({ marketplace: { baseUrl: 'https://x.cz', apiKey: { env: 'PB_NOT_SET' } } }, {}),
    );
    expect(cs.say(errorSaid(unset))).toContain(
      '- marketplace.apiKey: proměnná prostředí PB_NOT_SET není nastavená',
    );
  });
});
