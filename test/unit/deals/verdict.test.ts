import { describe, expect, it } from 'vitest';
import { serviceLines, servicesOf } from '../../../src/deals/services.js';
import { DealClosedError, judgeLostDeal, lateDeadline } from '../../../src/deals/verdict.js';
import { errorSaid } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import { Deal } from '../../../src/marketplace/schema.js';

const OURS = 'https://blog.example.cz/clanek/';

describe('src/deals/verdict: judgeLostDeal (is the deal lost? the marketplace answers)', () => {
  it.each([
    ['akceptovano, no URL', 'akceptovano', null, null, undefined, 'still_wanted'],
    ['akceptovano, no URL, we published', 'akceptovano', null, null, OURS, 'still_wanted'],
    ['ke_schvaleni with our URL', 'ke_schvaleni', OURS, null, OURS, 'handed_in'],
    [
      'ke_schvaleni with our URL, other spelling',
      'ke_schvaleni',
      'https://BLOG.example.cz/clanek/',
      null,
      OURS,
      'handed_in',
    ],
    ['proplaceno with our URL', 'proplaceno', OURS, null, OURS, 'handed_in'],
    [
      'ke_schvaleni with another URL',
      'ke_schvaleni',
      'https://blog.example.cz/jiny/',
      null,
      OURS,
      'moved_on',
    ],
    ['ke_schvaleni with a URL, nothing published by us', 'ke_schvaleni', OURS, null, undefined, 'moved_on'],
    [
      'akceptovano but a URL handed in by hand',
      'akceptovano',
      'https://blog.example.cz/jiny/',
      null,
      undefined,
      'moved_on',
    ],
    ['zruseno with a reason', 'zruseno', null, 'inzerent zrušil', undefined, 'moved_on'],
    ['odmitnuto', 'odmitnuto', null, null, undefined, 'moved_on'],
    ['ke_schvaleni without a URL', 'ke_schvaleni', null, null, undefined, 'moved_on'],
    ['arbitraz', 'arbitraz', null, null, OURS, 'moved_on'],
    ['a state the document does not name', 'pozastaveno', null, null, undefined, 'moved_on'],
  ])('%s → %s', (_name, state, articleUrl, reason, ourUrl, kind) => {
    expect(judgeLostDeal({ state, articleUrl, reason }, ourUrl).kind).toBe(kind);
  });

  it('names the state and the reason when it moved on', () => {
    const verdict = judgeLostDeal({ state: 'zruseno', articleUrl: null, reason: ' inzerent zrušil ' });

    expect(verdict).toMatchObject({ kind: 'moved_on', state: 'zruseno', reason: 'inzerent zrušil' });
    expect(verdict.kind === 'moved_on' && verdict.message).toBe(
      'the marketplace says the deal is "zruseno" (reason: "inzerent zrušil"): it no longer waits for an article, so pressbridge publishes nothing',
    );
  });

  it.each([
    [
      'moved on, with a reason and our post',
      'zruseno',
      null,
      'inzerent zrušil',
      OURS,
      /^Tržiště hlásí, že obchod je "zruseno" \(důvod: "inzerent zrušil"\).*Příspěvek na https/,
    ],
    [
      'moved on, nothing of ours',
      'odmitnuto',
      null,
      null,
      undefined,
      /^Tržiště hlásí, že obchod je "odmitnuto": na článek už nečeká/,
    ],
    [
      'handed in by hand',
      'ke_schvaleni',
      'https://blog.example.cz/jiny/',
      null,
      undefined,
      /^Tržiště už má pro tento obchod https:\/\/blog\.example\.cz\/jiny\/ \(stav ke_schvaleni\)/,
    ],
  ])(
    'DealClosedError, %s: its phrase says in English what its message says, and in Czech',
    (_name, state, articleUrl, reason, ourUrl, czech) => {
      const verdict = judgeLostDeal({ state, articleUrl, reason });
      if (verdict.kind !== 'moved_on') throw new Error('expected moved_on');
      const error = new DealClosedError(verdict, ourUrl);

      expect(createTranslator('en').say(errorSaid(error))).toBe(error.message);
      expect(createTranslator('cs').say(errorSaid(error))).toMatch(czech);
    },
  );

  it('late window: 60 minutes after a "still waits" answer, none for other answers', () => {
    const check = { at: '2026-11-23T20:00:00.000Z', state: 'akceptovano', articleUrl: null, reason: null };

    expect(lateDeadline({ marketplaceCheck: check })).toBe(Date.parse('2026-11-23T21:00:00.000Z'));
    expect(lateDeadline({ marketplaceCheck: { ...check, state: 'zruseno' } })).toBeUndefined();
    expect(lateDeadline({})).toBeUndefined();
  });
});

describe('src/deals/services: bought services need the blogger', () => {
  const deal = (services: unknown) =>
    Deal.parse({
      id: 5,
      state: 'akceptovano',
      blog: { id: 1 },
      demand: { id: 2 },
      article_url: null,
      services,
    });

  it('reads the assumed item shape leniently', () => {
    const parsed = deal([
      { id: 12, name: 'Sdílení na Facebooku', urls: 1 },
      { id: 13, name: 'Newsletter', urls: false },
      { id: 14 },
      { name: 'no id' },
      'garbage',
    ]);

    expect(servicesOf(parsed)).toEqual([
      { id: 12, name: 'Sdílení na Facebooku', needsUrls: true },
      { id: 13, name: 'Newsletter', needsUrls: false },
      { id: 14, name: null, needsUrls: null },
    ]);
    expect(servicesOf(deal('not a list'))).toEqual([]);
    expect(servicesOf(deal(undefined))).toEqual([]);
  });

  it('says which service needs its URL handed in by hand, and where (a fixed line, the service in its fields)', () => {
    const lines = serviceLines(
      servicesOf(deal([{ id: 12, name: 'Sdílení na Facebooku', urls: true }])),
      'https://m.example/d/5',
    );

    expect(lines).toEqual([
      {
        msg: 'a service bought on the deal needs its URL handed in by hand',
        fields: { service: 12, name: 'Sdílení na Facebooku', webUrl: 'https://m.example/d/5' },
      },
    ]);
  });
});
