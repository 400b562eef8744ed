import { describe, expect, it } from 'vitest';
import { renderMarkdown, withFallback } from './localize';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from './markdown';
import { renderMarkdownInBrowser } from './rich-text';

describe('withFallback', () => {
  const english = [
    { slug: 'a', title: 'A' },
    { slug: 'b', title: 'B' },
  ];
  it('uses the translation when there is one and English, flagged, when not', () => {
    const result = withFallback([{ slug: 'a', title: 'A-fr' }], english, (x) => x.slug, 'fr');
    expect(result).toEqual([
      { slug: 'a', title: 'A-fr', lang: 'fr', fallback: false },
      { slug: 'b', title: 'B', lang: 'en', fallback: true },
    ]);
  });
  it('keeps entries that exist only in the wanted language', () => {
    const result = withFallback([{ slug: 'c', title: 'C-ar' }], english, (x) => x.slug, 'ar');
    expect(result.map((x) => x.slug)).toEqual(['a', 'b', 'c']);
    expect(result[2]).toMatchObject({ lang: 'ar', fallback: false });
  });
  it('never flags English as a fallback', () => {
    expect(withFallback(english, english, (x) => x.slug, 'en').every((x) => !x.fallback && x.lang === 'en')).toBe(true);
  });
});

describe('renderMarkdown', () => {
  it('renders Markdown', () => {
    expect(renderMarkdown('## Title\n\n**bold**', 'en')).toContain('<h2>Title</h2>');
  });
  it('prefixes portal links with the page language', () => {
    const html = renderMarkdown('[tariff](/tools/tariff-search) [fr](/fr/news/) [ext](https://example.org/x)', 'ar');
    expect(html).toContain('href="/ar/tools/tariff-search"');
    expect(html).toContain('href="/fr/news/"');
    expect(html).toContain('href="https://example.org/x"');
  });
  it('shows raw HTML as text and neutralises script links', () => {
    const html = renderMarkdown('<script>alert(1)</script>\n\n[x](javascript:alert(1))', 'en');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
  });
  it('is empty for empty content', () => {
    expect(renderMarkdown(null, 'en')).toBe('');
  });
});

/** Every address a browser would follow in the HTML, resolved as it would resolve it on a portal page. */
function addresses(html: string): { tag: string; url: URL }[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.querySelectorAll('[href], [src]')].map((element) => ({
    tag: element.tagName.toLowerCase(),
    url: new URL(element.getAttribute('href') ?? element.getAttribute('src') ?? '', 'https://portal.example/fr/news/'),
  }));
}

/** Only allow-listed tags and attributes, no event handlers, only http(s)/mailto links and the site's own images. */
function expectSafe(html: string): void {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    expect(RICH_TEXT_TAGS, html).toContain(tag);
    for (const attribute of element.getAttributeNames()) {
      expect([...RICH_TEXT_ATTRIBUTES['*'], ...(RICH_TEXT_ATTRIBUTES[tag] ?? [])], html).toContain(attribute);
    }
  }
  for (const { tag, url } of addresses(html)) {
    if (tag === 'img') expect(url.origin, html).toBe('https://portal.example');
    else expect(['http:', 'https:', 'mailto:'], html).toContain(url.protocol);
  }
}

describe.each([
  ['at build time (sanitize-html)', renderMarkdown],
  ['in the browser (DOMPurify)', renderMarkdownInBrowser],
])('renderMarkdown %s', (_where, render) => {
  it.each([
    '[a](java&#115;cript:alert(1))',
    '[a](JaVaScRiPt:alert(1))',
    '[a](&#x6A;avascript:alert(1))',
    '[a](&#106;&#97;&#118;&#97;script:alert(1))',
    '[a](javascript&colon;alert(1))',
    '[a](java&#0000115;cript:alert(1))',
    '[a](jav&#x09;ascript:alert(1))',
    '[a](java&#10;script:alert(1))',
    '[a](&#32;javascript:alert(1))',
    '[a](vbscript:msgbox(1))',
    '[a](data:text/html,<script>alert(1)</script>)',
    '[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[a][x]\n\n[x]: java&#115;cript:alert(1)',
    '<javascript:alert(1)>',
  ])('drops the address of the hostile link %j and keeps its text', (markdown) => {
    const html = render(markdown, 'fr');
    expectSafe(html);
    expect(addresses(html)).toEqual([]);
    expect(html).toMatch(/<a>[^<]+<\/a>/);
  });
  it.each([
    '![x](javascript:alert(1))',
    '![x](java&#115;cript:alert(1))',
    '![x](data:image/svg+xml,%3Csvg%20onload=alert(1)%3E)',
    '![x](mailto:someone@example.org)',
  ])('drops the source of the hostile image %j', (markdown) => {
    const html = render(markdown, 'fr');
    expectSafe(html);
    expect(addresses(html)).toEqual([]);
  });
  it.each([
    '[a](<java\tscript:alert(1)>)',
    '[a](<java\u0001script:alert(1)>)',
    // NUL becomes U+FFFD: a relative address, harmless.
    '[a](&#x0;javascript:alert(1))',
    '<img src=x onerror=alert(1)>',
    '<svg><script>alert(1)</script></svg>',
    '<a href="data:text/html,<script>alert(1)</script>">a</a>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<style>body { display: none }</style>',
    '<p onclick="alert(1)" style="color:red">x</p>',
    'x <b onmouseover=alert(1)>y</b>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  ])('gives no way to run script for %j', (markdown) => {
    expectSafe(render(markdown, 'fr'));
  });
  it('keeps what content uses: headings, lists, tables, code, emphasis, links and images', () => {
    const html = render(
      [
        '## Title',
        '',
        '3. *three* **bold** ~~old~~ `code`',
        '',
        '| a | b |',
        '|:-|-:|',
        '| 1 | 2 |',
        '',
        '```js',
        'x',
        '```',
        '',
        '> quote',
        '',
        '[ext](https://example.org/x "Example") [mail](mailto:desk@customs.example) [tool](/tools/tariff-search) [top](#top) [rel](guide.pdf)',
        '',
        '![photo](/uploads/photo.png "Photo") ![cdn](https://cdn.example.org/p.png)',
      ].join('\n'),
      'ar',
    );
    expectSafe(html);
    for (const part of [
      '<h2>Title</h2>',
      '<ol start="3">',
      '<em>three</em> <strong>bold</strong> <del>old</del> <code>code</code>',
      '<th align="left">a</th>',
      '<td align="right">2</td>',
      '<pre><code class="language-js">',
      '<blockquote>',
      '<a href="https://example.org/x" title="Example">ext</a>',
      '<a href="mailto:desk@customs.example">mail</a>',
      '<a href="/ar/tools/tariff-search">tool</a>',
      '<a href="#top">top</a>',
      '<a href="guide.pdf">rel</a>',
      '<img src="/uploads/photo.png" alt="photo" title="Photo"',
      // The pages' Content-Security-Policy loads no image of another site: it is a link to it.
      '<a href="https://cdn.example.org/p.png">cdn</a>',
    ]) {
      expect(html).toContain(part);
    }
  });
  it('shows raw HTML as text', () => {
    const html = render('<script>alert(1)</script>', 'en');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script');
  });
});
