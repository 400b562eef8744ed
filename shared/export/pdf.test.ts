// @vitest-environment node
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { PDF_FONT_FILES, tableToPdf, type ExportTable, type PdfFonts } from './pdf';
import { ARABIC, BENGALI, FONT_NAMES, LATIN, Typesetter } from './typeset';

// Rendered pages are compared with the images in __reference__ (pdftoppm, 50 dpi). To regenerate them after an
// intended change of the layout: UPDATE_PDF_REFERENCES=1 npx vitest run shared/export/pdf.test.ts, then look at them.
const REFERENCE_DIR = join(__dirname, '__reference__');
const FONT_DIR = join(__dirname, '..', '..', 'static', 'fonts');
const UPDATE = process.env.UPDATE_PDF_REFERENCES === '1';
const DPI = 50;
/** A pixel counts as different when a channel differs by more than this. */
const CHANNEL_TOLERANCE = 64;
/** Share of differing pixels allowed (anti-aliasing differences between poppler versions). */
const MAX_DIFF_RATIO = 0.004;

const generatedAt = new Date(Date.UTC(2025, 10, 22, 9, 30));

const tables: Record<'en' | 'ar' | 'bn', ExportTable> = {
  en: {
    title: 'Customs tariff 2025-26',
    subtitle: 'Chapter 09: Coffee, tea, maté and spices',
    language: 'en',
    generatedAt,
    columns: [
      { header: 'HS code' },
      { header: 'Description' },
      { header: 'Duty (%)', numeric: true },
      { header: 'VAT (%)', numeric: true },
    ],
    rows: [
      ['0901.11.00', 'Coffee, not roasted, not decaffeinated', '10', '15'],
      ['0902.10.00', 'Green tea (not fermented) in immediate packings of a content not exceeding 3 kg', 25, null],
      ['0904.11.00', 'Pepper, mixed scripts: কফি, ভাজা নয় / رمز HS 0901.11', 5.5, '15'],
    ],
  },
  ar: {
    title: 'التعريفة الجمركية 2025',
    subtitle: 'الفصل 09: البن والشاي والتوابل',
    language: 'ar',
    generatedAt,
    columns: [{ header: 'رمز النظام المنسق' }, { header: 'الوصف' }, { header: 'الرسم (%)', numeric: true }],
    rows: [
      ['0901.11.00', 'بن غير محمص وغير منزوع الكافيين', '10'],
      ['رمز HS 0901.11', 'شاي أخضر (غير مخمر) في عبوات لا تتجاوز 3 كغ', '25'],
      ['٠٩٠٢.١٠', 'فلفل: غير مسحوق، مع Pepper nigrum و 12.5% رسوم', 5.5],
    ],
  },
  bn: {
    title: 'শুল্ক তালিকা ২০২৫',
    subtitle: 'অধ্যায় ০৯: কফি, চা ও মসলা',
    language: 'bn',
    generatedAt,
    columns: [{ header: 'এইচএস কোড' }, { header: 'বিবরণ' }, { header: 'শুল্ক (%)', numeric: true }],
    rows: [
      ['0901.11.00', 'কফি, ভাজা নয়', '10'],
      ['ক্ষ', 'স্ত্র', '15'],
      ['0902.10.00', 'সবুজ চা (গাঁজানো নয়), প্রত্যক্ষ মোড়কে ৩ কেজির বেশি নয়', '25'],
    ],
  },
};

function loadFonts(): PdfFonts {
  const entries = Object.entries(PDF_FONT_FILES).map(([key, file]) => [key, readFileSync(join(FONT_DIR, file))]);
  return Object.fromEntries(entries) as unknown as PdfFonts;
}

function requireTool(tool: string): void {
  const result = spawnSync(tool, ['-v']);
  if (result.error) {
    throw new Error(`${tool} is required by the PDF tests (Debian/Ubuntu: apt-get install -y poppler-utils).`);
  }
}

/** Decodes a PDF literal string body (the bytes between the parentheses). */
function literalString(body: string): string {
  let bytes = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== '\\') {
      bytes += c;
      continue;
    }
    const next = body[++i]!;
    const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
    if (/[0-7]/.test(next)) {
      const octal = /^[0-7]{1,3}/.exec(body.slice(i))![0];
      bytes += String.fromCharCode(parseInt(octal, 8));
      i += octal.length - 1;
    } else {
      bytes += escapes[next] ?? next;
    }
  }
  const buffer = Buffer.from(bytes, 'latin1');
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return buffer.subarray(2).swap16().toString('utf16le');
  return buffer.toString('latin1');
}

/** The ActualText of every marked span in the PDF's content streams. */
function actualTexts(pdf: Uint8Array): string[] {
  const buffer = Buffer.from(pdf);
  const source = buffer.toString('latin1');
  const texts: string[] = [];
  const streamStart = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamStart.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(buffer.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    const span = /\/ActualText \(((?:\\.|[^\\)])*)\)/gs;
    let found: RegExpExecArray | null;
    while ((found = span.exec(content))) texts.push(literalString(found[1]!));
  }
  return texts;
}

function decodePng(file: string): PNG {
  return PNG.sync.read(readFileSync(file));
}

function diffRatio(actual: PNG, expected: PNG): number {
  if (actual.width !== expected.width || actual.height !== expected.height) return 1;
  let differing = 0;
  for (let i = 0; i < actual.data.length; i += 4) {
    for (let channel = 0; channel < 3; channel++) {
      if (Math.abs(actual.data[i + channel]! - expected.data[i + channel]!) > CHANNEL_TOLERANCE) {
        differing++;
        break;
      }
    }
  }
  return differing / (actual.width * actual.height);
}

describe('tableToPdf', () => {
  let work: string;
  let fonts: PdfFonts;
  const pdfs: Partial<Record<keyof typeof tables, string>> = {};

  beforeAll(async () => {
    requireTool('pdftoppm');
    requireTool('pdftotext');
    work = mkdtempSync(join(tmpdir(), 'guichet-pdf-'));
    fonts = loadFonts();
    for (const key of Object.keys(tables) as (keyof typeof tables)[]) {
      const pdf = await tableToPdf(tables[key], fonts);
      const file = join(work, `${key}.pdf`);
      writeFileSync(file, pdf);
      pdfs[key] = file;
    }
  });

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const text = (key: keyof typeof tables) => execFileSync('pdftotext', ['-layout', pdfs[key]!, '-'], { encoding: 'utf8' });

  it('writes a PDF with the fonts embedded and the document language', () => {
    const pdf = readFileSync(pdfs.ar!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const info = execFileSync('pdffonts', [pdfs.ar!], { encoding: 'utf8' });
    expect(info).toMatch(/NotoSansArabic/);
    expect(info).toMatch(/NotoSans-Bold/);
    expect(pdf.toString('latin1')).toMatch(/\/Lang \(ar\)/);
  });

  it('keeps English text extractable', () => {
    const out = text('en');
    for (const expected of ['Customs tariff 2025-26', 'Coffee, not roasted, not decaffeinated', '0902.10.00', 'Duty (%)']) {
      expect(out).toContain(expected);
    }
    expect(out).toMatch(/1\s*\/\s*1/);
    expect(out).toContain('কফি, ভাজা নয়');
  });

  it('keeps Bengali text extractable in logical order', () => {
    const out = text('bn');
    for (const expected of ['শুল্ক তালিকা ২০২৫', 'কফি, ভাজা নয়', 'ক্ষ', 'স্ত্র', 'গাঁজানো', 'প্রত্যক্ষ মোড়কে', 'এইচএস কোড']) {
      expect(out).toContain(expected);
    }
  });

  it('gives a Bengali word the width of its ink: a final conjunct drawn past its advance does not cover the next space', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const name = FONT_NAMES[0][BENGALI];
    doc.registerFont(name, fonts.bengali as ArrayBuffer);
    const typesetter = new Typesetter(doc, false);
    typesetter.use(name, 10);
    // fontkit gives the marks of "ক্ত" no advance: 2.1 pt of them reach past the word's end, about a space.
    expect(typesetter.width(name, 10, 'সংযুক্ত') - doc.widthOfString('সংযুক্ত')).toBeGreaterThan(1.5);
    expect(typesetter.width(name, 10, 'আরব') - doc.widthOfString('আরব')).toBeLessThan(0.2);
  });

  it('measures a Bengali word without changing how its glyphs are drawn afterwards', async () => {
    // fontkit's bbox decodes a composite glyph's outline and moves its parts in place: after "কফি" and
    // "এরিট্রিয়ান" were measured that way, "বিনিময়" was drawn with a dotted circle. The same text drawn after
    // measures and without them is the same.
    const render = async (measureFirst: boolean) => {
      const doc = new PDFDocument({ size: [320, 90], margin: 0 });
      const name = FONT_NAMES[0][BENGALI];
      doc.registerFont(name, fonts.bengali as ArrayBuffer);
      const typesetter = new Typesetter(doc, false);
      if (measureFirst) for (const word of ['কফি', 'এরিট্রিয়ান', 'সুইস', 'ফ্রাঁ', 'বিনিময়', 'সংযুক্ত']) typesetter.width(name, 40, word);
      typesetter.use(name, 40);
      doc.text('বিনিময়', 10, 20, { lineBreak: false });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      const ended = new Promise((resolve) => doc.on('end', resolve));
      doc.end();
      await ended;
      const file = join(work, `measured-${measureFirst}.pdf`);
      writeFileSync(file, Buffer.concat(chunks));
      execFileSync('pdftoppm', ['-r', '100', '-singlefile', '-png', file, file.replace(/\.pdf$/, '')]);
      return decodePng(file.replace(/\.pdf$/, '.png'));
    };
    expect(diffRatio(await render(true), await render(false))).toBe(0);
  });

  it('carries the logical Arabic text of every line, with numbers and Latin in place', () => {
    const spans = actualTexts(readFileSync(pdfs.ar!));
    for (const expected of [
      'التعريفة الجمركية 2025',
      'رمز HS 0901.11',
      'شاي أخضر (غير مخمر) في عبوات لا تتجاوز 3 كغ',
      'فلفل: غير مسحوق، مع Pepper nigrum و 12.5% رسوم',
      '٠٩٠٢.١٠',
    ]) {
      expect(spans).toContain(expected);
    }
    // Digits and Latin runs come out as drawn, left to right.
    const out = text('ar');
    for (const expected of ['0901.11.00', 'HS 0901.11', 'Pepper nigrum', '12.5%']) expect(out).toContain(expected);
  });

  it('keeps numbers, dates and codes left-to-right in an Arabic table: the minus on the left, the date in order', async () => {
    const table: ExportTable = {
      title: 'أسعار الصرف',
      language: 'ar',
      columns: [{ header: 'الرمز' }, { header: 'التاريخ' }, { header: 'الفرق', numeric: true, decimals: 4 }],
      rows: [['USD', '11/25/2026 10:30', -0.0883]],
    };
    const file = join(work, 'ar-numbers.pdf');
    writeFileSync(file, await tableToPdf(table, fonts));
    // Where the glyphs are drawn (extracted text alone would read the logical order back).
    const words = [
      ...execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).matchAll(
        /xMin="([\d.]+)"[^>]*xMax="([\d.]+)"[^>]*>([^<]+)</g,
      ),
    ].map(([, xMin, xMax, word]) => ({ word, xMin: Number(xMin), width: Number(xMax) - Number(xMin) }));
    const at = (word: string) => words.find((item) => item.word === word && item.width > 5);
    expect(at('-0.0883'), 'the minus drawn on the left of the number').toBeDefined();
    expect(at('11/25/2026')!.xMin).toBeLessThan(at('10:30')!.xMin);
  });

  it('keeps dates and year ranges in order after Arabic words, and an English line of an Arabic cell left to right', () => {
    const doc = new PDFDocument({ autoFirstPage: false });
    for (const script of [LATIN, ARABIC])
      doc.registerFont(FONT_NAMES[0][script], (script === LATIN ? fonts.latin : fonts.arabic) as ArrayBuffer);
    const typesetter = new Typesetter(doc, true);
    // The pieces of a line in drawing order, left to right.
    const drawn = (text: string) =>
      typesetter
        .layout(text, 500, { bold: false, size: 10 })
        .map((line) => line.pieces.map((piece) => piece.text).join(''))
        .join('\n');
    // Read as Arabic numbers, each apart, a date came out "13-04-2026" and a year range "26-2025".
    expect(drawn('أسعار الصرف في 2026-04-13')).toMatch(/^2026-04-13 /);
    expect(drawn('التعريفة الجمركية 2025-26')).toMatch(/^2025-26 /);
    // Numbers joined otherwise were already in order, and still are.
    expect(drawn('السعر في 11/25/2026')).toMatch(/^11\/25\/2026 /);
    // A paragraph without an Arabic letter is laid out left to right: its full stop at its end, not first.
    expect(drawn('بن غير محمص\nCoffee, not roasted.').split('\n')[1]).toBe('Coffee, not roasted.');
  });

  it('writes the details the table was computed from under the title', async () => {
    const table: ExportTable = {
      title: 'Taxation simulation',
      language: 'en',
      details: [
        { label: 'Value in foreign currency', value: '1,000.00 USD' },
        { label: 'Country of origin', value: 'India (IN)' },
      ],
      columns: [{ header: 'Tax' }, { header: 'Amount', numeric: true }],
      rows: [['CD', 12245.67]],
    };
    const file = join(work, 'details.pdf');
    writeFileSync(file, await tableToPdf(table, fonts));
    const out = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(out).toContain('Value in foreign currency: 1,000.00 USD');
    expect(out).toContain('Country of origin: India (IN)');
    expect(out.indexOf('Country of origin')).toBeLessThan(out.indexOf('Amount'));
  });

  it.each(['en', 'ar', 'bn'] as const)('renders page 1 of the %s table like the reference', (key) => {
    const prefix = join(work, `${key}-render`);
    execFileSync('pdftoppm', ['-r', String(DPI), '-f', '1', '-l', '1', '-singlefile', '-png', pdfs[key]!, prefix]);
    const rendered = `${prefix}.png`;
    const reference = join(REFERENCE_DIR, `${key}.png`);
    if (UPDATE) writeFileSync(reference, readFileSync(rendered));
    expect(existsSync(reference), `missing reference ${reference}`).toBe(true);
    const ratio = diffRatio(decodePng(rendered), decodePng(reference));
    expect(ratio, `page 1 of ${key} differs from ${reference} on ${(ratio * 100).toFixed(2)}% of pixels`).toBeLessThan(MAX_DIFF_RATIO);
  });

  it('lays out the whole tariff (7,200 rows x 11 columns) with headers and page numbers on every page', async () => {
    const columns = ['HS code', 'Description', 'Unit', 'CD', 'SD', 'VAT', 'AIT', 'AT', 'RD', 'TTI', 'Note'].map((header, i) => ({
      header,
      numeric: i >= 3 && i <= 9,
    }));
    const words = 'Coffee not roasted decaffeinated green tea pepper spices genus Capsicum other'.split(' ');
    const rows = Array.from({ length: 7200 }, (_, r) => [
      `${String(100 + (r % 9700)).padStart(4, '0')}.${String(r % 100).padStart(2, '0')}.00`,
      Array.from({ length: 3 + (r % 14) }, (_, w) => words[(r * 7 + w * 3) % words.length]).join(' '),
      'kg',
      String(r % 30),
      String(r % 20),
      '15',
      '0',
      '5',
      '0',
      (r % 97).toFixed(2),
      r % 3 ? 'A' : 'B',
    ]);
    const started = performance.now();
    const pdf = await tableToPdf({ title: 'Tariff', columns, rows, language: 'en', generatedAt }, fonts);
    const seconds = (performance.now() - started) / 1000;
    const file = join(work, 'tariff.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/Pages:\s+(\d+)/.exec(info)![1]);
    expect(info).toMatch(/841\.89 x 595\.28/);
    expect(pages).toBeGreaterThan(100);
    const last = execFileSync('pdftotext', ['-layout', '-f', String(pages), '-l', String(pages), file, '-'], { encoding: 'utf8' });
    expect(last).toContain('Description');
    expect(last).toMatch(new RegExp(`${pages}\\s*/\\s*${pages}`));
    expect(last).toContain('7299.99.00');
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
