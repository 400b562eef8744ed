import { describe, expect, it } from 'vitest';
import { crc32, deflateRawSync } from 'node:zlib';
import writeXlsxFile from 'write-excel-file/node';
import { columnIndex, isDateFormat, readXlsxRows, serialToIsoDate, SpreadsheetError } from './xlsx.js';

interface ZipPart {
  name: string;
  data: Buffer | string;
  method?: 0 | 8;
  /** Uncompressed size written in the headers, when it should differ from the real one. */
  declaredSize?: number;
}

/** A ZIP archive built byte by byte (no data descriptors, no zip64). */
function makeZip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const data = Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8');
    const method = part.method ?? 0;
    const stored = method === 8 ? deflateRawSync(data) : data;
    const name = Buffer.from(part.name, 'utf8');
    const size = part.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, stored);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** A workbook whose first sheet is at xl/worksheets/data.xml, with the given sheet data, shared strings and styles. */
function handWorkbook(sheetData: string, options: { shared?: string; styles?: string; date1904?: boolean; method?: 0 | 8 } = {}): Buffer {
  const parts: ZipPart[] = [
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook ${NS} ${REL_NS}><workbookPr${options.date1904 ? ' date1904="1"' : ''}/><sheets><sheet name="Data" sheetId="7" r:id="rId9"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
        '<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="/xl/worksheets/data.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>wrong sheet</t></is></c></row></sheetData></worksheet>`,
    },
    { name: 'xl/worksheets/data.xml', data: `<worksheet ${NS}><sheetData>${sheetData}</sheetData></worksheet>` },
  ];
  if (options.shared !== undefined) parts.push({ name: 'xl/sharedStrings.xml', data: `<sst ${NS}>${options.shared}</sst>` });
  if (options.styles !== undefined) parts.push({ name: 'xl/styles.xml', data: `<styleSheet ${NS}>${options.styles}</styleSheet>` });
  return makeZip(parts.map((part) => ({ ...part, method: options.method ?? 0 })));
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SpreadsheetError);
    return (error as Error).message;
  }
  throw new Error('expected a SpreadsheetError');
}

describe('readXlsxRows on workbooks written by write-excel-file', () => {
  it('reads strings in any script, special characters, numbers, booleans, dates and empty cells', async () => {
    const file = await writeXlsxFile([
      ['Name', 'Amount', 'Date', 'Note', 'Paid'],
      ['বাংলা পাঠ্য', 121.5, { value: new Date(Date.UTC(2026, 10, 25)), type: Date, format: 'dd/mm/yyyy' }, 'a & b < c > d "q"', true],
      ['العربية', { value: 1234.5, format: '#,##0.00' }, null, null, false],
      [null, null, null, null, null],
      ['', 7, { value: new Date(Date.UTC(2000, 0, 5, 18, 30)), type: Date, format: 'yyyy-mm-dd hh:mm' }, null, null],
      [null, null, null, null, null],
    ]).toBuffer();
    expect(readXlsxRows(file)).toEqual([
      ['Name', 'Amount', 'Date', 'Note', 'Paid'],
      ['বাংলা পাঠ্য', '121.5', '2026-11-25', 'a & b < c > d "q"', 'TRUE'],
      ['العربية', '1234.5', '', '', 'FALSE'],
      ['', '', '', '', ''],
      ['', '7', '2000-01-05', '', ''],
    ]);
  });

  it('fills a gap in the middle of a row and pads short rows to the widest row', async () => {
    const file = await writeXlsxFile([
      ['code', null, null, 'rate'],
      ['0101.21', null, '5'],
    ]).toBuffer();
    expect(readXlsxRows(file)).toEqual([
      ['code', '', '', 'rate'],
      ['0101.21', '', '5', ''],
    ]);
  });

  it('refuses more cells than the limit', async () => {
    const file = await writeXlsxFile([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ]).toBuffer();
    expect(readXlsxRows(file, { maxCells: 9 })).toHaveLength(3);
    expect(refusal(() => readXlsxRows(file, { maxCells: 8 }))).toBe('The worksheet has more than 8 cells');
  });

  it('refuses a truncated workbook', async () => {
    const file = await writeXlsxFile([['a', 'b']]).toBuffer();
    expect(refusal(() => readXlsxRows(file.subarray(0, file.length - 40)))).toBe(
      'The file is damaged or incomplete (its ZIP structure cannot be read)',
    );
    expect(refusal(() => readXlsxRows(file.subarray(0, Math.floor(file.length / 2))))).toBe(
      'The file is damaged or incomplete (its ZIP structure cannot be read)',
    );
  });
});

describe('readXlsxRows on hand-built archives', () => {
  it('reads a stored (uncompressed) archive through the workbook relationships', () => {
    const file = handWorkbook(
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t xml:space="preserve"> in&#x6C;ine&#33; </t></is></c></row>' +
        '<row r="3"><c r="B3" t="e"><v>#DIV/0!</v></c><c r="C3" t="str"><f>A1&amp;B1</f><v>x&lt;y</v></c><c r="D3" s="1"><v>45621.75</v></c><c r="E3" s="2"><v>45621</v></c></row>' +
        '<row r="4"><c r="A4" s="1"/><c r="B4" t="s" s="2"/></row>',
      {
        shared: '<si><t>Code</t></si><si><r><t>Rate </t></r><r><rPr><b/></rPr><t>(BDT)</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>',
        styles:
          '<numFmts count="1"><numFmt numFmtId="164" formatCode="[$-409]d&quot;-&quot;mmm&quot;-&quot;yy;@"/></numFmts>' +
          '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"><alignment/></xf><xf numFmtId="4"/></cellXfs>',
      },
    );
    expect(file.readUInt16LE(8)).toBe(0);
    expect(readXlsxRows(file)).toEqual([
      ['Code', 'Rate (BDT)', ' inline! ', '', ''],
      ['', '', '', '', ''],
      ['', '#DIV/0!', 'x<y', '2024-11-25', '45621'],
    ]);
  });

  it("leaves unknown entities as they are, the names of Object.prototype's members too", () => {
    const row = '<row><c t="inlineStr"><is><t>&constructor;&toString;&amp;&bogus;</t></is></c></row>';
    expect(readXlsxRows(handWorkbook(row))).toEqual([['&constructor;&toString;&&bogus;']]);
  });

  it('reads a deflated archive and the 1904 date system', () => {
    const styles = '<cellXfs><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>';
    const row = '<row><c s="1"><v>0</v></c><c s="1"><v>45621</v></c><c><v>45621</v></c></row>';
    expect(readXlsxRows(handWorkbook(row, { styles, date1904: true, method: 8 }))).toEqual([['1904-01-01', '2028-11-26', '45621']]);
    expect(readXlsxRows(handWorkbook(row, { styles, method: 8 }))).toEqual([['0', '2024-11-25', '45621']]);
  });

  it('refuses a buffer that is not a ZIP archive', () => {
    expect(refusal(() => readXlsxRows(Buffer.from('name,rate\nUSD,121.5\n')))).toBe(
      'The file is not a valid XLSX workbook (not a ZIP archive)',
    );
    expect(refusal(() => readXlsxRows(Buffer.alloc(0)))).toBe('The file is not a valid XLSX workbook (not a ZIP archive)');
  });

  it('refuses an old .xls or password-protected file', () => {
    const compound = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);
    expect(refusal(() => readXlsxRows(compound))).toBe(
      'The file is an old Excel (.xls) or password-protected workbook; save it as .xlsx without a password',
    );
  });

  it('refuses an archive without a worksheet', () => {
    expect(refusal(() => readXlsxRows(makeZip([{ name: 'word/document.xml', data: '<document/>' }])))).toBe(
      'The file is not a valid XLSX workbook (no worksheet)',
    );
  });

  it('refuses an entry that inflates beyond the limit (zip bomb), whatever size it declares', () => {
    const bomb = Buffer.alloc(200_000, 0x41);
    const lying = makeZip([{ name: 'xl/worksheets/sheet1.xml', data: bomb, method: 8, declaredSize: 100 }]);
    expect(lying.length).toBeLessThan(2_000);
    const message = 'The workbook is too large to read: a part of it exceeds 10000 bytes uncompressed';
    expect(refusal(() => readXlsxRows(lying, { maxEntryBytes: 10_000 }))).toBe(message);
    const honest = makeZip([{ name: 'xl/worksheets/sheet1.xml', data: bomb, method: 8 }]);
    expect(refusal(() => readXlsxRows(honest, { maxEntryBytes: 10_000 }))).toBe(message);
  });

  it('refuses a corrupted entry, an unsupported compression method and a DOCTYPE', () => {
    const good = makeZip([{ name: 'xl/worksheets/sheet1.xml', data: `<worksheet ${NS}><sheetData/></worksheet>` }]);
    expect(readXlsxRows(good)).toEqual([]);
    const corrupted = Buffer.from(good);
    corrupted[60] ^= 0xff;
    expect(refusal(() => readXlsxRows(corrupted))).toBe('The file is damaged or incomplete (its ZIP structure cannot be read)');
    const bzip = Buffer.from(good);
    bzip.writeUInt16LE(12, bzip.indexOf(Buffer.from('504b0102', 'hex')) + 10);
    expect(refusal(() => readXlsxRows(bzip))).toBe('The workbook uses an unsupported compression method (12)');
    const doctype = makeZip([
      {
        name: 'xl/worksheets/sheet1.xml',
        data: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><worksheet><sheetData/></worksheet>',
      },
    ]);
    expect(refusal(() => readXlsxRows(doctype))).toBe('The workbook contains a DOCTYPE declaration, which is not allowed');
  });

  it('refuses cell references beyond column XFD or row 1,048,576, and a missing shared string', () => {
    expect(readXlsxRows(handWorkbook('<row r="1"><c r="XFD1"><v>1</v></c></row>'))[0]).toHaveLength(16_384);
    expect(refusal(() => readXlsxRows(handWorkbook('<row r="1"><c r="XFE1"><v>1</v></c></row>')))).toBe(
      'The worksheet refers to a cell beyond column XFD (XFE1)',
    );
    expect(refusal(() => readXlsxRows(handWorkbook('<row r="1"><c r="A1048577"><v>1</v></c></row>')))).toBe(
      'The worksheet refers to a cell beyond row 1048576 (A1048577)',
    );
    expect(
      refusal(() => readXlsxRows(handWorkbook('<row r="1"><c r="A1" t="s"><v>3</v></c></row>', { shared: '<si><t>a</t></si>' }))),
    ).toBe('The workbook refers to a missing shared string (3)');
  });

  it('counts the filled grid against the cell limit', () => {
    const sparse = handWorkbook('<row r="1"><c r="A1"><v>1</v></c></row><row r="1000"><c r="Z1000"><v>2</v></c></row>');
    expect(refusal(() => readXlsxRows(sparse, { maxCells: 25_999 }))).toBe('The worksheet has more than 25999 cells');
    expect(readXlsxRows(sparse, { maxCells: 26_000 })).toHaveLength(1000);
  });

  it('reads 100,000 rows quickly', () => {
    const rows: string[] = [];
    for (let r = 1; r <= 100_000; r++)
      rows.push(
        `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>item ${r}</t></is></c><c r="B${r}"><v>${r / 4}</v></c><c r="C${r}" s="1"><v>${45000 + (r % 365)}</v></c></row>`,
      );
    const file = handWorkbook(rows.join(''), { method: 8, styles: '<cellXfs><xf/><xf numFmtId="14"/></cellXfs>' });
    const started = performance.now();
    const result = readXlsxRows(file);
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(result).toHaveLength(100_000);
    expect(result[99_999]).toEqual(['item 100000', '25000', '2024-03-04']);
  });
});

describe('readXlsxRows on hostile markup', () => {
  // Each of these took time quadratic in its size when every opening tag searched the rest of the text for
  // its closing tag: minutes for a few hundred kilobytes, the server answering nobody meanwhile.
  it('reads opening tags without closing tags, and long attribute names, in one pass', () => {
    const many = (text: string) => text.repeat(200_000);
    expect(readXlsxRows(handWorkbook(many('<row>'), { method: 8 }))).toEqual([]);
    expect(readXlsxRows(handWorkbook(`<row r="1"><c r="A1" t="str">${many('<v>')}</c></row>`, { method: 8 }))).toEqual([]);
    const shared = `<si>${many('<t>')}</si><si><t>kept</t>${many('<rPh>')}</si>`;
    expect(
      readXlsxRows(handWorkbook('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>', { shared, method: 8 })),
    ).toEqual([['', 'kept']]);
    const name = 'a'.repeat(2_000_000);
    expect(readXlsxRows(handWorkbook(`<row ${name}><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>`, { method: 8 }))).toEqual([['x']]);
    expect(readXlsxRows(handWorkbook(many('<sheetData '), { method: 8 }))).toEqual([]);
  });
});

describe('date formats and serials', () => {
  it('recognises date formats and leaves other formats alone', () => {
    expect(['yyyy-mm-dd', 'd/m/yy', '[$-409]mmmm d, yyyy', 'dd"/"mm', 'yyyy-mm-dd hh:mm'].map(isDateFormat)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['0.00', '#,##0', '"day"0', '[Red]0.0', '[h]:mm:ss', '[mm]:ss', 'General', '@', '0\\d'].map(isDateFormat)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('converts serials with the 1900 leap-year bug and the 1904 system', () => {
    expect([1, 59, 60, 61, 45621.999].map((serial) => serialToIsoDate(serial))).toEqual([
      '1900-01-01',
      '1900-02-28',
      '1900-02-29',
      '1900-03-01',
      '2024-11-25',
    ]);
    expect(serialToIsoDate(0)).toBeUndefined();
    expect(serialToIsoDate(1, true)).toBe('1904-01-02');
  });

  it('turns column letters into indexes', () => {
    expect(['A', 'Z', 'AA', 'AZ', 'BA', 'XFD'].map(columnIndex)).toEqual([0, 25, 26, 51, 52, 16_383]);
  });
});
