/**
 * Blog id → its configured publisher. Each blog's `options` are validated by its plugin's own schema at
 * start-up, so a typo in a WordPress URL stops the daemon with a readable line (`blogs[0].options.url: …`)
 * instead of failing the first deal an hour later.
 */

import { type Clock, systemClock } from '../clock.js';
import { configIssue, toConfigIssues } from '../config/issues.js';
import type { BlogConfig, Config } from '../config/schema.js';
import { ConfigError, type ConfigIssue } from '../errors.js';
import type { Publisher, PublisherContext, PublisherPlugin } from './types.js';

// biome-ignore lint/suspicious/noExplicitAny: plugins differ in their options type; each validates its own.
export type PluginRegistry = Readonly<Record<string, PublisherPlugin<any>>>;

export interface ConfiguredBlog {
  blog: BlogConfig;
  publisher: Publisher;
}

export interface Publishers {
  get(blogId: number): ConfiguredBlog | undefined;
  all(): ConfiguredBlog[];
  close(): Promise<void>;
}

export function createPublishers(
  config: Pick<Config, 'blogs' | 'dataDir'>,
  plugins: PluginRegistry,
  /** `clock` defaults to the system's. */
  context: Omit<PublisherContext, 'blogId' | 'dataDir' | 'clock'> & { clock?: Clock | undefined },
  /** Every publisher name the build knows, when `plugins` holds only the loaded ones (for the error message). */
  knownNames?: readonly string[],
): Publishers {
  const issues: ConfigIssue[] = [];
  const byId = new Map<number, ConfiguredBlog>();
  const known = [...(knownNames ?? Object.keys(plugins))].sort().join(', ');
  config.blogs.forEach((blog, index) => {
    const plugin = plugins[blog.publisher];
    if (!plugin) {
      const available = known || { key: 'config.publisher.none' };
      const said = { key: 'config.publisher.unknown', params: { name: blog.publisher, known: available } };
      issues.push(configIssue(`blogs[${index}].publisher`, said));
      return;
    }
    const parsed = plugin.optionsSchema.safeParse(blog.options);
    if (!parsed.success) {
      for (const issue of toConfigIssues(parsed.error, blog.options)) {
        issues.push({
          ...issue,
          path: `blogs[${index}].options${issue.path ? `.${issue.path}`.replace('.[', '[') : ''}`,
        });
      }
      return;
    }
    const publisher = plugin.create(parsed.data, {
      ...context,
      blogId: blog.id,
      log: context.log.child({ blogId: blog.id, publisher: plugin.name }),
      dataDir: config.dataDir,
      clock: context.clock ?? systemClock,
    });
    byId.set(blog.id, { blog, publisher });
  });
  if (issues.length > 0) throw new ConfigError(issues);
  return {
    get: (blogId) => byId.get(blogId),
    all: () => [...byId.values()],
    async close() {
      await Promise.allSettled([...byId.values()].map(({ publisher }) => publisher.close?.()));
    },
  };
}
