/**
 * The article watcher against a real WordPress (a throwaway site): a post published by the WordPress plugin
 * with an advertiser link and the disclosure label is checked clean; trashed it is `gone`, restored the problem
 * is resolved; the link's href edited and its `rel` stripped are `link_changed`, the link removed `link_lost`;
 * the disclosure paragraph removed is `label_gone`; the post set to `noindex` (a must-use plugin standing in
 * for an SEO plugin) is `noindex`; the text edited is `text_edited`; once paid the deal is watched weekly and
 * a finding says until when the advertiser may claim. Real Redis, the real deal store, real HTTP; the Notifier
 * is the boundary (a recording one).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import type { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import wordpress from '../../plugins/wordpress/index.js';
import { systemClock } from '../../src/clock.js';
import { createDealStore } from '../../src/deals/store.js';
import { createEvidenceServices } from '../../src/evidence/services.js';
import { EvidenceSettings } from '../../src/evidence/settings.js';
import { UiSettings } from '../../src/i18n/settings.js';
import type { Notifier, NotifyEvent } from '../../src/notify/types.js';
import { articleLinks } from '../../src/render/article-links.js';
import { parseArticle } from '../../src/render/html.js';
import { applyPolicy, DEFAULT_POLICY } from '../../src/render/policy.js';
import { createRenderPool } from '../../src/render/pool.js';
import {
  createArticleWatcher,
  readArticleCheck,
  type WatchOutcome,
  watchEnrolment,
} from '../../src/watch/index.js';
import { scheduledAt } from '../../src/watch/schedule.js';
import { WatchSettings } from '../../src/watch/settings.js';
import { fixedClock } from '../helpers/clock.js';
import { createTestRedis, deleteKeys, randomPrefix } from '../helpers/redis.js';
import {
  startWordPress,
  type WordPressSite,
  type WpPost,
  wpFetch,
  wpGet,
  wpSend,
} from '../helpers/wordpress.js';

const AD = 'https://hotel.example.cz/tatry?utm_source=blog&utm_medium=clanek';
const TEXT = `<h1>Ubytování v Tatrách</h1>
<p>Na Štrbském plese bylo krásně.</p>
<p>Ubytování doporučuje <a href="${AD.replaceAll('&', '&amp;')}" rel="sponsored">Hotel Tatry</a>.</p>`;
const DEAL_ID = 77_001;
const LABEL = 'Komerční sdělení';
const NOINDEX_PLUGIN = new URL('../fixtures/wordpress/noindex-by-excerpt.php', import.meta.url).pathname;
const ETAG_PLUGIN = new URL('../fixtures/wordpress/etag-posts.php', import.meta.url).pathname;
const DAY = 24 * 3_600_000;

describe('article watcher on a real WordPress', () => {
  const redis: Redis = createTestRedis();
  const prefix = randomPrefix();
  const log = pino({ level: 'silent' });
  const raised: NotifyEvent[] = [];
  const resolved: string[] = [];
  const notifier: Notifier = {
    raise: async (event) => {
      raised.push(event);
    },
    resolve: async (key) => {
      resolved.push(key);
    },
  };
  let site: WordPressSite;
  let clock = Date.now();
  const store = createDealStore({ redis, prefix });
  store.events.onChanged(
    watchEnrolment({
      redis,
      prefix,
      settings: { intervalHours: 24, paidIntervalHours: 168 },
      log,
      clock: { now: () => new Date(clock) },
    }),
  );
  const renderPool = createRenderPool({ threads: 2 });
  const evidenceDir = mkdtempSync(join(tmpdir(), 'pb-watch-evidence-'));
  const evidence = createEvidenceServices(
    {
      dataDir: evidenceDir,
      evidence: EvidenceSettings.parse({}),
      ui: UiSettings.parse({}),
      watch: WatchSettings.parse({}),
    },
    { log, clock: fixedClock(() => new Date(clock)) },
  );

  const watcher = createArticleWatcher({
    evidence: evidence.store,
    store,
    redis,
    prefix,
    log,
    settings: { retrySeconds: 0, timeoutSeconds: 10, siteGapSeconds: 0 },
    notifier,
    clock: fixedClock(() => new Date(clock)),
    renderPool,
  });
  let postId: string;
  let url: string;
  /** The post's content as published (block markup), put back after each edit. */
  let original: string;
  const edit = (content: string) => wpSend(site, `/wp/v2/posts/${postId}`, { content });
  const kinds = (check: { findings?: { kind: string }[] | undefined }) =>
    (check.findings ?? []).map((finding) => finding.kind);

  /** Moves the clock to the deal's next check and runs the watcher's tick. */
  async function nextCheck(): Promise<Extract<WatchOutcome, { kind: 'checked' }>['check']> {
    clock = (await scheduledAt(redis, prefix, DEAL_ID)) as number;
    const outcomes = await watcher.runOnce();
    expect(outcomes).toHaveLength(1);
    const outcome = outcomes[0] as WatchOutcome;
    if (outcome.kind !== 'checked') throw new Error(`not checked: ${JSON.stringify(outcome)}`);
    return outcome.check;
  }

  beforeAll(async () => {
    site = await startWordPress({ muPlugins: [NOINDEX_PLUGIN, ETAG_PLUGIN] });
    const article = applyPolicy(parseArticle(TEXT, { photoNumbers: [] }), DEFAULT_POLICY);
    const publisher = wordpress.create(
      wordpress.optionsSchema.parse({
        url: site.url,
        username: site.username,
        applicationPassword: site.applicationPassword,
        categories: 'identity',
      }),
      { blogId: 1, log, dataDir: '/tmp', clock: systemClock },
    );
    const published = await publisher.publish({
      deal: {
        dealId: DEAL_ID,
        blogId: 1,
        categoryId: null,
        deadline: new Date(clock + 3_600_000),
        acceptedAt: new Date(clock),
      },
      article: { ...article, title: article.title ?? 'bez názvu' },
      slug: `ubytovani-v-tatrach-${prefix}`,
      images: [],
      previous: {},
      progress: async () => {},
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
      signal: new AbortController().signal,
    });
    await publisher.close?.();
    url = published.url;
    postId = published.ref.slice('wp:'.length);
    // As the pipeline does: the render step stores the links, the hand-in step writes `handed_in`.
    await store.createIfAbsent({
      dealId: DEAL_ID,
      blogId: 1,
      title: 'Ubytování v Tatrách',
      receivedAt: new Date(clock).toISOString(),
      deadline: new Date(clock + 3_600_000).toISOString(),
      data: { watch: { links: articleLinks(article), label: LABEL } },
    });
    await store.update(DEAL_ID, {
      state: 'handed_in',
      url,
      data: { handedInAt: new Date(clock).toISOString() },
    });
    original = (await wpGet<WpPost>(site, `/wp/v2/posts/${postId}?context=edit`)).content.raw ?? '';
  }, 120_000);

  afterAll(async () => {
    await watcher.stop();
    // The watcher reads the live pages in the render threads.
    await renderPool.close();
    await site?.stop();
    await deleteKeys(redis, prefix);
    redis.disconnect();
    rmSync(evidenceDir, { recursive: true, force: true });
  });

  it('checks the published article clean: status, final URL, the link with its rel and text, the label, indexable', async () => {
    expect(articleLinks(parseArticle(TEXT, { photoNumbers: [] }))).toEqual([AD]);
    expect(original).toContain(LABEL);
    const enrolledAt = (await scheduledAt(redis, prefix, DEAL_ID)) as number;
    // The first check comes watch.firstCheckMinutes (10) after the hand-in: the article as handed in.
    expect(enrolledAt - clock).toBe(10 * 60_000);
    clock = enrolledAt - 1;
    expect(await watcher.runOnce()).toEqual([]);
    const check = await nextCheck();
    expect(check).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: url,
      missing: [],
      links: 1,
      advertiserLinks: [{ href: AD, present: true, rel: 'sponsored', text: 'Hotel Tatry' }],
      label: { text: LABEL, present: true },
      indexable: { noindexMeta: false, noindexHeader: false, canonicalMoved: false },
      findings: [],
    });
    expect(check.textSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(raised).toEqual([]);
    // The reference of the link's rel and text is kept for the next checks.
    expect((await store.get(DEAL_ID))?.data.watch).toMatchObject({
      reference: [{ href: AD, rel: 'sponsored', text: 'Hotel Tatry' }],
    });
  });

  it('sends the validators back: an unchanged post answers 304, counted as unchanged with the facts carried over', async () => {
    const previous = readArticleCheck((await store.get(DEAL_ID))?.data ?? {});
    expect(previous?.validators?.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const check = await nextCheck();
    expect(check).toMatchObject({
      ok: true,
      status: 304,
      notModified: true,
      findings: [],
      textSha256: previous?.textSha256,
      advertiserLinks: previous?.advertiserLinks,
      validators: previous?.validators,
    });
  });

  it('raises `gone` when the post is trashed, and resolves it when the post is back', async () => {
    const post = await wpGet<WpPost & { slug: string }>(site, `/wp/v2/posts/${postId}?context=edit`);
    const trashed = await wpFetch(site, `/wp/v2/posts/${postId}`, { method: 'DELETE' });
    expect(trashed.status).toBe(200);
    const gone = await nextCheck();
    expect(gone).toMatchObject({ ok: false, problem: 'gone', status: 404, detail: 'HTTP 404' });
    expect(kinds(gone)).toEqual(['gone']);
    expect(raised.at(-1)).toMatchObject({ topic: 'article_check', dealId: DEAL_ID, problem: 'gone' });
    expect(resolved).toEqual([]);

    await wpSend(site, `/wp/v2/posts/${postId}`, { status: 'publish', slug: post.slug });
    expect(await nextCheck()).toMatchObject({ ok: true, status: 200, missing: [], findings: [] });
    expect(resolved).toEqual([`article_check:${DEAL_ID}`]);
  });

  it("finds the advertiser's link href edited, its rel stripped, and the link removed", async () => {
    const encoded = AD.replaceAll('&', '&amp;');
    const other = 'https://hotel.example.cz/tatry?utm_source=jiny';
    await edit(original.replace(encoded, other.replaceAll('&', '&amp;')));
    const moved = await nextCheck();
    expect(moved).toMatchObject({ ok: false, problem: 'links', missing: [AD] });
    expect(moved.findings).toContainEqual({
      kind: 'link_changed',
      href: AD,
      detail: `href "${AD}" → "${other}"`,
    });
    expect(raised.at(-1)).toMatchObject({ topic: 'article_check', problem: 'links' });

    await edit(original.replace(/ rel="[^"]*"/, ''));
    const stripped = await nextCheck();
    expect(stripped.findings).toContainEqual({
      kind: 'link_changed',
      href: AD,
      detail: expect.stringMatching(/^rel "sponsored[^"]*" → ""$/),
    });

    await edit('<!-- wp:paragraph -->\n<p>Ubytování doporučuje Hotel Tatry.</p>\n<!-- /wp:paragraph -->');
    const lost = await nextCheck();
    expect(lost).toMatchObject({ ok: false, problem: 'links', status: 200, missing: [AD] });
    expect(lost.findings).toContainEqual({ kind: 'link_lost', href: AD, detail: AD });
    expect((await store.readLog(DEAL_ID)).map((e) => e.msg)).toContain(
      'article check: advertiser links are missing or changed',
    );
    await edit(original);
    expect(await nextCheck()).toMatchObject({ ok: true });
  });

  it('finds the disclosure paragraph removed', async () => {
    const withoutLabel = original.replace(
      /<!-- wp:paragraph[^>]*-->\s*<p[^>]*>Komerční sdělení<\/p>\s*<!-- \/wp:paragraph -->/,
      '',
    );
    expect(withoutLabel).not.toContain(LABEL);
    await edit(withoutLabel);
    const check = await nextCheck();
    expect(check).toMatchObject({ ok: false, problem: 'page', label: { text: LABEL, present: false } });
    expect(kinds(check)).toContain('label_gone');
    await edit(original);
    expect(await nextCheck()).toMatchObject({ ok: true, label: { present: true } });
  });

  it('finds the post set to noindex (as an SEO plugin does)', async () => {
    await wpSend(site, `/wp/v2/posts/${postId}`, { excerpt: 'noindex' });
    const check = await nextCheck();
    expect(check).toMatchObject({ ok: false, problem: 'page', indexable: { noindexMeta: true } });
    expect(kinds(check)).toEqual(['noindex']);
    await wpSend(site, `/wp/v2/posts/${postId}`, { excerpt: '' });
    expect(await nextCheck()).toMatchObject({ ok: true, findings: [] });
  });

  it("finds the article's text edited (recorded, no problem)", async () => {
    const before = await nextCheck();
    await edit(original.replace('Na Štrbském plese bylo krásně.', 'Na Štrbském plese pršelo.'));
    const check = await nextCheck();
    expect(check).toMatchObject({ ok: true });
    expect(check.findings).toEqual([
      { kind: 'text_edited', detail: `${before.textSha256} → ${check.textSha256}` },
    ]);
    await edit(original);
  });

  it('once paid, watches weekly; a finding says until when the advertiser may claim', async () => {
    const paidAt = new Date(clock).toISOString();
    await store.update(DEAL_ID, { data: { paid: { reward: 900, price: 1200, at: paidAt } } });
    await nextCheck();
    const next = (await scheduledAt(redis, prefix, DEAL_ID)) as number;
    expect(next - clock).toBeGreaterThanOrEqual(3.5 * DAY);
    await wpFetch(site, `/wp/v2/posts/${postId}`, { method: 'DELETE' });
    expect(await nextCheck()).toMatchObject({ problem: 'gone' });
    const until = new Date(paidAt);
    until.setUTCMonth(until.getUTCMonth() + 24);
    expect(raised.at(-1)).toMatchObject({
      topic: 'article_check',
      problem: 'gone',
      claimUntil: until.toISOString(),
    });
  });

  it('kept the evidence on disk: the first check and each change, the post as served, a bundle whose hashes match', async () => {
    const read = await evidence.store.read(DEAL_ID);
    expect(read?.deal).toMatchObject({ dealId: DEAL_ID, url, paid: { reward: 900 } });
    const kinds = read?.entries.map((entry) => entry.kind) ?? [];
    expect(kinds[0]).toBe('first');
    // Clean, gone, back, href changed, rel stripped, link removed, label gone, noindex, text edited, gone …
    expect(kinds.length).toBeGreaterThanOrEqual(8);
    const findings = new Set(read?.entries.flatMap((e) => (e.check.findings ?? []).map((f) => f.kind)));
    for (const kind of ['gone', 'link_changed', 'link_lost', 'label_gone', 'noindex', 'text_edited'])
      expect(findings).toContain(kind);
    // The first snapshot is WordPress's own rendering of the post's content, with the advertiser's link.
    const first = read?.entries[0]?.snapshot;
    const served = (await evidence.store.readSnapshot(DEAL_ID, first?.file as string)).toString('utf8');
    expect(served).toMatch(/^<div class="[^"]*entry-content/);
    // WordPress writes the & of the href as &amp; (or &#038;, by version).
    expect(served).toMatch(
      new RegExp(`href="${AD.replace(/[?.]/g, '\\$&').replace('&', '&(?:amp|#038);')}"`),
    );
    expect(served).toContain(`<p class="pressbridge-disclosure">${LABEL}</p>`);
    expect(served).toContain('Na Štrbském plese bylo krásně.');

    const record = await store.get(DEAL_ID);
    const bundle = await evidence.bundler(DEAL_ID, record ? { record } : {});
    const files = unzipSync(new Uint8Array(bundle?.zip as Buffer));
    const json = JSON.parse(new TextDecoder().decode(files['evidence.json'])) as {
      entries: { snapshot?: { file: string; sha256: string } }[];
    };
    expect(json.entries).toHaveLength(kinds.length);
    const report = new TextDecoder().decode(files['report.html']);
    for (const entry of json.entries) {
      if (!entry.snapshot) continue;
      const bytes = files[`snapshots/${entry.snapshot.file.replace(/\.gz$/, '')}`] as Uint8Array;
      const sha = createHash('sha256').update(bytes).digest('hex');
      expect(sha).toBe(entry.snapshot.sha256);
      expect(report).toContain(sha);
    }
  });
});
