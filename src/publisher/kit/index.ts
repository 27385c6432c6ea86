/**
 * The plugin kit: the pieces every publisher plugin needs and none should write again. Plugins import it
 * (with the contract, ../types.ts) instead of reaching into the daemon's own modules. What it hands on from
 * outside src/publisher is only leaf utilities that import nothing of src/ (the dependency-cruiser rules
 * kit-hands-on-no-daemon-module and shared-leaves-stay-leaves).
 */
export { allBounded, createKeyedLock, type KeyedLock, MEDIA_CONCURRENCY } from '../../concurrency.js';
export {
  BODY_LIMITS,
  type BodyLimit,
  bodyKind,
  bufferedFetch,
  describeBytes,
  findTooLarge,
  readBody,
  readBodyHead,
  readBodyHeadText,
  readBodyText,
} from '../../http-body.js';
export { listenLimited } from '../../http-limits.js';
export { networkReason, networkReasonPhrase } from '../../network-reason.js';
export { REDACTED, redact, redactPhrase } from '../../redact.js';
export { USER_AGENT } from '../../version.js';
export { type CategoryMapping, type CategoryPick, categoriesOption, pickCategory } from './categories.js';
export { unknownKeys } from './options.js';
export { plainText } from './plain-text.js';
export { readProgress } from './progress.js';
export { safeSlug } from './slug.js';
export { formatServiceDateTime, PUBLISH_TIME_ZONE, toIsoWithServiceOffset } from './time.js';
