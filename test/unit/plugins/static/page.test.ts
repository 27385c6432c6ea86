import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import {
  dealMarkerOf,
  hasDealMarker,
  isGeneratedPage,
  renderArticlePage,
  renderDraftPage,
  renderIndexPage,
} from '../../../../plugins/static/page.js';
import { parseArticle } from '../../../../src/render/html.js';
import type { ImageRef } from '../../../../src/render/types.js';
import { ADVERTISER_LINK, ARTICLE_HTML } from './helpers.js';

const PUBLISHED = new Date('2025-05-04T10:00:00Z');

function images(numbers: readonly number[]): Map<number, ImageRef> {
  return new Map(
    numbers.map((n) => [n, { url: `sekacky-${n}.jpg`, alt: `foto ${n}`, width: 320, height: 200 }]),
  );
}

function page(html = ARTICLE_HTML, numbers: readonly number[] = [0, 1, 2], siteName?: string) {
  const article = parseArticle(html, { photoNumbers: numbers });
  const refs = images(numbers);
  return renderArticlePage({
    site: { lang: 'cs', siteName },
    dealId: 4711,
    article: { ...article, title: article.title ?? 'Bez názvu' },
    cover: article.cover === undefined ? undefined : refs.get(article.cover),
    images: refs,
    canonicalUrl: 'https://blog.example.cz/clanky/sekacky/',
    indexHref: '../',
    publishedAt: PUBLISHED,
  });
}

describe('plugins/static/page', () => {
  it('renders a complete HTML5 document with charset, viewport, title, canonical URL and one h1', () => {
    // Act
    const html = page(ARTICLE_HTML, [0, 1, 2], 'Zahrada u Jany');
    const $ = load(html);

    // Assert
    expect(html.startsWith('<!doctype html>\n<html lang="cs">')).toBe(true);
    expect($('head > meta[charset="utf-8"]')).toHaveLength(1);
    expect($('head > meta[name="viewport"]').attr('content')).toBe('width=device-width, initial-scale=1');
    expect($('head > title').text()).toBe('Sekačky & trávníky: průvodce – Zahrada u Jany');
    expect($('head > link[rel="canonical"]').attr('href')).toBe('https://blog.example.cz/clanky/sekacky/');
    expect($('h1')).toHaveLength(1);
    expect($('article > h1').text()).toBe('Sekačky & trávníky: průvodce');
    expect($('header.site a').attr('href')).toBe('../');
    expect($('time').attr('datetime')).toBe(PUBLISHED.toISOString());
    expect($('head > style')).toHaveLength(1);
  });

  it('puts the cover first, right after the heading, and the photos where their markers were', () => {
    // Act
    const $ = load(page());
    const imgs = $('article img')
      .toArray()
      .map((img) => $(img).attr('src'));

    // Assert
    expect(imgs).toEqual(['sekacky-0.jpg', 'sekacky-1.jpg', 'sekacky-2.jpg']);
    const firstFigure = $('article > figure').first();
    expect(firstFigure.hasClass('cover')).toBe(true);
    expect(firstFigure.prevAll('h1')).toHaveLength(1);
    expect(firstFigure.prevAll('p, h2, ul, blockquote').not('.muted')).toHaveLength(0);
    expect($('figure.cover img').attr('loading')).toBeUndefined();
    expect($('figure.cover img').attr('alt')).toBe('foto 0');
    // Photo 1 splits the first paragraph, photo 2 follows the h2.
    expect($('article > figure').eq(1).prev().text()).toBe('Na jaře je trávník nejdůležitější.');
    expect($('article > figure').eq(2).prev().is('h2')).toBe(true);
  });

  it('renders no cover figure when the deal has no cover', () => {
    // Act
    const $ = load(page(ARTICLE_HTML, [1, 2]));

    // Assert
    expect($('figure.cover')).toHaveLength(0);
    expect($('article img')).toHaveLength(2);
  });

  it('leaves no photo markers in the page', () => {
    // Act
    const html = page('<h1>T [foto3]</h1><p>a [foto1] b [FOTO 2] c [foto9]</p>', [0, 1, 2]);

    // Assert
    expect(html).not.toMatch(/\[\s*foto/i);
    expect(load(html)('article img')).toHaveLength(3);
  });

  it('keeps the advertiser’s links exactly as delivered', () => {
    // Act
    const $ = load(page());
    const link = $('article a[rel="sponsored"]');

    // Assert
    expect(link).toHaveLength(1);
    expect(link.attr('href')).toBe(ADVERTISER_LINK);
    expect(link.attr('target')).toBe('_blank');
    expect(link.text()).toBe('Zahradní technika');
  });

  it('escapes the title, the site name and the alt texts, and drops scripts from the body', () => {
    // Arrange
    const article = parseArticle(
      '<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; "uvozovky"</h1><p onclick="x()">Text<script>alert(2)</script></p>',
      { photoNumbers: [0] },
    );
    const cover: ImageRef = { url: 'a.jpg', alt: '"><script>alert(3)</script>' };

    // Act
    const html = renderArticlePage({
      site: { lang: 'cs', siteName: '</title><script>alert(4)</script>' },
      dealId: 1,
      article: { ...article, title: article.title ?? '' },
      cover,
      images: new Map([[0, cover]]),
      canonicalUrl: 'https://blog.example.cz/a/?x="><script>',
      indexHref: undefined,
      publishedAt: PUBLISHED,
    });
    const $ = load(html);

    // Assert
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onclick');
    expect($('h1').text()).toBe('<script>alert(1)</script> & "uvozovky"');
    expect($('title').text()).toBe(
      '<script>alert(1)</script> & "uvozovky" – </title><script>alert(4)</script>',
    );
    expect($('figure.cover img').attr('alt')).toBe('"><script>alert(3)</script>');
    expect($('link[rel="canonical"]').attr('href')).toBe('https://blog.example.cz/a/?x="><script>');
  });

  it('loads nothing from elsewhere: no scripts, no external stylesheets or fonts, photos beside the page', () => {
    // Act
    const $ = load(page());

    // Assert
    expect($('script')).toHaveLength(0);
    expect($('link[rel="stylesheet"], link[rel="preload"], link[rel="preconnect"]')).toHaveLength(0);
    expect($('style').text()).not.toMatch(/@import|url\(/);
    for (const img of $('img').toArray()) expect($(img).attr('src')).toMatch(/^[a-z0-9-]+\.(jpg|webp)$/);
  });

  it('carries the deal marker, recognised only for that exact deal', () => {
    // Act
    const html = page();

    // Assert
    expect(hasDealMarker(html, 4711)).toBe(true);
    expect(hasDealMarker(html, 471)).toBe(false);
    expect(hasDealMarker(html, 47110)).toBe(false);
    expect(dealMarkerOf(html)).toBe(4711);
    expect(dealMarkerOf('<!doctype html><title>x</title>')).toBeUndefined();
    expect(isGeneratedPage(html)).toBe(true);
    expect(isGeneratedPage('<!doctype html><title>Můj blog</title>')).toBe(false);
  });

  it('lists the articles newest first on the index page, escaped, with relative links', () => {
    // Act
    const html = renderIndexPage({ lang: 'cs', siteName: 'Zahrada & dům' }, [
      { href: 'starsi/', title: 'Starší', publishedAt: new Date('2025-01-01T00:00:00Z') },
      {
        href: 'nejnovejsi/',
        title: 'Nejnovější <b>článek</b>',
        publishedAt: new Date('2025-03-01T00:00:00Z'),
      },
      { href: 'prostredni/', title: 'Prostřední', publishedAt: new Date('2025-02-01T00:00:00Z') },
    ]);
    const $ = load(html);

    // Assert
    expect(
      $('ul.articles a')
        .toArray()
        .map((a) => [$(a).attr('href'), $(a).text()]),
    ).toEqual([
      ['nejnovejsi/', 'Nejnovější <b>článek</b>'],
      ['prostredni/', 'Prostřední'],
      ['starsi/', 'Starší'],
    ]);
    expect($('h1').text()).toBe('Zahrada & dům');
    expect($('title').text()).toBe('Zahrada & dům');
    expect(isGeneratedPage(html)).toBe(true);
    expect($('meta[name="pressbridge-deal"]')).toHaveLength(0);
  });

  it('says so when there are no articles yet', () => {
    // Act
    const $ = load(renderIndexPage({ lang: 'cs' }, []));

    // Assert
    expect($('h1').text()).toBe('Články');
    expect($('ul.articles')).toHaveLength(0);
    expect($('main p').text()).toBe('Zatím žádné články.');
  });

  it('renders a draft brief that search engines are told to skip', () => {
    // Act
    const html = renderDraftPage({
      site: { lang: 'cs' },
      dealId: 88,
      title: 'Zadání <i>sekačky</i>',
      briefHtml: '<h2>Zadání</h2><p>Napište o sekačkách.</p>',
      createdAt: PUBLISHED,
    });
    const $ = load(html);

    // Assert
    expect($('meta[name="robots"]').attr('content')).toBe('noindex, nofollow');
    expect(hasDealMarker(html, 88)).toBe(true);
    expect($('h1').text()).toBe('Zadání <i>sekačky</i>');
    expect($('article h2').text()).toBe('Zadání');
    expect($('article p.muted').text()).toContain('Koncept k obchodu 88');
  });
});
