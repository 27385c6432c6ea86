import type { Catalog } from '../catalog.js';

/** Texts of the watch area. Keys start with `watch.`. */
export const watchMessages = {} as const satisfies Catalog;
