/** The publisher plugins this build knows, by the name a blog's `publisher` gives. */
import github from '../../plugins/github/index.js';
import staticSite from '../../plugins/static/index.js';
import wordpress from '../../plugins/wordpress/index.js';
import type { PluginRegistry } from './registry.js';

export const PLUGINS: PluginRegistry = { wordpress, github, static: staticSite };
