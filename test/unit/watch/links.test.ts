import { describe, expect, it } from 'vitest';
import { parseArticle } from '../../../src/render/html.js';
import { articleLinks, linksOf, MAX_LINKS, missingLinks, storedLinks } from '../../../src/watch/links.js';

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
