/**
 * Why a deal failed, missed its deadline or closed, as the blogger reads it (the status page, `deals`,
 * `pressbridge deal`, the notifications): the record's phrase said in the reader's language; a record without
 * one (an error that has none, or stored before phrases were) as its English text.
 */
import type { DealRecord } from '../deals/record.js';
import type { Translator } from './index.js';

export function dealErrorText(t: Translator, record: Pick<DealRecord, 'error' | 'errorPhrase'>): string {
  if (record.errorPhrase === undefined) return record.error ?? '';
  return t.say(record.errorPhrase, record.error);
}
