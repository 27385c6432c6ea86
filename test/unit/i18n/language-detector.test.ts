import { describe, expect, it } from 'vitest';
import { foreignLines, foreignWords } from '../../helpers/language.js';

describe('test/helpers/language: the other language in a text (the one-language test’s detector)', () => {
  it('finds the English of issue 28 in Czech output, and the Czech in English output', () => {
    const doctor = [
      'OK    konfigurace: /etc/pressbridge.yaml je v pořádku (blogů: 1)',
      'OK    blog 1: WordPress credentials for https://blog.cz: signed in as admin (user 1)',
    ].join('\n');
    expect(foreignLines(doctor, 'cs')).toEqual([
      'OK    blog 1: WordPress credentials for https://blog.cz: signed in as admin (user 1)',
    ]);
    expect(foreignWords('info deal text fetched bytes=819', 'cs')).toEqual(['deal', 'fetched']);
    expect(foreignLines('Usage: pressbridge [options] [command]\nPříkazy:', 'en')).toEqual(['Příkazy:']);
    expect(foreignWords('Error: the demo needs Redis', 'en')).toEqual([]);
  });

  it('leaves syntax and data alone: options, <metavariables>, URLs, paths, config keys, named data', () => {
    const help = '  -c, --config <file>  soubor s konfigurací (výchozí: $PRESSBRIDGE_CONFIG)';
    expect(foreignWords(help, 'cs')).toEqual([]);
    expect(
      foreignWords('nastavte marketplace.apiKey a ui.language v /etc/pressbridge/for-the.yaml', 'cs'),
    ).toEqual([]);
    expect(foreignWords('Deal 7: "Zahradní nábytek" is handed in', 'en', ['Zahradní nábytek'])).toEqual([]);
  });
});
