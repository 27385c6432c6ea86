/**
 * The once-per-problem rule, pure (the notifier, ./notifier.ts, runs it against Redis so that every process
 * agrees; test/unit/notify/problems.test.ts walks it on a table).
 *
 * Each key has one mark in Redis:
 * - a problem's `raise` sets the mark only if absent (SET NX): the first one sends `problem`, repeats send
 *   nothing; its `resolve` removes the mark (GETDEL): `resolved` goes out only when a mark was there, and the
 *   problem can then be raised again;
 * - an event's `raise` sets the mark only if absent, kept `EVENT_KEEP_MS` (a redelivered webhook, a second
 *   process' digest): the first one sends `event`; `resolve` leaves an event's mark alone;
 * - a key of no known topic: nothing.
 */
import { EVENT_TOPICS, type NotifyTopic, PROBLEM_TOPICS } from './types.js';

/** An event's mark is kept 30 days: a webhook redelivered within that time is no second message. */
export const EVENT_KEEP_MS = 30 * 24 * 3_600_000;
/** A problem's mark ends after 30 days too, so a problem nobody resolves does not stay silenced forever. */
export const PROBLEM_KEEP_MS = 30 * 24 * 3_600_000;

export type NotifyAction = 'raise' | 'resolve';
export type MessageKind = 'problem' | 'resolved' | 'event';

/** What to do with the key's mark in the store. */
export type MarkOp = { op: 'set_if_absent'; keepMs: number } | { op: 'remove' } | { op: 'none' };

/** The topic a key belongs to (`deal_failed:12` → `deal_failed`); undefined for a key of no known topic. */
export function topicOfKey(key: string): NotifyTopic | undefined {
  const topic = key.split(':', 1)[0] ?? '';
  return [...PROBLEM_TOPICS, ...EVENT_TOPICS].find((known) => known === topic);
}

function isProblem(topic: NotifyTopic): boolean {
  return (PROBLEM_TOPICS as readonly string[]).includes(topic);
}

/** Step 1: what the action does to the key's mark. */
export function markOp(key: string, action: NotifyAction): MarkOp {
  const topic = topicOfKey(key);
  if (!topic) return { op: 'none' };
  if (action === 'raise') {
    return { op: 'set_if_absent', keepMs: isProblem(topic) ? PROBLEM_KEEP_MS : EVENT_KEEP_MS };
  }
  return isProblem(topic) ? { op: 'remove' } : { op: 'none' };
}

/**
 * Step 2: the message to send, given whether the mark changed (set where none was / removed where one was).
 * Undefined: send nothing.
 */
export function messageKind(key: string, action: NotifyAction, changed: boolean): MessageKind | undefined {
  const topic = topicOfKey(key);
  if (!topic || !changed) return undefined;
  if (action === 'raise') return isProblem(topic) ? 'problem' : 'event';
  return isProblem(topic) ? 'resolved' : undefined;
}

/**
 * Both steps against an in-memory set of marks (the model the Redis implementation follows; time not modelled):
 * returns the message kind and changes `marks`.
 */
export function decide(marks: Set<string>, key: string, action: NotifyAction): MessageKind | undefined {
  const op = markOp(key, action);
  let changed = false;
  if (op.op === 'set_if_absent') {
    changed = !marks.has(key);
    marks.add(key);
  } else if (op.op === 'remove') {
    changed = marks.delete(key);
  }
  return messageKind(key, action, changed);
}
