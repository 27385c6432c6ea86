/** The store's records made safe to show (see redact.ts): every free-text field and structured body scrubbed. */
import type { DealRecord, EventRecord, LogEntry } from '../deals/record.js';
import { scrubPhrase, scrubText } from '../redact.js';
import { scrubValue } from './redact.js';

export function scrubRecord(record: DealRecord): DealRecord {
  const out: DealRecord = { ...record, data: scrubValue(record.data), steps: scrubValue(record.steps) };
  if (record.title !== undefined) out.title = scrubText(record.title);
  if (record.error !== undefined) out.error = scrubText(record.error);
  if (record.errorPhrase !== undefined) out.errorPhrase = scrubPhrase(record.errorPhrase);
  if (record.url !== undefined) out.url = scrubText(record.url);
  if (record.postRef !== undefined) out.postRef = scrubText(record.postRef);
  return out;
}

export function scrubLog(entry: LogEntry): LogEntry {
  const out: LogEntry = {
    ...entry,
    msg: scrubText(String(entry.msg)),
    fields: scrubValue(entry.fields ?? {}),
  };
  // The line's values are said in the blogger's language: scrubbed as its English is.
  if (entry.params !== undefined) {
    const params = scrubPhrase({ key: '', params: entry.params }).params;
    if (params !== undefined) out.params = params;
  }
  return out;
}

export function scrubEvent(event: EventRecord): EventRecord {
  return { ...event, body: scrubValue(event.body), outcome: scrubText(String(event.outcome)) };
}
