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
import { direction } from '../i18n/language';
import { formatNumber } from '../i18n/language';
import { MISSING, type ExportCell, type ExportTable as BaseExportTable } from './table';
import { FONT_NAMES, RTL_LETTER, Typesetter, type Line, type PdfFonts } from './typeset';

export { PDF_FONT_FILES, loadBrowserFonts, type PdfFonts } from './typeset';

export type { ExportColumn, ExportCell } from './table';

export interface ExportTable extends BaseExportTable {
  /** Printed in the footer of every page (default: now). */
  generatedAt?: Date;
}

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
