/**
 * What a check proves and each kind of finding, against a real HTTP server standing in for the blog (the page
 * read in the real render threads): link lost, link changed (rel, href), label gone, noindex (meta and
 * header), canonical moved, text edited; a 304 carries the previous facts over; the request names pressbridge
 * and the blog, and sends the validators back.
 */
import { describe, expect, it } from 'vitest';
import { readArticleCheck } from '../../../src/watch/index.js';
import { AD, AD2, checked, DAY, T0, watchWorld } from './watch-world.js';

const LABEL = 'Komerční sdělení';

interface PageParts {
  label?: boolean;
  rel?: string;
  href?: string;
  text?: string;
  head?: string;
  sidebar?: string;
}

const article = (parts: PageParts = {}) => {
  const href = (parts.href ?? AD).replaceAll('&', '&amp;');
  const rel = parts.rel === undefined ? ' rel="sponsored"' : parts.rel === '' ? '' : ` rel="${parts.rel}"`;
  return `<!doctype html><html><head><title>Sekačky</title>${parts.head ?? ''}</head><body>
<main><div class="entry-content">${parts.label === false ? '' : `<p class="pressbridge-disclosure">${LABEL}</p>`}
<h1>Sekačky</h1><p>${parts.text ?? 'Jak vybrat sekačku.'} <a href="${href}"${rel}>sekačky za dobré ceny</a>
<a href="${AD2}" rel="sponsored">obchod</a></p></div></main>
<aside>${parts.sidebar ?? 'Nejnovější příspěvky'}</aside></body></html>`;
};

describe('article watcher: what a check proves', () => {
  const world = watchWorld();

  /** Hands in deal 30 at /p, checks it clean once, then serves `next` and checks again. */
  async function cleanThen(next: string, headers: Record<string, string> = {}) {
    world.blog.answers.set('/p', [{ status: 200, body: article() }]);
    await world.handedIn(30, '/p', [AD, AD2], { label: LABEL });
    const w = world.watcher();
    world.clock = T0 + DAY;
    const [first] = checked(await w.runOnce());
    world.blog.answers.set('/p', [{ status: 200, body: next, headers }]);
    world.clock = T0 + 3 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '30');
    const [second] = checked(await w.runOnce());
    return { first, second };
  }

  it('a clean check records status, final URL, links with rel and text, label, indexability, fingerprint', async () => {
    const { first, second } = await cleanThen(article({ sidebar: 'Jiné příspěvky' }));
    expect(first).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: `${world.base}/p`,
      advertiserLinks: [
        { href: AD, present: true, rel: 'sponsored', text: 'sekačky za dobré ceny' },
        { href: AD2, present: true, rel: 'sponsored', text: 'obchod' },
      ],
      label: { text: LABEL, present: true },
      indexable: { noindexMeta: false, noindexHeader: false, canonicalMoved: false },
      findings: [],
    });
    expect(first?.textSha256).toMatch(/^[0-9a-f]{64}$/);
    // A sidebar outside the article's content changes nothing.
    expect(second).toMatchObject({ ok: true, findings: [], textSha256: first?.textSha256 });
    expect(world.notifier.raised).toEqual([]);
  });

  it('rel stripped: link_changed, a links problem', async () => {
    const { second } = await cleanThen(article({ rel: '' }));
    expect(second).toMatchObject({ ok: false, problem: 'links' });
    expect(second?.findings).toEqual([{ kind: 'link_changed', href: AD, detail: 'rel "sponsored" → ""' }]);
    expect(world.notifier.raised).toMatchObject([{ topic: 'article_check', problem: 'links' }]);
  });

  it('href edited: link_changed with both hrefs; a link gone with its text: link_lost', async () => {
    const other = 'https://shop.example.cz/sekacky?a=1';
    const { second } = await cleanThen(article({ href: other }));
    expect(second?.findings).toEqual([
      { kind: 'link_changed', href: AD, detail: `href "${AD}" → "${other}"` },
    ]);
    expect(second?.missing).toEqual([AD]);
    world.blog.answers.set('/p', [
      { status: 200, body: article().replace(/<a href="https:\/\/shop.example.cz\/sekacky[^<]*<\/a>/, '') },
    ]);
    world.clock = T0 + 5 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '30');
    const [third] = checked(await world.watcher().runOnce());
    // Its text went with it: the text is edited too.
    expect(third?.findings?.map((f) => f.kind)).toEqual(['link_lost', 'text_edited']);
    expect(third?.findings?.[0]).toEqual({ kind: 'link_lost', href: AD, detail: AD });
  });

  it('the disclosure label removed: label_gone, a page problem', async () => {
    const { second } = await cleanThen(article({ label: false }));
    expect(second).toMatchObject({ ok: false, problem: 'page', label: { text: LABEL, present: false } });
    expect(second?.findings?.map((f) => f.kind)).toEqual(['label_gone', 'text_edited']);
    expect(second?.findings?.[0]).toEqual({ kind: 'label_gone', detail: LABEL });
  });

  it('noindex in a robots meta tag or in X-Robots-Tag', async () => {
    const { second } = await cleanThen(article({ head: '<meta name="robots" content="noindex, follow">' }));
    expect(second?.findings).toEqual([{ kind: 'noindex', detail: 'meta robots' }]);
    expect(second).toMatchObject({ problem: 'page', indexable: { noindexMeta: true } });
    world.blog.answers.set('/p', [{ status: 200, body: article(), headers: { 'x-robots-tag': 'noindex' } }]);
    world.clock = T0 + 5 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '30');
    const [third] = checked(await world.watcher().runOnce());
    expect(third?.findings).toEqual([{ kind: 'noindex', detail: 'X-Robots-Tag' }]);
  });

  it('a canonical link to another URL: canonical_moved; to the page itself: fine', async () => {
    const { first, second } = await cleanThen(
      article({ head: '<link rel="canonical" href="https://elsewhere.example/clanek">' }),
    );
    expect(first?.indexable).toMatchObject({ canonicalMoved: false });
    expect(second?.findings).toEqual([
      { kind: 'canonical_moved', detail: 'https://elsewhere.example/clanek' },
    ]);
    world.blog.answers.set('/p', [
      { status: 200, body: article({ head: '<link rel="canonical" href="/p#top">' }) },
    ]);
    world.clock = T0 + 5 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '30');
    const [third] = checked(await world.watcher().runOnce());
    expect(third).toMatchObject({ ok: true, findings: [], indexable: { canonical: `${world.base}/p` } });
  });

  it("the article's text edited: text_edited, recorded but no problem; the next same text is clean", async () => {
    const { first, second } = await cleanThen(article({ text: 'Jak vybrat   sekačku levně.' }));
    expect(second).toMatchObject({ ok: true });
    expect(second?.problem).toBeUndefined();
    expect(second?.findings).toEqual([
      { kind: 'text_edited', detail: `${first?.textSha256} → ${second?.textSha256}` },
    ]);
    expect(world.notifier.raised).toEqual([]);
    // Whitespace alone is no edit.
    world.blog.answers.set('/p', [{ status: 200, body: article({ text: 'Jak vybrat sekačku\n levně.' }) }]);
    world.clock = T0 + 5 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '30');
    expect(checked(await world.watcher().runOnce())[0]).toMatchObject({ findings: [] });
  });

  it('an edit made while the page was gone is still seen when it is back', async () => {
    const { first } = await cleanThen(article());
    world.blog.answers.set('/p', [{ status: 404 }]);
    world.clock = T0 + 4 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '30');
    expect(checked(await world.watcher().runOnce())[0]).toMatchObject({ problem: 'gone' });
    world.blog.answers.set('/p', [{ status: 200, body: article({ text: 'Úplně jiný text.' }) }]);
    world.clock = T0 + 5 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '30');
    const [back] = checked(await world.watcher().runOnce());
    expect(back).toMatchObject({ ok: true });
    expect(back?.findings).toEqual([
      { kind: 'text_edited', detail: `${first?.textSha256} → ${back?.textSha256}` },
    ]);
  });

  it('sends the validators back; a 304 is unchanged and carries the facts and lasting findings over', async () => {
    world.blog.answers.set('/q', [{ status: 200, body: article({ rel: 'nofollow' }), etag: '"v1"' }]);
    await world.handedIn(31, '/q', [AD, AD2], {
      label: LABEL,
      reference: [{ href: AD, rel: 'sponsored', text: 'sekačky za dobré ceny' }],
    });
    const w = world.watcher();
    world.clock = T0 + DAY;
    const [first] = checked(await w.runOnce());
    expect(first).toMatchObject({ problem: 'links', validators: { etag: '"v1"' } });
    expect(world.blog.requests[0]?.headers['if-none-match']).toBeUndefined();
    world.clock = T0 + 3 * DAY;
    await world.redis.zadd(`${world.prefix}:watch:due`, world.clock, '31');
    const [second] = checked(await w.runOnce());
    expect(world.blog.requests[1]?.headers['if-none-match']).toBe('"v1"');
    expect(second).toMatchObject({
      status: 304,
      notModified: true,
      ok: false,
      problem: 'links',
      textSha256: first?.textSha256,
      advertiserLinks: first?.advertiserLinks,
      findings: first?.findings,
    });
    expect(readArticleCheck((await world.store.get(31))?.data ?? {})).toMatchObject({ notModified: true });
  });

  it('the User-Agent names pressbridge, its version and the blog', async () => {
    await cleanThen(article());
    expect(world.blog.requests[0]?.headers['user-agent']).toMatch(
      new RegExp(`^pressbridge/\\d+\\.\\d+\\.\\d+\\S* \\(article check; \\+${world.base}/\\)$`),
    );
  });
});
