import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';
import { IMAGE_SCHEMES, LINK_SCHEMES, RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS, markdownToHtml } from './markdown';

// CMS Markdown rendered in the browser (staff-only content fetched at run time), sanitised with DOMPurify under
// the rules renderMarkdown (localize.ts) applies with sanitize-html at build time: sanitize-html would add
// about 96 KB (gzip) to the page, DOMPurify 12 KB. Its instance is made on first use (no window at build time).

const RICH_TEXT: Config = {
  ALLOWED_TAGS: RICH_TEXT_TAGS,
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** An address with an allowed scheme, or none (relative), once spaces and control characters are removed. */
function allowedUrl(value: string, schemes: string[]): boolean {
  // eslint-disable-next-line no-control-regex
  const compact = value.replace(/[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  return scheme ? schemes.includes(scheme[1].toLowerCase()) : true;
}

let richTextPurifier: Purifier | undefined;

function richText(): Purifier {
  if (!richTextPurifier) {
    richTextPurifier = DOMPurify(window);
    // Attributes per tag, language-xxx classes only, and schemes per tag (DOMPurify's own check lets data: images through).
    richTextPurifier.addHook('uponSanitizeAttribute', (node, data) => {
      const tag = node.nodeName.toLowerCase();
      const name = data.attrName;
      if (![...RICH_TEXT_ATTRIBUTES['*'], ...(RICH_TEXT_ATTRIBUTES[tag] ?? [])].includes(name)) data.keepAttr = false;
      else if (name === 'class') data.keepAttr = /^language-[\w-]+$/.test(data.attrValue);
      else if (name === 'href') data.keepAttr = allowedUrl(data.attrValue, LINK_SCHEMES);
      else if (name === 'src') data.keepAttr = allowedUrl(data.attrValue, IMAGE_SCHEMES);
    });
  }
  return richTextPurifier;
}

/** Renders CMS Markdown to sanitised HTML in the browser, with the same rules as renderMarkdown at build time. */
export function renderMarkdownInBrowser(markdown: string | null | undefined, language: string): string {
  if (!markdown) return '';
  return richText().sanitize(markdownToHtml(markdown, language), RICH_TEXT) as string;
}
