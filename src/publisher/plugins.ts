/** The publisher plugins this build knows, by the name a blog's `publisher` gives. */
import type { PluginRegistry } from './registry.js';

export const PLUGINS: PluginRegistry = {};
