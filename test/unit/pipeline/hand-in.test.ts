import { describe, expect, it } from 'vitest';
import { errorSaid, MarketplaceError } from '../../../src/errors.js';
import { createTranslator } from '../../../src/i18n/index.js';
import type { Deal } from '../../../src/marketplace/schema.js';
import { type HandInInput, handInArticle } from '../../../src/pipeline/hand-in.js';
import { foreignWords } from '../../helpers/language.js';
import { fakeClient, fakeClock, log, marketplaceError } from './fakes.js';

const start = new Date('2026-05-01T10:00:00.000Z');
const url = 'https://blog.example.cz/clanek/';

function deal(articleUrl: string | null): Deal {
  return {
    id: 42,
    state: articleUrl ? 'ke_schvaleni' : 'akceptovano',
    blog: { id: 7, name: 'Blog' },
    demand: { id: 3 },
    article_url: articleUrl,
  };
}

function input(client: HandInInput['client'], overrides: Partial<HandInInput> = {}): HandInInput {
  return {
    client,
    dealId: 42,
    url,
    signal: new AbortController().signal,
    clock: fakeClock(start),
    deadlineMs: start.getTime() + 3_600_000,
    settings: { initialBackoffMs: 5_000, maxBackoffMs: 60_000, triesPerAttempt: 4 },
    log: log,
    blog: { id: 7, name: 'Můj blog', target: 'https://wp.example.cz' },
    ...overrides,
  };
}

describe('src/pipeline/hand-in', () => {
  it('hands in once and returns what the marketplace stored', async () => {
    const client = fakeClient();

    const result = await handInArticle(input(client));

    expect(result).toEqual({ articleUrl: url, dealState: 'ke_schvaleni', via: 'answer', tries: 1 });
    expect(client.calls.handIn).toEqual([{ dealId: 42, url }]);
    expect(client.calls.getDeal).toBe(0);
  });

  it('confirms 409 clanek_odevzdan with the deal detail and counts it a success', async () => {
    const client = fakeClient({
      handIns: [marketplaceError('clanek_odevzdan', 409, false)],
      deal: deal(url),
    });

    const result = await handInArticle(input(client));

    expect(result).toEqual({ articleUrl: url, dealState: 'ke_schvaleni', via: 'deal_detail', tries: 1 });
    expect(client.calls.getDeal).toBe(1);
    expect(client.calls.handIn).toHaveLength(1);
  });

  it('keeps the URL the marketplace has when another one was handed in by hand', async () => {
    const client = fakeClient({
      handIns: [marketplaceError('clanek_odevzdan', 409, false)],
      deal: deal('https://blog.example.cz/rucne/'),
    });

    const result = await handInArticle(input(client));

    expect(result.articleUrl).toBe('https://blog.example.cz/rucne/');
  });

  it('retries clanek_odevzdan without an article URL in the detail as a retryable error', async () => {
    const client = fakeClient({
      handIns: [marketplaceError('clanek_odevzdan', 409, false)],
      deal: deal(null),
    });

    const error = await handInArticle(input(client)).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'clanek_odevzdan', retryable: true });
  });

  it.each([
    [
      'cizi_domena',
      422,
      [/not on the domain it has for blog 7 \("Můj blog"\)/, /https:\/\/wp\.example\.cz/, /blog settings/],
      /není na doméně, kterou má pro blog 7 \("Můj blog"\)/,
    ],
    ['url_pouzita', 409, [/already handed in for another deal/, /its own post/], /u jiného obchodu/],
    ['spatny_stav', 409, [/no longer takes an article URL/, /take it down/], /už adresu článku nepřijímá/],
  ])(
    '%s fails permanently with a fix-it message, in English for the log and in Czech for the blogger',
    async (code, status, patterns, czech) => {
      const client = fakeClient({ handIns: [marketplaceError(code, status, false)] });

      const error = await handInArticle(input(client)).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(MarketplaceError);
      const e = error as MarketplaceError;
      expect(e).toMatchObject({ code, status, retryable: false, supportCode: 'PC-TEST01' });
      expect(e.message).toMatch(
        new RegExp(`^Marketplace POST /v1/deals/1/article failed: ${status} ${code}`),
      );
      for (const pattern of patterns) expect(e.message).toMatch(pattern);
      const said = createTranslator('cs').say(errorSaid(e));
      expect(said).toMatch(
        new RegExp(`^Tržiště: POST /v1/deals/1/article selhalo: ${status} ${code}: test ${code} — `),
      );
      expect(said).toMatch(czech);
      expect(said).toContain('(kód pro podporu PC-TEST01)');
      expect(foreignWords(said, 'cs', ['Můj blog', code])).toEqual([]);
      expect(createTranslator('en').say(errorSaid(e))).toBe(e.message);
      expect(client.calls.handIn).toHaveLength(1);
    },
  );

  it('retries clanek_nedostupny with backoff and succeeds', async () => {
    const unreachable = marketplaceError('clanek_nedostupny', 422, false);
    const client = fakeClient({
      handIns: [unreachable, unreachable, { id: 42, state: 'ke_schvaleni', article_url: url }],
    });
    const clock = fakeClock(start);

    const result = await handInArticle(input(client, { clock }));

    expect(result.tries).toBe(3);
    expect(clock.sleeps).toEqual([5_000, 10_000]);
  });

  it('gives clanek_nedostupny back to the job as retryable after triesPerAttempt', async () => {
    const client = fakeClient({ handIns: [marketplaceError('clanek_nedostupny', 422, false)] });
    const clock = fakeClock(start);

    const error = await handInArticle(input(client, { clock })).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'clanek_nedostupny', retryable: true });
    expect((error as Error).message).toMatch(
      /could not reach https:\/\/blog\.example\.cz\/clanek\/ although pressbridge could/,
    );
    expect(client.calls.handIn).toHaveLength(4);
    expect(clock.sleeps).toEqual([5_000, 10_000, 20_000]);
  });

  it('does not pause past the deadline on clanek_nedostupny', async () => {
    const client = fakeClient({ handIns: [marketplaceError('clanek_nedostupny', 422, false)] });
    const clock = fakeClock(start);

    const error = await handInArticle(input(client, { clock, deadlineMs: start.getTime() + 12_000 })).catch(
      (e: unknown) => e,
    );

    expect(error).toMatchObject({ code: 'clanek_nedostupny', retryable: true });
    // 5 s fits, the next 10 s would end past the deadline: two tries.
    expect(clock.sleeps).toEqual([5_000]);
    expect(client.calls.handIn).toHaveLength(2);
  });

  it('tries only once when asked (the late hand-in)', async () => {
    const client = fakeClient({ handIns: [marketplaceError('clanek_nedostupny', 422, false)] });

    await expect(handInArticle(input(client, { once: true }))).rejects.toMatchObject({
      code: 'clanek_nedostupny',
    });
    expect(client.calls.handIn).toHaveLength(1);
  });

  it.each([
    ['server', 500, true],
    ['rate_limit', 429, true],
    ['neplatny_klic', 401, false],
  ])('passes %s through as the client classified it', async (code, status, retryable) => {
    const original = marketplaceError(code, status, retryable);
    const client = fakeClient({ handIns: [original] });

    await expect(handInArticle(input(client))).rejects.toBe(original);
    expect(client.calls.handIn).toHaveLength(1);
  });
});
