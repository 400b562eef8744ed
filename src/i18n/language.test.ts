import { describe, expect, it } from 'vitest';
import { direction, formatDate, formatNumber, languageCookie, switchLanguagePath } from './language';

describe('switching language', () => {
  it('replaces the first segment and keeps the rest of the path', () => {
    expect(switchLanguagePath('/fr/news/portal-launch/', 'ar')).toBe('/ar/news/portal-launch/');
    expect(switchLanguagePath('/en/', 'bn')).toBe('/bn/');
  });
  it('adds a language to an unprefixed path', () => {
    expect(switchLanguagePath('/news/', 'es')).toBe('/es/news/');
  });
});

describe('direction', () => {
  it('is right-to-left for Arabic only', () => {
    expect(direction('ar')).toBe('rtl');
    expect(direction('bn')).toBe('ltr');
    expect(direction('fr')).toBe('ltr');
  });
});

describe('display formats', () => {
  it('shows dates day first in French, month first elsewhere', () => {
    expect(formatDate('2026-03-04', 'fr')).toBe('04/03/2026');
    expect(formatDate('2026-03-04', 'en')).toBe('03/04/2026');
    expect(formatDate('2026-03-04', 'ar')).toBe('03/04/2026');
    expect(formatDate(new Date(2026, 2, 4, 9, 5), 'fr', true)).toBe('04/03/2026 09:05');
    expect(formatDate('not a date', 'en')).toBe('-');
  });
  it('shows numbers en-US with exactly two decimals and - when empty', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber('7')).toBe('7.00');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber('')).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
  });
  it('sets the language cookie for the whole site, same-site strict', () => {
    expect(languageCookie('ar')).toMatch(/^guichet_lang=ar; path=\/;.*SameSite=Strict$/);
  });
});
