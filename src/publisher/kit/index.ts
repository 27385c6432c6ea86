/**
 * The plugin kit: the pieces every publisher plugin needs and none should write again. Plugins import it
 * (with the contract, ../types.ts) instead of reaching into the daemon's own modules.
 */
export { allBounded, MEDIA_CONCURRENCY } from '../../concurrency.js';
export { listenLimited } from '../../http-limits.js';
export { REDACTED, redact } from '../../redact.js';
export { USER_AGENT } from '../../version.js';
export { type CategoryMapping, type CategoryPick, categoriesOption, pickCategory } from './categories.js';
export { createKeyedLock, type KeyedLock } from './lock.js';
export { networkReason, plainText } from './network.js';
export { readProgress } from './progress.js';
export { safeSlug } from './slug.js';
export { formatServiceDateTime, toIsoWithServiceOffset } from './time.js';
