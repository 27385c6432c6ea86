import { describe, expect, it } from 'vitest';
import { articleLinks, linksOf, MAX_LINKS, readPageFacts } from '../../../src/render/article-links.js';
import { parseArticle } from '../../../src/render/html.js';
import { missingLinks as compare, storedLinks } from '../../../src/watch/links.js';
import { nestedDivs } from '../../helpers/hostile-texts.js';

const TEXT = `<h1>Zahrada</h1>
<p>Sekačky prodává <a href="https://shop.example.cz/sekacky?utm=a&amp;b=c" rel="sponsored">obchod</a>.</p>
<ul><li>Viz <a href="https://shop.example.cz/">úvod</a></li></ul>
<table><tr><td><a href="https://tabulka.example.cz/x">tabulka</a></td></tr></table>
<blockquote>Citát <a href="https://shop.example.cz/">znovu</a></blockquote>
<p><a href="#kotva">kotva</a> <a href="mailto:info@example.cz">mail</a> <a href="/relativni">rel</a></p>`;

describe('articleLinks: the advertiser links of a rendered article', () => {
  it('keeps absolute http(s) hrefs decoded, once each, in document order', () => {
    const article = parseArticle(TEXT, { photoNumbers: [] });
    expect(articleLinks(article)).toEqual([
      'https://shop.example.cz/sekacky?utm=a&b=c',
      'https://shop.example.cz/',
      'https://tabulka.example.cz/x',
    ]);
  });

  it('keeps at most MAX_LINKS', () => {
    const many = Array.from(
      { length: MAX_LINKS + 20 },
      (_, i) => `<a href="https://e.example/${i}">${i}</a>`,
    );
    const article = parseArticle(`<p>${many.join(' ')}</p>`, { photoNumbers: [] });
    expect(articleLinks(article)).toHaveLength(MAX_LINKS);
  });
});

describe('missingLinks: href exactly as delivered', () => {
  const expected = ['https://shop.example.cz/sekacky?utm=a&b=c', 'https://shop.example.cz/'];
  /** As the watcher compares: the page read in a render thread, its facts compared here. */
  const missingLinks = (wanted: string[], page: string) => compare(wanted, readPageFacts(page, wanted).links);

  it('finds none when every href is there, whatever the rel, target, text or entity escaping', () => {
    const page = `<html><body><article>
<a href="https://shop.example.cz/sekacky?utm=a&#038;b=c" rel="nofollow noopener" target="_blank">jiný text</a>
<a href="  https://shop.example.cz/ ">úvod</a></article></body></html>`;
    expect(missingLinks(expected, page)).toEqual([]);
  });

  it.each([
    ['a trailing slash removed', 'https://shop.example.cz'],
    ['a plugin redirect', 'https://blog.example.cz/go/shop'],
    ['http instead of https', 'http://shop.example.cz/'],
    ['a tracking parameter added', 'https://shop.example.cz/?ref=blog'],
  ])('counts %s as missing', (_what, href) => {
    const page = `<a href="https://shop.example.cz/sekacky?utm=a&amp;b=c">a</a><a href="${href}">b</a>`;
    expect(missingLinks(expected, page)).toEqual(['https://shop.example.cz/']);
  });

  it('counts a link turned into text as missing', () => {
    expect(missingLinks(expected, '<p>obchod</p><a>bez href</a>')).toEqual(expected);
  });
});

describe('storedLinks', () => {
  it('reads data.watch.links, ignoring anything else', () => {
    expect(storedLinks({ watch: { links: ['https://a.example/', 3] } })).toEqual(['https://a.example/']);
    expect(storedLinks({ watch: 'x' })).toEqual([]);
    expect(storedLinks({})).toEqual([]);
  });

  it('linksOf reads every link of a page', () => {
    expect(linksOf('<a href="x">1</a><a href="x">2</a><a href="y">3</a>')).toEqual(['x', 'y']);
  });
});

describe('reading a page with the tokenizer (no tree)', () => {
  const AD = 'https://shop.example.cz/sekacky?a=1&b=2';

  it('finds a link under 60,000 nested elements, and under 60,000 never closed', () => {
    const link = `<a href="${AD.replace('&', '&amp;')}">x</a>`;
    expect(readPageFacts(nestedDivs(60_000).replace('text', link), [AD])).toEqual({
      links: [AD],
      anchors: 1,
    });
    expect(readPageFacts(`${'<div><span>'.repeat(60_000)}${link}`, [AD]).links).toEqual([AD]);
  });

  it.each([
    ['an unclosed tag before it', `<p><b><table><td><a href="${AD}">x`],
    ['unquoted, upper case, spread over lines', `<A\nHREF=${AD}>x</A>`],
    ['a broken tag before it', `<a<div <p "x"> <a href='${AD}'>x</a>`],
    ['a repeated href attribute: the first counts', `<a href="${AD}" href="https://other.example/">x</a>`],
    ['inside SVG', `<svg><a href="${AD}"><text>x</text></a></svg>`],
    ['a numeric character reference', `<a href="${AD.replace('h', '&#x68;')}">x</a>`],
  ])('reads a link with %s', (_what, page) => {
    expect(readPageFacts(page, [AD]).links).toEqual([AD]);
  });

  it.each([
    ['a comment', `<!-- <a href="${AD}">x</a> -->`],
    ['a script', `<script>document.write('<a href="${AD}">x</a>')</script>`],
    ['a style', `<style>/* <a href="${AD}"> */</style>`],
    ['a textarea', `<textarea><a href="${AD}">x</a></textarea>`],
    ['the title', `<title><a href="${AD}"></title>`],
    ['noscript (read as text with scripting on)', `<noscript><a href="${AD}">x</a></noscript>`],
    ['template (parsed, never shown)', `<template><a href="${AD}">x</a></template>`],
    ['an iframe', `<iframe><a href="${AD}">x</a></iframe>`],
    ['a tag cut off at the end of the page', `<a href="${AD}`],
    ['an href on another element', `<link href="${AD}"><area href="${AD}">`],
  ])('does not count the text of %s as a link', (_what, page) => {
    expect(readPageFacts(`${page}<p>konec</p>`, [AD]).links).toEqual([]);
  });

  it('reads links again after a raw-text element ends', () => {
    const page = `<noscript><a href="${AD}">x</a></noscript><p><a href="https://after.example/">y</a>`;
    expect(linksOf(page)).toEqual(['https://after.example/']);
  });

  it('returns only the hrefs asked for, once each, and counts the links of the page', () => {
    const page = `<a href=" ${AD} ">1</a><a href="https://x.example/">2</a><a href="${AD}">3</a>`;
    expect(readPageFacts(page, [AD, 'https://missing.example/'])).toEqual({ links: [AD], anchors: 3 });
  });
});
