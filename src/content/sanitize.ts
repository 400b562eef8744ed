import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

// The browser's sanitiser (DOMPurify; rich-text.ts uses it for Markdown too). Its instance is made on first
// use: the pages are also rendered at build time, where there is no window (notes are only shown in the browser).

/** Tariff notes: text and simple formatting only; no links, images or other attributes. */
const NOTES: Config = {
  ALLOWED_TAGS: ['p', 'br', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'h3', 'h4', 'h5', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'span', 'div', 'sub', 'sup'],
  ALLOWED_ATTR: ['dir', 'lang'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

let notesPurifier: Purifier | undefined;

/**
 * Keeps only text and simple formatting from notes HTML: scripts, styles, links,
 * images, event handlers and every attribute but dir and lang are dropped.
 */
export function sanitizeNotes(html: string): string {
  notesPurifier ??= DOMPurify(window);
  return notesPurifier.sanitize(html, NOTES) as string;
}
