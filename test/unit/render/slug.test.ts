import { describe, expect, it } from 'vitest';
import { slugify } from '../../../src/render/slug.js';

describe('src/render/slug', () => {
  it.each([
    ['Příliš žluťoučký kůň úpěl ďábelské ódy', 'prilis-zlutoucky-kun-upel-dabelske-ody'],
    ['Příliš žluťoučký kůň', 'prilis-zlutoucky-kun'],
    ['ŘEŠENÍ ŮČTŮ A DĚTÍ', 'reseni-uctu-a-deti'],
    ['Łódź, Øresund, Straße, Æsir, Đakovo, þorn', 'lodz-oresund-strasse-aesir-dakovo-thorn'],
    ['Crème brûlée à la française', 'creme-brulee-a-la-francaise'],
    ['  --Hello,   World!!--  ', 'hello-world'],
    ['Kola & koloběžky 2024', 'kola-a-kolobezky-2024'],
    ['Nejlepší 🚲 kola 🎉', 'nejlepsi-kola'],
    ['½ ceny – ﬁnále', '1-2-ceny-finale'],
    ['🚲🎉', 'clanek'],
    ['!!! ??? ...', 'clanek'],
    ['', 'clanek'],
    ['Привет мир', 'clanek'],
  ])('%j → %s', (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });

  it.each([
    ['Příliš žluťoučký kůň úpěl ďábelské ódy', 20, 'prilis-zlutoucky-kun'],
    ['Příliš žluťoučký kůň úpěl ďábelské ódy', 21, 'prilis-zlutoucky-kun'],
    ['Příliš žluťoučký kůň úpěl ďábelské ódy', 19, 'prilis-zlutoucky'],
    ['Příliš žluťoučký kůň', 6, 'prilis'],
    ['Nejneobhospodařovávatelnějšími', 10, 'nejneobhos'],
  ])('%j cut at %i → %s', (title, max, expected) => {
    expect(slugify(title, max)).toBe(expected);
  });

  it('keeps the default limit of 80 characters and never ends with a hyphen', () => {
    const slug = slugify('slovo '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});
