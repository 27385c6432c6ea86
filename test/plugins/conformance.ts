/**
 * The publisher conformance suite (DESIGN.md, "The plugin contract"): what every plugin must do, checked
 * against the plugin's real target where one runs here. Each plugin has one test file that calls
 * `describePublisherConformance` with its target; the suite knows nothing of any plugin.
 *
 * The rules: publish creates the article with its photos; a retry is idempotent (the same URL, nothing
 * uploaded twice), also from a new process with pressbridge's records gone; a refusal a retry cannot fix
 * (401, 403, …) is a permanent PublishError that changes nothing; a passing fault (5xx, a timeout, …) is a
 * retryable one, after which the next attempt finishes the work and uploads only what the target lacks; a
 * brief becomes one draft, not a published article; `checkReachable` answers with one request at most and
 * reports an unreachable target without throwing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PublishError } from '../../src/errors.js';
import type { Publisher, PublisherProgress, PublishInput, PublishResult } from '../../src/publisher/types.js';
import {
  buildDraftInput,
  buildPublishInput,
  parsedArticle,
  publishDeal,
  type Recorded,
  solidPhotos,
} from '../helpers/publish-inputs.js';

/** What the target holds, counted in the target itself (site content is emptied before each test). */
export interface Holdings {
  /** Published articles (a draft is not one). */
  articles: number;
  /** Stored photos of published or interrupted work (files, attachments) that the target keeps. */
  photos: number;
  drafts: number;
}

/** The job a fault may act on (a timeout of the job itself is its signal aborting). */
export interface FaultJob {
  abort(reason: unknown): void;
}

export interface Fault {
  /** e.g. "401 Unauthorized"; names the test and is what `arm` is called with. */
  name: string;
  /**
   * `permanent`: the target refuses before anything is stored (the blogger must fix something).
   * `retryable`: the request that stores the article fails, after the photos (it passes by itself).
   */
  kind: 'permanent' | 'retryable';
}

export interface ConformanceTarget {
  /** What a message about this target must name so the blogger knows which site to fix. */
  siteName: string;
  /** Empties the target of earlier tests' work, clears the armed fault, zeroes the counters. */
  reset(): Promise<void>;
  /**
   * A new publisher, as a restarted daemon would make it (closing the one before), configured for the fault
   * armed now.
   */
  publisher(): Promise<Publisher>;
  holdings(): Promise<Holdings>;
  /** Photos the target took since reset() (upload requests it accepted, files written). */
  uploads(): number;
  /** Requests the target received since reset(); undefined for a target that takes none (no server). */
  requests(): number | undefined;
  /** The text of the published article as the target stores or serves it. */
  articleText(result: PublishResult): Promise<string>;
  /** Puts the target in one of the setup's faults. */
  arm(fault: string, job: FaultJob): Promise<void>;
  /** Clears the armed fault, keeping the target's content (the blogger fixed it, or it passed). */
  disarm(): Promise<void>;
  close(): Promise<void>;
}

export interface ConformanceSetup {
  start(): Promise<ConformanceTarget>;
  /** Every fault the target can be put in; each becomes one test. */
  faults: readonly Fault[];
  /** The fault (by name) in which `checkReachable` must answer ok: false. */
  unreachable: string;
}

const TITLE = 'Jarní výlet na kole: trasy pro rodiny';
const LINK = 'https://www.cyklo-pujcovna.example.cz/kola?utm_source=blog';
const ARTICLE_HTML = `<h1>${TITLE}</h1>
<p>Na jaře se vyplatí vyrazit. [foto1] Cesta vede podél řeky.</p>
<h2>Kde si půjčit kolo</h2>
<p>[foto2]</p>
<p>Kola půjčí <a href="${LINK}" rel="sponsored">Cyklo půjčovna</a>.</p>`;
const SLUG = 'jarni-vylet-na-kole-trasy-pro-rodiny';
const PHOTOS = 3;
const NOTHING: Holdings = { articles: 0, photos: 0, drafts: 0 };
const PUBLISHED: Holdings = { articles: 1, photos: PHOTOS, drafts: 0 };

/** The deal every rule publishes: a cover and two photos in the text, one of them WebP. */
async function dealInput(
  dealId: number,
  overrides: { previous?: PublisherProgress; signal?: AbortSignal } = {},
): Promise<Recorded<PublishInput>> {
  return buildPublishInput({
    deal: publishDeal({ dealId, keywords: ['kolo', 'výlet'] }),
    article: parsedArticle(ARTICLE_HTML, [0, 1, 2]),
    slug: SLUG,
    images: await solidPhotos(SLUG, { alt: (n) => `${TITLE} – foto ${n}`, webp: [2] }),
    ...overrides,
  });
}

async function rejection(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'expected a PublishError').toBeInstanceOf(PublishError);
  return error as PublishError;
}

const merged = (patches: readonly PublisherProgress[]): PublisherProgress => Object.assign({}, ...patches);

export function describePublisherConformance(plugin: string, setup: ConformanceSetup): void {
  describe(`publisher conformance: ${plugin}`, () => {
    let target: ConformanceTarget;

    beforeAll(async () => {
      target = await setup.start();
    });
    afterAll(async () => {
      await target?.close();
    });
    beforeEach(async () => {
      await target.reset();
    });

    it('publish creates the article with its photos, once', async () => {
      // Arrange
      const { input, progress } = await dealInput(7001);

      // Act
      const result = await (await target.publisher()).publish(input);

      // Assert
      expect(result.reused).toBe(false);
      expect(new URL(result.url).protocol).toMatch(/^https?:$/);
      expect(result.ref).not.toBe('');
      expect(await target.holdings()).toEqual(PUBLISHED);
      expect(target.uploads()).toBe(PHOTOS);
      expect(progress.length).toBeGreaterThan(0);
      const text = await target.articleText(result);
      expect(text).toContain('Cyklo půjčovna');
      expect(text).toContain('cyklo-pujcovna.example.cz');
    });

    it('a retry is idempotent: the same URL, nothing uploaded twice, also with the records gone', async () => {
      // Arrange
      const first = await dealInput(7002);
      const running = await target.publisher();
      const published = await running.publish(first.input);

      // Act: the same process retries with its records; a restarted one retries without any.
      const withRecords = await running.publish(
        (await dealInput(7002, { previous: merged(first.progress) })).input,
      );
      const recordsGone = await (await target.publisher()).publish((await dealInput(7002)).input);

      // Assert
      for (const retry of [withRecords, recordsGone]) {
        expect(retry).toEqual({ url: published.url, ref: published.ref, reused: true });
      }
      expect(await target.holdings()).toEqual(PUBLISHED);
      expect(target.uploads()).toBe(PHOTOS);
    });

    for (const fault of setup.faults.filter((f) => f.kind === 'permanent')) {
      it(`${fault.name} is permanent, names the site and changes nothing; the next attempt publishes`, async () => {
        // Arrange
        const job = new AbortController();
        await target.arm(fault.name, { abort: (reason) => job.abort(reason) });

        // Act
        const error = await rejection(
          (await target.publisher()).publish((await dealInput(7010, { signal: job.signal })).input),
        );
        const afterFailure = await target.holdings();
        await target.disarm();
        const fixed = await (await target.publisher()).publish((await dealInput(7010)).input);

        // Assert
        expect(error.retryable).toBe(false);
        expect(error.message).toContain(target.siteName);
        expect(afterFailure).toEqual(NOTHING);
        expect(fixed.reused).toBe(false);
        expect(await target.holdings()).toEqual(PUBLISHED);
      });
    }

    for (const fault of setup.faults.filter((f) => f.kind === 'retryable')) {
      it(`${fault.name} is retryable; the retry, records gone, finishes once and uploads only what is missing`, async () => {
        // Arrange
        const job = new AbortController();
        await target.arm(fault.name, { abort: (reason) => job.abort(reason) });

        // Act
        const error = await rejection(
          (await target.publisher()).publish((await dealInput(7020, { signal: job.signal })).input),
        );
        const held = await target.holdings();
        const uploadsBefore = target.uploads();
        await target.disarm();
        const retried = await (await target.publisher()).publish((await dealInput(7020)).input);

        // Assert
        expect(error.retryable).toBe(true);
        expect(held.articles).toBeLessThanOrEqual(1);
        expect(retried.reused).toBe(held.articles === 1);
        expect(await target.holdings()).toEqual(PUBLISHED);
        expect(target.uploads() - uploadsBefore).toBe(PHOTOS - held.photos);
      });
    }

    it('a brief becomes one draft, not a published article, and a retry reuses it', async () => {
      // Arrange
      const brief = () =>
        buildDraftInput({
          deal: publishDeal({ dealId: 7003 }),
          title: 'Zadání: Cyklo půjčovna',
          briefHtml: `<h2>Zadání</h2><ul><li>Klíčové slovo: <a href="${LINK}">půjčovna kol</a></li></ul>`,
          slug: 'zadani-cyklo-pujcovna',
        });

      // Act
      const created = await (await target.publisher()).createDraft(brief().input);
      const again = await (await target.publisher()).createDraft(brief().input);

      // Assert
      expect(created.reused).toBe(false);
      expect(created.ref).not.toBe('');
      expect(again).toMatchObject({ ref: created.ref, reused: true });
      expect(await target.holdings()).toEqual({ articles: 0, photos: 0, drafts: 1 });
    });

    it('checkReachable: ok with one request at most; not ok, without throwing, when unreachable', async () => {
      // Act
      const up = await (await target.publisher()).checkReachable();
      const upRequests = target.requests();
      await target.reset();
      await target.arm(setup.unreachable, { abort: () => undefined });
      const down = await (await target.publisher()).checkReachable();

      // Assert
      expect(up.ok).toBe(true);
      expect(up.detail).not.toBe('');
      expect(upRequests ?? 0).toBeLessThanOrEqual(1);
      expect(down.ok).toBe(false);
      expect(down.detail).not.toBe('');
      expect(target.requests() ?? 0).toBeLessThanOrEqual(1);
    });
  });
}
