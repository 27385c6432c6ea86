/**
 * The text and addresses the rules compare, read the same way on both sides (the blogger's rules and the
 * advertiser's words): pure, linear in the input, and no pattern is ever built from either side's text.
 */

/** Lower case without diacritics: `Sázky` → `sazky`, `ŽLUŤOUČKÝ` → `zlutoucky`. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a folded text: runs of letters and digits (one pass; the pattern is ours, fixed). */
export function splitWords(folded: string): string[] {
  return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
}

/**
 * A text as a line of whole words for `includes`: ` w1 w2 w3 `, so that a refused ` sazky ` or ` online sazky `
 * matches whole words and phrases only.
 */
export function wordLine(text: string): string {
  return ` ${splitWords(foldText(text)).join(' ')} `;
}

/**
 * The visible text of HTML, tags dropped and the common character references read (a hand-made scan: a pattern
 * like `<[^>]*>` would go back over the rest of the input at every `<` that never closes).
 */
export function plainOfHtml(html: string): string {
  const out: string[] = [];
  let inTag = false;
  let start = 0;
  for (let i = 0; i < html.length; i++) {
    const char = html[i];
    if (!inTag && char === '<') {
      out.push(html.slice(start, i), ' ');
      inTag = true;
    } else if (inTag && char === '>') {
      inTag = false;
      start = i + 1;
    }
  }
  if (!inTag) out.push(html.slice(start));
  return out
    .join('')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Characters of a text as the marketplace counts a standard page, whitespace runs as one. */
export function charCount(text: string): number {
  return text.replace(/\s+/g, ' ').trim().length;
}

/**
 * The host of a link or of a domain the blogger wrote, as URL reads it: lower case, an IDN in its ASCII form
 * (`Příklad.CZ` → `xn--pklad-zsa96e.cz`), no trailing dot; undefined when it is no http(s) host name. A link
 * without a scheme (`example.cz/page`) is read as http.
 */
export function hostOf(address: string): string | undefined {
  const trimmed = address.trim();
  if (trimmed === '') return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/\.+$/, '');
  return host === '' ? undefined : host;
}

/** Whether `host` is `domain` or one of its subdomains (both as `hostOf` gives them). */
export function isUnderDomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The last label of a host name. */
export function tldOf(host: string): string {
  return host.slice(host.lastIndexOf('.') + 1);
}
