/**
 * The `wordpress` publisher plugin: publishes a deal's article to a WordPress site through its REST API,
 * authenticated with a user name and an Application Password. See README.md.
 */
import type { PublisherContext, PublisherPlugin } from '../../src/publisher/types.js';
import { WordPressOptions } from './options.js';
import { createWordPressPublisher, type WordPressPublisher } from './publisher.js';

export type { WordPressCheck } from './diagnose.js';
export type { WordPressOptionsInput } from './options.js';
export type { WordPressProgress } from './posts.js';
export type { WordPressPublisher } from './publisher.js';
export { createWordPressPublisher, WordPressOptions };

const wordpress = {
  name: 'wordpress',
  optionsSchema: WordPressOptions,
  create(options: WordPressOptions, context: PublisherContext): WordPressPublisher {
    return createWordPressPublisher(options, {
      log: context.log,
      fetch: context.fetch,
      clock: context.clock,
    });
  },
} satisfies PublisherPlugin<WordPressOptions>;

export default wordpress;
