/**
 * A deal log entry as the blogger reads it (the status page, `pressbridge deal`): its line said from the catalog
 * by its key (src/deals/log-messages.ts), with the entry's own values for the line's placeholders; an entry
 * without a key (stored before keys existed, or a line that has none) as its English text. Its fields as they
 * are shown beside it: a field with a phrase among the params under its name (src/deals/logger.ts `said`) is
 * said in the reader's language, the others as stored.
 */
import type { LogEntry } from '../deals/record.js';
import { storedPhrase } from '../errors.js';
import type { Translator } from './index.js';

export function logEntryText(
  t: Translator,
  entry: Pick<LogEntry, 'msg' | 'key' | 'params' | 'fields'>,
): string {
  if (entry.key === undefined) return entry.msg;
  const scalars = Object.fromEntries(
    Object.entries(entry.fields ?? {}).filter(
      (pair): pair is [string, string | number] => typeof pair[1] === 'string' || typeof pair[1] === 'number',
    ),
  );
  return t.say({ key: entry.key, params: { ...scalars, ...entry.params } }, entry.msg);
}

export function logFieldsText(
  t: Translator,
  entry: Pick<LogEntry, 'params' | 'fields'>,
): Record<string, unknown> {
  const params = entry.params ?? {};
  return Object.fromEntries(
    Object.entries(entry.fields ?? {}).map(([name, value]) => {
      // Read leniently: a value another release stored that is no phrase leaves the field as it is.
      const said = Object.hasOwn(params, name) ? storedPhrase(params[name]) : undefined;
      return [name, said === undefined ? value : t.say(said, String(value))];
    }),
  );
}
