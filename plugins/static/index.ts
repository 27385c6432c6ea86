/**
 * The `static` publisher plugin: writes each article as a standalone HTML page with its photos into a folder,
 * and optionally serves that folder itself. For blogs that are a folder of files (deployed by rsync or any web
 * server), and the built-in local target of `npm run demo`. See README.md.
 */
import type { PublisherContext, PublisherPlugin } from '../../src/publisher/types.js';
import { StaticOptions } from './options.js';
import { createStaticPublisher, type StaticPublisher } from './publisher.js';

export type { StaticOptionsInput } from './options.js';
export type { StaticPublisher, StaticPublisherContext } from './publisher.js';
export { StaticProgress } from './publisher.js';
export { createStaticPublisher, StaticOptions };

const staticSite = {
  name: 'static',
  optionsSchema: StaticOptions,
  create(options: StaticOptions, context: PublisherContext): StaticPublisher {
    return createStaticPublisher(options, {
      log: context.log,
      dataDir: context.dataDir,
      fetch: context.fetch,
      clock: context.clock,
    });
  },
} satisfies PublisherPlugin<StaticOptions>;

export default staticSite;
