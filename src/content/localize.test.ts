import { describe, expect, it } from 'vitest';
import { renderMarkdown, withFallback } from './localize';

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
