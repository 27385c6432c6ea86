import { describe, expect, it } from 'vitest';
import {
  commitMessage,
  frontMatterDealId,
  mentionsDeal,
  parseTrailers,
  pullRequestTitle,
} from '../../../../plugins/github/marker.js';

describe('plugins/github/marker', () => {
  it('writes a commit message that says the deal and carries the path and URL as trailers', () => {
    const info = {
      kind: 'article' as const,
      dealId: 12,
      title: 'Velmi dlouhý nadpis článku, který se do předmětu commitu nevejde celý, protože je moc dlouhý',
      path: 'content/a.md',
      url: 'https://x.cz/a/',
    };
    const message = commitMessage(info);
    expect(message.split('\n')[0]).toBe(
      'Publish "Velmi dlouhý nadpis článku, který se do předmětu commitu ne…" (pressbridge deal 12)',
    );
    expect(pullRequestTitle(info)).toBe(message.split('\n')[0]);
    expect(parseTrailers(message)).toEqual({ kind: 'article', path: 'content/a.md', url: 'https://x.cz/a/' });
    expect(mentionsDeal(message, 12)).toBe(true);
  });

  it.each([
    ['Publish "x" (pressbridge deal 12)', 12, true],
    ['Publish "x" (pressbridge deal 123)', 12, false],
    ['Merge pull request #3 from jana/pressbridge/deal-12\n\nPublish "x" (Pressbridge deal 12)', 12, true],
    ['Squashed\n\nPressbridge-Deal: 12', 12, true],
    ['Fix typo in deal 12', 12, false],
  ])('%j mentions deal %i: %s', (message, dealId, expected) => {
    expect(mentionsDeal(message, dealId)).toBe(expected);
  });

  it('ignores a trailer URL that is not http(s)', () => {
    expect(parseTrailers('Pressbridge-Kind: brief\nPressbridge-Url: javascript:alert(1)')).toEqual({
      kind: 'brief',
      path: undefined,
      url: undefined,
    });
  });

  it.each([
    ['---\ntitle: x\npressbridge_deal: 42\n---\n\nText', 42],
    ['---\r\ntitle: x\r\npressbridge_deal: "42"\r\n---\r\n', 42],
    ['---\ntitle: x\npressbridge_deal: 42 # pressbridge\n...\nText', 42],
    ['---\ntitle: x\n---\n\npressbridge_deal: 42', undefined],
    ['title: x\npressbridge_deal: 42\n', undefined],
    ['---\nnot_pressbridge_deal: 42\n---\n', undefined],
  ])('reads the deal id from the front matter of %j', (text, expected) => {
    expect(frontMatterDealId(text, 'pressbridge_deal')).toBe(expected);
  });
});
