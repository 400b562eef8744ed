import { describe, expect, it } from 'vitest';
import { codeAsTyped, fileSize, formatNumber, isDay, minimumLengthOf, optionLabel, parseAmount, todayIso } from './language';

describe('amounts typed by visitors', () => {
  it.each([
    ['25,000', 'en', 25000],
    ['25,000.50', 'en', 25000.5],
    ['1,000,000', 'en', 1000000],
    ['12,34,567.5', 'bn', 1234567.5],
    ['25.5', 'en', 25.5],
    ['25', 'ar', 25],
    ['٢٥٬٠٠٠٫٥', 'ar', 25000.5],
    ['২৫০০০', 'bn', 25000],
    ['25 000,50', 'fr', 25000.5],
    ['25\u202f000,50', 'fr', 25000.5],
    ['25,000', 'fr', 25],
    ['25,5', 'fr', 25.5],
    ['25.5', 'fr', 25.5],
    ['25.000', 'es', 25000],
    ['25.000,75', 'es', 25000.75],
    ['1.000.000', 'es', 1000000],
  ])('%s on a %s page is %d', (text, language, value) => {
    expect(parseAmount(text, language)).toEqual({ value });
  });

  it.each([
    ['25,5', 'en'],
    ['25.000', 'fr'],
    ['25,000.50', 'fr'],
    ['25.5', 'es'],
    ['1,0000', 'en'],
  ])('%s on a %s page reads two ways and is refused as ambiguous', (text, language) => {
    expect(parseAmount(text, language)).toEqual({ error: 'ambiguous' });
  });

  it.each(['', 'abc', '25,', '1,2,3', '25.000.5,1', '-5', '1e5', '25..0'])('"%s" is not an amount', (text) => {
    expect(parseAmount(text, 'en')).toEqual({ error: 'invalid' });
  });

  it('never shows a negative zero', () => {
    expect(formatNumber(-0.004)).toBe('0.00');
    expect(formatNumber(-0)).toBe('0.00');
    expect(formatNumber(-0.0883)).toBe('-0.09');
  });
  it('shows every number en-US with exactly 2 decimals (SPEC section 9), rates included, and - when empty', () => {
    expect(formatNumber(122.4567)).toBe('122.46');
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber('0.0068365102')).toBe('0.01');
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber('')).toBe('-');
  });
});

describe('file sizes', () => {
  it('use the units of the page language', () => {
    expect(fileSize(1536, 'fr')).toBe('1,5\u202fko');
    expect(fileSize(1536, 'en')).toBe('1.5 kB');
    expect(fileSize(3 * 1024 * 1024, 'fr')).toBe('3\u202fMo');
    expect(fileSize(null, 'fr')).toBe('-');
  });
});

describe('option labels', () => {
  it('isolate each part, so that a right-to-left page keeps "IM-4" and "(BD)" whole', () => {
    expect(optionLabel('IM-4', 'Import')).toBe('\u2068IM-4\u2069 · \u2068Import\u2069');
  });
});

describe('today', () => {
  it("is the visitor's local date, not the UTC one (validity dates of the tariff and the rates)", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Asia/Dhaka';
    try {
      // 00:30 in Dhaka on 1 March is still 28 February in UTC.
      const morning = new Date('2026-03-01T00:30:00+06:00');
      expect(morning.toISOString().slice(0, 10)).toBe('2026-02-28');
      expect(todayIso(morning)).toBe('2026-03-01');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('a day of the calendar', () => {
  it('is YYYY-MM-DD of a date that exists', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31'].every(isDay)).toBe(true);
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-1-01', '2026-01-01T00:00', ' 2026-01-01', ''].some(isDay)).toBe(false);
  });
});

describe('codes as typed', () => {
  it('leave out dots and spaces and read Arabic-Indic, Eastern Arabic-Indic and Bengali digits as Latin ones', () => {
    expect(codeAsTyped(' 0901.21 10 ')).toBe('09012110');
    expect(codeAsTyped('٠٩٠١.١١')).toBe('090111');
    expect(minimumLengthOf('tea', 3)).toBe(3);
    expect(minimumLengthOf('চা', 3)).toBe(2);
    expect(minimumLengthOf('شاي', 3)).toBe(2);
    expect(minimumLengthOf('চা', 1)).toBe(1);
    expect(codeAsTyped('۰۹۰۱')).toBe('0901');
    expect(codeAsTyped('০৯০১.২১.১০')).toBe('09012110');
    expect(codeAsTyped('61x09')).toBe('61x09');
  });
});
