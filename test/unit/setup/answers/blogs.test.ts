import { describe, expect, it } from 'vitest';
import { BlogTarget, BlogTargets } from '../../../../src/setup/answers/blogs.js';
import { readAnswer } from '../../../../src/setup/answers/read.js';

describe('src/setup/answers/blogs', () => {
  it.each([
    [
      'one blog published',
      [
        { id: 1, target: 'static' },
        { id: 2, target: 'none' },
      ],
      true,
    ],
    [
      'every blog somewhere',
      [
        { id: 1, target: 'wordpress' },
        { id: 2, target: 'github' },
      ],
      true,
    ],
    [
      'none published',
      [
        { id: 1, target: 'none' },
        { id: 2, target: 'none' },
      ],
      'Choose at least one blog.',
    ],
    ['no blog at all', [], 'Choose at least one blog.'],
    [
      'a target nobody offers',
      [{ id: 1, target: 'ftp' }],
      'Where to publish: choose one of wordpress/github/static/none.',
    ],
  ])('blogs: %s', (_name, form, expected) => {
    const answer = readAnswer(BlogTargets, form);
    expect(answer.ok ? true : answer.problem.en).toEqual(expected);
  });

  it('says a refused target in Czech too', () => {
    const answer = readAnswer(BlogTarget, 'wordpres');
    expect(answer).toEqual({
      ok: false,
      problem: {
        cs: 'Kam publikovat: zvolte jedno z wordpress/github/static/none.',
        en: 'Where to publish: choose one of wordpress/github/static/none.',
      },
    });
  });
});
