import { Marked, type Tokens } from 'marked';

/**
 * Picks, for each entry, the version in the wanted language, or the English one
 * (flagged as a fallback) when the translation is missing. Entries are matched by key.
 */
export function withFallback<T extends object>(
  wanted: T[],
  english: T[],
  key: (item: T) => string | number,
  language: string,
): Array<T & { lang: string; fallback: boolean }> {
  const translated = new Map(wanted.map((item) => [key(item), item]));
  const result = english.map((item) => {
    const own = language === 'en' ? item : translated.get(key(item));
    return own ? { ...own, lang: language, fallback: false } : { ...item, lang: 'en', fallback: true };
  });
  // Entries that exist only in the wanted language are kept too.
  const englishKeys = new Set(english.map(key));
  for (const item of wanted) {
    if (!englishKeys.has(key(item))) result.push({ ...item, lang: language, fallback: false });
  }
  return result;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * Renders CMS Markdown to HTML. Raw HTML in the source is shown as text, and
 * portal links written without a language (/tools/tariff-search) get the page's language prefix.
 */
export function renderMarkdown(markdown: string | null | undefined, language: string): string {
  if (!markdown) return '';
  const marked = new Marked({ gfm: true, breaks: false });
  marked.use({
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
    },
    walkTokens(token) {
      if (token.type === 'link' || token.type === 'image') {
        const href = token.href;
        if (/^(javascript|data|vbscript):/i.test(href.trim())) token.href = '#';
        else if (token.type === 'link' && href.startsWith('/') && !href.startsWith('//') && !/^\/(en|fr|es|ar|bn)(\/|$)/.test(href)) {
          token.href = `/${language}${href}`;
        }
      }
    },
  });
  return marked.parse(markdown, { async: false }) as string;
}
