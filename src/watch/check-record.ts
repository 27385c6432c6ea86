/** What a check of the live article found, as stored on the deal (`data.articleCheck`), and its reading. */
import { z } from 'zod';

export const ArticleCheck = z.object({
  /** ISO 8601. */
  at: z.string(),
  ok: z.boolean(),
  /** HTTP status of the last answer; 0 when none came. */
  status: z.number(),
  /** Advertiser hrefs the page lacks (empty when it answered no 200). */
  missing: z.array(z.string()),
  /** How many advertiser links were looked for. */
  links: z.number(),
  problem: z.enum(['gone', 'links']).optional(),
  /**
   * The site refused to show the page to the check (401, 403, 407, 429: bot protection, a login wall, a rate
   * limit): nothing is known, so nothing is raised or resolved.
   */
  refused: z.boolean().optional(),
  /**
   * The page answered but could not be read within the watcher's limits (its parse ran past the render time
   * budget, or links were missing from the `watch.maxBytes` read of a longer page): nothing is known, so
   * nothing is raised or resolved.
   */
  unreadable: z.boolean().optional(),
  /** The facts, language-neutral: `HTTP 404`, a network error, the missing hrefs. */
  detail: z.string(),
});
export type ArticleCheck = z.infer<typeof ArticleCheck>;

/** The deal's last check, or undefined when there is none (or it does not read as one). */
export function readArticleCheck(data: Record<string, unknown>): ArticleCheck | undefined {
  const parsed = ArticleCheck.safeParse(data.articleCheck);
  return parsed.success ? parsed.data : undefined;
}
