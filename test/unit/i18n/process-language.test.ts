import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandLineLanguage, optionValue, peekConfig } from '../../../src/commands/language.js';
import { parseConfig } from '../../../src/config/load.js';
import { localeLanguage, processLanguage } from '../../../src/i18n/process-language.js';

describe('src/i18n/process-language: one rule for the language of a process', () => {
  it.each([
    [{ LANG: 'cs_CZ.UTF-8' }, 'cs'],
    [{ LANG: 'sk_SK.UTF-8' }, 'cs'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'de_DE@euro' }, 'en'],
    [{ LANG: 'C.UTF-8' }, undefined],
    [{ LANG: 'C' }, undefined],
    [{ LANG: 'POSIX' }, undefined],
    [{ LANG: '' }, undefined],
    [{}, undefined],
    // POSIX: the first of LC_ALL, LC_MESSAGES, LANG that is set is the one in effect, even when it is C.
    [{ LC_ALL: 'en_GB.UTF-8', LC_MESSAGES: 'cs_CZ.UTF-8', LANG: 'cs_CZ.UTF-8' }, 'en'],
    [{ LC_MESSAGES: 'cs_CZ.UTF-8', LANG: 'en_US.UTF-8' }, 'cs'],
    [{ LC_ALL: 'C', LANG: 'en_US.UTF-8' }, undefined],
    [{ LC_ALL: '', LANG: 'en_US.UTF-8' }, 'en'],
  ] as const)('the locale %j asks for %s', (env, expected) => {
    expect(localeLanguage(env)).toBe(expected);
  });

  it.each([
    ['--lang wins over everything', { flag: 'en', env: { PRESSBRIDGE_LANGUAGE: 'cs', LANG: 'cs_CZ' } }, 'en'],
    ['a --lang naming none of ours is passed over', { flag: 'de', env: { LANG: 'en_US' } }, 'en'],
    [
      'PRESSBRIDGE_LANGUAGE over the config',
      { env: { PRESSBRIDGE_LANGUAGE: ' EN ' }, config: { language: 'cs' } },
      'en',
    ],
    ['the config over the locale', { env: { LANG: 'en_US.UTF-8' }, config: { language: 'cs' } }, 'cs'],
    [
      'a config without ui.language is Czech',
      { env: { LANG: 'en_US.UTF-8' }, config: { language: undefined } },
      'cs',
    ],
    ['without a config, the locale', { env: { LANG: 'en_US.UTF-8' } }, 'en'],
    ['without a config, C.UTF-8 (a fresh server) is Czech', { env: { LANG: 'C.UTF-8' } }, 'cs'],
    [
      'PRESSBRIDGE_LANGUAGE naming none of ours is passed over',
      { env: { PRESSBRIDGE_LANGUAGE: 'de' } },
      'cs',
    ],
  ] as const)('%s', (_why, sources, expected) => {
    expect(processLanguage(sources)).toBe(expected);
  });

  it('the config file speaks the language the rule picked: PRESSBRIDGE_LANGUAGE overrides ui.language there too', () => {
    const doc = { marketplace: { baseUrl: 'https://api.example.cz', apiKey: 'k' }, ui: { language: 'cs' } };
    expect(parseConfig(doc, { PRESSBRIDGE_LANGUAGE: ' EN ' }).ui.language).toBe('en');
    expect(parseConfig(doc, { PRESSBRIDGE_LANGUAGE: '' }).ui.language).toBe('cs');
    expect(() => parseConfig(doc, { PRESSBRIDGE_LANGUAGE: 'de' })).toThrow(/ui\.language/);
  });
});

describe('src/commands/language: the CLI reads the rule off its command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pb-language-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const english = join(dir, 'en.yaml');
  writeFileSync(english, 'ui:\n  language: en\n');
  const broken = join(dir, 'broken.yaml');
  writeFileSync(broken, 'ui: [\n');
  const none = { PRESSBRIDGE_DATA_DIR: dir, PRESSBRIDGE_CONFIG: '' };

  it.each([
    [['doctor', '--config', 'a.yaml'], 'a.yaml'],
    [['doctor', '--config=a.yaml'], 'a.yaml'],
    [['doctor', '-c', 'a.yaml'], 'a.yaml'],
    [['doctor', '-ca.yaml'], 'a.yaml'],
    [['doctor', '--', '--config', 'a.yaml'], undefined],
    [['doctor'], undefined],
  ] as const)('finds --config in %j', (args, expected) => {
    expect(optionValue(args, '--config', '-c')).toBe(expected);
  });

  it('peeks at the config a command would read, without validating it', () => {
    expect(peekConfig(['deals', '-c', english], none)).toEqual({ language: 'en' });
    expect(peekConfig(['deals'], { ...none, PRESSBRIDGE_CONFIG: english })).toEqual({ language: 'en' });
    expect(peekConfig(['deals', '-c', broken], none)).toEqual({ language: undefined });
    expect(peekConfig(['deals'], none)).toBeUndefined();
  });

  it('gives --help, doctor and setup one language from the same sources', () => {
    expect(commandLineLanguage(['--help'], { ...none, LANG: 'C.UTF-8' })).toBe('cs');
    expect(commandLineLanguage(['--help'], { ...none, LANG: 'en_US.UTF-8' })).toBe('en');
    expect(commandLineLanguage(['doctor', '-c', english, '--help'], { ...none, LANG: 'cs_CZ.UTF-8' })).toBe(
      'en',
    );
    expect(commandLineLanguage(['doctor', '-c', broken], { ...none, LANG: 'en_US.UTF-8' })).toBe('cs');
    expect(commandLineLanguage(['setup', '--lang', 'en'], { ...none, LANG: 'cs_CZ.UTF-8' })).toBe('en');
    expect(commandLineLanguage(['setup', '--lang=cs'], { ...none, LANG: 'en_US.UTF-8' })).toBe('cs');
  });
});
