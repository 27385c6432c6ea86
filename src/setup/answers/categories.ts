/**
 * The categories step (e) as data, for both fronts: which ways a blog's target offers, each with one sentence on
 * what it does and what the blog then looks like, and one schema for the answers (`CategoryAnswer`: the same
 * rules on the page and in the terminal). The direction is always the deal's marketplace category → the blog's
 * category; only `sync` also sends the other way, once, the blog's category list to the marketplace
 * (../actions.ts).
 *
 * | mode    | config written (../write-config.ts) | a deal in marketplace category N goes to             |
 * |---------|-------------------------------------|------------------------------------------------------|
 * | default | `defaultCategory` or nothing        | the one category given, else the site's default      |
 * | sync    | `categories: identity`              | the WordPress category with id N (the list was sent) |
 * | map     | `categories: { N: … }`              | the mapped category; an unlisted N: the default      |
 */
import { z } from 'zod';
import type { MessageKey } from '../../i18n/index.js';
import { both } from '../text.js';
import type { SetupText } from '../wordpress/types.js';
import type { BlogTarget } from './blogs.js';
import { setupRule, typed } from './read.js';

/** How the marketplace's categories become the target's: see the publishers' `categories` option. */
export type CategoryChoice =
  /** The target's categories are pushed to the marketplace, so the ids are the same (`categories: identity`). */
  | { mode: 'sync' }
  /** `{ <marketplace id>: <target id or name> }`. */
  | { mode: 'map'; map: Record<string, number | string> }
  /** Every deal in one category of the target (`defaultCategory`); absent id: the target's own default. */
  | { mode: 'default'; category?: number | string | undefined };

export type CategoryMode = CategoryChoice['mode'];
/** A blog as the categories step reads its answer. */
export interface CategoryBlog {
  name: string;
  target: BlogTarget;
}
/** The targets whose publisher files an article under a category (a folder of files has none). */
export type CategoryTarget = 'wordpress' | 'github';

export interface CategoryOption {
  mode: CategoryMode;
  label: SetupText;
  /** What it does and what the blog then looks like. */
  explain: SetupText;
}

interface OptionKeys {
  mode: CategoryMode;
  label: MessageKey;
  explain: MessageKey;
}

const OPTIONS: Readonly<Record<CategoryTarget, readonly OptionKeys[]>> = {
  wordpress: [
    {
      mode: 'default',
      label: 'setup.categories.label_default',
      explain: 'setup.categories.default_wordpress',
    },
    { mode: 'sync', label: 'setup.categories.label_sync', explain: 'setup.categories.sync_wordpress' },
    { mode: 'map', label: 'setup.categories.label_map', explain: 'setup.categories.map_wordpress' },
  ],
  // The GitHub plugin writes category names into the front matter: there is no list of ids to send.
  github: [
    { mode: 'default', label: 'setup.categories.label_default', explain: 'setup.categories.default_github' },
    { mode: 'map', label: 'setup.categories.label_map', explain: 'setup.categories.map_github' },
  ],
};

/** The fields of `default` (one category) and `map` (its lines), worded for the target. */
const FIELDS: Readonly<Record<CategoryTarget, { category: MessageKey; lines: MessageKey }>> = {
  wordpress: { category: 'setup.categories.category_wordpress', lines: 'setup.categories.lines_wordpress' },
  github: { category: 'setup.categories.category_github', lines: 'setup.categories.lines_github' },
};

export function categoryOptions(target: CategoryTarget): CategoryOption[] {
  return OPTIONS[target].map((o) => ({ mode: o.mode, label: both(o.label), explain: both(o.explain) }));
}

export function categoryFields(target: CategoryTarget): { category: SetupText; lines: SetupText } {
  return { category: both(FIELDS[target].category), lines: both(FIELDS[target].lines) };
}

export function categoryTarget(blog: Pick<CategoryBlog, 'target'>): CategoryTarget | undefined {
  return blog.target === 'wordpress' || blog.target === 'github' ? blog.target : undefined;
}

/** What a front took for one blog: the mode, the one category of `default`, the lines of `map`. */
export interface CategoryForm {
  mode?: string | undefined;
  category?: string | undefined;
  lines?: string | undefined;
}

/**
 * The map preprocessor: `3 = 12` lines → `{ "3": "12" }` (marketplace category number → the blog's category, as
 * typed). No line, or any line of another shape: undefined, which the schema refuses (nothing is dropped).
 */
export function categoryLines(text: string): Record<string, string> | undefined {
  const map: Record<string, string> = {};
  for (const line of text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    const match = /^(\d+)\s*[=:]\s*(.+)$/.exec(line);
    if (!match?.[1] || !match[2]) return undefined;
    map[match[1]] = match[2].trim();
  }
  return Object.keys(map).length > 0 ? map : undefined;
}

const WORDPRESS_ID = /^[1-9]\d{0,9}$/;

/** The ways a target offers, as the terminal asks for one by name. */
export function CategoryMode(target: CategoryTarget) {
  const modes = OPTIONS[target].map((o) => o.mode);
  return z.enum(modes, { error: setupRule('setup.rule.category_mode', { modes: modes.join('/') }) });
}

/**
 * One blog's answer. A mode the target does not offer is `default`. WordPress takes a category by its id only,
 * the GitHub plugin by its name only (their options refuse the other), so a WordPress category given by name is
 * refused here, with where the ids are, not first when the setup saves; on GitHub a number is a name like any
 * other.
 */
export function CategoryAnswer(blog: CategoryBlog): z.ZodType<CategoryChoice> {
  const target = categoryTarget(blog) ?? 'github';
  const offered: readonly CategoryMode[] = OPTIONS[target].map((o) => o.mode);
  const idsOnly = setupRule('setup.rule.wordpress_ids', { blog: blog.name });
  const one: z.ZodType<number | string, string> =
    target === 'wordpress'
      ? z.string().regex(WORDPRESS_ID, { error: idsOnly }).transform(Number)
      : z.string();
  const pairs = z.record(z.string(), one, {
    error: setupRule('setup.rule.lines_invalid', { blog: blog.name }),
  });
  const form = (value: unknown): CategoryForm => (typeof value === 'object' && value !== null ? value : {});
  return z.preprocess(
    (value) => {
      const { mode, lines, category } = form(value);
      return { mode: offered.find((m) => m === mode) ?? 'default', map: lines ?? '', category };
    },
    z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('sync') }),
      z.object({ mode: z.literal('map'), map: z.preprocess((text) => categoryLines(String(text)), pairs) }),
      z.object({ mode: z.literal('default'), category: z.preprocess(typed, one.optional()) }),
    ]),
  );
}
