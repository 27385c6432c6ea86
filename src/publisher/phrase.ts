/**
 * How a plugin says something to the blogger (issue 28): a phrase of the plugins' catalog
 * (src/i18n/messages/publishers.ts), which the caller says in the blogger's language (doctor, the status page,
 * the deal log), and the same phrase in English for the daemon's log and the error's `message`, so the English
 * is written once, in the catalog. Part of the contract: plugins import it with ./types.ts.
 */
import { type Phrase, PublishError, type Said } from '../errors.js';
import { sayFrom } from '../i18n/catalog.js';
import { type PublisherMessageKey, publisherMessages } from '../i18n/messages/publishers.js';

export type { PublisherMessageKey };

/** A phrase whose key the plugins' catalog has (checked when it is built). */
export interface PublisherPhrase extends Phrase {
  readonly key: PublisherMessageKey;
}

export function phrase(key: PublisherMessageKey, params?: Phrase['params']): PublisherPhrase {
  return params === undefined ? { key } : { key, params };
}

/** The phrase in English (a nested phrase of another catalog, which plugins do not use, shows its key). */
export function english(said: Said): string {
  return sayFrom(publisherMessages, 'en', said);
}

/**
 * A rule of a plugin's options in English, for its zod schema's message (the catalog's `rule.*` and
 * `<plugin>.rule.*`): the config loader reads it back to its entry and says it in the blogger's language
 * (src/config/issues.ts). Values are text, so that the message reads back as written.
 */
export function ruleText(key: PublisherMessageKey, params?: Readonly<Record<string, string>>): string {
  return english(phrase(key, params));
}

/** A PublishError whose message is `said` in English and whose phrase is `said` (for the blogger). */
export function publishError(
  code: string,
  said: PublisherPhrase,
  options: { retryable: boolean; cause?: unknown },
): PublishError {
  return new PublishError(code, english(said), { ...options, phrase: said });
}
