import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../../src/config/load.js';
import { ConfigError } from '../../../src/errors.js';
import { createSilentLogger } from '../../../src/logger.js';
import { knownPublishers, loadPlugins, PLUGIN_LOADERS } from '../../../src/publisher/plugins.js';
import { createPublishers } from '../../../src/publisher/registry.js';

describe('src/publisher/plugins', () => {
  it('knows the three publishers of this build', () => {
    expect(knownPublishers()).toEqual(['github', 'static', 'wordpress']);
  });

  it('loads only the plugins it is asked for, each once, under its own name', async () => {
    const plugins = await loadPlugins(['wordpress', 'wordpress', 'nope']);
    expect(Object.keys(plugins)).toEqual(['wordpress']);
    expect(plugins.wordpress?.name).toBe('wordpress');
  });

  it.each(Object.keys(PLUGIN_LOADERS))('the loader of %s gives the plugin of that name', async (name) => {
    expect((await loadPlugins([name]))[name]?.name).toBe(name);
  });

  it('an unknown publisher is a config error listing every known one, not only the loaded ones', async () => {
    const config = parseConfig(
      {
        marketplace: { baseUrl: 'http://127.0.0.1:1', apiKey: 'k' },
        blogs: [{ id: 1, publisher: 'wordpres', options: {} }],
      },
      {},
    );
    const plugins = await loadPlugins(config.blogs.map((b) => b.publisher));
    expect(plugins).toEqual({});
    let error: unknown;
    try {
      createPublishers(config, plugins, { log: createSilentLogger() }, knownPublishers());
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).issues).toMatchObject([
      {
        path: 'blogs[0].publisher',
        message: 'unknown publisher "wordpres" (available: github, static, wordpress)',
      },
    ]);
  });
});
