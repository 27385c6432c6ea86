/**
 * The `github` publisher plugin: publishes a deal's article to a static-site blog kept in a GitHub repository
 * (Jekyll, Hugo, Astro, Eleventy, …) with one atomic commit per deal, or a pull request. See README.md.
 */
import type { PublisherContext, PublisherPlugin } from '../../src/publisher/types.js';
import { GitHubOptions } from './options.js';
import { createGitHubPublisher, type GitHubPublisher } from './publisher.js';

export { GitHubErrorCode, GitHubPublishError } from './errors.js';
export type { GitHubOptionsInput } from './options.js';
export type { GitHubProgress } from './progress.js';
export type { GitHubPublisher, GitHubPublisherContext } from './publisher.js';
export { createGitHubPublisher, GitHubOptions };

const github = {
  name: 'github',
  optionsSchema: GitHubOptions,
  create(options: GitHubOptions, context: PublisherContext): GitHubPublisher {
    return createGitHubPublisher(options, {
      log: context.log,
      fetch: context.fetch,
      clock: context.clock,
    });
  },
} satisfies PublisherPlugin<GitHubOptions>;

export default github;
