import { z } from 'zod';

/** What this plugin records through `progress` (and reads back from `previous` as a hint). */
export const GitHubProgress = z.object({
  /** The article's file and URL, once committed (or found). */
  githubPath: z.string().optional().catch(undefined),
  githubUrl: z.string().optional().catch(undefined),
  /** The commit holding the article (or, reused, the one found for it). */
  githubCommit: z.string().optional().catch(undefined),
  /** The branch committed to (the site's branch, or the deal's own in PR mode). */
  githubBranch: z.string().optional().catch(undefined),
  /** PR mode: the pull request, and the merge commit once merged. */
  githubPr: z.number().int().positive().optional().catch(undefined),
  githubPrUrl: z.string().optional().catch(undefined),
  githubMergeCommit: z.string().optional().catch(undefined),
  /** The last look's hold: its branch and draft pull request (held.ts). */
  githubHeldBranch: z.string().optional().catch(undefined),
  githubHeldPr: z.number().int().positive().optional().catch(undefined),
  /** A brief's file. */
  githubBriefPath: z.string().optional().catch(undefined),
});
export type GitHubProgress = z.infer<typeof GitHubProgress>;
