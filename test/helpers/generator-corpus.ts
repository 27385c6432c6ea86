/**
 * Articles as an advertiser could deliver them to a GitHub-built blog: each one written in the syntax of the
 * languages a site generator runs over a post (kramdown's attribute lists and extensions, Liquid, Nunjucks,
 * Hugo's shortcodes and heading attributes, MDX expressions), raw HTML written as text, bare addresses, and
 * titles that break YAML or run long. Every payload that would run calls `alert('PB-…')` or logs `PB-…`, so a
 * browser that opens the built page can tell whether anything ran. Used by test/integration/github-generators.
 */

export interface CorpusArticle {
  /** Short name, also the deal's place in the corpus. */
  name: string;
  /** The text as the marketplace delivers it (first `<h1>` is the title). */
  html: string;
  /** What the reader must see in the article as written (up to the site's typographic quotes). */
  shown: string[];
}

/** Photos 1 and 2 placed in the text; photo 0 (the cover) goes to the front matter. */
const PHOTOS = '<p>[foto1]</p><ul><li>Na cestě [foto2]</li></ul>';

/** A link of the advertiser's with and without `rel`, as most deals carry. */
const LINKS =
  '<p>Půjčovna <a href="https://shop.example/pujcovna" rel="sponsored">horská půjčovna</a> a ' +
  '<a href="https://shop.example/mapy" title="Mapy &amp; průvodce">mapy</a>.</p>';

export const GENERATOR_CORPUS: readonly CorpusArticle[] = [
  {
    name: 'kramdown',
    html:
      '<h1>Kramdown: {: .x} a {::nomarkdown} &amp; H&amp;M</h1>' +
      '<p>První odstavec o horách, kde se kramdown pokusí číst atributy.</p>' +
      `<p><em>x</em>{: onmouseover="alert('PB-A1')"}</p>` +
      `<p>{: style="position:fixed;top:0;left:0;width:100%;height:100%;background:#c00;z-index:99999" onmouseover="alert('PB-A2')"}</p>` +
      '<p>Odstavec, který by překryv zakryl.</p>' +
      '<p>{::options parse_block_html="true" parse_span_html="true" /}</p>' +
      `<p>{::nomarkdown}&lt;img src=x onerror=alert('PB-A3')&gt;{:/nomarkdown}</p>` +
      '<h2>Nadpis {#vlastni-id}</h2>' +
      '<p>{::comment}skryto{:/comment} viditelné</p>' +
      `<p>{:ref: onclick="alert('PB-A4')"}</p>` +
      `<p>Odkaz <a href="https://shop.example/a">obchod</a>{: onclick="alert('PB-A5')"} a <strong>tučně</strong>{:ref}</p>` +
      '<ul><li>položka {: .x}</li></ul>' +
      LINKS +
      PHOTOS,
    shown: [
      `x{: onmouseover="alert('PB-A1')"}`,
      '{::nomarkdown}<img src=x onerror=alert(',
      'Nadpis {#vlastni-id}',
      '{::comment}skryto{:/comment} viditelné',
      'položka {: .x}',
    ],
  },
  {
    name: 'templates',
    html:
      "<h1>Šablony {{ site.title }} {% raw %} {# c #} #} {{< x >}} a {{ '#}' }}</h1>" +
      '<p>Liquid {{ site.title }} {% if true %}ano{% endif %} {%- comment -%}x{%- endcomment -%} {% raw %}{{x}}{% endraw %}.</p>' +
      "<p>Nunjucks {{ 7*7 }} {% set x = 1 %} {# komentář #} a osamělé #} a %} a }} a {{ '#}' }}.</p>" +
      '<p>Hugo {{&lt; figure src="/x.jpg" caption="PB-S1" &gt;}} {{% ref "x" %}} {{&lt;/* c */&gt;}}.</p>' +
      '<h2>Nadpis {{ page.title }} #}</h2>' +
      '<ul><li>{% include x.html %}</li><li>#}</li></ul>' +
      "<blockquote><p>{{ '#}' }}</p><cite>{# #}</cite></blockquote>" +
      '<table><thead><tr><th>{{ x }}</th></tr></thead><tbody><tr><td>#}</td></tr></tbody></table>' +
      '<p><a href="https://shop.example/{{x}}/#}" title="{{ title }} #}">odkaz {{ x }}</a> a ' +
      '<a href="https://shop.example/b" rel="sponsored" title="{% x %}">druhý #}</a>.</p>' +
      '<p>Kód <code>{{ code }} #}</code>.</p>' +
      '<pre><code>{% raw %}{{ block }}{% endraw %}\n#}\n</code></pre>' +
      PHOTOS,
    shown: [
      'Liquid {{ site.title }} {% if true %}ano{% endif %} {%- comment -%}x{%- endcomment -%}',
      "Nunjucks {{ 7*7 }} {% set x = 1 %} {# komentář #} a osamělé #} a %} a }} a {{ '#}' }}.",
      'Hugo {{< figure src="/x.jpg" caption="PB-S1" >}} {{% ref "x" %}} {{</* c */>}}.',
      'Nadpis {{ page.title }} #}',
      'odkaz {{ x }}',
    ],
  },
  {
    name: 'hugo-mdx-html',
    html:
      '<h1>Hugo a MDX: {onclick} &lt;b&gt;tučně&lt;/b&gt;</h1>' +
      '<p>Úvod o tom, co si Hugo a MDX v textu najdou.</p>' +
      `<h2>Nadpis {onclick="alert('PB-E1')" .cls}</h2>` +
      `<h2>Jiný {#id .cls onmouseover="alert('PB-E2')"}</h2>` +
      '<p>Odstavec {.pb-block}</p>' +
      `<p>{.pb-block style="position:fixed;inset:0;background:#c00" onmouseover="alert('PB-E3')"}</p>` +
      `<p>MDX {import.meta.env} {alert('PB-M1')} &lt;Comp onClick={() =&gt; alert('PB-M2')} /&gt;</p>` +
      'export const x = 1' +
      `<p>&lt;img src=x onerror=alert('PB-H1')&gt; &lt;script&gt;alert('PB-H2')&lt;/script&gt; ` +
      `&lt;a href="javascript:alert('PB-H3')"&gt;klik&lt;/a&gt; &lt;!-- c --&gt; ` +
      '&lt;style&gt;*{display:none}&lt;/style&gt; &amp;lt;i&amp;gt;</p>' +
      LINKS +
      PHOTOS,
    shown: [
      `Nadpis {onclick="alert('PB-E1')" .cls}`,
      `Jiný {#id .cls onmouseover="alert('PB-E2')"}`,
      'Odstavec {.pb-block}',
      "MDX {import.meta.env} {alert('PB-M1')}",
      `<img src=x onerror=alert('PB-H1')> <script>alert('PB-H2')</script>`,
      '&lt;i&gt;',
    ],
  },
  {
    name: 'bare-urls',
    html:
      '<h1>Adresy https://evil.example/ a www.evil.example</h1>' +
      '<p>Navštivte https://evil.example/cesta?q=1 nebo www.evil.example, napište na jana@example.cz, ' +
      '&lt;https://evil.example/&gt; a mailto:jana@example.cz, ftp://files.example/x a http://insecure.example.</p>' +
      '<p><a href="https://shop.example/" rel="sponsored">https://shop.example/ uvnitř odkazu</a> a ' +
      '<a href="https://shop.example/b">www.shop.example</a></p>' +
      '<ul><li>http://insecure.example/seznam</li><li>WWW.EVIL.EXAMPLE</li></ul>' +
      '<table><thead><tr><th>www.evil.example</th></tr></thead><tbody><tr><td>https://evil.example/</td></tr></tbody></table>' +
      '<h2>Nadpis https://evil.example/</h2>' +
      PHOTOS,
    shown: [
      'Navštivte https://evil.example/cesta?q=1 nebo www.evil.example, napište na jana@example.cz, ' +
        '<https://evil.example/> a mailto:jana@example.cz',
      'http://insecure.example/seznam',
      'Nadpis https://evil.example/',
    ],
  },
  {
    name: 'front-matter',
    html:
      '<h1>- On: "ano" # ne --- \'x\' &amp; H&amp;M &amp;amp; &lt;b&gt;tučně&lt;/b&gt; *a* &amp;kotva !tag | `k` \\ [x]</h1>' +
      '<p>Tipy &amp; triky pro H&amp;M, &amp;amp; jako text, "uvozovky" a \'apostrofy\'.</p>' +
      LINKS +
      PHOTOS,
    shown: ['Tipy & triky pro H&M, &amp; jako text, "uvozovky" a \'apostrofy\'.'],
  },
  {
    name: 'long-title',
    html:
      `<h1>${'Dlouhý titulek o horách, chatách a výletech s dětmi, který se nevejde na řádek; '.repeat(4).slice(0, 300)}</h1>` +
      '<p>Článek s titulkem o třech stech znacích.</p>' +
      LINKS +
      PHOTOS,
    shown: ['Článek s titulkem o třech stech znacích.'],
  },
];
