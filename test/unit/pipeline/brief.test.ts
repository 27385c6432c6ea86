import { describe, expect, it } from 'vitest';
import { briefHtml, briefSource, draftTitle } from '../../../src/pipeline/brief.js';
import { acceptedDeal } from './fakes.js';

describe('src/pipeline/brief', () => {
  it('lists name, target URL, keywords with their URLs and the description', () => {
    const source = briefSource(
      acceptedDeal(5, { publish_deadline: '2026-11-21 23:40:00' }),
      {
        keyword_urls: [{ keyword: 'sekačka', url: 'https://www.zahrada.example.cz/sekacky' }],
        description: 'První odstavec.\nDruhý řádek.\n\nDruhý odstavec.',
      },
      '2026-11-21 23:40:00 (Praha)',
    );

    const html = briefHtml(source);

    expect(draftTitle(source)).toBe('Jak vybrat sekačku');
    expect(html).toContain('<li><strong>Zadání:</strong> Jak vybrat sekačku</li>');
    expect(html).toContain(
      '<li><strong>Cílový web:</strong> <a href="https://www.zahrada.example.cz/sekacky">https://www.zahrada.example.cz/sekacky</a></li>',
    );
    expect(html).toContain('<li><strong>Klíčová slova:</strong> sekačka, zahrada</li>');
    expect(html).toContain('<li>sekačka → <a href="https://www.zahrada.example.cz/sekacky">');
    expect(html).toContain('<p>První odstavec.<br>Druhý řádek.</p>\n<p>Druhý odstavec.</p>');
    expect(html).toContain('<li><strong>Odměna:</strong> 1800 Kč</li>');
    expect(html).toContain('2026-11-21 23:40:00 (Praha)');
  });

  it('escapes every value and links only http(s) URLs', () => {
    const source = briefSource(
      acceptedDeal(6, {
        demand: {
          name: '<script>alert(1)</script> & spol.',
          url: 'javascript:alert(1)',
          keywords: '<b>tučně</b>',
          description: '<img src=x onerror=alert(1)>',
        },
      }),
      { keyword_urls: [{ keyword: '"uvozovky"', url: 'https://a.example.cz/?q="><script>' }] },
    );

    const html = briefHtml(source);

    expect(html).not.toMatch(/<script|<img|<b>|href="javascript/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; spol.');
    expect(html).toContain('<strong>Cílový web:</strong> javascript:alert(1)</li>');
    expect(html).toContain('href="https://a.example.cz/?q=%22%3E%3Cscript%3E"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('falls back to a neutral title and omits what the deal does not say', () => {
    const source = briefSource(acceptedDeal(8, { demand: { id: 1 }, reward: undefined }));

    expect(draftTitle(source)).toBe('Zadání obchodu 8');
    expect(briefHtml(source)).not.toContain('<ul>');
    expect(briefHtml(source)).not.toContain('Zadání článku');
  });

  it('gives the draft a title without bidi controls, also from a job queued before the edge cleaned names', () => {
    const source = briefSource(acceptedDeal(5, { demand: { id: 1, name: '\u202Egnp.exe\u200B\nzadání' } }));
    expect(draftTitle(source)).toBe('gnp.exe zadání');
    const blank = briefSource(acceptedDeal(6, { demand: { id: 1, name: '\u2066\u2069' } }));
    expect(draftTitle(blank)).toBe('Zadání obchodu 6');
  });
});
