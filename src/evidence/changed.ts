/**
 * Whether a check is worth a line in `checks.jsonl` (pure): the deal's first check, or one whose facts differ
 * from the last line's check. A refused or unreadable check proves nothing and is never a line (it still
 * becomes `latest.json`). A 304 carries the previous facts over: only the facts it does state are compared.
 */
import type { ArticleCheck } from '../deals/article-check.js';

type Facts = Record<string, string>;

function findingsKey(check: ArticleCheck): string | undefined {
  if (check.findings === undefined) return undefined;
  return JSON.stringify(check.findings.map((f) => [f.kind, f.detail, f.href ?? '']).sort(compareTuples));
}

function linksKey(check: ArticleCheck): string | undefined {
  if (check.advertiserLinks === undefined) return undefined;
  return JSON.stringify(
    check.advertiserLinks
      .map((l) => [l.href, l.present ? '1' : '0', l.rel ?? '', l.text ?? ''])
      .sort(compareTuples),
  );
}

function compareTuples(a: string[], b: string[]): number {
  const left = JSON.stringify(a);
  const right = JSON.stringify(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The compared facts of a check; a fact the check does not state is absent. */
function factsOf(check: ArticleCheck): Facts {
  const facts: Facts = {};
  const set = (name: string, value: string | undefined): void => {
    if (value !== undefined) facts[name] = value;
  };
  set('status', String(check.status));
  set('finalUrl', check.finalUrl);
  set('findings', findingsKey(check));
  set('links', linksKey(check));
  set('label', check.label === undefined ? undefined : String(check.label.present));
  const ix = check.indexable;
  set(
    'indexable',
    ix === undefined
      ? undefined
      : JSON.stringify([ix.noindexMeta, ix.noindexHeader, ix.canonical ?? '', ix.canonicalMoved]),
  );
  set('text', check.textSha256);
  return facts;
}

export function evidenceChanged(previous: ArticleCheck | undefined, next: ArticleCheck): boolean {
  if (next.refused === true || next.unreadable === true) return false;
  if (previous === undefined) return true;
  const before = factsOf(previous);
  const after = factsOf(next);
  if (next.notModified === true) {
    // The site said "unchanged": its status (304) is no fact about the article, and what it leaves out is
    // carried over from the previous check.
    delete after.status;
    return Object.entries(after).some(
      ([name, value]) => before[name] !== undefined && before[name] !== value,
    );
  }
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const name of names) if (before[name] !== after[name]) return true;
  return false;
}
