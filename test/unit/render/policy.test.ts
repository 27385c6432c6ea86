import { afterAll, describe, expect, it } from 'vitest';
import { toBlockMarkup } from '../../../plugins/wordpress/blocks.js';
import { BlogConfig } from '../../../src/config/schema.js';
import { renderDeal } from '../../../src/pipeline/render.js';
import { parseArticle } from '../../../src/render/html.js';
import { applyLinkPolicy, extendRel, type LinkRel } from '../../../src/render/links.js';
import { toHtml } from '../../../src/render/plain.js';
import {
  type ArticlePolicy,
  applyPolicy,
  articlePolicy,
  DEFAULT_POLICY,
} from '../../../src/render/policy.js';
import { createRenderPool } from '../../../src/render/pool.js';

const LINK =
  '<a href="https://obchod.example.cz/?a=1&amp;b=2" rel="Sponsored  noopener" title="Obchod">obchod</a>';

const renderPool = createRenderPool({ threads: 2 });
afterAll(() => renderPool.close());

describe('src/render/links', () => {
  it.each<[LinkRel, string, string]>([
    ['keep', '<a href="https://x.cz/">x</a>', '<a href="https://x.cz/">x</a>'],
    ['sponsored', '<a href="https://x.cz/">x</a>', '<a href="https://x.cz/" rel="sponsored">x</a>'],
    ['nofollow', '<a href="https://x.cz/">x</a>', '<a href="https://x.cz/" rel="nofollow">x</a>'],
    [
      'sponsored nofollow',
      '<a href="https://x.cz/">x</a>',
      '<a href="https://x.cz/" rel="sponsored nofollow">x</a>',
    ],
    // The advertiser's tokens stay as written, in place; only what is missing is added after them.
    [
      'sponsored nofollow',
      LINK,
      LINK.replace('rel="Sponsored  noopener"', 'rel="Sponsored  noopener nofollow"'),
    ],
    ['sponsored', LINK, LINK],
    ['keep', '<a rel="external" href="https://x.cz/">x</a>', '<a rel="external" href="https://x.cz/">x</a>'],
    [
      'nofollow',
      '<a rel=" external " href="https://x.cz/">x</a>',
      '<a rel="external nofollow" href="https://x.cz/">x</a>',
    ],
    // A target gets noopener whatever the policy (WordPress adds it on save anyway).
    [
      'keep',
      '<a href="https://x.cz/" target="_blank">x</a>',
      '<a href="https://x.cz/" target="_blank" rel="noopener">x</a>',
    ],
    [
      'sponsored',
      '<a href="https://x.cz/" rel="author" target="okno">x</a>',
      '<a href="https://x.cz/" rel="author sponsored noopener" target="okno">x</a>',
    ],
    [
      'keep',
      '<a href="https://x.cz/" target="_blank" rel="NOOPENER">x</a>',
      '<a href="https://x.cz/" target="_blank" rel="NOOPENER">x</a>',
    ],
    // An anchor without href is no link.
    ['sponsored', '<a name="kotva">x</a>', '<a name="kotva">x</a>'],
    // Nested and repeated links, text and markup around them untouched.
    [
      'nofollow',
      'A <strong><a href="/a">1</a></strong> &amp; <a href="/b"><em>2</em></a>',
      'A <strong><a href="/a" rel="nofollow">1</a></strong> &amp; <a href="/b" rel="nofollow"><em>2</em></a>',
    ],
  ])('%s: %s', (rel, html, expected) => {
    expect(applyLinkPolicy(html, rel)).toBe(expected);
  });

  it.each<[string, string]>([
    // Other quoting than pressbridge's serializer writes: read as HTML reads it, written back as it was.
    [`<a href='/u' rel='x "y"'>t</a>`, `<a href='/u' rel="x &quot;y&quot; nofollow">t</a>`],
    ['<a href=/u TARGET=_blank>t</a>', '<a href=/u TARGET=_blank rel="nofollow noopener">t</a>'],
    ['<a\nhref="/u"\n>t</a>', '<a\nhref="/u" rel="nofollow">t</a>'],
    // The first of two rel attributes is the one HTML reads.
    ['<a rel="a" href="/u" rel="b">t</a>', '<a rel="a nofollow" href="/u" rel="b">t</a>'],
    // An attribute value that looks like rel is not rel.
    [`<a title='rel="nofollow"' href="/u">t</a>`, `<a title='rel="nofollow"' href="/u" rel="nofollow">t</a>`],
    ['<abbr title="x">A</abbr> <a href="/u"/>', '<abbr title="x">A</abbr> <a href="/u" rel="nofollow" />'],
    // Text that is not a whole start tag (never in serialised HTML) ends the rewriting, kept as it is.
    ['<a href="/u">1</a> <a href="/v', '<a href="/u" rel="nofollow">1</a> <a href="/v'],
    ['<a x="<a href=/v>">', '<a x="<a href=/v>">'],
  ])('nofollow on %j', (html, expected) => {
    expect(applyLinkPolicy(html, 'nofollow')).toBe(expected);
  });

  it('returns the very same string when there is no link', () => {
    const html = 'Text &amp; <strong>tučně</strong> &lt;a href&gt;';
    expect(applyLinkPolicy(html, 'sponsored nofollow')).toBe(html);
  });

  it.each([
    [undefined, ['sponsored'], 'sponsored'],
    ['', ['nofollow'], 'nofollow'],
    ['SPONSORED', ['sponsored'], undefined],
    ['a\tb', ['b', 'c'], 'a\tb c'],
  ])('extendRel(%j, %j) → %j', (delivered, add, expected) => {
    expect(extendRel(delivered, add)).toBe(expected);
  });
});

const ARTICLE =
  '<h1>Sekačky</h1><p>Úvod s <a href="https://a.cz/" rel="sponsored">odkazem</a>.</p>' +
  '<ul><li><a href="https://b.cz/" target="_blank">B</a> [foto1]</li></ul>' +
  '<blockquote><p>Q <a href="https://c.cz/">C</a></p><cite><a href="https://d.cz/">D</a></cite></blockquote>' +
  '<table><tr><td><a href="https://e.cz/">E</a></td></tr></table><pre><code><a href="https://f.cz/">F</a></code></pre>';

const policy = (rel: LinkRel, disclosure: ArticlePolicy['disclosure'] = false): ArticlePolicy => ({
  disclosure,
  links: { rel },
});

describe('src/render/policy', () => {
  it('adds the rel tokens to the links of every kind of block', () => {
    const article = applyPolicy(parseArticle(ARTICLE, { photoNumbers: [1] }), policy('nofollow'));
    const html = toHtml(article, new Map());
    for (const host of ['b', 'c', 'd', 'e', 'f']) {
      expect(html).toContain(`href="https://${host}.cz/"`);
    }
    expect(html).toContain('<a href="https://a.cz/" rel="sponsored nofollow">odkazem</a>');
    expect(html).toContain('<a href="https://b.cz/" target="_blank" rel="nofollow noopener">B</a>');
    expect(html).toContain('<cite><a href="https://d.cz/" rel="nofollow">D</a></cite>');
    expect(html.match(/rel="/g)).toHaveLength(6);
  });

  it('keep leaves every link as delivered, but for noopener on a target', () => {
    const parsed = parseArticle(ARTICLE, { photoNumbers: [1] });
    const kept = applyPolicy(parsed, policy('keep'));
    expect(kept.blocks.filter((_, i) => i !== 1)).toEqual(parsed.blocks.filter((_, i) => i !== 1));
    expect(kept.blocks[1]).toMatchObject({
      items: ['<a href="https://b.cz/" target="_blank" rel="noopener">B</a>'],
    });
  });

  it.each([
    ['top', 0],
    ['bottom', -1],
  ] as const)('puts the disclosure label at the %s, after the links are done', (position, at) => {
    const disclosure = { text: 'PR článek', position, className: 'pr' };
    const article = applyPolicy(
      parseArticle(ARTICLE, { photoNumbers: [1] }),
      policy('sponsored', disclosure),
    );
    expect(article.blocks.at(at)).toEqual({ type: 'disclosure', text: 'PR článek', className: 'pr' });
    expect(article.blocks.filter((block) => block.type === 'disclosure')).toHaveLength(1);
  });

  it('adds no label when the blog turned it off', () => {
    const article = applyPolicy(parseArticle(ARTICLE, { photoNumbers: [1] }), policy('keep', false));
    expect(article.blocks.some((block) => block.type === 'disclosure')).toBe(false);
  });

  it('escapes the label as text in every rendering', () => {
    const disclosure = { text: '<b>Reklama</b> & "PR"', position: 'top', className: 'a b' } as const;
    const article = applyPolicy(parseArticle('<p>x</p>', { photoNumbers: [] }), policy('keep', disclosure));
    expect(toHtml(article, new Map())).toBe(
      '<p class="a b" role="note">&lt;b&gt;Reklama&lt;/b&gt; &amp; "PR"</p>\n<p>x</p>',
    );
    expect(toBlockMarkup(article, new Map())).toContain(
      '<!-- wp:paragraph {"className":"a b"} -->\n<p class="a b">&lt;b&gt;Reklama&lt;/b&gt; &amp; "PR"</p>\n<!-- /wp:paragraph -->',
    );
  });

  it('renderDeal applies the blog policy; without one, the defaults (label on top, links kept)', async () => {
    const input = { dealId: 7, html: ARTICLE, photos: [] };
    const byDefault = (await renderDeal(renderPool, input)).article;
    expect(byDefault.blocks[0]).toEqual({
      type: 'disclosure',
      text: 'Komerční sdělení',
      className: 'pressbridge-disclosure',
    });
    const configured = (await renderDeal(renderPool, { ...input, policy: policy('sponsored') })).article;
    expect(configured.blocks[0]?.type).toBe('paragraph');
    expect(toHtml(configured, new Map())).toContain('<a href="https://c.cz/" rel="sponsored">C</a>');
  });
});

describe('blogs[].disclosure and blogs[].links in the config', () => {
  const blog = (extra: Record<string, unknown>) =>
    BlogConfig.safeParse({ id: 1, publisher: 'wordpress', ...extra });
  const parsed = (extra: Record<string, unknown>) => {
    const result = blog(extra);
    if (!result.success) throw new Error(JSON.stringify(result.error.issues));
    return articlePolicy(result.data);
  };

  it('defaults to the label on top and links as delivered', () => {
    expect(parsed({})).toEqual(DEFAULT_POLICY);
    expect(DEFAULT_POLICY).toEqual({
      disclosure: { text: 'Komerční sdělení', position: 'top', className: 'pressbridge-disclosure' },
      links: { rel: 'keep' },
    });
    expect(parsed({ disclosure: true })).toEqual(DEFAULT_POLICY);
  });

  it('turns the label off only with false, and fills in what an object leaves out', () => {
    expect(parsed({ disclosure: false }).disclosure).toBe(false);
    expect(parsed({ disclosure: { position: 'bottom' } }).disclosure).toEqual({
      text: 'Komerční sdělení',
      position: 'bottom',
      className: 'pressbridge-disclosure',
    });
    expect(parsed({ disclosure: { text: '  Reklamní sdělení ', className: 'ad note' } }).disclosure).toEqual({
      text: 'Reklamní sdělení',
      position: 'top',
      className: 'ad note',
    });
    expect(parsed({ links: { rel: 'sponsored nofollow' } }).links).toEqual({ rel: 'sponsored nofollow' });
  });

  it.each([
    [{ disclosure: 'no' }, ['disclosure'], 'must be false, true or { text, position, className }'],
    [{ disclosure: null }, ['disclosure'], 'must be false, true or { text, position, className }'],
    [
      { disclosure: { text: '  ' } },
      ['disclosure', 'text'],
      'must not be empty (to turn the label off write disclosure: false)',
    ],
    [{ disclosure: { position: 'middle' } }, ['disclosure', 'position'], 'must be top or bottom'],
    [{ disclosure: { className: 'x" onclick="y' } }, ['disclosure', 'className'], 'must be CSS class names'],
    [{ disclosure: { colour: 'red' } }, ['disclosure'], 'Unrecognized key: "colour"'],
    [
      { links: { rel: 'ugc' } },
      ['links', 'rel'],
      'must be keep, sponsored, nofollow or "sponsored nofollow"',
    ],
    [{ links: 'sponsored' }, ['links'], 'expected object'],
  ])('refuses %j with a readable error', (extra, path, message) => {
    const result = blog(extra);
    expect(result.success).toBe(false);
    const issue = result.error?.issues[0];
    expect(issue?.path).toEqual(path);
    expect(issue?.message).toContain(message);
  });
});
