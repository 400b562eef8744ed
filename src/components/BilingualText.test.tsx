import React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { BilingualText } from './BilingualText';
import { currencyName } from '@guichet/shared/i18n/language';

describe('reference names in the page language', () => {
  it('shows the Bengali translation on Bengali pages only', () => {
    const bengali = render(<BilingualText text="Euro" translated="ইউরো" language="bn" />);
    expect(bengali.container.querySelector('[lang="bn"]')?.textContent).toBe('ইউরো');
    bengali.unmount();
    for (const language of ['ar', 'fr', 'en']) {
      const other = render(<BilingualText text="Euro" translated="ইউরো" language={language} />);
      expect(other.container.textContent, language).toBe('Euro');
      other.unmount();
    }
  });
  it("names currencies in the page's language", () => {
    expect(currencyName('EUR', 'fr')).toBe('euro');
    expect(currencyName('USD', 'es')).toBe('dólar estadounidense');
    expect(currencyName('BDT', 'ar')).toMatch(/[\u0600-\u06ff]/);
    expect(currencyName('XYZ', 'fr')).toBeNull();
  });
});
