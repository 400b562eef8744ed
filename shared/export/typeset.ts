/**
 * Typesetting for the PDF export: the fonts, the script of each character, and lines cut into runs of one font
 * and one bidi level in visual order, so that pdfkit (fontkit) shapes Arabic and Bengali right (see pdf.ts).
 */
import bidiFactory from 'bidi-js';

export type FontData = ArrayBuffer | Uint8Array;

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

export const LATIN = 0;
export const ARABIC = 1;
export const BENGALI = 2;
export const NEUTRAL = -1;
export type Script = typeof LATIN | typeof ARABIC | typeof BENGALI;
export const FONT_NAMES = [
  ['latin', 'arabic', 'bengali'],
  ['latin-bold', 'arabic-bold', 'bengali-bold'],
] as const;

export const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
export const JOINER_OR_MARK = /[\p{M}\u200c\u200d]/u;

export function scriptOf(code: number, char: string): Script | typeof NEUTRAL {
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
export const SPECIFIC_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}]/u;
export const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
export function fontkitReverses(text: string): boolean {
  const first = SPECIFIC_SCRIPT.exec(text);
  return first !== null && RTL_SCRIPT.test(first[0]);
}

export const bidi = bidiFactory();

export function reverse(text: string): string {
  return Array.from(text).reverse().join('');
}

export function mirror(text: string): string {
  let out = '';
  for (const char of text) out += bidi.getMirroredCharacter(char) ?? char;
  return out;
}

export const WHITESPACE = /\s/;

/**
 * Numbers joined by hyphens or dashes: dates ("2026-04-13") and year ranges ("2025-26"). After an Arabic letter,
 * UAX #9 reads each number as an Arabic number and the hyphen between them as a neutral that takes the
 * paragraph's direction, so the parts come out in reverse order ("13-04-2026"). Each is isolated as one
 * left-to-right unit (LRI ... PDI), as a page would with <bdi dir="ltr">.
 */
const JOINED_NUMBERS = /[0-9\u0660-\u0669\u06f0-\u06f9]+(?:[-\u2010\u2011\u2013][0-9\u0660-\u0669\u06f0-\u06f9]+)+/g;

/** The bidi embedding level of every UTF-16 unit of `text`, with joined numbers kept in their order. */
export function embeddingLevels(text: string, rtl: boolean): Uint8Array {
  const direction = rtl ? 'rtl' : 'ltr';
  let marked = '';
  const at: number[] = [];
  let last = 0;
  const keep = (end: number) => {
    for (let i = last; i < end; i++) {
      at.push(marked.length);
      marked += text[i];
    }
    last = end;
  };
  for (const match of text.matchAll(JOINED_NUMBERS)) {
    keep(match.index);
    marked += '\u2066';
    keep(match.index + match[0].length);
    marked += '\u2069';
  }
  if (marked === '') return bidi.getEmbeddingLevels(text, direction).levels;
  keep(text.length);
  const levels = bidi.getEmbeddingLevels(marked, direction).levels;
  return Uint8Array.from(at, (index) => levels[index]!);
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring, wrapping and drawing text with pdfkit

export interface FontkitLike {
  hasGlyphForCodePoint(code: number): boolean;
  unitsPerEm?: number;
  layout?(text: string): { glyphs: Array<{ cbox: { maxX: number } }>; positions: Array<{ xAdvance: number; xOffset: number }> };
}

export interface Piece {
  font: string;
  text: string;
  width: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
  /** The line's text in logical order, for text extraction when the glyph order or glyph mapping differs. */
  actual?: string;
}

export interface TextStyle {
  bold: boolean;
  size: number;
  /** Lay out left-to-right whatever the table's direction (page numbers, cells without right-to-left letters). */
  ltr?: boolean;
}

/** Hebrew, Arabic, Syriac, Thaana, NKo and their presentation forms: letters that make a text right-to-left. */
export const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;

export class Typesetter {
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

  /**
   * The width a text takes: its advance, and for Bengali the ink past it. fontkit gives a word's final conjunct
   * ("ক্ত" of "সংযুক্ত") marks of no advance that are drawn past the word's end, over the space after it: the
   * next word then touched it ("সংযুক্তআরব").
   */
  width(font: string, size: number, text: string): number {
    this.use(font, size);
    const advance = this.doc.widthOfString(text);
    const face = this.face(font);
    if (!/[\u0980-\u09ff]/.test(text) || !face.layout || !face.unitsPerEm) return advance;
    const run = face.layout(text);
    let x = 0;
    let ink = 0;
    run.glyphs.forEach((glyph, index) => {
      // The control box, read from the glyph's header: fontkit's bbox decodes the outline of a composite glyph and
      // moves its parts in place, so that the glyph drawn afterwards is wrong (a dotted circle in "বিনিময়").
      ink = Math.max(ink, x + run.positions[index]!.xOffset + glyph.cbox.maxX);
      x += run.positions[index]!.xAdvance;
    });
    return advance + (Math.max(0, ink - x) * size) / face.unitsPerEm;
  }

  private face(font: string): FontkitLike {
    let face = this.coverage.get(font);
    if (!face) {
      this.use(font, this.currentSize || 10);
      face = (this.doc as unknown as { _font?: { font?: FontkitLike } })._font?.font ?? { hasGlyphForCodePoint: () => true };
      this.coverage.set(font, face);
    }
    return face;
  }

  private hasGlyph(font: string, code: number): boolean {
    return this.face(font).hasGlyphForCodePoint(code);
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
    // A paragraph is right-to-left when the table is and the paragraph has a right-to-left letter: an English
    // line of an Arabic cell reads left to right, its full stop at its end.
    const rtl = this.rtl && !style.ltr && RTL_LETTER.test(text);
    let needsBidi = rtl;
    for (let i = 0; i < text.length && !needsBidi; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x0590 && code <= 0x08ff) needsBidi = true;
      else if (code >= 0xfb1d && code <= 0xfeff) needsBidi = true;
      else if (code >= 0x200e && code <= 0x202e) needsBidi = true;
    }
    const levels = needsBidi ? embeddingLevels(text, rtl) : null;

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
    const isSpace = (k: number) => WHITESPACE.test(text[k]!);
    if (!levels) {
      // Left-to-right only: one piece per font run, spaces apart as in the bidi case below, so that each word's
      // width (its ink, for Bengali: see width()) ends where the word's glyphs do.
      const pieces: Piece[] = [];
      let runStart = start;
      for (let i = start + 1; i <= end; i++) {
        if (i === end || fonts[i] !== fonts[runStart] || isSpace(i) !== isSpace(runStart)) {
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
