import { crc32, inflateRawSync } from 'node:zlib';

/** A workbook that cannot be read; the message is meant for the person who uploaded it. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

export interface XlsxLimits {
  /** Largest uncompressed size of one ZIP entry, in bytes (default 50 MB). */
  maxEntryBytes?: number;
  /** Largest number of cells in the result grid (default 2,000,000). */
  maxCells?: number;
}

const DEFAULT_MAX_ENTRY_BYTES = 50 * 1024 * 1024;
const DEFAULT_MAX_CELLS = 2_000_000;
const MAX_COLUMNS = 16_384; // XFD
const MAX_ROWS = 1_048_576;

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const damaged = () => new SpreadsheetError('The file is damaged or incomplete (its ZIP structure cannot be read)');
const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`);

function findEndOfCentralDirectory(file: Buffer): number {
  const last = file.length - 22;
  const first = Math.max(0, last - 65_535);
  for (let at = last; at >= first; at--) {
    if (file.readUInt32LE(at) === EOCD_SIGNATURE && at + 22 + file.readUInt16LE(at + 20) <= file.length) return at;
  }
  return -1;
}

function readCentralDirectory(file: Buffer): Map<string, ZipEntry> {
  if (file.length >= 8 && file.readUInt32BE(0) === 0xd0cf11e0 && file.readUInt32BE(4) === 0xa1b11ae1) {
    throw new SpreadsheetError('The file is an old Excel (.xls) or password-protected workbook; save it as .xlsx without a password');
  }
  const eocd = file.length >= 22 ? findEndOfCentralDirectory(file) : -1;
  if (eocd < 0) {
    if (file.length >= 4 && file.readUInt32LE(0) === LOCAL_SIGNATURE) throw damaged();
    throw new SpreadsheetError('The file is not a valid XLSX workbook (not a ZIP archive)');
  }
  const count = file.readUInt16LE(eocd + 10);
  const directorySize = file.readUInt32LE(eocd + 12);
  const directoryOffset = file.readUInt32LE(eocd + 16);
  const zip64Locator = eocd >= 20 && file.readUInt32LE(eocd - 20) === ZIP64_LOCATOR_SIGNATURE;
  if (zip64Locator || count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new SpreadsheetError('The workbook uses ZIP64, which is not supported; save it again as a normal .xlsx file');
  }
  if (file.readUInt16LE(eocd + 4) !== 0 || file.readUInt16LE(eocd + 6) !== 0) {
    throw new SpreadsheetError('The workbook is split over several files, which is not supported');
  }
  if (directoryOffset + directorySize > eocd) throw damaged();
  const entries = new Map<string, ZipEntry>();
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > eocd || file.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw damaged();
    const flags = file.readUInt16LE(at + 8);
    const nameLength = file.readUInt16LE(at + 28);
    const end = at + 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    if (end > eocd) throw damaged();
    const name = file.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name,
      flags,
      method: file.readUInt16LE(at + 10),
      crc: file.readUInt32LE(at + 16),
      compressedSize: file.readUInt32LE(at + 20),
      size: file.readUInt32LE(at + 24),
      localOffset: file.readUInt32LE(at + 42),
    };
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff || entry.localOffset === 0xffffffff) {
      throw new SpreadsheetError('The workbook uses ZIP64, which is not supported; save it again as a normal .xlsx file');
    }
    if (!entries.has(name.toLowerCase())) entries.set(name.toLowerCase(), entry);
    at = end;
  }
  return entries;
}

function extract(file: Buffer, entry: ZipEntry, maxEntryBytes: number): Buffer {
  if (entry.flags & 0x41) throw new SpreadsheetError('The workbook is encrypted; save it without a password and try again');
  if (entry.method !== 0 && entry.method !== 8) {
    throw new SpreadsheetError(`The workbook uses an unsupported compression method (${entry.method})`);
  }
  const tooLarge = () =>
    new SpreadsheetError(`The workbook is too large to read: a part of it exceeds ${sizeText(maxEntryBytes)} uncompressed`);
  if (entry.size > maxEntryBytes) throw tooLarge();
  const local = entry.localOffset;
  if (local + 30 > file.length || file.readUInt32LE(local) !== LOCAL_SIGNATURE) throw damaged();
  const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
  const end = start + entry.compressedSize;
  if (end > file.length) throw damaged();
  const raw = file.subarray(start, end);
  let data: Buffer;
  if (entry.method === 0) {
    data = raw;
  } else {
    try {
      data = inflateRawSync(raw, { maxOutputLength: Math.max(1, maxEntryBytes) });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
      throw damaged();
    }
  }
  if (data.length > maxEntryBytes) throw tooLarge();
  if (data.length !== entry.size || crc32(data) >>> 0 !== entry.crc) throw damaged();
  return data;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the predefined XML entities and character references; unknown references are left as they are. */
function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name[0] !== '#') return Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : whole;
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** Decodes the _xHHHH_ escapes of spreadsheet strings (e.g. _x000D_ for a carriage return). */
function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// A name starts where no name character comes before it: a long run of them is tried once, not from each of its characters.
const ATTRIBUTE = /(?<![\w:.-])([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function attributes(text: string | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  if (!text) return result;
  for (const match of text.matchAll(ATTRIBUTE)) result[match[1]] = decodeXml(match[2] ?? match[3]);
  return result;
}

/** An attribute by local name, whatever its namespace prefix. */
function localAttribute(attrs: Record<string, string>, local: string): string | undefined {
  for (const [name, value] of Object.entries(attrs)) if (name === local || name.endsWith(`:${local}`)) return value;
  return undefined;
}

/** An element found by `elements`: its attribute text, its content (none when it closes itself), where it starts and ends. */
interface XmlElement {
  attributes: string | undefined;
  content: string | undefined;
  start: number;
  end: number;
}

const ELEMENT_PATTERNS = new Map<string, { open: RegExp; close: RegExp }>();

/**
 * The elements with the given local name, in order. One pass over the text: an opening tag without its closing
 * tag ends the search, as no later one can have one (a regular expression would look for it from every opening
 * tag again, in time quadratic in the text).
 */
function* elements(xml: string, local: string): Generator<XmlElement> {
  let patterns = ELEMENT_PATTERNS.get(local);
  if (!patterns) {
    patterns = { open: new RegExp(`<(?:[\\w.-]+:)?${local}(?=[\\s/>])`, 'g'), close: new RegExp(`</(?:[\\w.-]+:)?${local}\\s*>`, 'g') };
    ELEMENT_PATTERNS.set(local, patterns);
  }
  const { open, close } = patterns;
  let position = 0;
  for (;;) {
    open.lastIndex = position;
    const tag = open.exec(xml);
    if (!tag) return;
    const tagEnd = xml.indexOf('>', open.lastIndex);
    if (tagEnd < 0) return;
    const selfClosing = xml[tagEnd - 1] === '/';
    const attributes = xml.slice(open.lastIndex, selfClosing ? tagEnd - 1 : tagEnd).trim() || undefined;
    if (selfClosing) {
      yield { attributes, content: undefined, start: tag.index, end: tagEnd + 1 };
      position = tagEnd + 1;
      continue;
    }
    close.lastIndex = tagEnd + 1;
    const closing = close.exec(xml);
    if (!closing) return;
    yield { attributes, content: xml.slice(tagEnd + 1, closing.index), start: tag.index, end: close.lastIndex };
    position = close.lastIndex;
  }
}

const first = (found: Generator<XmlElement>) => found.next().value as XmlElement | undefined;

/** The text of a <si> or <is>: all <t> joined, phonetic runs (<rPh>) left out. */
function richText(content: string | undefined): string {
  if (!content) return '';
  let text = content;
  if (content.includes('rPh')) {
    text = '';
    let position = 0;
    for (const phonetic of elements(content, 'rPh')) {
      text += content.slice(position, phonetic.start);
      position = phonetic.end;
    }
    text += content.slice(position);
  }
  let result = '';
  for (const run of elements(text, 't')) result += run.content ?? '';
  return decodeOoxmlEscapes(decodeXml(result));
}

function xmlText(data: Buffer): string {
  const text = data[0] === 0xff && data[1] === 0xfe ? data.toString('utf16le', 2) : data.toString('utf8');
  const result = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (/<!DOCTYPE/i.test(result)) throw new SpreadsheetError('The workbook contains a DOCTYPE declaration, which is not allowed');
  return result;
}

const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a custom number format shows a date: d, m or y outside quotes, escapes and brackets, and not elapsed time only. */
export function isDateFormat(code: string): boolean {
  let letters = false;
  let dayOrYear = false;
  let elapsed = false;
  for (let i = 0; i < code.length; i++) {
    const char = code[i];
    if (char === '"') {
      const end = code.indexOf('"', i + 1);
      i = end < 0 ? code.length : end;
    } else if (char === '\\' || char === '_' || char === '*') {
      i++;
    } else if (char === '[') {
      const end = code.indexOf(']', i + 1);
      if (/^(h+|m+|s+)$/i.test(code.slice(i + 1, end < 0 ? code.length : end))) elapsed = true;
      i = end < 0 ? code.length : end;
    } else if (char === ';') {
      break;
    } else if (/[dmy]/i.test(char)) {
      letters = true;
      if (char !== 'm' && char !== 'M') dayOrYear = true;
    }
  }
  return letters && (!elapsed || dayOrYear);
}

/** For each cell style index, whether its number format is a date. */
function dateStyles(xml: string | undefined): boolean[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  for (const format of elements(xml, 'numFmt')) {
    const attrs = attributes(format.attributes);
    custom.set(Number(attrs.numFmtId), attrs.formatCode ?? '');
  }
  const cellXfs = first(elements(xml, 'cellXfs'));
  if (!cellXfs?.content) return [];
  return [...elements(cellXfs.content, 'xf')].map((style) => {
    const id = Number(attributes(style.attributes).numFmtId ?? 0);
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

const DAY_MS = 86_400_000;

/** An XLSX date serial as YYYY-MM-DD (time of day dropped), or undefined when out of range. */
export function serialToIsoDate(serial: number, date1904 = false): string | undefined {
  if (!Number.isFinite(serial)) return undefined;
  const days = Math.floor(Math.round(serial * DAY_MS) / DAY_MS);
  if (date1904 ? days < 0 || days > 2_957_003 : days < 1 || days > 2_958_465) return undefined;
  if (!date1904 && days === 60) return '1900-02-29';
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : days < 60 ? Date.UTC(1899, 11, 31) : Date.UTC(1899, 11, 30);
  return new Date(epoch + days * DAY_MS).toISOString().slice(0, 10);
}

/** Column letters to a zero-based index (A = 0, AA = 26). */
export function columnIndex(letters: string): number {
  let index = 0;
  for (const char of letters.toUpperCase()) index = index * 26 + (char.charCodeAt(0) - 64);
  return index - 1;
}

function resolveTarget(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

const CELL_REF = /^([A-Za-z]{1,3})([0-9]{1,7})$/;

/** The first worksheet's rows as strings (row 1 = header), empty cells ''. Trailing empty rows dropped; gaps in rows/columns filled with ''. */
export function readXlsxRows(file: Buffer, limits: XlsxLimits = {}): string[][] {
  const maxEntryBytes = limits.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const maxCells = limits.maxCells ?? DEFAULT_MAX_CELLS;
  const entries = readCentralDirectory(file);
  const part = (name: string) => {
    const entry = entries.get(name.toLowerCase());
    return entry ? xmlText(extract(file, entry, maxEntryBytes)) : undefined;
  };

  const workbook = part('xl/workbook.xml');
  const relations = [...elements(part('xl/_rels/workbook.xml.rels') ?? '', 'Relationship')]
    .map((relation) => attributes(relation.attributes))
    .filter((attrs) => attrs.Target && attrs.TargetMode !== 'External');
  const target = (found: Record<string, string> | undefined, fallback: string) => {
    const path = found ? resolveTarget(found.Target) : undefined;
    return path && entries.has(path.toLowerCase()) ? path : fallback;
  };
  let date1904 = false;
  let sheetId: string | undefined;
  if (workbook) {
    const workbookPr = first(elements(workbook, 'workbookPr'));
    const flag = workbookPr ? attributes(workbookPr.attributes).date1904 : undefined;
    date1904 = flag === '1' || flag === 'true';
    const sheet = first(elements(workbook, 'sheet'));
    sheetId = sheet ? localAttribute(attributes(sheet.attributes), 'id') : undefined;
  }
  const byType = (type: string) => relations.find((attrs) => attrs.Type?.endsWith(`/${type}`));
  const sheet = part(target(sheetId ? relations.find((attrs) => attrs.Id === sheetId) : undefined, 'xl/worksheets/sheet1.xml'));
  if (sheet === undefined) throw new SpreadsheetError('The file is not a valid XLSX workbook (no worksheet)');

  const sharedXml = part(target(byType('sharedStrings'), 'xl/sharedStrings.xml'));
  const shared = sharedXml ? [...elements(sharedXml, 'si')].map((item) => richText(item.content)) : [];
  const isDate = dateStyles(part(target(byType('styles'), 'xl/styles.xml')));

  const open = /<(?:[\w.-]+:)?sheetData(?=[\s/>])/.exec(sheet);
  const openEnd = open ? sheet.indexOf('>', open.index) : -1;
  if (openEnd < 0 || sheet[openEnd - 1] === '/') return [];
  const from = openEnd + 1;
  const close = sheet.slice(from).search(/<\/(?:[\w.-]+:)?sheetData\s*>/);
  const data = close < 0 ? sheet.slice(from) : sheet.slice(from, from + close);

  const tooMany = () => new SpreadsheetError(`The worksheet has more than ${maxCells} cells`);
  const grid: string[][] = [];
  let stored = 0;
  let width = 0;
  let lastRow = -1;
  let rowIndex = -1;
  for (const row of elements(data, 'row')) {
    const rowAttr = attributes(row.attributes).r;
    if (rowAttr !== undefined) {
      const number = /^[0-9]{1,7}$/.test(rowAttr) ? Number(rowAttr) : 0;
      if (number < 1 || number > MAX_ROWS) throw new SpreadsheetError(`The worksheet has an invalid row number (${rowAttr})`);
      rowIndex = number - 1;
    } else {
      rowIndex++;
    }
    if (!row.content) continue;
    let column = -1;
    for (const cell of elements(row.content, 'c')) {
      const attrs = attributes(cell.attributes);
      let cellRow = rowIndex;
      if (attrs.r !== undefined) {
        const ref = CELL_REF.exec(attrs.r);
        if (!ref) throw new SpreadsheetError(`The worksheet has an invalid cell reference (${attrs.r})`);
        column = columnIndex(ref[1]);
        cellRow = Number(ref[2]) - 1;
        if (column >= MAX_COLUMNS) throw new SpreadsheetError(`The worksheet refers to a cell beyond column XFD (${attrs.r})`);
        if (cellRow < 0 || cellRow >= MAX_ROWS)
          throw new SpreadsheetError(`The worksheet refers to a cell beyond row ${MAX_ROWS} (${attrs.r})`);
      } else {
        column++;
        if (column >= MAX_COLUMNS) throw new SpreadsheetError('The worksheet refers to a cell beyond column XFD');
      }
      const value = cellValue(cell.content, attrs, shared, isDate, date1904);
      if (value === '') continue;
      if (++stored > maxCells) throw tooMany();
      (grid[cellRow] ??= [])[column] = value;
      if (column >= width) width = column + 1;
      if (cellRow > lastRow) lastRow = cellRow;
    }
  }
  if (lastRow < 0) return [];
  if ((lastRow + 1) * width > maxCells) throw tooMany();
  const rows: string[][] = [];
  for (let r = 0; r <= lastRow; r++) {
    const source = grid[r];
    const out = new Array<string>(width).fill('');
    if (source) source.forEach((value, c) => (out[c] = value));
    rows.push(out);
  }
  return rows;
}

function cellValue(
  content: string | undefined,
  attrs: Record<string, string>,
  shared: string[],
  isDate: boolean[],
  date1904: boolean,
): string {
  if (!content) return '';
  const type = attrs.t ?? 'n';
  const inline = () => richText(first(elements(content, 'is'))?.content);
  if (type === 'inlineStr') return inline();
  const raw = first(elements(content, 'v'))?.content;
  if (raw === undefined) return type === 'n' ? '' : inline();
  const text = decodeXml(raw);
  switch (type) {
    case 's': {
      const index = Number(text.trim());
      const value = Number.isInteger(index) ? shared[index] : undefined;
      if (value === undefined) throw new SpreadsheetError(`The workbook refers to a missing shared string (${text.trim()})`);
      return value;
    }
    case 'str':
      return decodeOoxmlEscapes(text);
    case 'b':
      return text.trim() === '1' ? 'TRUE' : text.trim() === '0' ? 'FALSE' : text.trim();
    case 'e':
      return text.trim();
    case 'd':
      return /^\d{4}-\d{2}-\d{2}/.test(text.trim()) ? text.trim().slice(0, 10) : text.trim();
    default: {
      const number = text.trim();
      if (number !== '' && isDate[Number(attrs.s ?? 0)]) return serialToIsoDate(Number(number), date1904) ?? number;
      return number;
    }
  }
}
