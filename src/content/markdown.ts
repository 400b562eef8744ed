import { Marked, type Tokens } from 'marked';

/**
 * What rich text (CMS Markdown) may contain once sanitised, whichever sanitiser applies it: sanitize-html at
 * build time (localize.ts), DOMPurify in the browser (rich-text.ts).
 */
export const RICH_TEXT_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'hr',
  'blockquote',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'sub',
  'sup',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'a',
  'img',
  'span',
  'div',
];

/** Attributes per tag ('*': on every tag). Link and image addresses are checked by scheme besides. */
export const RICH_TEXT_ATTRIBUTES: Record<string, string[]> = {
  '*': ['dir', 'lang'],
  a: ['href', 'title'],
  img: ['src', 'alt', 'title'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
  // Only language-xxx, the class Markdown gives fenced code.
  code: ['class'],
};

/**
 * Schemes allowed in links and image sources; addresses without a scheme (relative) are allowed too. Images
 * are the site's own (CMS uploads): the pages' Content-Security-Policy loads no image from elsewhere.
 */
export const LINK_SCHEMES = ['http', 'https', 'mailto'];
export const IMAGE_SCHEMES: string[] = [];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/**
 * CMS Markdown to HTML, not sanitised yet: raw HTML in the source is shown as text, an image of another site
 * is a link to it, and portal links written without a language (/tools/tariff-search) get the page's language
 * prefix.
 */
export function markdownToHtml(markdown: string, language: string): string {
  const marked = new Marked({ gfm: true, breaks: false });
  marked.use({
    renderer: {
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
      // An image of another site would be blocked by the pages' Content-Security-Policy and show as nothing:
      // it is a link to the image instead, named by its alternative text.
      image(token: Tokens.Image) {
        if (!/^(https?:|\/\/)/i.test(token.href.trim())) return false;
        return `<a href="${escapeHtml(token.href)}">${escapeHtml(token.text || token.href)}</a>`;
      },
    },
    walkTokens(token) {
      if (token.type === 'link') {
        const href = token.href;
        if (href.startsWith('/') && !href.startsWith('//') && !/^\/(en|fr|es|ar|bn)(\/|$)/.test(href)) {
          token.href = `/${language}${href}`;
        }
      }
    },
  });
  return marked.parse(markdown, { async: false }) as string;
}
