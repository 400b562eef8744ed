/**
 * PDF export of a table, shaping-correct for Arabic and Bengali, the same module in the browser and in Node.
 *
 * pdfkit lays glyphs out with fontkit (Arabic joining, Bengali conjuncts and vowel signs). What fontkit does not
 * do is the Unicode bidirectional algorithm: it shapes one run of text and, for a right-to-left script, reverses
 * its glyphs. So every line is cut here into runs of one font and one bidi level, the runs are put in visual
 * order (UAX #9, rule L2, with bidi-js for the levels) and each run is handed to pdfkit in the order that makes
 * fontkit's own reversal land right. Text stays real, selectable text (fonts embedded as subsets with ToUnicode).
 *
 * In the browser, `pdfkit` resolves to its browser build (no Node built-ins); in Node to its Node build. Import
 * this module with a dynamic `import()` so that it and the fonts are only fetched when a PDF is asked for.
 */
import PDFDocument from 'pdfkit';
import bidiFactory from 'bidi-js';
import { direction } from '../i18n/language';
import { formatNumber } from '../i18n/language';
import { MISSING, type ExportCell, type ExportTable as BaseExportTable } from './table';

export type { ExportColumn, ExportCell } from './table';

export interface ExportTable extends BaseExportTable {
  /** Printed in the footer of every page (default: now). */
  generatedAt?: Date;
}

type FontData = ArrayBuffer | Uint8Array;

/** The TTF files the PDF embeds (subsets of them). Bold faces are optional: headers fall back to regular. */
export interface PdfFonts {
  latin: FontData;
  arabic: FontData;
  bengali: FontData;
  latinBold?: FontData;
  arabicBold?: FontData;
  bengaliBold?: FontData;
}

/** File names under static/fonts/ (served at /fonts/), shared by the browser loader and Node callers. */
export const PDF_FONT_FILES: Record<keyof PdfFonts, string> = {
  latin: 'NotoSans-Regular.ttf',
  arabic: 'NotoSansArabic-Regular.ttf',
  bengali: 'NotoSansBengali-Regular.ttf',
  latinBold: 'NotoSans-Bold.ttf',
  arabicBold: 'NotoSansArabic-Bold.ttf',
  bengaliBold: 'NotoSansBengali-Bold.ttf',
};

/** Fetches the fonts from the site (static/fonts). */
export async function loadBrowserFonts(baseUrl = '/fonts/'): Promise<PdfFonts> {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const keys = Object.keys(PDF_FONT_FILES) as (keyof PdfFonts)[];
  const files = await Promise.all(
    keys.map(async (key) => {
      const response = await fetch(`${base}${PDF_FONT_FILES[key]}`);
      if (!response.ok) throw new Error(`Font ${PDF_FONT_FILES[key]}: HTTP ${response.status}`);
      return [key, await response.arrayBuffer()] as const;
    }),
  );
  return Object.fromEntries(files) as unknown as PdfFonts;
}

// ---------------------------------------------------------------------------------------------------------------
// Scripts and fonts

const LATIN = 0;
const ARABIC = 1;
const BENGALI = 2;
const NEUTRAL = -1;
type Script = typeof LATIN | typeof ARABIC | typeof BENGALI;
const FONT_NAMES = [
  ['latin', 'arabic', 'bengali'],
  ['latin-bold', 'arabic-bold', 'bengali-bold'],
] as const;

const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const JOINER_OR_MARK = /[\p{M}\u200c\u200d]/u;

function scriptOf(code: number, char: string): Script | typeof NEUTRAL {
  if (code < 0x80) {
    return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) ? LATIN : NEUTRAL;
  }
  if (
    (code >= 0x0600 && code <= 0x06ff) ||
    (code >= 0x0750 && code <= 0x077f) ||
    (code >= 0x0870 && code <= 0x08ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  ) {
    return ARABIC;
  }
  if (code >= 0x0980 && code <= 0x09ff) return BENGALI;
  if (code >= 0xd800 && code <= 0xdfff) return LATIN;
  return LETTER_OR_NUMBER.test(char) ? LATIN : NEUTRAL;
}

/**
 * fontkit picks the script of a run from its first character that is not Common/Inherited and reverses the
 * glyphs of right-to-left scripts. This tells which runs it will reverse.
 */
const SPECIFIC_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}]/u;
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
function fontkitReverses(text: string): boolean {
  const first = SPECIFIC_SCRIPT.exec(text);
  return first !== null && RTL_SCRIPT.test(first[0]);
}

const bidi = bidiFactory();

function reverse(text: string): string {
  return Array.from(text).reverse().join('');
}

function mirror(text: string): string {
  let out = '';
  for (const char of text) out += bidi.getMirroredCharacter(char) ?? char;
  return out;
}

const WHITESPACE = /\s/;

// ---------------------------------------------------------------------------------------------------------------
// Measuring, wrapping and drawing text with pdfkit

interface FontkitLike {
  hasGlyphForCodePoint(code: number): boolean;
}

interface Piece {
  font: string;
  text: string;
  width: number;
}

interface Line {
  pieces: Piece[];
  width: number;
  /** The line's text in logical order, for text extraction when the glyph order or glyph mapping differs. */
  actual?: string;
}

interface TextStyle {
  bold: boolean;
  size: number;
  /** Lay out left-to-right whatever the table's direction (page numbers, cells without right-to-left letters). */
  ltr?: boolean;
}

/** Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms: letters that make a text right-to-left. */
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

class Typesetter {
  private currentFont = '';
  private currentSize = 0;
  private readonly coverage = new Map<string, FontkitLike>();
  private readonly segmenter =
    typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly rtl: boolean,
  ) {}

  use(font: string, size: number): void {
    if (font !== this.currentFont) {
      this.doc.font(font);
      this.currentFont = font;
    }
    if (size !== this.currentSize) {
      this.doc.fontSize(size);
      this.currentSize = size;
    }
  }

  width(font: string, size: number, text: string): number {
    this.use(font, size);
    return this.doc.widthOfString(text);
  }

  private hasGlyph(font: string, code: number): boolean {
    let face = this.coverage.get(font);
    if (!face) {
      this.use(font, this.currentSize || 10);
      face = (this.doc as unknown as { _font?: { font?: FontkitLike } })._font?.font ?? { hasGlyphForCodePoint: () => true };
      this.coverage.set(font, face);
    }
    return face.hasGlyphForCodePoint(code);
  }

  /** The font of every UTF-16 unit: by script, neutral characters take their neighbours' font. */
  private fontsOf(text: string, bold: boolean): string[] {
    const names = FONT_NAMES[bold ? 1 : 0];
    const scripts: number[] = new Array(text.length);
    for (let i = 0; i < text.length; i++) scripts[i] = scriptOf(text.charCodeAt(i), text[i]!);
    const fonts: string[] = new Array(text.length);
    let previous: number = NEUTRAL;
    for (let i = 0; i < text.length; i++) {
      const script = scripts[i]!;
      if (script !== NEUTRAL) {
        previous = script;
        fonts[i] = names[script];
        continue;
      }
      let chosen = previous;
      if (chosen === NEUTRAL) {
        for (let j = i + 1; j < text.length; j++) {
          if (scripts[j] !== NEUTRAL) {
            chosen = scripts[j]!;
            break;
          }
        }
      }
      if (chosen === NEUTRAL) chosen = this.rtl ? ARABIC : LATIN;
      const code = text.charCodeAt(i);
      if (!JOINER_OR_MARK.test(text[i]!) && !this.hasGlyph(names[chosen as Script], code)) {
        const other = [LATIN, ARABIC, BENGALI].find((s) => this.hasGlyph(names[s], code));
        if (other !== undefined) chosen = other;
      }
      fonts[i] = names[chosen as Script];
    }
    return fonts;
  }

  /** Wraps one cell (or title) into lines of at most `maxWidth`, each line already in visual order. */
  layout(raw: string, maxWidth: number, style: TextStyle): Line[] {
    const lines: Line[] = [];
    for (const paragraph of raw.replace(/\r\n?/g, '\n').split('\n')) {
      const text = paragraph.replace(/[\t\f\v]/g, ' ');
      if (text.trim() === '') {
        if (lines.length > 0) lines.push({ pieces: [], width: 0 });
        continue;
      }
      this.layoutParagraph(text, maxWidth, style, lines);
    }
    if (lines.length === 0) lines.push({ pieces: [], width: 0 });
    return lines;
  }

  private layoutParagraph(text: string, maxWidth: number, style: TextStyle, lines: Line[]): void {
    const fonts = this.fontsOf(text, style.bold);
    let needsBidi = this.rtl && !style.ltr;
    for (let i = 0; i < text.length && !needsBidi; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x0590 && code <= 0x08ff) needsBidi = true;
      else if (code >= 0xfb1d && code <= 0xfeff) needsBidi = true;
      else if (code >= 0x200e && code <= 0x202e) needsBidi = true;
    }
    const rtl = this.rtl && !style.ltr;
    const levels = needsBidi ? bidi.getEmbeddingLevels(text, rtl ? 'rtl' : 'ltr').levels : null;

    // Width of a logical range, measured per font run.
    const measure = (start: number, end: number): number => {
      let width = 0;
      let runStart = start;
      for (let i = start + 1; i <= end; i++) {
        if (i === end || fonts[i] !== fonts[runStart]) {
          width += this.width(fonts[runStart]!, style.size, text.slice(runStart, i));
          runStart = i;
        }
      }
      return width;
    };

    // Words (logical ranges without spaces), with the width of the space after each.
    const words: { start: number; end: number; width: number; spaceAfter: number }[] = [];
    let i = 0;
    while (i < text.length) {
      while (i < text.length && WHITESPACE.test(text[i]!)) i++;
      if (i >= text.length) break;
      const start = i;
      while (i < text.length && !WHITESPACE.test(text[i]!)) i++;
      const end = i;
      const spaceAfter = i < text.length ? this.width(fonts[i]!, style.size, ' ') : 0;
      const width = measure(start, end);
      if (width <= maxWidth) {
        words.push({ start, end, width, spaceAfter });
        continue;
      }
      // A word longer than the whole line: cut it between grapheme clusters.
      const clusters = this.segmenter
        ? Array.from(this.segmenter.segment(text.slice(start, end)), (s) => start + s.index)
        : Array.from({ length: end - start }, (_, k) => start + k);
      let pieceStart = start;
      for (let k = 1; k < clusters.length; k++) {
        if (measure(pieceStart, clusters[k + 1] ?? end) > maxWidth) {
          words.push({ start: pieceStart, end: clusters[k]!, width: measure(pieceStart, clusters[k]!), spaceAfter: 0 });
          pieceStart = clusters[k]!;
        }
      }
      words.push({ start: pieceStart, end, width: measure(pieceStart, end), spaceAfter });
    }

    let lineStart = 0;
    while (lineStart < words.length) {
      let lineWidth = words[lineStart]!.width;
      let lineEnd = lineStart + 1;
      while (lineEnd < words.length) {
        const candidate = lineWidth + words[lineEnd - 1]!.spaceAfter + words[lineEnd]!.width;
        if (candidate > maxWidth) break;
        lineWidth = candidate;
        lineEnd++;
      }
      lines.push(this.visualLine(text, fonts, levels, words[lineStart]!.start, words[lineEnd - 1]!.end, style.size));
      lineStart = lineEnd;
    }
  }

  /** One line (a logical range) cut into runs of one font and one level, put in visual order. */
  private visualLine(text: string, fonts: string[], levels: Uint8Array | null, start: number, end: number, size: number): Line {
    if (!levels) {
      // Left-to-right only: one piece per font run.
      const pieces: Piece[] = [];
      let runStart = start;
      for (let i = start + 1; i <= end; i++) {
        if (i === end || fonts[i] !== fonts[runStart]) {
          const piece = text.slice(runStart, i);
          pieces.push({ font: fonts[runStart]!, text: piece, width: this.width(fonts[runStart]!, size, piece) });
          runStart = i;
        }
      }
      const complex = pieces.some((p) => p.font !== FONT_NAMES[0][LATIN] && p.font !== FONT_NAMES[1][LATIN]);
      const width = pieces.reduce((sum, p) => sum + p.width, 0);
      return complex ? { pieces, width, actual: text.slice(start, end) } : { pieces, width };
    }

    // Runs of one font and one level; spaces are runs of their own so that no run handed to fontkit holds one.
    const runs: { start: number; end: number; level: number }[] = [];
    let runStart = start;
    const isSpace = (k: number) => WHITESPACE.test(text[k]!);
    for (let k = start + 1; k <= end; k++) {
      if (
        k === end ||
        fonts[k] !== fonts[runStart] ||
        levels[k] !== levels[runStart] ||
        isSpace(k) !== isSpace(runStart) ||
        (isSpace(k) && isSpace(runStart))
      ) {
        runs.push({ start: runStart, end: k, level: levels[runStart]! });
        runStart = k;
      }
    }
    // UAX #9 L2: from the highest level down to the lowest odd one, reverse every sequence at that level or higher.
    let highest = 0;
    let lowestOdd = 255;
    for (const run of runs) {
      highest = Math.max(highest, run.level);
      if (run.level % 2 === 1) lowestOdd = Math.min(lowestOdd, run.level);
    }
    for (let level = highest; level >= lowestOdd; level--) {
      let k = 0;
      while (k < runs.length) {
        if (runs[k]!.level < level) {
          k++;
          continue;
        }
        let j = k;
        while (j < runs.length && runs[j]!.level >= level) j++;
        const reversed = runs.slice(k, j).reverse();
        runs.splice(k, j - k, ...reversed);
        k = j;
      }
    }
    const pieces: Piece[] = runs.map((run) => {
      const logical = text.slice(run.start, run.end);
      const font = fonts[run.start]!;
      let shown: string;
      if (run.level % 2 === 1) {
        // Visual text is the mirrored, reversed run; if fontkit reverses the run itself, give it the logical order.
        shown = fontkitReverses(logical) ? mirror(logical) : mirror(reverse(logical));
      } else {
        shown = fontkitReverses(logical) ? reverse(logical) : logical;
      }
      return { font, text: shown, width: this.width(font, size, shown) };
    });
    return { pieces, width: pieces.reduce((sum, p) => sum + p.width, 0), actual: text.slice(start, end) };
  }

  /** Draws a laid-out line with its baseline at `baseline`, starting at `x` (left edge). */
  draw(line: Line, x: number, baseline: number, size: number): void {
    // Arabic glyphs are shared between letters and Bengali vowel signs are drawn before their consonant, so the
    // glyph-to-Unicode map alone would extract wrong text: the line carries its logical text as ActualText.
    if (line.actual !== undefined) this.doc.markContent('Span', { actual: line.actual });
    let left = x;
    for (const piece of line.pieces) {
      if (piece.text.trim() !== '') {
        this.use(piece.font, size);
        this.doc.text(piece.text, left, baseline, { lineBreak: false, baseline: 'alphabetic' });
      }
      left += piece.width;
    }
    if (line.actual !== undefined) this.doc.endMarkedContent();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The table

const MARGIN = 30;
const BODY_SIZE = 8;
const HEADER_SIZE = 8;
const TITLE_SIZE = 13;
const SUBTITLE_SIZE = 8.5;
const FOOTER_SIZE = 7.5;
const LINE_FACTOR = 1.5;
const ASCENT_FACTOR = 1.1;
const PAD_X = 3;
const PAD_Y = 2.5;
const SAMPLE_ROWS = 400;
const LANDSCAPE_FROM_COLUMNS = 7;
const TEXT_COLOR = '#1a1a1a';
const MUTED_COLOR = '#555555';
const HEADER_FILL = '#e6eaee';
const RULE_COLOR = '#c8ced3';

/** Numbers print as everywhere in the portal (en-US, the column's decimals); empty cells as '-'. */
function cellText(value: ExportCell | undefined, decimals?: number): string {
  if (value === null || value === undefined || value === '') return MISSING;
  return typeof value === 'number' ? formatNumber(value, decimals) : value;
}

function stamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** Column widths from the content: every column gets its longest word, the rest goes by typical text width. */
function columnWidths(typesetter: Typesetter, table: ExportTable, available: number): number[] {
  const count = table.columns.length;
  const step = Math.max(1, Math.floor(table.rows.length / SAMPLE_ROWS));
  const minimum = new Array<number>(count).fill(0);
  const wish = new Array<number>(count).fill(0);
  const measureWords = (text: string, bold: boolean, size: number, column: number) => {
    let full = 0;
    for (const word of text.split(/\s+/)) {
      if (!word) continue;
      const w = typesetter.layout(word, Number.POSITIVE_INFINITY, { bold, size })[0]!.width;
      minimum[column] = Math.max(minimum[column]!, Math.min(w, 110));
      full += w + size * 0.28;
    }
    return full;
  };
  table.columns.forEach((column, c) => {
    wish[c] = Math.min(measureWords(column.header, true, HEADER_SIZE, c), 90);
  });
  const totals = new Array<number[]>(count).fill([]).map(() => [] as number[]);
  for (let r = 0; r < table.rows.length; r += step) {
    const row = table.rows[r]!;
    for (let c = 0; c < count; c++) totals[c]!.push(measureWords(cellText(row[c], table.columns[c]?.decimals), false, BODY_SIZE, c));
  }
  for (let c = 0; c < count; c++) {
    const sorted = totals[c]!.sort((a, b) => a - b);
    const typical = sorted.length ? sorted[Math.floor(sorted.length * 0.9)]! : 0;
    wish[c] = Math.max(wish[c]!, Math.min(typical, 320), minimum[c]!) + 2 * PAD_X;
    minimum[c] = Math.max(minimum[c]!, 14) + 2 * PAD_X;
  }
  const sumWish = wish.reduce((a, b) => a + b, 0);
  if (sumWish <= available) return wish.map((w) => (w * available) / sumWish);
  const sumMin = minimum.reduce((a, b) => a + b, 0);
  if (sumMin >= available) return minimum.map((w) => (w * available) / sumMin);
  const spare = available - sumMin;
  const extra = sumWish - sumMin;
  return minimum.map((m, c) => m + ((wish[c]! - m) * spare) / extra);
}

/** Renders a table to a PDF (A4; landscape when there are many columns), returning its bytes. */
export async function tableToPdf(table: ExportTable, fonts: PdfFonts): Promise<Uint8Array> {
  const rtl = direction(table.language) === 'rtl';
  const landscape = table.columns.length >= LANDSCAPE_FROM_COLUMNS;
  const generatedAt = table.generatedAt ?? new Date();
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    // No standard (Helvetica) font: the browser build does not carry their metrics.
    font: null as unknown as string,
    lang: table.language,
    displayTitle: true,
    info: { Title: table.title, Subject: table.subtitle ?? '', Creator: 'Guichet', CreationDate: generatedAt },
  });
  const chunks: Uint8Array[] = [];
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', (error: unknown) => reject(error));
  });

  const [latinName, arabicName, bengaliName] = FONT_NAMES[0];
  const [latinBoldName, arabicBoldName, bengaliBoldName] = FONT_NAMES[1];
  doc.registerFont(latinName, fonts.latin as ArrayBuffer);
  doc.registerFont(arabicName, fonts.arabic as ArrayBuffer);
  doc.registerFont(bengaliName, fonts.bengali as ArrayBuffer);
  doc.registerFont(latinBoldName, (fonts.latinBold ?? fonts.latin) as ArrayBuffer);
  doc.registerFont(arabicBoldName, (fonts.arabicBold ?? fonts.arabic) as ArrayBuffer);
  doc.registerFont(bengaliBoldName, (fonts.bengaliBold ?? fonts.bengali) as ArrayBuffer);

  const pageWidth = landscape ? 841.89 : 595.28;
  const pageHeight = landscape ? 595.28 : 841.89;
  const contentWidth = pageWidth - 2 * MARGIN;
  const typesetter = new Typesetter(doc, rtl);
  const widths = columnWidths(typesetter, table, contentWidth);
  // Column left edges: first column on the left, or on the right for a right-to-left table.
  const lefts: number[] = [];
  {
    let x = rtl ? pageWidth - MARGIN : MARGIN;
    for (const w of widths) {
      if (rtl) x -= w;
      lefts.push(x);
      if (!rtl) x += w;
    }
  }
  const align = (numeric: boolean | undefined): 'start' | 'end' => (numeric ? 'end' : 'start');
  const lineLeft = (line: Line, left: number, width: number, where: 'start' | 'end') =>
    (where === 'start') !== rtl ? left : left + width - line.width;

  const titleLines = typesetter.layout(table.title, contentWidth, { bold: true, size: TITLE_SIZE });
  const subtitleLines = table.subtitle ? typesetter.layout(table.subtitle, contentWidth, { bold: false, size: SUBTITLE_SIZE }) : [];
  const detailLines = (table.details ?? []).flatMap(({ label, value }) =>
    typesetter.layout(`${label}: ${value}`, contentWidth, { bold: false, size: SUBTITLE_SIZE }),
  );
  const headerCells = table.columns.map((column, c) =>
    typesetter.layout(column.header, widths[c]! - 2 * PAD_X, { bold: true, size: HEADER_SIZE }),
  );
  const headerLineHeight = HEADER_SIZE * LINE_FACTOR;
  const bodyLineHeight = BODY_SIZE * LINE_FACTOR;
  const headerHeight = Math.max(...headerCells.map((lines) => lines.length)) * headerLineHeight + 2 * PAD_Y;
  const footerTop = pageHeight - MARGIN + 6;
  const bottom = pageHeight - MARGIN;

  let y = 0;
  const drawBlock = (lines: Line[], size: number, color: string) => {
    doc.fillColor(color);
    for (const line of lines) {
      typesetter.draw(line, lineLeft(line, MARGIN, contentWidth, 'start'), y + size * ASCENT_FACTOR, size);
      y += size * LINE_FACTOR;
    }
  };
  const newPage = () => {
    doc.addPage();
    y = MARGIN;
    drawBlock(titleLines, TITLE_SIZE, TEXT_COLOR);
    if (subtitleLines.length) drawBlock(subtitleLines, SUBTITLE_SIZE, MUTED_COLOR);
    if (detailLines.length) drawBlock(detailLines, SUBTITLE_SIZE, TEXT_COLOR);
    y += 6;
    doc.rect(MARGIN, y, contentWidth, headerHeight).fill(HEADER_FILL);
    doc.fillColor(TEXT_COLOR);
    table.columns.forEach((column, c) => {
      headerCells[c]!.forEach((line, k) => {
        const x = lineLeft(line, lefts[c]! + PAD_X, widths[c]! - 2 * PAD_X, align(column.numeric));
        typesetter.draw(line, x, y + PAD_Y + k * headerLineHeight + HEADER_SIZE * ASCENT_FACTOR, HEADER_SIZE);
      });
    });
    y += headerHeight;
  };

  newPage();
  const firstBodyTop = y;
  doc.lineWidth(0.4).strokeColor(RULE_COLOR);
  for (const row of table.rows) {
    // A cell's direction is its own (like dir="auto"): numbers, dates and codes stay left-to-right in an
    // Arabic table, so "-0.0883" keeps its minus on the left and "11/25/2026 10:30" its order.
    const cells = table.columns.map((column, c) => {
      const text = cellText(row[c], column.decimals);
      return typesetter.layout(text, widths[c]! - 2 * PAD_X, { bold: false, size: BODY_SIZE, ltr: !RTL_LETTER.test(text) });
    });
    const lineCount = Math.max(...cells.map((lines) => lines.length));
    let from = 0;
    while (from < lineCount) {
      const room = Math.floor((bottom - y - 2 * PAD_Y) / bodyLineHeight);
      // Start a new page rather than split a row, unless the row does not fit on a whole page either.
      if (room < 1 || (from === 0 && room < lineCount && y > firstBodyTop)) {
        newPage();
        continue;
      }
      const to = Math.min(lineCount, from + room);
      doc.fillColor(TEXT_COLOR);
      table.columns.forEach((column, c) => {
        for (let k = from; k < to && k < cells[c]!.length; k++) {
          const line = cells[c]![k]!;
          const x = lineLeft(line, lefts[c]! + PAD_X, widths[c]! - 2 * PAD_X, align(column.numeric));
          typesetter.draw(line, x, y + PAD_Y + (k - from) * bodyLineHeight + BODY_SIZE * ASCENT_FACTOR, BODY_SIZE);
        }
      });
      y += (to - from) * bodyLineHeight + 2 * PAD_Y;
      doc
        .moveTo(MARGIN, y)
        .lineTo(MARGIN + contentWidth, y)
        .stroke();
      from = to;
    }
  }

  // Footer on every page: "n / N" in the middle, the date at the end side.
  const range = doc.bufferedPageRange();
  const dateLine = typesetter.layout(stamp(generatedAt), contentWidth, { bold: false, size: FOOTER_SIZE, ltr: true })[0]!;
  for (let p = 0; p < range.count; p++) {
    doc.switchToPage(range.start + p);
    doc.fillColor(MUTED_COLOR);
    const pageLine = typesetter.layout(`${p + 1} / ${range.count}`, contentWidth, { bold: false, size: FOOTER_SIZE, ltr: true })[0]!;
    typesetter.draw(pageLine, MARGIN + (contentWidth - pageLine.width) / 2, footerTop + FOOTER_SIZE, FOOTER_SIZE);
    typesetter.draw(dateLine, lineLeft(dateLine, MARGIN, contentWidth, 'end'), footerTop + FOOTER_SIZE, FOOTER_SIZE);
  }

  doc.end();
  await finished;
  const length = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
