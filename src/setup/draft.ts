/**
 * The answers of a setup in progress (one installation, one setup at a time): the /setup page keeps one in the
 * setup-mode process, `pressbridge setup` one for its run. Each step reads and fills it (web/steps/: the steps,
 * in order, and which one comes next); at the end `answersOf` turns it into what the engine writes.
 */
import type { Check } from '../checks.js';
import type { Language } from '../i18n/index.js';
import type { BlogAnswer, SetupAnswers } from './answers/index.js';
import type { IntakeAnswer } from './answers/intake.js';
import type { NotifyChoice } from './answers/notify.js';
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
  intake?: IntakeAnswer;
  notify?: NotifyChoice;
  /**
   * What a step writes into pressbridge.yaml beyond the engine's own answers, by the step's path: a step of its
   * own (one file in web/steps/ and a line in `STEPS`) keeps its answer here, as the part of the config it sets
   * (`{ ui: { timeZone: 'Europe/Prague' } }`), merged over the engine's document at the finish.
   */
  configParts: Map<string, ConfigPart>;
}

/** A part of pressbridge.yaml: plain objects merged key by key, anything else set as it is. */
export type ConfigPart = Record<string, unknown>;

export function newDraft(language: Language): SetupDraft {
  return {
    language,
    accountBlogs: [],
    blogs: [],
    discoveries: new Map(),
    blogChecks: new Map(),
    categoriesDone: false,
    configParts: new Map(),
  };
}

/** A blog's target is answered when its publisher has every option it needs. */
export function blogReady(blog: BlogAnswer): boolean {
  switch (blog.target) {
    case 'none':
      return true;
    case 'wordpress':
      return blog.wordpress !== undefined;
    case 'github':
      // A repository whose generator was not told needs the generic preset's paths first.
      return (
        blog.github !== undefined && (blog.github.preset !== 'generic' || blog.github.generic !== undefined)
      );
    case 'static':
      return blog.static !== undefined;
  }
}

/**
 * The installation the draft describes, once the key and the intake are answered (else undefined); what no step
 * keeps in the draft (where the status page listens, its password, Redis, agent publishing per blog) comes from
 * the front that asked.
 */
export function answersOf(
  draft: SetupDraft,
  rest: Pick<SetupAnswers, 'status' | 'redis'> & { agent(blog: BlogAnswer): boolean },
): SetupAnswers | undefined {
  if (!draft.marketplace || !draft.intake) return undefined;
  const { baseUrl, apiKey, allowLocal } = draft.marketplace;
  return {
    language: draft.language,
    marketplace: { baseUrl, apiKey, allowLocal },
    blogs: draft.blogs.map((b) => ({ ...b, agent: b.target !== 'none' && rest.agent(b) })),
    intake: draft.intake,
    ...(draft.notify && draft.notify.type !== 'none' ? { notify: draft.notify } : {}),
    status: rest.status,
    ...(rest.redis ? { redis: rest.redis } : {}),
    ...(draft.configParts.size > 0 ? { configParts: [...draft.configParts.values()] } : {}),
  };
}
