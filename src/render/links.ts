/**
 * The blog's link policy on sanitised HTML: `rel` tokens added to every link, never removed, and `noopener` on
 * every link that has a `target`. Pure; HTML without a link to change comes back as the same string.
 *
 * Works on the serialised fragments of the Article (HTML that a serializer wrote: every `<` in text or comments
 * is escaped, so `<a` can only open an `a` start tag), rewriting just the start tags of links in one linear pass
 * rather than parsing each fragment again: a 1 MiB article of links is a few milliseconds, not most of a second.
 */

/** What `links.rel` adds to each link (`keep`: nothing). */
export const LINK_REL_VALUES = ['keep', 'sponsored', 'nofollow', 'sponsored nofollow'] as const;
export type LinkRel = (typeof LINK_REL_VALUES)[number];

const ASCII_WHITESPACE = /[ \t\n\f\r]+/;
const MAY_HAVE_LINK = /<a[\s>]/i;
const MAY_HAVE_TARGET = /\starget\s*=/i;

/**
 * An `a` start tag at a given place (sticky): its attributes (each a name, optionally `=` and a double-, single-
 * or unquoted value) and whether it ends in `/>`. Names and unquoted values hold no `<`, so a failed match
 * never runs past the next tag.
 */
const LINK_START_TAG =
  /<a((?:[ \t\n\f\r]+[^ \t\n\f\r"'<>/=]+(?:[ \t\n\f\r]*=[ \t\n\f\r]*(?:"[^"]*"|'[^']*'|[^ \t\n\f\r"'=<>`]+))?)*)[ \t\n\f\r]*(\/?)>/iy;
const ATTRIBUTE =
  /([ \t\n\f\r]+)([^ \t\n\f\r"'<>/=]+)(?:([ \t\n\f\r]*=[ \t\n\f\r]*)("[^"]*"|'[^']*'|[^ \t\n\f\r"'=<>`]+))?/g;
const LINK_OPENING = /<a[\s>]/gi;

/** `rel` tokens as HTML reads them: ASCII-whitespace separated, compared without case. */
function relTokens(value: string): Set<string> {
  return new Set(
    value
      .split(ASCII_WHITESPACE)
      .filter((token) => token !== '')
      .map((token) => token.toLowerCase()),
  );
}

/**
 * The `rel` value for a link: the delivered value untouched, followed by the tokens it lacks. Returns undefined
 * when nothing needs adding.
 */
export function extendRel(delivered: string | undefined, add: readonly string[]): string | undefined {
  const present = relTokens(delivered ?? '');
  const missing = add.filter((token) => !present.has(token));
  if (missing.length === 0) return undefined;
  const base = (delivered ?? '').trim();
  return base === '' ? missing.join(' ') : `${base} ${missing.join(' ')}`;
}

interface Attribute {
  /** Where the attribute (with its leading whitespace) starts in the tag's attribute text, and its length. */
  start: number;
  length: number;
  name: string;
  /** The value as written, without its quotes (entities left as they are); undefined for a bare attribute. */
  value: string | undefined;
}

function attributesOf(source: string): Attribute[] {
  return [...source.matchAll(ATTRIBUTE)].map((match) => {
    const raw = match[4];
    const value = raw === undefined ? undefined : /^["']/.test(raw) ? raw.slice(1, -1) : raw;
    return { start: match.index, length: match[0].length, name: (match[2] ?? '').toLowerCase(), value };
  });
}

/** One start tag with the policy applied, or the tag as it was. */
function rewriteTag(tag: string, attributeSource: string, close: string, rel: LinkRel): string {
  const attributes = attributesOf(attributeSource);
  // Duplicates: HTML reads the first occurrence of an attribute.
  const first = (name: string): Attribute | undefined =>
    attributes.find((attribute) => attribute.name === name);
  if (first('href') === undefined) return tag;
  const add = rel === 'keep' ? [] : rel.split(' ');
  // As WordPress does on every save (wp_targeted_link_rel): a linked page cannot reach back through
  // window.opener, and the post's stored content stays exactly what pressbridge sent.
  if (first('target') !== undefined) add.push('noopener');
  const current = first('rel');
  const value = extendRel(current?.value, add);
  if (value === undefined) return tag;
  // The delivered value keeps its escaping; the added tokens need none.
  const written = ` rel="${value.replace(/"/g, '&quot;')}"`;
  const rewritten =
    current === undefined
      ? `${attributeSource}${written}`
      : attributeSource.slice(0, current.start) +
        written +
        attributeSource.slice(current.start + current.length);
  return `<a${rewritten}${close === '' ? '' : ' /'}>`;
}

/**
 * Applies the policy to every `<a href>` in the fragment. Linear: each link's start tag is read once, and text
 * that is not a well-formed start tag (which serialised HTML never holds) ends the rewriting, left as it is.
 */
export function applyLinkPolicy(html: string, rel: LinkRel): string {
  // Cheap checks first: with `keep`, only a link with a target can change.
  if (!MAY_HAVE_LINK.test(html) || (rel === 'keep' && !MAY_HAVE_TARGET.test(html))) return html;
  let out = '';
  let done = 0;
  LINK_OPENING.lastIndex = 0;
  for (let opening = LINK_OPENING.exec(html); opening !== null; opening = LINK_OPENING.exec(html)) {
    LINK_START_TAG.lastIndex = opening.index;
    const tag = LINK_START_TAG.exec(html);
    if (tag === null) break;
    out += html.slice(done, tag.index) + rewriteTag(tag[0], tag[1] ?? '', tag[2] ?? '', rel);
    done = tag.index + tag[0].length;
    LINK_OPENING.lastIndex = done;
  }
  return done === 0 ? html : out + html.slice(done);
}
