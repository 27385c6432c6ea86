/**
 * Issue 30, "Done when", second half: a held deal through approve, refuse and no answer, in both languages, on a
 * REAL WordPress (6.8 unless PRESSBRIDGE_WP says otherwise), with the whole daemon (webhook listener, worker,
 * status page behind its password, notifications) and the sandbox marketplace over HTTP.
 *
 * Three accepted deals whose real text names a word the blog refuses: each is held as a WordPress draft, nothing
 * handed in, and the blogger is told (`deal_held`, both signed links). Then:
 * - the first is approved through the notification's link (GET shows, POST decides): published, handed in once;
 * - the second is refused with the deal page's button (password + form token): nothing handed in, the advertiser
 *   gets the reasons in Czech, in a message sent once;
 * - the third gets no answer: `rules.onNoAnswer: hold` keeps it held, unpublished, and its log says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDealData } from '../../src/deals/data.js';
import type { DealRecord } from '../../src/deals/record.js';
import { createTranslator, type Language } from '../../src/i18n/index.js';
import { defaultArticleHtml } from '../../src/sandbox/sample-article.js';
import { foreignWords } from '../helpers/language.js';
import { MARKET_BLOG as BLOG, type MarketWorld, startMarketWorld } from '../helpers/market-world.js';
import { collectingDispatcher } from '../helpers/notify.js';
import { until } from '../helpers/until.js';
import { listPosts, resetContent, startWordPress, type WordPressSite } from '../helpers/wordpress.js';

/** The links expire this long after acceptance: time for two decisions, and a short wait for the third. */
const DECIDE_WITHIN_MS = 25_000;
const DEADLINE_MS = 60 * 60_000;

/** A standard page of the sandbox's article with one refused word in it. */
const heldHtml = (title: string) =>
  defaultArticleHtml(title, 'https://www.zahrada.example.cz/', 0).replace(
    '</h1>',
    '</h1>\n<p>Vedle zahradnictví otevřelo nové kasino.</p>',
  );

describe.each(['cs', 'en'] as const)('a held deal: approve, refuse, no answer (%s)', (language: Language) => {
  const t = createTranslator(language);
  const dispatcher = collectingDispatcher();
  let wp: WordPressSite;
  let w: MarketWorld;
  const page: MarketWorld['page'] = (...args) => w.page(...args);

  const inState = (dealId: number, states: string[], ms = 40_000): Promise<DealRecord> =>
    until(
      async () => {
        const record = await w.daemon.store.get(dealId);
        return record && states.includes(record.state) ? record : undefined;
      },
      ms,
      `deal ${dealId} ${states.join(' or ')}`,
    );

  /** The deal_held notification's two links, in the order it gives them. */
  const heldLinks = (dealId: number) =>
    until(
      () => {
        const message = dispatcher.messages.find(
          (m) => m.topic === 'deal_held' && m.key.includes(String(dealId)),
        );
        const links = message?.body.match(/https?:\/\/\S+\/look\/[\w.-]+/g);
        return message && links?.length === 2
          ? { message, approve: links[0] as string, refuse: links[1] as string }
          : undefined;
      },
      20_000,
      `deal ${dealId}: deal_held told with both links`,
    );

  const handIns = (dealId: number) => w.sandbox.handIns().filter((h) => h.dealId === dealId);

  beforeAll(async () => {
    wp = await startWordPress({ name: 'look' });
    await resetContent(wp);
    w = await startMarketWorld({
      wp,
      language,
      rules: { refusedWords: ['kasino'], onNoAnswer: 'hold' },
      config: {
        demands: { enabled: false },
        pipeline: {
          verify: { initialBackoffMs: 100 },
          handIn: { initialBackoffMs: 200 },
          look: { publishNeedsMs: DEADLINE_MS - DECIDE_WITHIN_MS },
        },
      },
      dispatcher,
    });
  });

  afterAll(async () => {
    await w?.close();
    await wp?.stop();
  });

  it('holds each as a draft and tells the blogger; approve publishes once, refuse tells the advertiser, no answer holds', async () => {
    const titles = [
      'Zahrada u kasina: schválit',
      'Zahrada u kasina: odmítnout',
      'Zahrada u kasina: bez odpovědi',
    ];
    const ids: number[] = [];
    for (const title of titles)
      ids.push((await w.sandbox.createDeal({ blogId: BLOG, title, html: heldHtml(title), photos: 0 })).id);
    const [approved, refused, unanswered] = ids as [number, number, number];

    // Held: a WordPress draft each, nothing live, nothing handed in; the reasons on the deal page.
    for (const id of ids) {
      const record = await inState(id, ['held']);
      expect(readDealData(record.data).held?.reasons).toEqual([
        expect.objectContaining({ rule: 'refusedWords' }),
      ]);
    }
    const drafts = await listPosts(wp);
    expect(drafts.map((p) => p.status).sort()).toEqual(['draft', 'draft', 'draft']);
    expect(w.sandbox.handIns()).toEqual([]);
    const dealPage = await page(`/deals/${refused}`);
    expect(dealPage.$('section.look li').text()).toContain('kasino');
    expect(dealPage.$('section.look').text()).toContain(t.t('look.title', { dealId: String(refused) }));

    // Told, in the blogger's language, with both signed links.
    const told = await heldLinks(approved);
    expect(told.message.title).toContain(String(approved));
    expect(told.message.title).toContain(titles[0]);
    expect(told.message.urgent).toBe(true);
    expect(
      foreignWords(`${told.message.title}\n${told.message.body}`, language, [
        'kasino',
        'onNoAnswer',
        'hold',
        ...titles,
      ]),
    ).toEqual([]);

    // Approve through the link: GET only shows (no password needed, nothing decided), POST decides.
    const shown = await page(told.approve, undefined, false);
    expect(shown.status).toBe(200);
    expect((await w.daemon.store.get(approved))?.state).toBe('held');
    const form = shown.$('form[method="post"]');
    const decided = await page(String(form.attr('action')), {}, false);
    expect(decided.status).toBe(200);
    const published = await inState(approved, ['handed_in', 'failed']);
    expect(published.error).toBeUndefined();
    expect(published.state).toBe('handed_in');
    expect(handIns(approved)).toEqual([expect.objectContaining({ url: published.url })]);
    // One post: the held draft itself became the live one (decision 0025), the other two still drafts.
    const afterApprove = await listPosts(wp, { status: 'all' });
    expect(afterApprove.map((p) => p.status).sort()).toEqual(['draft', 'draft', 'publish']);
    const live = afterApprove.find((p) => p.status === 'publish');
    expect(live?.link).toBe(published.url);
    expect(live?.id).toBe(drafts.find((p) => p.title.raw === titles[0])?.id);
    // The same link again decides nothing more.
    expect((await page(String(form.attr('action')), {}, false)).status).toBe(409);

    // Refuse with the deal page's button: nothing handed in, the advertiser told why, in Czech, once.
    const refusePage = await page(`/deals/${refused}`);
    const token = String(refusePage.$(`form[action$="/deals/${refused}/refuse"] input[name="csrf"]`).val());
    expect(token.length).toBeGreaterThan(10);
    expect((await page(`/deals/${refused}/refuse`, { csrf: token })).status).toBe(303);
    const refusedRecord = await inState(refused, ['refused']);
    expect(refusedRecord.url).toBeUndefined();
    expect(handIns(refused)).toEqual([]);
    const messages = await until(
      () => {
        const from = w.sandbox.messages(refused).filter((m) => m.author === 'bloger');
        return from.length > 0 && from;
      },
      20_000,
      'the refusal message in the sandbox',
    );
    expect(messages).toHaveLength(1);
    // Its draft went to WordPress's trash (recoverable for 30 days), not among the blogger's drafts.
    const refusedDraft = drafts.find((p) => p.title.raw === titles[1]);
    expect((await listPosts(wp, { status: 'all' })).find((p) => p.id === refusedDraft?.id)?.status).toBe(
      'trash',
    );
    expect(messages[0]?.text).toContain('kasino');
    expect(foreignWords(messages[0]?.text ?? '', 'cs', ['kasino'])).toEqual([]);

    // No answer: at the expiry onNoAnswer (hold) keeps it held and unpublished; its log says so.
    const lapsed = await until(
      async () => {
        const record = await w.daemon.store.get(unanswered);
        return record && readDealData(record.data).lookLapsed ? record : undefined;
      },
      DECIDE_WITHIN_MS + 30_000,
      `deal ${unanswered}: the hold lapsed`,
    );
    expect(lapsed.state).toBe('held');
    expect(handIns(unanswered)).toEqual([]);
    const log = await page(`/deals/${unanswered}`);
    expect(log.text).toContain(t.t('look.choice.hold'));
    const end = await listPosts(wp, { status: 'all' });
    expect(end.map((p) => p.status).sort()).toEqual(['draft', 'publish', 'trash']);
  }, 150_000);
});
