/**
 * The English of a config rule (the catalog's `rule.*` and `config.rule.*`, src/i18n/messages/): what a schema
 * gives zod as its message. The English is written once, in the catalog; the config loader reads a message
 * back to its entry and says it in the blogger's language (./issues.ts). Values are text, never numbers: a
 * number would be formatted (`1,000`), and the message must read back.
 */
import { createTranslator, type MessageKey } from '../i18n/index.js';

const english = createTranslator('en');

export function ruleText(key: MessageKey, params?: Readonly<Record<string, string>>): string {
  return english.t(key, params);
}
