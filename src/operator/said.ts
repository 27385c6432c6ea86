/** An operator action's result before it is put into words (./actions.ts says it in the reader's language). */
import type { MessageKey } from '../i18n/index.js';

/** A `cli.action.*` (or `look.*`) message and its values (ids as strings). */
export interface Said {
  ok: boolean;
  key: MessageKey;
  params?: Record<string, string>;
  /** A run state for `{state}`, named in each language. */
  state?: string;
}
