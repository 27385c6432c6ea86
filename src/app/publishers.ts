/** The configured blogs' publishers for the daemon: the plugins given (tests), else every plugin of this build. */
import type { Config } from '../config/schema.js';
import type { Logger } from '../logger.js';
import { knownPublishers, loadPlugins } from '../publisher/plugins.js';
import { createPublishers, type PluginRegistry, type Publishers } from '../publisher/registry.js';

/** Validates every blog's options first: a bad one stops start-up with the config's own readable messages. */
export async function publishersFor(
  config: Readonly<Config>,
  plugins: PluginRegistry | undefined,
  log: Logger,
): Promise<Publishers> {
  if (plugins) return createPublishers(config, plugins, { log });
  const loaded = await loadPlugins(config.blogs.map((blog) => blog.publisher));
  return createPublishers(config, loaded, { log }, knownPublishers());
}
