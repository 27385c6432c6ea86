import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { chooseCategories } from '../../../../plugins/github/categories.js';
import {
  countRichLinks,
  escapeTemplateSyntax,
  renderBody,
  renderFrontMatter,
} from '../../../../plugins/github/content.js';
import { PRESET_DEFAULTS } from '../../../../plugins/github/presets.js';
import { parseArticle, parseFragmentBlocks } from '../../../../src/render/html.js';

/** An article's front matter (Hugo's keys) with this title. */
function articleFrontMatter(title: string): string {
  return renderFrontMatter({
    keys: PRESET_DEFAULTS.hugo.keys,
    title,
    date: new Date('2026-07-01T08:00:00Z'),
    slug: 'sekacky',
    categories: [],
    cover: undefined,
    permalink: undefined,
    dealId: 5,
    draft: false,
    extra: {},
  });
}

describe('plugins/github/content', () => {
  it.each([
    ['{{ site.title }}', '&#123;{ site.title }}'],
    ['{% include x.html %}', '&#123;% include x.html %}'],
    ['{{< youtube id >}}', '&#123;{< youtube id >}}'],
    ['{# komentář #}', '&#123;# komentář #&#125;'],
    ['osamělé #} (Nunjucks fails the build on it)', 'osamělé #&#125; (Nunjucks fails the build on it)'],
    ['{ obyčejné závorky }', '{ obyčejné závorky }'],
  ])('neutralises template syntax in %j (code: where references cannot stand)', (text, expected) => {
    expect(escapeTemplateSyntax(text)).toBe(expected);
  });

  it('turns the sanitised HTML into Markdown: nested lists, ordered lists, quotes, code, keeps rich links as HTML', () => {
    // Arrange
    const blocks = parseFragmentBlocks(
      '<ol><li>první</li><li>čtvrtý<ul><li>vnořený</li></ul></li></ol>' +
        '<blockquote><p>Citát</p><p>druhý odstavec</p></blockquote>' +
        '<pre><code>npm start</code></pre>' +
        '<p><a href="https://a.cz/" target="_blank" rel="noopener sponsored">A</a> a <a href="https://b.cz/" title="B">B</a> 1. místo <s>staré</s></p>',
    );

    // Act
    const body = renderBody({ blocks, images: new Map(), format: 'markdown', rawHtml: true });

    // Assert
    expect(body).toEqual({
      text: [
        '1. první',
        '2. čtvrtý',
        '   - vnořený',
        '',
        '> Citát',
        '>',
        '> druhý odstavec',
        '',
        '```',
        'npm start',
        '```',
        '',
        '<a href="https://a.cz/" target="_blank" rel="noopener sponsored">A</a> a [B](https://b.cz/ "B") 1. místo ~~staré~~',
      ].join('\n'),
      linksSimplified: 0,
    });
  });

  it('counts the links that would lose attributes as plain Markdown', () => {
    expect(
      countRichLinks('<a href="x">a</a> <a href="y" rel="sponsored">b</a> <a title="t" href="z">c</a>'),
    ).toBe(1);
  });

  it('writes a brief front matter as a draft, quoting what YAML 1.1 would misread', () => {
    const yaml = renderFrontMatter({
      keys: PRESET_DEFAULTS.hugo.keys,
      title: 'yes',
      date: new Date('2026-07-01T08:00:00Z'),
      slug: 'yes',
      categories: [],
      cover: undefined,
      permalink: undefined,
      dealId: 5,
      draft: true,
      extra: { weight: 10, toc: 'on' },
    });
    expect(yaml).toBe(
      '---\ntitle: "yes"\ndate: 2026-07-01T10:00:00+02:00\nslug: "yes"\nweight: 10\ntoc: "on"\ndraft: true\npressbridge_deal: 5\n---\n',
    );
  });

  it.each([
    ['an image tag', '<img src=x onerror=alert(1)> Sekačky'],
    ['quotes of both kinds', `"Nejlepší" sekačky za 'rozumnou' cenu`],
    ['a colon and a hash', 'Sekačky: test #1 – vítěz'],
    ['a document separator', '--- Sekačky ---'],
    ['a line break', 'Sekačky\ntitle: injected'],
    ['template syntax', '{{ site.title }} {% raw %} sekačky'],
    ['YAML indicators first', '& * ! % @ ` | > - ? sekačky'],
    ['a YAML 1.1 boolean', 'no'],
    ['a script end tag', '</script><script>alert(1)</script>'],
  ])('writes a title with %s as one YAML string that reads back exactly', (_name, title) => {
    const yaml = articleFrontMatter(title);
    const body = yaml.slice('---\n'.length, -'---\n'.length);

    for (const version of ['1.1', '1.2'] as const) {
      const parsed = parse(body, { version }) as Record<string, unknown>;
      expect(parsed.title).toBe(title);
      expect(Object.keys(parsed)).toEqual(['title', 'date', 'slug', 'pressbridge_deal']);
    }
    expect(body.split('\n')[0]).toMatch(/^title: "/);
  });

  it.each([
    [true, 'Viz https:<!---->//evil.example/ a www<!---->.evil.example, jana<!---->@example.cz'],
    [false, 'Viz https&#58;//evil.example/ a www&#46;evil.example, jana&#64;example.cz'],
  ])('writes bare addresses so that no generator links them (rawHtml %s)', (rawHtml, expected) => {
    const blocks = parseFragmentBlocks(
      '<p>Viz https://evil.example/ a www.evil.example, jana@example.cz</p>',
    );
    expect(renderBody({ blocks, images: new Map(), format: 'markdown', rawHtml }).text).toBe(expected);
  });

  it('writes photos as tags with rawHtml (exact alt text), as Markdown images where the generator takes them', () => {
    const { blocks } = parseArticle('<h1>T</h1><p>[foto1]</p>', { photoNumbers: [1] });
    const images = new Map([[1, { url: 'a-1.jpg', alt: 'H&M {{ x }} `k` *a*', width: 320, height: 200 }]]);
    const body = (photos: 'html' | 'markdown', rawHtml: boolean) =>
      renderBody({ blocks, images, format: 'markdown', rawHtml, photos }).text;

    expect(body('html', true)).toBe(
      '<img src="a-1.jpg" alt="H&amp;M &#123;&#123; x &#125;&#125; `k` *a*" width="320" height="200" loading="lazy">',
    );
    expect(body('markdown', true)).toBe('![H&amp;M &#123;&#123; x &#125;&#125; \\`k\\` \\*a\\*](a-1.jpg)');
    expect(body('html', false)).toBe(body('markdown', true));
  });

  it.each([
    [false, 'Tipy & triky: <b>tučně</b> "x"', 'description: "Tipy & triky: <b>tučně</b> \\"x\\""'],
    [
      true,
      'Tipy & triky: <b>tučně</b> "x"',
      'description: "Tipy &amp; triky: &lt;b&gt;tučně&lt;/b&gt; \\"x\\""',
    ],
  ])(
    'writes the description as text, or as HTML for templates that print it as it is (%s)',
    (html, text, line) => {
      const yaml = renderFrontMatter({
        keys: PRESET_DEFAULTS.jekyll.keys,
        title: 'T',
        description: text,
        htmlDescription: html,
        date: new Date('2026-07-01T08:00:00Z'),
        slug: 't',
        categories: [],
        cover: undefined,
        permalink: undefined,
        dealId: 5,
        draft: false,
        extra: {},
      });
      expect(yaml.split('\n').slice(1, 3)).toEqual(['title: "T"', line]);
    },
  );

  it('writes an image tag in a title as escaped YAML text', () => {
    const yaml = articleFrontMatter('<img src=x onerror=alert(1)> "Sekačky"');
    expect(yaml.split('\n')[1]).toBe('title: "<img src=x onerror=alert(1)> \\"Sekačky\\""');
  });

  it.each([
    ['a mapped id', 12, { names: ['Cestování'], source: 'mapped' }],
    ['no category', null, { names: ['Ostatní'], source: 'default' }],
    [
      'an unknown id',
      99,
      {
        names: ['Ostatní'],
        source: 'default',
        warning:
          'marketplace category 99 is not in the option categories; using the default category Ostatní',
      },
    ],
  ])('maps %s to front-matter categories', (_name, categoryId, expected) => {
    const options = { categories: new Map([[12, ['Cestování']]]), defaultCategory: ['Ostatní'] };
    expect(chooseCategories(options, categoryId)).toEqual(expected);
  });

  it('writes the id itself with identity, and nothing without a default', () => {
    expect(chooseCategories({ categories: 'identity', defaultCategory: undefined }, 7)).toEqual({
      names: ['7'],
      source: 'identity',
    });
    expect(chooseCategories({ categories: new Map(), defaultCategory: undefined }, null)).toEqual({
      names: [],
      source: 'none',
    });
  });
});
