import { describe, expect, it } from 'vitest';
import { type Notice, noticesFor, type Seen, seenOf } from '../../../src/intake/notices.js';
import { Deal } from '../../../src/marketplace/schema.js';

const deal = (fields: Record<string, unknown> = {}) =>
  Deal.parse({
    id: 7,
    state: 'akceptovano',
    blog: { id: 1, name: 'Blog' },
    demand: { id: 3, name: 'Poptávka' },
    article_url: null,
    claim: { open: false, count: 0 },
    unread_messages: 0,
    ...fields,
  });

const seen = (state: string, unread = 0, claims = 0): Seen => ({ state, unread, claims });

describe('src/intake/notices', () => {
  it.each<[string, Record<string, unknown>, Seen | undefined, boolean, Notice[]]>([
    ['a new accepted deal', {}, undefined, true, ['accepted']],
    [
      'an accepted deal seen before: settled again (the dedupe absorbs it)',
      {},
      seen('akceptovano'),
      true,
      ['accepted'],
    ],
    ['paid, first noticed', { state: 'proplaceno' }, seen('ke_schvaleni'), true, ['paid']],
    ['paid, already noticed', { state: 'proplaceno' }, seen('proplaceno'), true, []],
    ['paid, never seen (a deal the poll did not know)', { state: 'proplaceno' }, undefined, true, ['paid']],
    [
      'cancelled, first noticed',
      { state: 'zruseno', reason: 'Nestihneme' },
      seen('akceptovano'),
      true,
      ['cancelled'],
    ],
    ['cancelled, already noticed', { state: 'zruseno' }, seen('zruseno'), true, []],
    ['a new message', { state: 'ke_schvaleni', unread_messages: 1 }, seen('ke_schvaleni'), true, ['message']],
    [
      'messages read on the web (the count fell)',
      { state: 'ke_schvaleni', unread_messages: 0 },
      seen('ke_schvaleni', 2),
      true,
      [],
    ],
    [
      'the same unread count',
      { state: 'ke_schvaleni', unread_messages: 2 },
      seen('ke_schvaleni', 2),
      true,
      [],
    ],
    [
      'a claim post',
      { state: 'ke_schvaleni', claim: { open: true, count: 2 } },
      seen('ke_schvaleni', 0, 1),
      true,
      ['claim'],
    ],
    [
      'a new deal with a message, once the poll has a history',
      { unread_messages: 1 },
      undefined,
      true,
      ['accepted', 'message'],
    ],
    [
      'the very first poll takes old threads as they are',
      { state: 'ke_schvaleni', unread_messages: 3, claim: { open: true, count: 2 } },
      undefined,
      false,
      [],
    ],
  ])('%s', (_name, fields, before, known, expected) => {
    expect(noticesFor(deal(fields), before, known)).toEqual(expected);
  });

  it('reads a list entry without the counts as zero', () => {
    const bare = Deal.parse({
      id: 1,
      state: 'ke_schvaleni',
      blog: { id: 1 },
      demand: { id: 1 },
      article_url: null,
    });
    expect(seenOf(bare)).toEqual({ state: 'ke_schvaleni', unread: 0, claims: 0 });
  });
});
