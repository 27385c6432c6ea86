/**
 * What the parts of the GitHub publisher share: the repository they work on, a branch head, a file for a
 * tree, what a lookup found, and the test for an answer's status.
 */
import type { Clock } from '../../src/publisher/types.js';
import type { GitHubClient } from './client.js';
import { GitHubPublishError } from './errors.js';
import type { ArticlePlan } from './layout.js';
import type { GitHubOptions } from './options.js';

/** What every part of the publisher shares: the blog's options, the API client, the clock, the lock key. */
export interface GitHubSite {
  options: GitHubOptions;
  client: GitHubClient;
  clock: Clock;
  /** `owner/name`. */
  repo: string;
  /** The process-wide repository lock's key for this repository. */
  lockKey: string;
  fetch?: typeof fetch | undefined;
}

export interface Head {
  sha: string;
  tree: string;
  protected: boolean | undefined;
}

export interface TreeFile {
  path: string;
  /** Text content (the article), or the SHA of a blob made from bytes (a photo). */
  content?: string;
  sha?: string;
}

/** What the lookup found on a branch: the deal's own work, or where to put it. */
export type Lookup =
  | { kind: 'found'; path: string; url: string | undefined; commit: string | undefined }
  | { kind: 'absent'; plan: ArticlePlan };

export function isStatus(error: unknown, status: number): boolean {
  return error instanceof GitHubPublishError && error.status === status;
}
