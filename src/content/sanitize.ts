const ALLOWED = new Set([
  'P',
  'BR',
  'UL',
  'OL',
  'LI',
  'B',
  'STRONG',
  'I',
  'EM',
  'H3',
  'H4',
  'H5',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TD',
  'TH',
  'SPAN',
  'DIV',
  'SUB',
  'SUP',
]);

/**
 * Keeps only text and simple formatting from notes HTML: scripts, styles, links,
 * images, event handlers and every attribute are dropped.
 */
export function sanitizeNotes(html: string): string {
  const document = new DOMParser().parseFromString(html, 'text/html');
  const clean = (node: Node): Node[] => {
    if (node.nodeType === Node.TEXT_NODE) return [document.createTextNode(node.textContent ?? '')];
    if (node.nodeType !== Node.ELEMENT_NODE) return [];
    const element = node as Element;
    if (['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT'].includes(element.tagName)) return [];
    const children = [...element.childNodes].flatMap(clean);
    if (!ALLOWED.has(element.tagName)) return children;
    const copy = document.createElement(element.tagName.toLowerCase());
    children.forEach((child) => copy.appendChild(child));
    return [copy];
  };
  const container = document.createElement('div');
  [...document.body.childNodes].flatMap(clean).forEach((node) => container.appendChild(node));
  return container.innerHTML;
}
