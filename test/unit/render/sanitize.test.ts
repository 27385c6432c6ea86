import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';
import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, disallowedScheme } from '../../../src/render/allowlist.js';
import { RenderLimitError } from '../../../src/render/limits.js';
import { MAX_DEPTH, parseClean, serialize } from '../../../src/render/sanitize.js';
import { SANITIZE_CORPUS } from './sanitize-corpus.js';

/** Every element and attribute of `html` is on the allowlist, and no link has another scheme. */
function expectAllowlisted(html: string): void {
  const $ = load(html, null, false);
  for (const element of $('*').toArray() as Array<{ name: string; attribs: Record<string, string> }>) {
    expect(ALLOWED_TAGS).toContain(element.name);
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(ALLOWED_ATTRIBUTES[element.name] ?? []).toContain(name);
      if (name === 'href') expect(disallowedScheme(value)).toBeUndefined();
    }
  }
}

describe('src/render/sanitize', () => {
  it('has a corpus of at least 100 vectors', () => {
    expect(SANITIZE_CORPUS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(SANITIZE_CORPUS)('%s', (_name, html, expected, removed) => {
    const clean = parseClean(html);
    const output = serialize(clean.nodes);

    expect(output).toBe(expected);
    expect(clean.removed).toEqual(removed);
    expectAllowlisted(output);
  });

  it.each([
    ['javascript:alert(1)', 'javascript'],
    [`${' '.repeat(300)}javascript:alert(1)`, 'javascript'],
    [`j${'\t\n\r'.repeat(100)}avascript:alert(1)`, 'javascript'],
    ['DATA:text/html,x', 'data'],
    ['https://x.cz/', undefined],
    ['mailto:a@b.cz', undefined],
    ['/relative:path', undefined],
    ['java%0ascript:alert(1)', undefined],
  ])('disallowedScheme(%j) is %s', (url, scheme) => {
    expect(disallowedScheme(url)).toBe(scheme);
  });

  it.each([
    [
      'a link text that reads as another address',
      '<p><a href="https://bank.example/">\u202Emoc.knab</a></p>',
      '<p><a href="https://bank.example/">moc.knab</a></p>',
    ],
    [
      'a link title, the href left as sent',
      '<p><a href="https://b.example/\u202Ex" title="\u202Egnp.exe">a</a></p>',
      '<p><a href="https://b.example/\u202Ex" title="gnp.exe">a</a></p>',
    ],
    ['an isolate and a zero-width space', '<p>Cena\u2066 100\u2069\u200B Kč</p>', '<p>Cena 100 Kč</p>'],
    [
      'an emoji sequence kept',
      '<p>\u{1F469}\u200D\u{1F4BB} a\u00A0b</p>',
      '<p>\u{1F469}\u200D\u{1F4BB} a&nbsp;b</p>',
    ],
  ])('the text loses invisible characters: %s', (_name, html, expected) => {
    expect(serialize(parseClean(html).nodes)).toBe(expected);
  });

  it('names more than 40 distinct removals as a count', () => {
    const attributes = Array.from({ length: 45 }, (_, i) => `data-x${i}="1"`).join(' ');
    const clean = parseClean(`<p ${attributes}>a</p>`);

    expect(clean.removed).toHaveLength(41);
    expect(clean.removed[0]).toBe('data-x0 attribute');
    expect(clean.removed[40]).toBe('5 more');
  });

  it('bounds the tree depth without losing text', () => {
    const depth = 10_000;
    const clean = parseClean(`${'<b>'.repeat(depth)}hluboko${'</b>'.repeat(depth)}`);
    let level = 0;
    let nodes = clean.nodes;
    while (nodes[0]?.kind === 'element') {
      level += 1;
      nodes = nodes[0].children;
    }

    expect(level).toBe(MAX_DEPTH);
    expect(nodes[0]).toEqual({ kind: 'text', text: 'hluboko' });
  });

  it('refuses nesting past maxDepth, counting elements of any name, with the limit named', () => {
    const html = (depth: number): string => `${'<div><span>'.repeat(depth / 2)}x`;

    expect(serialize(parseClean(html(100), { maxDepth: 100 }).nodes)).toContain('x');
    let error: unknown;
    try {
      parseClean(html(102), { maxDepth: 100 });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RenderLimitError);
    expect(error).toMatchObject({ code: 'text_too_deep', limit: 'maxDepth', retryable: false });
    expect((error as Error).message).toContain('render.limits.maxDepth');
  });

  it('does not count closed siblings or void elements as depth', () => {
    const html = `${'<p>a<br>b</p><hr>'.repeat(5_000)}<ul><li>x<li>y</ul>`;

    expect(() => parseClean(html, { maxDepth: 8 })).not.toThrow();
  });
});
