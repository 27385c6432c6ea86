import { describe, expect, it } from 'vitest';
import { dealNotes } from '../../../src/commands/deal-notes.js';
import { createTranslator } from '../../../src/i18n/index.js';

const en = createTranslator('en');
const cs = createTranslator('cs');

describe('src/commands/deal-notes: dealNotes (pressbridge deal <id>)', () => {
  it('says nothing for an ordinary deal', () => {
    expect(dealNotes({ data: { handIn: { late: false } } }, en)).toEqual([]);
    expect(dealNotes({ data: { handIn: { late: false } } }, cs)).toEqual([]);
  });

  it('marks a late hand-in with the marketplace answer behind it', () => {
    const data = {
      late: { since: '2026-11-23T20:00:00.000Z' },
      handIn: { late: true },
      marketplaceCheck: {
        at: '2026-11-23T20:00:00.000Z',
        state: 'akceptovano',
        articleUrl: null,
        reason: null,
      },
    };

    expect(dealNotes({ data }, en)).toEqual([
      `Late: past pressbridge's reading of the deadline; the marketplace still waited at ${en.dateTime('2026-11-23T20:00:00.000Z')} (akceptovano)`,
    ]);
    expect(dealNotes({ data }, cs)).toEqual([
      `Pozdě: po termínu, jak ho pressbridge čte; tržiště k ${cs.dateTime('2026-11-23T20:00:00.000Z')} ještě čekalo (akceptovano)`,
    ]);
  });

  it('flags each bought service as needing the blogger, with the deal page', () => {
    const data = {
      webUrl: 'https://m.example/deals/5',
      services: [
        { id: 12, name: 'Sdílení na Facebooku', needsUrls: true },
        { id: 13, name: null, needsUrls: null },
      ],
    };

    expect(dealNotes({ data }, en)).toEqual([
      "Needs your hand: service 12 'Sdílení na Facebooku' needs its URL handed in by hand at https://m.example/deals/5",
      'Needs your hand: service 13 needs its URL handed in by hand at https://m.example/deals/5',
      'Deal page: https://m.example/deals/5',
    ]);
    expect(dealNotes({ data }, cs)).toEqual([
      'Je potřeba váš zásah: adresu služby 12 „Sdílení na Facebooku“ odevzdejte ručně na https://m.example/deals/5',
      'Je potřeba váš zásah: adresu služby 13 odevzdejte ručně na https://m.example/deals/5',
      'Stránka obchodu: https://m.example/deals/5',
    ]);
  });
});
