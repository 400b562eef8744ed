import React from 'react';
import { describe, expect, it } from 'vitest';
import { renderInLanguage } from '../test/store';
import { TaxName } from './TaxName';

describe("a tax column's label", () => {
  it('names the tax in the page language', () => {
    const french = renderInLanguage(<TaxName label="CD" />, 'fr', 'common');
    expect(french.container.querySelector('abbr')?.getAttribute('title')).toBe('Droit de douane');
    expect(french.container.textContent).toBe('CD');
    french.unmount();
    const arabic = renderInLanguage(<TaxName label="VAT" expanded />, 'ar', 'common');
    expect(arabic.container.textContent).toBe('VAT ضريبة القيمة المضافة');
    arabic.unmount();
  });
  it("shows a tenant's own label as it is", () => {
    const other = renderInLanguage(<TaxName label="GST" />, 'en', 'common');
    expect(other.container.querySelector('abbr')).toBeNull();
    expect(other.container.textContent).toBe('GST');
  });
});
