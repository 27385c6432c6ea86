import { describe, expect, it } from 'vitest';
import { Blog, Deal, DealPaidEvent, ErrorEnvelope, PayoutOverview } from '../../../src/marketplace/schema.js';

// Escapes, not the characters: this file must not display differently from what it holds.
const RLO = '\u202E';
const SPOOF = `${RLO}gnp.exe`;
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B\uFEFF]/u;

const deal = {
  id: 42,
  state: 'akceptovano',
  blog: { id: 7, name: `Blog ${SPOOF}` },
  demand: {
    id: 3,
    name: `Poptávka ${SPOOF}\u2028druhý řádek`,
    url: 'https://shop.example/',
    keywords: `kolo\u200B, ${SPOOF}`,
    keyword_urls: [{ keyword: `\u2067kolo\u2069`, url: 'https://shop.example/kola' }],
    description: `První odstavec ${SPOOF}\n\nDruhý\u0007 odstavec`,
    expectation: `Cíl\uFEFF ${SPOOF}`,
  },
  article_url: null,
  reason: `Důvod ${SPOOF}\r\ndalší řádek`,
  services: [{ id: 1, name: `Služba ${SPOOF}` }],
};

describe('src/marketplace/schema: names and texts arrive without invisible characters', () => {
  it('strips bidi controls and other invisible characters from every name and text of a deal', () => {
    const parsed = Deal.parse(deal);
    expect(parsed.blog.name).toBe('Blog gnp.exe');
    expect(parsed.demand.name).toBe('Poptávka gnp.exe druhý řádek');
    expect(parsed.demand.keywords).toBe('kolo, gnp.exe');
    expect(parsed.demand.keyword_urls).toEqual([{ keyword: 'kolo', url: 'https://shop.example/kola' }]);
    // Texts of several lines keep their line breaks.
    expect(parsed.demand.description).toBe('První odstavec gnp.exe\n\nDruhý odstavec');
    expect(parsed.demand.expectation).toBe('Cíl gnp.exe');
    expect(parsed.reason).toBe('Důvod gnp.exe\ndalší řádek');
    expect(parsed.services?.[0]?.name).toBe('Služba gnp.exe');
    expect(JSON.stringify(parsed)).not.toMatch(BIDI);
  });

  it('cleans a blog, a payout overview, a deal.paid event and an error message the same way', () => {
    expect(Blog.parse({ id: 1, name: `${SPOOF}`, url: 'https://blog.example/' }).name).toBe('gnp.exe');
    const overview = PayoutOverview.parse({
      pending: [{ deal_id: 1, blog: `B${RLO}`, demand: `D\u2066`, in_arbitration: false, reward: 100 }],
    });
    expect(overview.pending[0]).toMatchObject({ blog: 'B', demand: 'D' });
    const paid = DealPaidEvent.parse({
      event: 'deal.paid',
      deal: { id: 1, blog: { id: 7, name: SPOOF }, demand: { id: 3, name: SPOOF }, reward: 100 },
    });
    expect(paid.deal.blog?.name).toBe('gnp.exe');
    expect(paid.deal.demand?.name).toBe('gnp.exe');
    expect(ErrorEnvelope.parse({ error: { code: 'server', message: `chyba ${SPOOF}` } }).error.message).toBe(
      'chyba gnp.exe',
    );
  });

  it('leaves URLs as the marketplace sent them (cleaning one would change where it leads)', () => {
    const parsed = Deal.parse({ ...deal, web_url: `https://market.example/d/42${RLO}` });
    expect(parsed.web_url).toBe(`https://market.example/d/42${RLO}`);
  });
});
