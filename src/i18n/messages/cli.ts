import type { Catalog } from '../catalog.js';

/** Texts of the cli area. Keys start with `cli.`. */
export const cliMessages = {} as const satisfies Catalog;
