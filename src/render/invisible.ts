/**
 * The one home of invisible and direction-changing characters in text that people read: a title, a name, a
 * message. Unicode lets a text say one thing and show another: U+202E (right-to-left override) makes
 * `U+202E gnp.exe` display as `exe.png`, a zero-width space makes two names look equal, a C0/C1 control moves a
 * terminal's cursor or hides a line, U+2028 breaks a one-line field. `neutraliseInvisible` removes them
 * (`strip`: what a reader of the post or a notification gets) or shows each as `<U+202E>` (`show`: the
 * operator's page and terminal, where a spoof should be noticed rather than silently repaired).
 *
 * What it touches (docs/security/invisible-characters.md has the table and the reasons):
 * - every C0/C1 control (`\p{Cc}`) but tab and line feed, which become spaces in a one-line field;
 * - every Unicode "default ignorable" code point (`\p{Default_Ignorable_Code_Point}`: the bidi embeddings,
 *   overrides, isolates and marks, zero-width space, word joiner, invisible operators, BOM, soft hyphen,
 *   Hangul fillers, tag characters, …) and the interlinear annotation controls U+FFF9–U+FFFB;
 * - U+2028/U+2029 and the other line breaks (a space in a one-line field, a line feed in a multi-line one);
 * - a lone surrogate (not encodable as UTF-8) becomes U+FFFD.
 * Kept, because text needs them and they cannot reorder or hide what is shown: ZWJ/ZWNJ (U+200D/U+200C)
 * between two visible characters (emoji sequences such as woman + ZWJ + laptop, Persian and Indic scripts), one variation selector
 * after a visible character (U+2764 U+FE0F, a red heart), and the tag characters of an emoji subdivision flag (Scotland: U+1F3F4, tags g b s c t, U+E007F).
 *
 * Pure and idempotent: applying it twice gives the same text, so the edge and every output surface may both
 * call it.
 */

export type InvisibleMode = 'strip' | 'show';

export interface InvisibleOptions {
  /** `strip` (default) removes each character; `show` writes it as `<U+XXXX>`. */
  mode?: InvisibleMode;
  /** Keep tab and line feeds (CRLF becomes LF). Default false: a one-line field, every line break a space. */
  multiline?: boolean;
}

/** A character that shows something: not whitespace, a control, a format character, nor default ignorable. */
const VISIBLE = '[^\\s\\p{Cc}\\p{Cf}\\p{Cs}\\p{Default_Ignorable_Code_Point}]';

/** Variation selectors: one after a visible character picks its glyph (text or emoji presentation). */
const SELECTORS = '[\\u180B-\\u180D\\u180F\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]';

/**
 * One pass, alternatives tried in order at each position: the kept exceptions first, then CRLF (one line
 * break, not two), then any character to neutralise.
 */
const PATTERN = new RegExp(
  [
    // An emoji subdivision flag: black flag, 1–6 tag letters/digits, cancel tag (Unicode TR 51 §2.8).
    '(?<flag>\\u{1F3F4}[\\u{E0030}-\\u{E0039}\\u{E0061}-\\u{E007A}]{1,6}\\u{E007F})',
    // A joiner after an emoji's presentation selector too (heart on fire is U+2764 U+FE0F U+200D U+1F525).
    `(?<joiner>[\\u200C\\u200D](?<=${VISIBLE}${SELECTORS}?.)(?=${VISIBLE}))`,
    `(?<selector>${SELECTORS}(?<=${VISIBLE}.))`,
    '(?<crlf>\\r\\n)',
    '(?<hidden>[\\p{Cc}\\p{Cs}\\p{Default_Ignorable_Code_Point}\\u2028\\u2029\\uFFF9-\\uFFFB])',
  ].join('|'),
  'gu',
);

/** Line breaks other than LF: a line feed when the field is multi-line (shown as themselves in `show`). */
const OTHER_BREAKS = new Set(['\r', '\v', '\f', '\u0085', '\u2028', '\u2029']);

/** `<U+202E>`: the code point in the notation of the Unicode charts, at least four hex digits. */
export function codePointLabel(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/**
 * `text` without invisible and direction-changing characters (`strip`), or with each written as `<U+XXXX>`
 * (`show`). See the module comment for what is touched and what is kept.
 */
export function neutraliseInvisible(text: string, options: InvisibleOptions = {}): string {
  const show = options.mode === 'show';
  const multiline = options.multiline === true;
  return text.replace(PATTERN, (match: string, ...rest: unknown[]): string => {
    const groups = rest[rest.length - 1] as Record<string, string | undefined>;
    if (groups.flag !== undefined || groups.joiner !== undefined || groups.selector !== undefined) {
      return match;
    }
    if (groups.crlf !== undefined) return multiline ? '\n' : ' ';
    if (match === '\n' || match === '\t') return multiline ? match : ' ';
    if (OTHER_BREAKS.has(match)) {
      if (!multiline) return ' ';
      // A lone CR returns a terminal's cursor to overwrite the line: on an operator's surface it is shown.
      return show ? codePointLabel(match) : '\n';
    }
    // With the `u` flag a lone surrogate is matched alone; a pair is one astral code point.
    const code = match.charCodeAt(0);
    if (match.length === 1 && code >= 0xd800 && code <= 0xdfff) return '\uFFFD';
    return show ? codePointLabel(match) : '';
  });
}
