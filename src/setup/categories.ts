/**
 * The categories step (e) as data, for both fronts: which ways a blog's target offers, each with one sentence on
 * what it does and what the blog then looks like, and the reading of the answers (the same rules on the page
 * and in the terminal). The direction is always the deal's marketplace category → the blog's category; only
 * `sync` also sends the other way, once, the blog's category list to the marketplace (./actions.ts).
 *
 * | mode    | config written (./write-config.ts) | a deal in marketplace category N goes to            |
 * |---------|------------------------------------|-----------------------------------------------------|
 * | default | `defaultCategory` or nothing       | the one category given, else the site's default     |
 * | sync    | `categories: identity`             | the WordPress category with id N (the list was sent) |
 * | map     | `categories: { N: … }`             | the mapped category; an unlisted N: the default     |
 */
import type { MessageKey } from '../i18n/index.js';
import type { BlogAnswer, CategoryChoice } from './answers.js';
import { both } from './text.js';
import type { SetupText } from './wordpress/types.js';

export type CategoryMode = CategoryChoice['mode'];
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

export function categoryTarget(blog: Pick<BlogAnswer, 'target'>): CategoryTarget | undefined {
  return blog.target === 'wordpress' || blog.target === 'github' ? blog.target : undefined;
}

/** `3 = 12` lines → `{ "3": "12" }` (marketplace category number → the blog's category, as typed). */
export function parseCategoryLines(text: string): Record<string, string> | undefined {
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

export type CategoryAnswer = { ok: true; choice: CategoryChoice } | { ok: false; problem: SetupText };

const WORDPRESS_ID = /^[1-9]\d{0,9}$/;

/**
 * One blog's answer: the mode, the one category of `default` (empty: the site's default) and the lines of `map`.
 * A mode the target does not offer is `default`. WordPress takes a category by its id only, the GitHub plugin
 * by its name only (their options refuse the other), so a WordPress category given by name is refused here, with
 * where the ids are, not first when the setup saves; on GitHub a number is a name like any other.
 */
export function readCategoryAnswer(
  blog: Pick<BlogAnswer, 'name' | 'target'>,
  answer: { mode?: string | undefined; category?: string | undefined; lines?: string | undefined },
): CategoryAnswer {
  const target = categoryTarget(blog) ?? 'github';
  const mode = OPTIONS[target].find((o) => o.mode === answer.mode)?.mode ?? 'default';
  const idsOnly = both('setup.categories.wordpress_ids', { blog: blog.name });
  const value = (typed: string): number | string | undefined =>
    target === 'github' ? typed : WORDPRESS_ID.test(typed) ? Number(typed) : undefined;
  if (mode === 'sync') return { ok: true, choice: { mode: 'sync' } };
  if (mode === 'map') {
    const lines = parseCategoryLines(answer.lines ?? '');
    if (!lines) return { ok: false, problem: both('setup.categories.lines_invalid', { blog: blog.name }) };
    const map: Record<string, number | string> = {};
    for (const [id, typed] of Object.entries(lines)) {
      const category = value(typed);
      if (category === undefined) return { ok: false, problem: idsOnly };
      map[id] = category;
    }
    return { ok: true, choice: { mode: 'map', map } };
  }
  const typed = answer.category?.trim() ?? '';
  if (typed === '') return { ok: true, choice: { mode: 'default' } };
  const category = value(typed);
  return category === undefined
    ? { ok: false, problem: idsOnly }
    : { ok: true, choice: { mode: 'default', category } };
}
