import { describe, expect, it } from 'vitest';
import { envLanguage } from '../../../src/commands/language.js';
import { createOutput } from '../../../src/commands/output.js';
import { createTranslator } from '../../../src/i18n/index.js';

function capture(language: 'cs' | 'en') {
  let text = '';
  const out = createOutput({ colour: false, t: createTranslator(language), write: (s) => (text += s) });
  return { out, text: () => text };
}

describe('src/commands/output: plain lines in the blogger language', () => {
  it('prints the checks with their status words and fixes, aligned, in Czech and English', () => {
    const cs = capture('cs');
    cs.out.check('ok', 'Redis', 'odpovídá');
    cs.out.check('fail', 'webhook', 'žádný webhook', 'pressbridge webhook register …');
    expect(cs.text()).toBe(
      'OK    Redis: odpovídá\nCHYBA webhook: žádný webhook\n     oprava: pressbridge webhook register …\n',
    );
    const en = capture('en');
    en.out.check('warn', 'Redis persistence', 'AOF is off', 'appendonly yes');
    en.out.check('ok', 'Redis', 'answers', 'never shown for ok');
    expect(en.text()).toBe(
      'WARN Redis persistence: AOF is off\n     fix: appendonly yes\nOK   Redis: answers\n',
    );
  });

  it('says an empty table is empty in the language', () => {
    const cs = capture('cs');
    cs.out.table([], [{ key: 'id', title: 'OBCHOD' }]);
    expect(cs.text()).toBe('OBCHOD\n(nic)\n');
    const en = capture('en');
    en.out.table([], [{ key: 'id', title: 'DEAL' }]);
    expect(en.text()).toBe('DEAL\n(none)\n');
  });

  it('takes PRESSBRIDGE_LANGUAGE when it names a language, else Czech', () => {
    expect(envLanguage({ PRESSBRIDGE_LANGUAGE: 'en' })).toBe('en');
    expect(envLanguage({ PRESSBRIDGE_LANGUAGE: ' EN ' })).toBe('en');
    expect(envLanguage({ PRESSBRIDGE_LANGUAGE: 'de' })).toBe('cs');
    expect(envLanguage({})).toBe('cs');
  });
});
