/**
 * A small detector of the other language (issue 28: a blogger never reads two languages from one command):
 * `foreignWords(text, 'cs')` lists the English words in a Czech text, `foreignWords(text, 'en')` the Czech ones in
 * an English text. What is not language is taken out first: URLs, paths, `code`, <metavariables>, [options],
 * option names, environment variables, config keys and other tokens with `.`, `_`, `=` or `/` inside, the names
 * in a help's first column (commands, options), JSON values, and the data the caller names (a deal's title, a blog's name).
 *
 * English is told by its small words, which Czech does not have (`to`, `a`, `on`, `no`, `by` and `i` are Czech
 * words too and are left out); Czech by its letters with diacritics and its own small words.
 */
import type { Language } from '../../src/i18n/index.js';

/** A whole word: JavaScript's `\b` knows only ASCII letters, and would find "it" in "Označit". */
const word = (alternatives: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}_])(${alternatives})(?![\\p{L}\\p{N}_])`, 'giu');

const ENGLISH = word(
  [
    // small words
    'the|and|or|but|if|is|are|was|were|be|been|in|at|it|of|for|with|not|from|this|that|these|will|would|could',
    'cannot|has|have|had|when|which|yet|only|its|your|you|into|there|than|then|about|after|before|each|every',
    'what|where|who|how|why|all|any|nothing|something|please|already|again|here|must|may|should|first|use|set',
    // words of pressbridge's own English that Czech does not use
    'deals?|articles?|published|fetched|ready|processing|photos?|handed|signed|found|failed|answers?|missing|needs?',
    'queued|paid|retry|waiting|credentials|permissions|categories|polling|intake|none|yes',
  ].join('|'),
);
const CZECH_LETTERS = /[áčďéěíňóřšťúůýž]/i;
const CZECH = word(
  'je|jsou|se|na|pro|nebo|když|není|už|že|jako|který|která|které|zatím|žádný|obchod|obchody|tržiště',
);

/** The text without what is not language (see the module comment). */
export function withoutTokens(text: string, data: readonly string[] = []): string {
  let out = text;
  for (const item of data) if (item) out = out.split(item).join(' ');
  return out
    .replace(/^ {2}\S.*? {2,}/gm, ' ')
    .replace(/\{"[^\n]*\}/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/<[^>\s]*>/g, ' ')
    .replace(/\[[a-z]+\]/g, ' ')
    .replace(/(^|\s)--?[a-zA-Z][\w-]*/g, ' ')
    .replace(/\$[A-Z_]+/g, ' ')
    .replace(/(^|\s)\/\S*/g, ' ')
    .replace(/\S*\w[._=/\\]\w\S*/g, ' ');
}

/** The other language's words found in `text`, which should be all in `language`. */
export function foreignWords(text: string, language: Language, data: readonly string[] = []): string[] {
  const clean = withoutTokens(text, data);
  if (language === 'cs') return [...clean.matchAll(ENGLISH)].map((m) => m[0]);
  const words = [...clean.matchAll(CZECH)].map((m) => m[0]);
  const letters = clean.split(/\s+/).filter((w) => CZECH_LETTERS.test(w));
  return [...words, ...letters];
}

/** The lines of `text` that hold a word of the other language, for a readable failure. */
export function foreignLines(text: string, language: Language, data: readonly string[] = []): string[] {
  return text.split('\n').filter((line) => foreignWords(line, language, data).length > 0);
}
