import { describe, expect, it } from 'vitest';
import { codePointLabel, neutraliseInvisible } from '../../../src/render/invisible.js';

// Written as escapes on purpose: the test file itself must not hide what it tests.
const RLO = '\u202E';
const SPOOF = `${RLO}gnp.exe`;

describe('src/render/invisible: neutraliseInvisible', () => {
  it.each([
    // [what, input, strip (one line), show (one line)]
    ['the classic spoof: RLO', SPOOF, 'gnp.exe', '<U+202E>gnp.exe'],
    ['LRE, RLE, PDF, LRO', 'a\u202Ab\u202Bc\u202Cd\u202De', 'abcde', 'a<U+202A>b<U+202B>c<U+202C>d<U+202D>e'],
    ['isolates LRI RLI FSI PDI', '\u2066a\u2067b\u2068c\u2069', 'abc', '<U+2066>a<U+2067>b<U+2068>c<U+2069>'],
    ['LRM, RLM, ALM', 'a\u200Eb\u200Fc\u061Cd', 'abcd', 'a<U+200E>b<U+200F>c<U+061C>d'],
    ['zero-width space inside a name', 'Pay\u200Bpal', 'Paypal', 'Pay<U+200B>pal'],
    [
      'word joiner and invisible operators',
      'a\u2060b\u2061c\u2062d\u2063e\u2064f',
      'abcdef',
      'a<U+2060>b<U+2061>c<U+2062>d<U+2063>e<U+2064>f',
    ],
    ['BOM', '\uFEFFTitle', 'Title', '<U+FEFF>Title'],
    ['soft hyphen', 'soft\u00ADhyphen', 'softhyphen', 'soft<U+00AD>hyphen'],
    ['Hangul filler (a "blank" name)', '\u3164', '', '<U+3164>'],
    [
      'interlinear annotation hides text',
      'a\uFFF9hidden\uFFFAb\uFFFB',
      'ahiddenb',
      'a<U+FFF9>hidden<U+FFFA>b<U+FFFB>',
    ],
    ['tag characters outside a flag (ASCII smuggling)', 'ok\u{E0069}\u{E0067}', 'ok', 'ok<U+E0069><U+E0067>'],
    ['NUL, BEL, DEL', 'a\u0000b\u0007c\u007F', 'abc', 'a<U+0000>b<U+0007>c<U+007F>'],
    ['an ESC sequence loses its ESC', '\u001b[8mhidden', '[8mhidden', '<U+001B>[8mhidden'],
    ['C1 CSI', 'a\u009B2Jb', 'a2Jb', 'a<U+009B>2Jb'],
    [
      'line breaks become spaces in one line',
      'a\nb\r\nc\rd\u2028e\u2029f\u0085g\u000Bh\u000Ci',
      'a b c d e f g h i',
      'a b c d e f g h i',
    ],
    ['a tab becomes a space in one line', 'a\tb', 'a b', 'a b'],
    ['a lone surrogate becomes U+FFFD', 'a\uD800b', 'a\uFFFDb', 'a\uFFFDb'],
    ['a joiner at the end is stripped', 'x\u200D', 'x', 'x<U+200D>'],
    ['a joiner next to a stripped character is stripped', 'a\u202E\u200Db', 'ab', 'a<U+202E><U+200D>b'],
    ['a second variation selector is stripped', 'a\uFE0F\uFE0F', 'a\uFE0F', 'a\uFE0F<U+FE0F>'],
    [
      'Czech text is untouched',
      'Příliš žluťoučký kůň úpěl ďábelské ódy',
      'Příliš žluťoučký kůň úpěl ďábelské ódy',
      'Příliš žluťoučký kůň úpěl ďábelské ódy',
    ],
    ['Arabic and Hebrew letters are untouched', 'سلام שלום', 'سلام שלום', 'سلام שלום'],
    ['a no-break space is untouched', '10\u00A0Kč', '10\u00A0Kč', '10\u00A0Kč'],
  ])('%s', (_what, input, strip, show) => {
    expect(neutraliseInvisible(input)).toBe(strip);
    expect(neutraliseInvisible(input, { mode: 'show' })).toBe(show);
  });

  it.each([
    ['woman technologist (ZWJ)', '\u{1F469}\u200D\u{1F4BB}'],
    ['heart on fire (VS16 then ZWJ)', '\u2764\uFE0F\u200D\u{1F525}'],
    ['rainbow flag', '\u{1F3F3}\uFE0F\u200D\u{1F308}'],
    ['family with skin tones', '\u{1F468}\u{1F3FD}\u200D\u{1F469}\u{1F3FD}\u200D\u{1F467}'],
    ['Scotland (tag sequence)', '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['Persian ZWNJ', 'می\u200Cخواهم'],
    ['Devanagari ZWJ', 'क्\u200Dष'],
    ['keycap', '1\uFE0F\u20E3'],
  ])('keeps what text needs: %s', (_what, input) => {
    expect(neutraliseInvisible(input)).toBe(input);
    expect(neutraliseInvisible(input, { mode: 'show' })).toBe(input);
  });

  it('keeps tab and line feeds in a multi-line text, CRLF as LF; other breaks become LF, or are shown', () => {
    const text = 'a\tb\r\nc\nd\re\u2028f\u2029g\u0085h';
    expect(neutraliseInvisible(text, { multiline: true })).toBe('a\tb\nc\nd\ne\nf\ng\nh');
    expect(neutraliseInvisible(text, { mode: 'show', multiline: true })).toBe(
      'a\tb\nc\nd<U+000D>e<U+2028>f<U+2029>g<U+0085>h',
    );
  });

  it('never lets the spoof display reversed: no bidi control survives, in any mode', () => {
    const bidi = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
    for (const options of [
      {},
      { mode: 'show' as const },
      { multiline: true },
      { mode: 'show' as const, multiline: true },
    ]) {
      const out = neutraliseInvisible(`Článek ${SPOOF} \u2067${SPOOF}\u2069`, options);
      expect(out).not.toMatch(bidi);
      expect(out).toContain('gnp.exe');
    }
  });

  it('is idempotent, so the edge and every surface may both apply it', () => {
    const samples = [
      SPOOF,
      'a\u200B\u200Db',
      'a\uFE0F\uFE0F\u200D',
      'x\r\n\u2028y\u0000',
      '\u{1F469}\u200D\u{1F4BB}\u202E',
    ];
    for (const sample of samples) {
      for (const options of [
        {},
        { mode: 'show' as const },
        { multiline: true },
        { mode: 'show' as const, multiline: true },
      ]) {
        const once = neutraliseInvisible(sample, options);
        expect(neutraliseInvisible(once, options)).toBe(once);
      }
    }
  });

  it('labels a code point as the Unicode charts do', () => {
    expect(codePointLabel('\u202E')).toBe('<U+202E>');
    expect(codePointLabel('\u0007')).toBe('<U+0007>');
    expect(codePointLabel('\u{E0067}')).toBe('<U+E0067>');
  });
});
