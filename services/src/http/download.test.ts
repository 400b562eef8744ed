import { describe, expect, it } from 'vitest';
import { contentDisposition, safeFileName } from './download.js';

describe("a file's name", () => {
  it('shows only what it is: control characters, separators and bidi controls become "_"', () => {
    // U+202E would show "\u202eVSC.exe.csv" as "vsc.exe.CSV".
    expect(safeFileName('\u202eVSC.exe.csv')).toBe('_VSC.exe.csv');
    expect(safeFileName('a\r\nb/c\\d"e\u2066f\u200fg.pdf')).toBe('a__b_c_d_e_f_g.pdf');
    // Joiners belong to Bengali and Arabic words: they stay.
    expect(safeFileName('শুল্ক\u200dতালিকা.pdf')).toBe('শুল্ক\u200dতালিকা.pdf');
  });
  it('is sent as ASCII and whole in UTF-8', () => {
    expect(contentDisposition('attachment', 'রেট.csv')).toBe(
      `attachment; filename="___.csv"; filename*=UTF-8''${encodeURIComponent('রেট.csv')}`,
    );
    expect(contentDisposition('inline', 'x\u202e.pdf')).toBe('inline; filename="x_.pdf"');
  });
});
