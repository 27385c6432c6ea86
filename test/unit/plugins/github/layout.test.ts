import { describe, expect, it } from 'vitest';
import {
  dateParts,
  expand,
  type Layout,
  permalinkOf,
  planArticle,
  resolveUrlPattern,
} from '../../../../plugins/github/layout.js';
import { repoPathProblem, urlPatternProblem } from '../../../../plugins/github/presets.js';
import type { PublishImage } from '../../../../src/publisher/types.js';

const layout: Layout = {
  paths: {
    article: '_posts/{yyyy}-{mm}-{dd}-{slug}.{ext}',
    images: 'assets/images/{slug}/',
    imageUrl: '{sitePath}assets/images/{slug}/{filename}',
    coverUrl: '/assets/images/{slug}/{filename}',
    draft: '_drafts/{slug}.{ext}',
  },
  url: 'https://jana.github.io/blog/{yyyy}/{mm}/{dd}/{slug}.html',
  siteUrl: 'https://jana.github.io/blog/',
  ext: 'md',
};

function image(n: number, contentType: PublishImage['contentType'] = 'image/jpeg'): PublishImage {
  return {
    n,
    bytes: Buffer.from([n]),
    contentType,
    filename: `whatever-${n}.jpg`,
    alt: `alt ${n}`,
    width: 1,
    height: 1,
  };
}

describe('plugins/github/layout', () => {
  it.each([
    ['a winter evening in Prague (UTC+1)', '2026-11-21T23:30:00Z', { yyyy: '2026', mm: '11', dd: '22' }],
    ['a summer evening in Prague (UTC+2)', '2026-07-31T22:30:00Z', { yyyy: '2026', mm: '08', dd: '01' }],
    ['New Year in Prague', '2025-12-31T23:00:00Z', { yyyy: '2026', mm: '01', dd: '01' }],
  ])('dates %s on the Prague calendar', (_name, instant, expected) => {
    expect(dateParts(new Date(instant))).toEqual(expected);
  });

  it('plans paths, references and the URL of a deal', () => {
    // Act
    const plan = planArticle(layout, {
      dealId: 77,
      slug: 'vylet-do-tater',
      date: new Date('2026-11-21T21:40:00Z'),
      images: [image(2, 'image/webp'), image(0), image(1), image(3)],
      usedPhotos: new Set([1, 2]),
    });

    // Assert
    expect(plan).toMatchObject({
      slug: 'vylet-do-tater',
      path: '_posts/2026-11-21-vylet-do-tater.md',
      url: 'https://jana.github.io/blog/2026/11/21/vylet-do-tater.html',
      permalink: '/2026/11/21/vylet-do-tater.html',
      cover: {
        n: 0,
        path: 'assets/images/vylet-do-tater/vylet-do-tater-0.jpg',
        ref: '/assets/images/vylet-do-tater/vylet-do-tater-0.jpg',
      },
    });
    // Photo 3 has no marker in the article: not committed.
    expect(plan.images.map(({ n, path, ref }) => ({ n, path, ref }))).toEqual([
      {
        n: 1,
        path: 'assets/images/vylet-do-tater/vylet-do-tater-1.jpg',
        ref: '/blog/assets/images/vylet-do-tater/vylet-do-tater-1.jpg',
      },
      {
        n: 2,
        path: 'assets/images/vylet-do-tater/vylet-do-tater-2.webp',
        ref: '/blog/assets/images/vylet-do-tater/vylet-do-tater-2.webp',
      },
    ]);
  });

  it.each([
    ['a page bundle (Hugo)', 'https://hory.cz/blog/posts/{slug}/', 'posts/vylet/vylet-0.jpg'],
    ['a page file', 'https://hory.cz/blog/{yyyy}/{slug}.html', '2026/vylet-0.jpg'],
    ['an address off the site', 'https://jinde.cz/clanky/{slug}/', 'clanky/vylet/vylet-0.jpg'],
  ])('fills {urlPath} with the folder of the article’s address below the site: %s', (_name, url, cover) => {
    const plan = planArticle(
      {
        ...layout,
        paths: { ...layout.paths, coverUrl: '{urlPath}{filename}' },
        url,
        siteUrl: 'https://hory.cz/blog/',
      },
      {
        dealId: 1,
        slug: 'vylet',
        date: new Date('2026-11-21T21:40:00Z'),
        images: [image(0)],
        usedPhotos: new Set(),
      },
    );
    expect(plan.cover?.ref).toBe(cover);
  });

  it('remakes a slug that is not a plain one, so it cannot reach outside its folder', () => {
    const plan = planArticle(layout, {
      dealId: 1,
      slug: '../../.git/Hooks',
      date: new Date('2026-11-21T21:40:00Z'),
      images: [],
      usedPhotos: new Set(),
    });
    expect(plan.path).toBe('_posts/2026-11-21-git-hooks.md');
  });

  it('fills placeholders and resolves URL patterns against the site', () => {
    expect(
      expand('{yyyy}/{mm}/{dealId}-{slug}{unknown}', {
        yyyy: '2026',
        mm: '01',
        dd: '02',
        slug: 's',
        dealId: '9',
      }),
    ).toBe('2026/01/9-s{unknown}');
    expect(resolveUrlPattern('/clanky/{slug}/', 'https://x.cz/blog/')).toBe(
      'https://x.cz/blog/clanky/{slug}/',
    );
    expect(resolveUrlPattern('https://y.cz/{slug}', 'https://x.cz/')).toBe('https://y.cz/{slug}');
    expect(permalinkOf('https://x.cz/blog/a/', 'https://x.cz/blog/')).toBe('/a/');
    expect(permalinkOf('https://y.cz/a/', 'https://x.cz/blog/')).toBeUndefined();
  });

  it.each([
    ['content/{slug}.md', 'article', undefined],
    ['content/{slug}/', 'article', 'must be a file, e.g. "content/blog/{slug}.{ext}"'],
    ['/content/{slug}.md', 'article', 'must be relative to the repository root (no leading "/")'],
    ['content//{slug}.md', 'article', 'must not contain empty folder names ("//")'],
    [
      'content/{slug} x.md',
      'article',
      '"{slug} x.md" may hold only letters a-z, digits, ".", "-", "_" and placeholders',
    ],
    ['.git/{slug}', 'article', 'must not write into .git/'],
    ['img/{filename}/', 'images', expect.stringContaining('unknown placeholder {filename}')],
    ['public/', 'images', undefined],
  ] as const)('path pattern %s (%s)', (pattern, kind, expected) => {
    expect(repoPathProblem(pattern, kind)).toEqual(expected);
  });

  it.each([
    ['{yyyy}/{slug}/', 'url', undefined],
    ['{slug}/?p=1', 'url', 'must not contain ?query or #fragment'],
    [
      'ftp://x.cz/{slug}',
      'url',
      'must be an http(s) address, a path beginning with "/", or a path relative to the page',
    ],
    ['/img/{slug}.jpg', 'imageUrl', 'must contain {filename}'],
    ['{filename}', 'coverUrl', undefined],
  ] as const)('URL pattern %s (%s)', (pattern, kind, expected) => {
    expect(urlPatternProblem(pattern, kind)).toEqual(expected);
  });
});
