/**
 * How a deal record is laid out in its Redis hash: plain fields as strings, steps under `s:<name>` and `data`
 * under `d:<name>`, each as JSON, so that patches touch only their own fields; and how a hash reads back.
 */

import type { Phrase } from '../errors.js';
import { isDealRunState } from './lifecycle.js';
import type { DealRecord, DealStep } from './record.js';

export const PLAIN_FIELDS = [
  'title',
  'error',
  'errorCode',
  'supportCode',
  'url',
  'postRef',
  'jobId',
  'enqueuedAt',
  'source',
  'deadline',
] as const;

/** The error's phrase (`DealRecord.errorPhrase`), as JSON. */
export const ERROR_PHRASE_FIELD = 'errorPhrase';

export const STEP_PREFIX = 's:';
export const DATA_PREFIX = 'd:';

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function toRecord(hash: Record<string, string>): DealRecord | undefined {
  if (hash.dealId === undefined) return undefined;
  const record: DealRecord = {
    dealId: Number(hash.dealId),
    blogId: Number(hash.blogId ?? 0),
    state: isDealRunState(hash.state) ? hash.state : 'received',
    receivedAt: hash.receivedAt ?? '',
    deadline: hash.deadline ?? '',
    updatedAt: hash.updatedAt ?? hash.receivedAt ?? '',
    attempts: Number(hash.attempts ?? 0),
    steps: {},
    data: {},
  };
  for (const field of PLAIN_FIELDS) {
    const value = hash[field];
    if (value === undefined || field === 'deadline') continue;
    if (field === 'source') {
      if (value === 'webhook' || value === 'poll' || value === 'reconcile' || value === 'manual')
        record.source = value;
    } else record[field] = value;
  }
  const phrase = hash[ERROR_PHRASE_FIELD] === undefined ? undefined : parseJson(hash[ERROR_PHRASE_FIELD]);
  if (isPhrase(phrase)) record.errorPhrase = phrase;
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith(STEP_PREFIX)) {
      const step = parseJson(value);
      if (step && typeof step === 'object') record.steps[field.slice(STEP_PREFIX.length)] = step as DealStep;
    } else if (field.startsWith(DATA_PREFIX)) {
      record.data[field.slice(DATA_PREFIX.length)] = parseJson(value);
    }
  }
  return record;
}

/** A stored phrase as far as the reader needs it: a key (the catalog shows an unknown one as the English). */
function isPhrase(value: unknown): value is Phrase {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

export function parseEntries<T>(items: string[]): T[] {
  const out: T[] = [];
  for (const item of items) {
    const value = parseJson(item);
    if (value && typeof value === 'object') out.push(value as T);
  }
  return out;
}
