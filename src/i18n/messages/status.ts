import type { Catalog } from '../catalog.js';

/** Texts of the status area. Keys start with `status.`. */
export const statusMessages = {} as const satisfies Catalog;
