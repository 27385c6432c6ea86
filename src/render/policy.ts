/**
 * The blog's policy for paid articles, applied to the parsed article before any publisher sees it: the
 * disclosure label (a block of its own, at the top or the bottom) and the link policy (src/render/links.ts).
 * Settings are per blog (config `blogs[].disclosure`, `blogs[].links`); the schemas live here, next to the code
 * that applies them. See the README, "Paid articles: disclosure and links".
 */
import { z } from 'zod';
import { ruleText } from '../config/rules.js';
import { mapBlockHtml } from './block-visit.js';
import { applyLinkPolicy, LINK_REL_VALUES, type LinkRel } from './links.js';
import type { Article, Block } from './types.js';

export const DEFAULT_DISCLOSURE_TEXT = 'Komerční sdělení';
export const DEFAULT_DISCLOSURE_CLASS = 'pressbridge-disclosure';

/** One or more CSS class names separated by single spaces. */
const CLASS_NAMES = /^-?[A-Za-z_][A-Za-z0-9_-]*(?: -?[A-Za-z_][A-Za-z0-9_-]*)*$/;

const DisclosureObject = z.strictObject({
  /** The label, as plain text (never HTML). */
  text: z
    .string({ error: ruleText('rule.text') })
    .trim()
    .min(1, ruleText('config.rule.label_not_empty'))
    .max(200, ruleText('config.rule.max_200_chars'))
    .default(DEFAULT_DISCLOSURE_TEXT),
  position: z.enum(['top', 'bottom'], { error: ruleText('config.rule.top_or_bottom') }).default('top'),
  className: z
    .string({ error: ruleText('rule.text') })
    .max(200, ruleText('config.rule.max_200_chars'))
    .regex(CLASS_NAMES, ruleText('config.rule.class_names'))
    .default(DEFAULT_DISCLOSURE_CLASS),
});
export type Disclosure = z.infer<typeof DisclosureObject>;

/**
 * `disclosure`: on unless the blogger writes `false`. Absent or `true`: the defaults; an object: its fields over
 * the defaults.
 */
export const DisclosureSettings = z.unknown().transform((value, ctx): Disclosure | false => {
  if (value === false) return false;
  if (
    value !== true &&
    value !== undefined &&
    (typeof value !== 'object' || value === null || Array.isArray(value))
  ) {
    ctx.addIssue({ code: 'custom', message: ruleText('config.rule.disclosure') });
    return z.NEVER;
  }
  const parsed = DisclosureObject.safeParse(value === true || value === undefined ? {} : value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
export type DisclosureSettings = z.output<typeof DisclosureSettings>;

export const LinkSettings = z.strictObject({
  rel: z
    .enum(LINK_REL_VALUES, { error: ruleText('config.rule.link_rel') })
    .default('keep')
    .describe(
      'Added to the `rel` of every link: `keep` adds nothing (links exactly as delivered); tokens are only ' +
        "ever added, after the advertiser's own. A link with a `target` gets `noopener` whatever this says.",
    ),
});
export type LinkSettings = z.output<typeof LinkSettings>;

export interface ArticlePolicy {
  disclosure: Disclosure | false;
  links: { rel: LinkRel };
}

/** The policy when a blog's config says nothing: the label on top, links as delivered. */
export const DEFAULT_POLICY: ArticlePolicy = {
  disclosure: DisclosureSettings.parse(undefined),
  links: LinkSettings.parse({}),
};

/** A blog's policy from its config entry (`blogs[]`), defaults for what it leaves out. */
export function articlePolicy(blog: {
  disclosure?: DisclosureSettings | undefined;
  links?: LinkSettings | undefined;
}): ArticlePolicy {
  return {
    disclosure: blog.disclosure ?? DEFAULT_POLICY.disclosure,
    links: blog.links ?? DEFAULT_POLICY.links,
  };
}

/** The disclosure block for the settings, or undefined when the label is off. */
export function disclosureBlock(disclosure: Disclosure | false): Block | undefined {
  return disclosure === false
    ? undefined
    : { type: 'disclosure', text: disclosure.text, className: disclosure.className };
}

/** The article with the blog's policy applied: links first (the label is ours, not a link), then the label. */
export function applyPolicy<A extends Article>(article: A, policy: ArticlePolicy): A {
  const rel = policy.links.rel;
  const blocks = article.blocks.map((block) => mapBlockHtml(block, (html) => applyLinkPolicy(html, rel)));
  const label = disclosureBlock(policy.disclosure);
  if (label !== undefined && policy.disclosure !== false) {
    if (policy.disclosure.position === 'top') blocks.unshift(label);
    else blocks.push(label);
  }
  return { ...article, blocks };
}
