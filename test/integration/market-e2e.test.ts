/**
 * Issue 30, "Done when": the blogger's side of the market end to end, without the marketplace's web application,
 * in both languages, on a REAL WordPress (6.8 unless PRESSBRIDGE_WP says otherwise). The sandbox marketplace
 * over HTTP plays the advertiser; the daemon runs whole (webhook listener, worker, demand intake, status page
 * behind its password).
 *
 * demand.created → the blog's rules judge the brief (one fits, one refused with its reason) → the blogger offers
 * from the status page (the form, its confirmation, the POST with the form token) → the advertiser accepts the
 * offer → deal.accepted → published on WordPress → handed in → paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemandStore, type DemandRecord } from '../../src/demands/store.js';
import { createDemandTally } from '../../src/demands/tally.js';
import { createTranslator, type Language } from '../../src/i18n/index.js';
import { foreignWords } from '../helpers/language.js';
import { MARKET_BLOG as BLOG, type MarketWorld, startMarketWorld } from '../helpers/market-world.js';
import { until } from '../helpers/until.js';
import { listPosts, resetContent, startWordPress, type WordPressSite } from '../helpers/wordpress.js';

const FITS = 'Jak vybrat zahradní sekačku';
const REFUSED = 'Online kasino: bonusy bez vkladu';
const NOTE = 'Nápad: sekačky pro malou zahradu';

describe.each(['cs', 'en'] as const)(
  'from a demand to a paid deal, offered from the status page (%s)',
  (language: Language) => {
    const t = createTranslator(language);
    let wp: WordPressSite;
    let w: MarketWorld;
    const page: MarketWorld['page'] = (...args) => w.page(...args);

    const judged = (demandId: number): Promise<DemandRecord> =>
      until(
        async () => {
          const record = await createDemandStore(w.daemon.redis, w.prefix).get(BLOG, demandId);
          return record?.verdict ? record : undefined;
        },
        30_000,
        `demand ${demandId} read by webhook and judged`,
      );

    beforeAll(async () => {
      wp = await startWordPress({ name: 'market' });
      await resetContent(wp);
      w = await startMarketWorld({ wp, language, rules: { minReward: 500, refusedWords: ['kasino'] } });
    });

    afterAll(async () => {
      await w?.close();
      await wp?.stop();
    });

    it('demand.created → verdict → offer from the page → acceptance → WordPress → hand-in → paid', async () => {
      const fits = (await w.sandbox.createDemand({ name: FITS, reward: 1500, blogIds: [BLOG], ns: 1 })).id;
      const refused = (await w.sandbox.createDemand({ name: REFUSED, reward: 4000, blogIds: [BLOG], ns: 1 }))
        .id;

      // Judged by the blog's rules, as the Demands page shows it, in the page's language.
      expect((await judged(fits)).verdict?.outcome).toBe('fits');
      const refusedRecord = await judged(refused);
      expect(refusedRecord.verdict).toMatchObject({
        outcome: 'refuse',
        reasons: [{ rule: 'refusedWords' }],
      });
      const list = await page(`/demands/${BLOG}`);
      expect(list.status).toBe(200);
      expect(list.$(`tr[data-demand="${fits}"] [data-verdict="fits"]`).text()).toBe(t.t('verdict.fits'));
      expect(list.$(`tr[data-demand="${refused}"] [data-verdict="refuse"]`).text()).toBe(
        t.t('verdict.refuse'),
      );
      const refusedPage = await page(`/demands/${BLOG}/${refused}`);
      expect(refusedPage.$('[data-rule="refusedWords"]').text()).toContain('kasino');
      // Every word the page says is in its language, but the advertiser's own (the demand's name, brief, keywords).
      const said = refusedPage
        .$('main *')
        .contents()
        .toArray()
        .filter((node) => node.type === 'text')
        .map((node) => refusedPage.$(node).text())
        .join(' ');
      const data = [
        REFUSED,
        'kasino',
        'Zahrada a dům',
        refusedRecord.item.description ?? '',
        refusedRecord.item.keywords ?? '',
      ];
      expect(foreignWords(said, language, data)).toEqual([]);

      // The offer: the form, its confirmation naming blog, demand and reward, the POST with the form token.
      const form = await page(`/demands/${BLOG}/${fits}`);
      expect(form.$('input[name="reward"]').val()).toBe('1500');
      const confirm = await page(
        `/demands/${BLOG}/${fits}/offer?reward=1500&note=${encodeURIComponent(NOTE)}`,
      );
      const named = confirm.$('[data-confirm="offer"]').text();
      expect(named).toContain('Zahrada a dům');
      expect(named).toContain(FITS);
      expect(named).toContain(t.money(1500));
      expect(w.sandbox.listOffers()).toEqual([]);
      const token = String(confirm.$('form[method="post"] input[name="csrf"]').val());
      const sent = await page(`/demands/${BLOG}/${fits}/offer`, { reward: '1500', note: NOTE, csrf: token });
      expect(sent.status).toBe(303);
      const [offer] = w.sandbox.listOffers();
      expect(offer).toMatchObject({
        demandId: fits,
        blogId: BLOG,
        state: 'nabidnuto',
        reward: 1500,
        note: NOTE,
      });
      const after = await page(sent.location);
      expect(after.$('p.flash').text()).toContain(
        t.t('demand.outcome.offered', { dealId: String(offer?.id), reward: t.money(1500) }),
      );

      // The advertiser accepts: deal.accepted, published on WordPress, handed in once.
      const dealId = offer?.id as number;
      w.sandbox.acceptOffer(dealId);
      const record = await until(
        async () => {
          const r = await w.daemon.store.get(dealId);
          return r?.state === 'handed_in' || r?.state === 'failed' || r?.state === 'held' ? r : undefined;
        },
        60_000,
        `deal ${dealId} handed in`,
      );
      expect(record.error).toBeUndefined();
      expect(record.state).toBe('handed_in');
      const posts = await listPosts(wp);
      expect(posts.filter((p) => p.status === 'publish').map((p) => p.link)).toEqual([record.url]);
      expect(posts[0]?.title.raw).toBe(FITS);
      expect(w.sandbox.handIns().filter((h) => h.dealId === dealId)).toEqual([
        expect.objectContaining({ url: record.url }),
      ]);

      // Paid: deal.paid reaches the record.
      await w.sandbox.payDeal(dealId);
      const paid = await until(
        async () => {
          const r = await w.daemon.store.get(dealId);
          return r?.data.paid !== undefined ? r : undefined;
        },
        20_000,
        `deal ${dealId} paid`,
      );
      expect(paid.data.paid).toMatchObject({ reward: 1500 });
      expect(w.sandbox.getDeal(dealId)?.state).toBe('proplaceno');

      // The month's tally: the offer made and its acceptance counted once each; both demands' reward and pages.
      const tally = createDemandTally(w.daemon.redis, w.prefix, 'Europe/Prague');
      const month = (await tally.read()).find((m) => m.month === tally.monthOf(new Date()));
      expect(month).toMatchObject({ made: 1, accepted: 1, refused: 0, kc: 5500, ns: 2 });
      // And the home page draws them (the Market card), in the page's language.
      const home = await page('/');
      expect(home.$('[data-chart]').length).toBeGreaterThan(1);
      expect(home.$('svg [style], svg script')).toHaveLength(0);
    });
  },
);
