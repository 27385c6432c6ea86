import { describe, expect, it } from 'vitest';
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
    cs.out.check({ status: 'ok', name: 'Redis', detail: 'odpovídá' });
    cs.out.check({
      status: 'fail',
      name: 'webhook',
      detail: 'žádný webhook',
      fix: 'pressbridge webhook register …',
    });
    expect(cs.text()).toBe(
      'OK    Redis: odpovídá\nCHYBA webhook: žádný webhook\n     oprava: pressbridge webhook register …\n',
    );
    const en = capture('en');
    en.out.check({ status: 'warn', name: 'Redis persistence', detail: 'AOF is off', fix: 'appendonly yes' });
    en.out.check({ status: 'ok', name: 'Redis', detail: 'answers', fix: 'never shown for ok' });
    en.out.check({ status: 'fail', detail: 'a check without a name: its detail alone' });
    expect(en.text()).toBe(
      'WARN Redis persistence: AOF is off\n     fix: appendonly yes\nOK   Redis: answers\n' +
        'FAIL a check without a name: its detail alone\n',
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

  it('shows bidi controls and ESC from the data as <U+XXXX>; with colour, only its own colours are escapes', () => {
    const spoof = '\u202Egnp.exe';
    let text = '';
    const out = createOutput({ colour: true, t: createTranslator('en'), write: (s) => (text += s) });
    out.line(`${out.paint('Deal 7', 'bold')}  ${spoof}\u001b]0;title\u0007 \u001b[8mhidden`);
    out.line(out.paint(`red ${spoof}\u001b[2J`, 'red'));
    out.check({ status: 'fail', name: `name ${spoof}`, detail: `detail\u009B2J`, fix: `fix\u2066` });
    out.table([{ title: `a\nb ${spoof}` }], [{ key: 'title', title: 'TITLE' }]);
    out.data({ title: spoof, [`key${spoof}`]: '\u2028' });
    expect(text).toBe(
      [
        '\u001b[1mDeal 7\u001b[0m  <U+202E>gnp.exe<U+001B>]0;title<U+0007> <U+001B>[8mhidden',
        '\u001b[31mred <U+202E>gnp.exe<U+001B>[2J\u001b[0m',
        '\u001b[31m✖\u001b[0m name <U+202E>gnp.exe: detail<U+009B>2J',
        '     \u001b[1mfix:\u001b[0m fix<U+2066>',
        '\u001b[1mTITLE\u001b[0m',
        'a b <U+202E>gnp.exe',
        '{',
        '  "title": "<U+202E>gnp.exe",',
        '  "key<U+202E>gnp.exe": "<U+2028>"',
        '}',
        '',
      ].join('\n'),
    );
    // The JSON stays JSON.
    expect(JSON.parse(text.slice(text.indexOf('{')))).toEqual({
      title: '<U+202E>gnp.exe',
      'key<U+202E>gnp.exe': '<U+2028>',
    });
  });

  it('piped, lets no escape through at all, not even one shaped like its own colours', () => {
    const { out, text } = capture('en');
    out.line('\u001b[31mred\u001b[0m \u202Egnp.exe');
    expect(text()).toBe('<U+001B>[31mred<U+001B>[0m <U+202E>gnp.exe\n');
  });
});
