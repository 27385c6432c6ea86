/**
 * The fields pressbridge reads from GitHub's answers, and nothing more. Lenient where a field is only
 * informative (a missing `permissions` or `protected` is not fatal); strict where the publish depends on it
 * (a commit SHA, a tree SHA).
 */
import { z } from 'zod';

const sha = z.string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/i);

export const GhRepo = z.object({
  default_branch: z.string().min(1),
  full_name: z.string().optional().catch(undefined),
  archived: z.boolean().optional().catch(undefined),
  permissions: z
    .object({
      push: z.boolean().optional().catch(undefined),
      admin: z.boolean().optional().catch(undefined),
      maintain: z.boolean().optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});
export type GhRepo = z.infer<typeof GhRepo>;

/** `GET /repos/{owner}/{repo}/branches/{branch}`: the head commit and its tree in one answer. */
export const GhBranch = z.object({
  name: z.string(),
  commit: z.object({ sha, commit: z.object({ tree: z.object({ sha }) }) }),
  protected: z.boolean().optional().catch(undefined),
});
export type GhBranch = z.infer<typeof GhBranch>;

export const GhRef = z.object({ ref: z.string(), object: z.object({ sha }) });
export const GhGitCommit = z.object({ sha, tree: z.object({ sha }) });
export const GhSha = z.object({ sha });

/** `GET /repos/{owner}/{repo}/contents/{path}`: a file (or, for a folder, a list). */
export const GhContent = z.union([
  z.object({
    type: z.literal('file'),
    sha,
    size: z.number().optional().catch(undefined),
    content: z.string().optional().catch(undefined),
    encoding: z.string().optional().catch(undefined),
  }),
  z.object({ type: z.string() }),
  z.array(z.unknown()),
]);
export type GhContent = z.infer<typeof GhContent>;

export const GhBlob = z.object({ content: z.string(), encoding: z.string() });

export const GhCommitList = z.array(
  z
    .object({ sha, commit: z.object({ message: z.string().catch('') }) })
    .catch({ sha: '', commit: { message: '' } }),
);

export const GhPull = z.object({
  number: z.number().int().positive(),
  state: z.string(),
  html_url: z.string(),
  body: z.string().nullable().catch(null),
  merged_at: z.string().nullable().catch(null),
  merge_commit_sha: z.string().nullable().catch(null),
  head: z.object({ ref: z.string(), sha: z.string() }),
});
export type GhPull = z.infer<typeof GhPull>;
/**
 * Strict on purpose: the open pull requests decide whether the deal's own one exists already, and one left out
 * could be it, opened a second time. A malformed item fails the lookup (retried). (The commit list above reads
 * item by item: a malformed commit is kept as an empty one, which marks no deal.)
 */
export const GhPullList = z.array(GhPull);

export const GhRateLimit = z.object({
  resources: z.object({
    core: z.object({ limit: z.number(), remaining: z.number(), reset: z.number() }),
  }),
});

/** `POST /repos/{owner}/{repo}/issues/{issue_number}/comments`: only that it was made. */
export const GhComment = z.object({ id: z.number() });

/** An answer without content (`204 No Content`, e.g. a deleted ref): nothing of it is read. */
export const GhNoContent = z.unknown();
