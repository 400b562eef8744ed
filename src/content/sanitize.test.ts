import { describe, expect, it } from 'vitest';
import { sanitizeNotes } from './sanitize';

describe('sanitizeNotes', () => {
  it('keeps text and simple formatting', () => {
    expect(sanitizeNotes('<h3>Coffee</h3><p>Green <strong>beans</strong></p><ul><li>0901.11</li></ul>')).toBe(
      '<h3>Coffee</h3><p>Green <strong>beans</strong></p><ul><li>0901.11</li></ul>',
    );
  });
  it('drops scripts, styles, handlers, attributes, links and images', () => {
    const html = sanitizeNotes(
      '<p onclick="x()" class="a" style="color:red">Tea<script>alert(1)</script><style>p{}</style></p><a href="javascript:alert(1)">link text</a><img src=x onerror="alert(1)"><iframe src="//x"></iframe>',
    );
    expect(html).toBe('<p>Tea</p>link text');
  });
  it('keeps the direction and language of a passage', () => {
    expect(sanitizeNotes('<p dir="rtl" lang="ar" class="x">نص</p>')).toBe('<p dir="rtl" lang="ar">نص</p>');
  });
  it.each([
    ['<img src=x onerror=alert(1)>Tea', 'Tea'],
    ['<svg><script>alert(1)</script></svg>Tea', 'Tea'],
    ['<svg onload=alert(1)><circle r="1"/></svg>Tea', 'Tea'],
    ['<a href="data:text/html,<script>alert(1)</script>">Tea</a>', 'Tea'],
    ['<a href="java&#115;cript:alert(1)">Tea</a>', 'Tea'],
    ['<iframe srcdoc="<script>alert(1)</script>"></iframe>Tea', 'Tea'],
    ['<style>@import "//evil.example/x.css";</style><p>Tea</p>', '<p>Tea</p>'],
    ['<p title="&lt;img src=x onerror=alert(1)&gt;" style="background:url(javascript:alert(1))">Tea</p>', '<p>Tea</p>'],
    ['<table><tr><td onmouseover=alert(1)>1</td></tr></table>', '<table><tbody><tr><td>1</td></tr></tbody></table>'],
    ['<form action="javascript:alert(1)"><button>Tea</button></form>', 'Tea'],
    ['<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">Tea', 'Tea'],
  ])('makes %j harmless', (html, expected) => {
    expect(sanitizeNotes(html)).toBe(expected);
  });
  it.each([
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
    '<template><img src=x onerror=alert(1)></template>',
    '<<script>script>alert(1)<</script>/script>',
  ])('gives %j no element or attribute beyond simple formatting', (html) => {
    const body = new DOMParser().parseFromString(sanitizeNotes(html), 'text/html').body;
    for (const element of body.querySelectorAll('*')) {
      expect(['p', 'br', 'ul', 'ol', 'li', 'b', 'strong', 'i', 'em', 'h3', 'h4', 'h5', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'span', 'div', 'sub', 'sup']).toContain(
        element.tagName.toLowerCase(),
      );
      expect(element.getAttributeNames().filter((name) => name !== 'dir' && name !== 'lang')).toEqual([]);
    }
  });
});
