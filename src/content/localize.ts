import sanitizeHtml from 'sanitize-html';
import { IMAGE_SCHEMES, LINK_SCHEMES, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, markdownToHtml } from './markdown';

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

/** The build-time sanitiser's rules (the browser's are in rich-text.ts, from the same lists). */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: RICH_TEXT_TAGS,
  allowedAttributes: RICH_TEXT_ATTRIBUTES,
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // Dropped with what they contain; other tags that are not allowed keep their text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
};

/**
 * Renders CMS Markdown to sanitised HTML (sanitize-html, allow-list of markdown.ts). Raw HTML in the source
 * is shown as text, and portal links written without a language (/tools/tariff-search) get the page's
 * language prefix. Runs at build time; in the browser, renderMarkdownInBrowser (rich-text.ts) is lighter.
 */
export function renderMarkdown(markdown: string | null | undefined, language: string): string {
  if (!markdown) return '';
  return sanitizeHtml(markdownToHtml(markdown, language), SANITIZE_OPTIONS);
}
