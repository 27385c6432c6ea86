/**
 * The words the blogger reads for stored codes: a step's outcome on the deal page and a webhook's outcome on the
 * deal and System pages, in Czech and English; a code pressbridge does not know is shown as stored.
 */
import { describe, expect, it } from 'vitest';
import { createTranslator, type Language } from '../../../src/i18n/index.js';
import { stepOutcome } from '../../../src/status/views/deal.js';
import type { ViewContext } from '../../../src/status/views/layout.js';
import { webhookOutcome } from '../../../src/status/views/parts.js';

function context(language: Language): ViewContext {
  return {
    base: '',
    now: new Date('2026-11-20T10:00:00Z'),
    timeZone: 'Europe/Prague',
    version: '1',
    marketplaceName: 'Marketplace',
    blogNames: new Map(),
    csrf: '',
    t: createTranslator(language),
  };
}

describe('src/status/views labels of stored codes', () => {
  it.each([
    ['cs', 'ok', 'hotovo'],
    ['en', 'ok', 'done'],
    ['cs', 'cached', 'z mezipaměti'],
    ['en', 'already_handed_in', 'already handed in'],
    ['cs', 'skip:agent_publishes', 'přeskočit (agent_publishes)'],
    ['en', 'waiting_approval', 'waiting for approval'],
    ['en', 'something_newer', 'something_newer'],
    ['cs', 'toString', 'toString'],
  ] as const)('step outcome in %s: %s → %s', (language, outcome, label) => {
    expect(stepOutcome(context(language), outcome)).toBe(label);
  });

  it.each([
    ['cs', 'recorded', 'zaznamenán'],
    ['en', 'recorded', 'recorded'],
    ['cs', 'enqueued', 'zařazen do fronty'],
    ['en', 'unauthorized', 'refused: bad signature'],
    ['cs', 'from_a_future_version', 'from_a_future_version'],
    ['en', 'constructor', 'constructor'],
  ] as const)('webhook outcome in %s: %s → %s', (language, outcome, label) => {
    expect(webhookOutcome(context(language), outcome)).toBe(label);
  });
});
