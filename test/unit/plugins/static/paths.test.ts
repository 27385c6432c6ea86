import { describe, expect, it } from 'vitest';
import {
  articlePath,
  imageFileName,
  isSafeArticlePath,
  parseRequestPath,
  pathToRoot,
  slugFromPath,
  suffixedSlug,
} from '../../../../plugins/static/paths.js';
import { safeSlug } from '../../../../src/publisher/kit/index.js';

describe('plugins/static/paths', () => {
  it.each([
    ['/', [], true],
    ['/index.html', ['index.html'], false],
    ['/sekacky/', ['sekacky'], true],
    ['/sekacky/sekacky-1.jpg?v=2', ['sekacky', 'sekacky-1.jpg'], false],
    ['/ml%C3%A9ko/', ['mléko'], true],
  ])('accepts %s', (raw, segments, trailingSlash) => {
    expect(parseRequestPath(raw)).toEqual({ ok: true, segments, trailingSlash });
  });

  it.each([
    ['/../etc/passwd', 404],
    ['/sekacky/../../etc/passwd', 404],
    ['/%2e%2e/etc/passwd', 404],
    ['/%2E%2E%2Fetc%2Fpasswd', 404],
    ['/..%2f..%2fetc/passwd', 404],
    ['/sekacky/..%5c..%5cetc', 404],
    ['/sekacky%2f..%2f..%2fetc', 404],
    ['/./index.html', 404],
    ['/.drafts/1-zadani.html', 404],
    ['/%2edrafts/1-zadani.html', 404],
    ['/.pressbridge/deals/1.json', 404],
    ['/sekacky/.htaccess', 404],
    ['//etc/passwd', 404],
    ['/a%00.html', 404],
    ['/%20/', 404],
    ['/%E0%A4%A', 400],
    ['/%zz', 400],
    ['http://evil.example/', 400],
    ['*', 400],
  ])('refuses %s with %i', (raw, status) => {
    expect(parseRequestPath(raw)).toEqual({ ok: false, status });
  });

  it('keeps a valid slug and makes anything else one', () => {
    expect(safeSlug('sekacky-a-travniky')).toBe('sekacky-a-travniky');
    expect(safeSlug('../../etc')).toBe('etc');
    expect(safeSlug('Sekačky a trávníky')).toBe('sekacky-a-travniky');
    expect(safeSlug('.hidden')).toBe('hidden');
    expect(safeSlug('///')).toBe('clanek');
  });

  it('numbers the slug from the second attempt on, and fills in the pattern', () => {
    expect(suffixedSlug('sekacky', 1)).toBe('sekacky');
    expect(suffixedSlug('sekacky', 2)).toBe('sekacky-2');
    expect(articlePath('{slug}/', 'sekacky-2', 7)).toBe('sekacky-2/');
    expect(articlePath('clanky/{dealId}-{slug}/', 'sekacky', 7)).toBe('clanky/7-sekacky/');
  });

  it('finds the slug again in a folder made from the pattern', () => {
    expect(slugFromPath('{slug}/', 'sekacky-2/', 7)).toBe('sekacky-2');
    expect(slugFromPath('clanky/{dealId}-{slug}/', 'clanky/7-sekacky/', 7)).toBe('sekacky');
    expect(slugFromPath('clanky/{dealId}-{slug}/', 'clanky/8-sekacky/', 7)).toBeUndefined();
    expect(slugFromPath('a.b/{slug}/', 'aXb/sekacky/', 7)).toBeUndefined();
  });

  it.each([
    ['sekacky/', true],
    ['clanky/sekacky-2/', true],
    ['sekacky', false],
    ['../sekacky/', false],
    ['.drafts/', false],
    ['/etc/', false],
    ['a//b/', false],
    ['a b/', false],
  ])('treats %j as a safe article folder: %s', (path, safe) => {
    expect(isSafeArticlePath(path)).toBe(safe);
  });

  it('leads back to the index from an article folder of any depth', () => {
    expect(pathToRoot('sekacky/')).toBe('../');
    expect(pathToRoot('clanky/2025/sekacky/')).toBe('../../../');
  });

  it.each([
    [{ n: 1, filename: 'sekacky-1.jpg', contentType: 'image/jpeg' as const }, 'sekacky-1.jpg'],
    [{ n: 2, filename: 'sekacky-2.webp', contentType: 'image/webp' as const }, 'sekacky-2.webp'],
    [{ n: 1, filename: '../../evil.jpg', contentType: 'image/jpeg' as const }, 'sekacky-1.jpg'],
    [{ n: 1, filename: '.hidden.jpg', contentType: 'image/jpeg' as const }, 'sekacky-1.jpg'],
    [{ n: 1, filename: 'photo.png', contentType: 'image/jpeg' as const }, 'sekacky-1.jpg'],
    [{ n: 0, filename: 'index.html', contentType: 'image/webp' as const }, 'sekacky-0.webp'],
  ])('names the photo %j as %s', (image, expected) => {
    expect(imageFileName(image, 'sekacky')).toBe(expected);
  });
});
