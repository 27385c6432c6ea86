import { describe, expect, it } from 'vitest';
import { escapeHtml, html, SafeHtml, safeHttpUrl, trustedHtml } from '../../../src/status/html.js';

describe('src/status/html', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['"quoted" & \'single\'', '&quot;quoted&quot; &amp; &#39;single&#39;'],
    ['`backtick`', '&#96;backtick&#96;'],
    ['&amp; already escaped', '&amp;amp; already escaped'],
    ['Příliš žluťoučký kůň', 'Příliš žluťoučký kůň'],
    ['', ''],
  ])('escapeHtml(%j) → %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });

  it('escapes every interpolated string, in content and in attributes', () => {
    const title = '"><img src=x onerror=alert(1)>';
    const out = html`<a title="${title}">${title}</a>`;

    expect(out).toBeInstanceOf(SafeHtml);
    expect(out.value).toBe(
      '<a title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;">&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</a>',
    );
    expect(out.value).not.toContain('<img');
  });

  it('keeps nested html fragments and joins arrays without escaping them twice', () => {
    const items = ['a<b', 'c&d'];
    const out = html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`;

    expect(out.value).toBe('<ul><li>a&lt;b</li><li>c&amp;d</li></ul>');
  });

  it.each([
    [null, ''],
    [undefined, ''],
    [false, ''],
    [true, 'true'],
    [0, '0'],
    [42.5, '42.5'],
    [['<', ['>', null]], '&lt;&gt;'],
  ])('renders %j as %j', (value, expected) => {
    expect(html`${value}`.value).toBe(expected);
  });

  it('passes trusted constants through unchanged', () => {
    expect(html`${trustedHtml('<br>')}`.value).toBe('<br>');
    expect(String(html`<p>${'x'}</p>`)).toBe('<p>x</p>');
  });

  it.each([
    ['https://blog.example.cz/clanek/', 'https://blog.example.cz/clanek/'],
    ['http://127.0.0.1:8080/a?b=c', 'http://127.0.0.1:8080/a?b=c'],
    ['javascript:alert(1)', undefined],
    ['JaVaScRiPt:alert(1)', undefined],
    ['data:text/html,<script>alert(1)</script>', undefined],
    ['/relative/path', undefined],
    ['not a url', undefined],
    [42, undefined],
    [undefined, undefined],
    [`https://example.cz/${'a'.repeat(3000)}`, undefined],
  ])('safeHttpUrl(%j) → %j', (input, expected) => {
    expect(safeHttpUrl(input)).toBe(expected);
  });
});
