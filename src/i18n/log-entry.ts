/**
 * A deal log entry as the blogger reads it (the status page, `pressbridge deal`): its line said from the catalog
 * by its key (src/deals/log-messages.ts), with the entry's own values for the line's placeholders; an entry
 * without a key (stored before keys existed, or a line that has none) as its English text.
 */
import type { LogEntry } from '../deals/record.js';
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
  return t.say({ key: entry.key, params: entry.params ?? scalars }, entry.msg);
}
