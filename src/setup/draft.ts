/**
 * The answers of a setup in progress on the /setup page (one installation, one setup at a time, kept in the
 * setup-mode process), and which step comes next. The terminal front keeps the same answers in local variables.
 */
import type { Check } from '../checks.js';
import type { Language } from '../i18n/index.js';
import type { BlogAnswer, NotifyAnswer, SetupAnswers } from './answers.js';
import type { MarketplaceBlog } from './engine.js';
import type { SetupMarketplace } from './marketplace.js';
import type { SetupText, WordPressDiscovery } from './wordpress/types.js';

export interface SetupDraft {
  language: Language;
  marketplace?: SetupMarketplace & { login: string };
  /** The account's blogs as step b listed them. */
  accountBlogs: MarketplaceBlog[];
  /** One per account blog once step b is answered. */
  blogs: BlogAnswer[];
  /** Per blog id: what WordPress discovery found (step c). */
  discoveries: Map<number, WordPressDiscovery>;
  /** Per blog id: the last verification's checks, shown on its page. */
  blogChecks: Map<number, Check<SetupText>[]>;
  categoriesDone: boolean;
  intake?: SetupAnswers['intake'];
  notify?: NotifyAnswer | 'none';
  notifyCheck?: Check<SetupText>;
}

export function newDraft(language: Language): SetupDraft {
  return {
    language,
    accountBlogs: [],
    blogs: [],
    discoveries: new Map(),
    blogChecks: new Map(),
    categoriesDone: false,
  };
}

/** A blog's target is answered when its publisher has every option it needs. */
export function blogReady(blog: BlogAnswer): boolean {
  if (blog.target === 'none') return true;
  if (blog.target === 'wordpress') return blog.wordpress !== undefined;
  if (blog.target === 'github') {
    // A repository whose generator was not told needs the generic preset's paths first.
    return (
      blog.github !== undefined && (blog.github.preset !== 'generic' || blog.github.generic !== undefined)
    );
  }
  return blog.static !== undefined;
}

/** The path of the first step not answered yet (relative to /setup). */
export function nextStep(draft: SetupDraft): string {
  if (!draft.marketplace) return '/key';
  if (draft.blogs.length === 0) return '/blogs';
  const pending = draft.blogs.find((b) => !blogReady(b));
  if (pending) return `/blog/${pending.id}`;
  if (!draft.categoriesDone) return '/categories';
  if (!draft.intake) return '/intake';
  if (!draft.notify) return '/notify';
  return '/finish';
}
