/**
 * A binary snapshot of a built index and the nomenclature it covers, saved beside its model artifact
 * (model-v{n}.index): loading it takes tens of milliseconds, where rebuilding takes about a second. A snapshot
 * that does not match its artifact (version, data, code, examples) is ignored and written again.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { Chapter, Heading, NationalLine, Nomenclature, Subheading } from './data.js';
import type { IndexState } from './index-state.js';

const MAGIC = 'GFIX0002';

export interface SnapshotKey {
  version: number;
  dataDigest: string;
  codeDigest: string;
  examples: number;
}

type TypedArray = Int8Array | Uint8Array | Int32Array | Float32Array | Float64Array;
const TYPES = { Int8Array, Uint8Array, Int32Array, Float32Array, Float64Array } as const;
type TypeName = keyof typeof TYPES;

interface BufferRef {
  $typed: TypeName;
  offset: number;
  length: number;
}

function encode(value: unknown, buffers: TypedArray[], position: { bytes: number }): unknown {
  if (ArrayBuffer.isView(value)) {
    const typed = value as TypedArray;
    const name = typed.constructor.name as TypeName;
    if (!(name in TYPES)) throw new Error(`cannot snapshot a ${name}`);
    position.bytes = Math.ceil(position.bytes / 8) * 8;
    const ref: BufferRef = { $typed: name, offset: position.bytes, length: typed.length };
    buffers.push(typed);
    position.bytes += typed.byteLength;
    return ref;
  }
  if (Array.isArray(value)) return value.map((item) => encode(item, buffers, position));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, encode(item, buffers, position)]));
  return value;
}

function decode(value: unknown, body: ArrayBuffer, base: number): unknown {
  if (Array.isArray(value)) return value.map((item) => decode(item, body, base));
  if (value !== null && typeof value === 'object') {
    const ref = value as BufferRef;
    if (ref.$typed) {
      const Type = TYPES[ref.$typed];
      return new Type(body, base + ref.offset, ref.length);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, decode(item, body, base)]));
  }
  return value;
}

interface PlainNomenclature {
  chapters: Chapter[];
  headings: Heading[];
  subheadings: Subheading[];
  lines: Array<[string, NationalLine[]]>;
}

export function writeSnapshot(path: string, key: SnapshotKey, nomenclature: Nomenclature, state: IndexState): void {
  const buffers: TypedArray[] = [];
  const position = { bytes: 0 };
  const plain: PlainNomenclature = {
    chapters: [...nomenclature.chapters.values()],
    headings: [...nomenclature.headings.values()],
    subheadings: [...nomenclature.subheadings.values()],
    lines: [...nomenclature.lines.entries()],
  };
  const header = Buffer.from(JSON.stringify({ key, nomenclature: plain, state: encode(state, buffers, position) }), 'utf8');
  // MAGIC, header length (8 ASCII hex digits), header, padding to a multiple of 8, then the arrays
  const start = Math.ceil((MAGIC.length + 8 + header.length) / 8) * 8;
  const file = Buffer.alloc(start + position.bytes);
  file.write(MAGIC, 0, 'latin1');
  file.write(header.length.toString(16).padStart(8, '0'), MAGIC.length, 'latin1');
  header.copy(file, MAGIC.length + 8);
  let offset = 0;
  for (const typed of buffers) {
    offset = Math.ceil(offset / 8) * 8;
    Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).copy(file, start + offset);
    offset += typed.byteLength;
  }
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, file);
  renameSync(temporary, path);
}

/** The snapshot at path if it matches the key; undefined when missing, unreadable or stale. */
export function readSnapshot(path: string, key: SnapshotKey): { nomenclature: Nomenclature; state: IndexState } | undefined {
  let file: Buffer;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.length < MAGIC.length + 8 || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const headerLength = parseInt(file.toString('latin1', MAGIC.length, MAGIC.length + 8), 16);
  const header = JSON.parse(file.toString('utf8', MAGIC.length + 8, MAGIC.length + 8 + headerLength)) as {
    key: SnapshotKey;
    nomenclature: PlainNomenclature;
    state: unknown;
  };
  if (JSON.stringify(header.key) !== JSON.stringify(key)) return undefined;
  const start = Math.ceil((MAGIC.length + 8 + headerLength) / 8) * 8;
  // The arrays need an 8-byte aligned buffer of their own.
  const body = new ArrayBuffer(file.length - start);
  new Uint8Array(body).set(file.subarray(start));
  const plain = header.nomenclature;
  const lineByCode = new Map<string, NationalLine>();
  for (const [, lines] of plain.lines) for (const line of lines) lineByCode.set(line.code, line);
  return {
    nomenclature: {
      chapters: new Map(plain.chapters.map((item) => [item.code, item])),
      headings: new Map(plain.headings.map((item) => [item.code, item])),
      subheadings: new Map(plain.subheadings.map((item) => [item.code, item])),
      lines: new Map(plain.lines),
      lineByCode,
    },
    state: decode(header.state, body, 0) as IndexState,
  };
}
