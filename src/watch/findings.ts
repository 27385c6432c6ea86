/**
 * What a read page proves, and what differs (pure): from the page's facts (src/render/page-facts.ts), the
 * answer's headers, what was delivered (the advertiser's hrefs and the disclosure label, stored at the render
 * step) and the reference (each link's `rel` and text as first seen live, `data.watch.reference`), the check's
 * record and its findings:
 *
 * - `link_lost`: a delivered href is not on the page (./links.ts says how hrefs compare);
 * - `link_changed`: the link is there with another `rel` than first seen, or its href is gone but a link with
 *   its text points elsewhere (the href was edited);
 * - `label_gone`: the disclosure label published with the article is not in the page's text;
 * - `noindex`: a robots meta tag or the `X-Robots-Tag` header says `noindex`;
 * - `canonical_moved`: `<link rel="canonical">` points at another URL than the page's own;
 * - `text_edited`: the fingerprint of the article's text differs from the last one read (`Delivered.lastText`).
 *
 * `gone` is the inspector's (./inspect.ts): no page to read.
 */

import type { ArticleCheck, CheckedLink, Finding } from '../deals/article-check.js';
import { type LivePageFacts, normaliseHref } from '../render/page-facts.js';

/** A link's `rel` and text as first seen live after the hand-in (`data.watch.reference`). */
export interface LinkReference {
  href: string;
  rel: string;
  text: string;
}

export interface Delivered {
  /** The advertiser's hrefs as delivered (`data.watch.links`). */
  links: readonly string[];
  /** The disclosure label as published (`data.watch.label`), when one was. */
  label?: string;
  /** Each link's `rel` and text as first seen live. */
  reference: readonly LinkReference[];
  /**
   * The text's fingerprint at the last check that read the page (`data.watch.lastText`), so an edit made while
   * the page was gone, refused or unreadable is still seen.
   */
  lastText?: string;
}

/** A URL for comparison: parsed, without its fragment. */
function comparable(url: string, base: string): string | undefined {
  try {
    const parsed = new URL(url, base);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return undefined;
  }
}

const quoted = (value: string) => JSON.stringify(value);

/** The part of a check that a 200 page proves, and its findings. */
export function pageProof(
  facts: LivePageFacts,
  answer: { finalUrl: string; robotsTag?: string },
  delivered: Delivered,
  previous: ArticleCheck | undefined,
): Pick<ArticleCheck, 'advertiserLinks' | 'label' | 'indexable' | 'textSha256' | 'missing'> & {
  findings: Finding[];
} {
  const findings: Finding[] = [];
  const seen = new Map(facts.links.map((link) => [link.href, link]));
  const reference = new Map(delivered.reference.map((link) => [link.href, link]));
  const missing: string[] = [];
  const advertiserLinks: CheckedLink[] = delivered.links.map((href): CheckedLink => {
    const live = seen.get(normaliseHref(href));
    const known = reference.get(href);
    if (!live) {
      missing.push(href);
      const moved = known ? facts.moved.find((link) => link.text === known.text) : undefined;
      if (moved)
        findings.push({ kind: 'link_changed', href, detail: `href ${quoted(href)} → ${quoted(moved.href)}` });
      else findings.push({ kind: 'link_lost', href, detail: href });
      return { href, present: false };
    }
    if (known && known.rel !== live.rel)
      findings.push({ kind: 'link_changed', href, detail: `rel ${quoted(known.rel)} → ${quoted(live.rel)}` });
    return { href, present: true, rel: live.rel, text: live.text };
  });
  const label =
    delivered.label === undefined
      ? undefined
      : { text: delivered.label, present: facts.labelPresent !== false };
  if (label && !label.present) findings.push({ kind: 'label_gone', detail: label.text });
  const noindexHeader = /\bnoindex\b/i.test(answer.robotsTag ?? '');
  if (facts.noindex || noindexHeader)
    findings.push({
      kind: 'noindex',
      detail: [facts.noindex ? 'meta robots' : '', noindexHeader ? 'X-Robots-Tag' : '']
        .filter(Boolean)
        .join(', '),
    });
  const canonical = facts.canonical === undefined ? undefined : comparable(facts.canonical, answer.finalUrl);
  const canonicalMoved =
    canonical !== undefined && canonical !== comparable(answer.finalUrl, answer.finalUrl);
  if (canonicalMoved) findings.push({ kind: 'canonical_moved', detail: canonical });
  const lastText = delivered.lastText ?? previous?.textSha256;
  if (lastText !== undefined && lastText !== facts.textSha256)
    findings.push({ kind: 'text_edited', detail: `${lastText} → ${facts.textSha256}` });
  return {
    missing,
    advertiserLinks,
    ...(label ? { label } : {}),
    indexable: {
      noindexMeta: facts.noindex,
      noindexHeader,
      ...(canonical === undefined ? {} : { canonical }),
      canonicalMoved,
    },
    textSha256: facts.textSha256,
    findings,
  };
}

/** The problem a set of findings amounts to (see `ArticleCheck.problem`): a text edit alone is none. */
export function problemOf(findings: readonly Finding[]): ArticleCheck['problem'] {
  const kinds = new Set(findings.map((finding) => finding.kind));
  if (kinds.has('gone')) return 'gone';
  if (kinds.has('link_lost') || kinds.has('link_changed')) return 'links';
  if (kinds.has('label_gone') || kinds.has('noindex') || kinds.has('canonical_moved')) return 'page';
  return undefined;
}

/** The reference after a check: links first seen now are added; a link keeps the `rel` and text first seen. */
export function nextReference(
  reference: readonly LinkReference[],
  links: readonly CheckedLink[] | undefined,
): LinkReference[] {
  const known = new Set(reference.map((link) => link.href));
  const added = (links ?? [])
    .filter((link) => link.present && !known.has(link.href))
    .map((link) => ({ href: link.href, rel: link.rel ?? '', text: link.text ?? '' }));
  return [...reference, ...added];
}

/** The stored reference (`data.watch.reference`); none when absent or unreadable. */
export function storedReference(data: Record<string, unknown>): LinkReference[] {
  const watch = data.watch;
  if (!watch || typeof watch !== 'object') return [];
  const reference = (watch as { reference?: unknown }).reference;
  if (!Array.isArray(reference)) return [];
  return reference.filter(
    (item): item is LinkReference =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as LinkReference).href === 'string' &&
      typeof (item as LinkReference).rel === 'string' &&
      typeof (item as LinkReference).text === 'string',
  );
}

/** A text kept in `data.watch` (`label`: the published disclosure label; `lastText`), when one was stored. */
export function storedWatchText(
  data: Record<string, unknown>,
  key: 'label' | 'lastText',
): string | undefined {
  const watch = data.watch;
  if (!watch || typeof watch !== 'object') return undefined;
  const value = (watch as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
