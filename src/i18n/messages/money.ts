import type { Catalog } from '../catalog.js';

/** Texts of the money area. Keys start with `money.`. */
export const moneyMessages = {} as const satisfies Catalog;
