/**
 * The blog's link policy on sanitised HTML: `rel` tokens added to every link, never removed, and `noopener` on
 * every link that has a `target`. Pure; HTML without a link to change comes back as the same string.
 */
import { type CleanElement, type CleanNode, parseClean, serialize } from './sanitize.js';

/** What `links.rel` adds to each link (`keep`: nothing). */
export const LINK_REL_VALUES = ['keep', 'sponsored', 'nofollow', 'sponsored nofollow'] as const;
export type LinkRel = (typeof LINK_REL_VALUES)[number];

const ASCII_WHITESPACE = /[ \t\n\f\r]+/;
const MAY_HAVE_LINK = /<a[\s>]/i;

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

/** The tokens the policy adds to one link. */
function tokensFor(element: CleanElement, rel: LinkRel): string[] {
  const tokens = rel === 'keep' ? [] : rel.split(' ');
  // As WordPress does on every save (wp_targeted_link_rel): a linked page cannot reach back through
  // window.opener, and the post's stored content stays exactly what pressbridge sent.
  if (element.attrs.some(([name]) => name === 'target')) tokens.push('noopener');
  return tokens;
}

/** Applies the policy to every `<a href>` in the fragment. */
export function applyLinkPolicy(html: string, rel: LinkRel): string {
  if (!MAY_HAVE_LINK.test(html)) return html;
  const { nodes } = parseClean(html);
  let changed = false;
  const stack: CleanNode[] = [...nodes];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind !== 'element') continue;
    stack.push(...node.children);
    if (node.name !== 'a' || !node.attrs.some(([name]) => name === 'href')) continue;
    const index = node.attrs.findIndex(([name]) => name === 'rel');
    const value = extendRel(index < 0 ? undefined : node.attrs[index]![1], tokensFor(node, rel));
    if (value === undefined) continue;
    if (index < 0) node.attrs.push(['rel', value]);
    else node.attrs[index] = ['rel', value];
    changed = true;
  }
  return changed ? serialize(nodes) : html;
}
