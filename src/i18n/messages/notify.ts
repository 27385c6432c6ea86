import type { Catalog } from '../catalog.js';

/** Texts of the notify area. Keys start with `notify.`. */
export const notifyMessages = {} as const satisfies Catalog;
