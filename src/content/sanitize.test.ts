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
});
