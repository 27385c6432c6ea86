import { describe, expect, it } from 'vitest';
import {
  CategoryAnswer,
  type CategoryBlog,
  type CategoryForm,
  CategoryMode,
  categoryFields,
  categoryLines,
  categoryOptions,
} from '../../../../src/setup/answers/categories.js';
import { readAnswer } from '../../../../src/setup/answers/read.js';

const wordpress = { name: 'Můj blog', target: 'wordpress' as const };
const github = { name: 'Jekyll', target: 'github' as const };

function choice(blog: CategoryBlog, form: CategoryForm) {
  const read = readAnswer(CategoryAnswer(blog), form);
  return read.ok ? read.value : { refused: read.problem.en };
}

describe('src/setup/answers/categories', () => {
  it.each([
    ['wordpress', ['default', 'sync', 'map']],
    ['github', ['default', 'map']],
  ] as const)(
    'offers %s the ways %j (GitHub: no list of ids to send), each explained in both languages',
    (target, modes) => {
      const options = categoryOptions(target);
      expect(options.map((o) => o.mode)).toEqual(modes);
      for (const option of options) {
        for (const text of [option.label, option.explain]) {
          expect(text.cs).toMatch(/\S{3}/);
          expect(text.en).toMatch(/\S{3}/);
          expect(text.cs).not.toBe(text.en);
        }
      }
    },
  );

  it.each([
    ['wordpress', 'default', /one WordPress category.*site's default category/],
    [
      'wordpress',
      'sync',
      /replaces this blog's category list in the marketplace with your WordPress categories/,
    ],
    ['wordpress', 'map', /marketplace category number and the id of the WordPress category/],
    ['github', 'default', /one category in its front matter.*none when empty/],
    ['github', 'map', /marketplace category number and the name of the site category/],
  ] as const)('%s %s says what it does and what the blog then shows', (target, mode, said) => {
    const option = categoryOptions(target).find((o) => o.mode === mode);
    expect(option?.explain.en).toMatch(said);
  });

  it('words the fields for the target: WordPress by id, GitHub by name', () => {
    expect(categoryFields('wordpress').category.en).toContain('tag_ID=5');
    expect(categoryFields('wordpress').lines.cs).toContain('ID rubriky');
    expect(categoryFields('github').category.en).toBe('Category name (empty: none)');
  });

  it.each([
    ['WordPress, default, empty: the site’s default', wordpress, { mode: 'default' }, { mode: 'default' }],
    [
      'WordPress, default, an id',
      wordpress,
      { mode: 'default', category: ' 5 ' },
      { mode: 'default', category: 5 },
    ],
    [
      'WordPress, default, a name: refused with where the ids are',
      wordpress,
      { mode: 'default', category: 'Zprávy' },
      { refused: expect.stringMatching(/^Blog Můj blog: give the WordPress category by its id.*tag_ID=5/) },
    ],
    ['WordPress, sync', wordpress, { mode: 'sync', category: 'x' }, { mode: 'sync' }],
    [
      'WordPress, map: marketplace number → WordPress id',
      wordpress,
      { mode: 'map', lines: '3 = 12\r\n 4: 7 \n\n' },
      { mode: 'map', map: { '3': 12, '4': 7 } },
    ],
    [
      'WordPress, map with a name',
      wordpress,
      { mode: 'map', lines: '3 = 12\n4 = Cestování' },
      { refused: expect.stringContaining('by its id') },
    ],
    [
      'WordPress, map with id 0',
      wordpress,
      { mode: 'map', lines: '3 = 0' },
      { refused: expect.stringContaining('by its id') },
    ],
    [
      'a map without a line',
      wordpress,
      { mode: 'map', lines: '  ' },
      { refused: expect.stringContaining('at least one line') },
    ],
    [
      'a map line the other way round',
      github,
      { mode: 'map', lines: 'Cestování = 3' },
      { refused: expect.stringContaining('"marketplace number = blog category"') },
    ],
    [
      'GitHub, map: names, a number stays a name',
      github,
      { mode: 'map', lines: '3 = Cestování\n4 = 2024' },
      { mode: 'map', map: { '3': 'Cestování', '4': '2024' } },
    ],
    [
      'GitHub, default, a name',
      github,
      { mode: 'default', category: 'Hory' },
      { mode: 'default', category: 'Hory' },
    ],
    ['GitHub cannot sync: default', github, { mode: 'sync' }, { mode: 'default' }],
    ['an unknown mode: default', wordpress, { mode: 'everything' }, { mode: 'default' }],
  ] as const)('reads %s', (_name, blog, answer, expected) => {
    expect(choice(blog, answer)).toEqual(expected);
  });

  it.each([
    ['a bad line among good ones', '3 = 12\nfour = 7\n5 = 9'],
    ['a line without its category', '3 = 12\n4 ='],
    ['a line without its number', '= 12'],
  ])('refuses a mapping with %s, whole, in both languages (nothing is dropped)', (_name, lines) => {
    const read = readAnswer(CategoryAnswer(wordpress), { mode: 'map', lines });
    expect(read).toEqual({
      ok: false,
      problem: {
        cs: expect.stringMatching(/^Blog Můj blog: pro vlastní převod napište aspoň jeden řádek/),
        en: expect.stringMatching(/^Blog Můj blog: for your own mapping write at least one line/),
      },
    });
  });

  it('reads the lines as typed, leaving the target’s rules to the answer', () => {
    expect(categoryLines('3 = 12\n4 = Hory a doly')).toEqual({ '3': '12', '4': 'Hory a doly' });
    expect(categoryLines('x = 12')).toBeUndefined();
    expect(categoryLines('3 = 12\nx = 12')).toBeUndefined();
  });

  it.each([
    ['wordpress', 'sync', true],
    ['github', 'sync', false],
    ['github', 'map', true],
    ['wordpress', 'everything', false],
  ] as const)('the terminal asks %s for a way by name: %s offered is %s', (target, mode, offered) => {
    const read = readAnswer(CategoryMode(target), mode);
    expect(read.ok).toBe(offered);
    if (!read.ok) expect(read.problem.en).toMatch(/^Choose one of the ways: default\//);
  });
});
