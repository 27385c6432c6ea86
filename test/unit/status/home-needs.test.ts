/** The home page's derivation (src/status/views/home-needs.ts): the advertiser's posts and the verdict. */
import { describe, expect, it } from 'vitest';
import { advertiserPosts, homeTone, needItems } from '../../../src/status/views/home-needs.js';
import { at, NOW } from './home-fixtures.js';

describe('src/status/views/home-needs', () => {
  it('keeps the newest claim and message per deal within the shown days', () => {
    const posts = advertiserPosts(
      [
        {
          event: 'message.created',
          receivedAt: at(-10),
          dealId: 1,
          body: {
            event: 'message.created',
            message: { text: '\n  Dobrý den, <b>prosím</b> o úpravu\ndruhý řádek' },
          },
        },
        { event: 'message.created', receivedAt: at(-20), dealId: 1 },
        { event: 'claim.created', receivedAt: at(-30), dealId: 1 },
        { event: 'deal.accepted', receivedAt: at(-40), dealId: 2 },
        { event: 'message.created', receivedAt: at(-8 * 24 * 60), dealId: 3 },
        { event: 'claim.created', receivedAt: 'not a date', dealId: 4 },
      ],
      NOW,
    );
    expect(posts).toEqual([
      { kind: 'message', dealId: 1, at: at(-10), line: 'Dobrý den, <b>prosím</b> o úpravu' },
      { kind: 'claim', dealId: 1, at: at(-30) },
    ]);
  });

  it('is all well only when nothing is there; a source that cannot be read is not silence', () => {
    const facts = {
      redis: { ok: true as const, value: true },
      attention: { ok: true as const, value: [] },
      targets: { ok: true as const, value: [] },
      posts: { ok: true as const, value: [] },
    };
    expect(homeTone(needItems(facts))).toBe('ok');
    const unknown = needItems({ ...facts, attention: { ok: false, error: 'timeout' } });
    expect(unknown).toEqual([{ kind: 'unknown', error: 'timeout' }]);
    expect(homeTone(unknown)).toBe('warn');
  });
});
