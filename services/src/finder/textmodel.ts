/**
 * A supervised text classifier in the manner of fastText: a query is the mean of the embeddings of its
 * hashed features (stemmed words, word bigrams, character 3- to 5-grams of each word), followed by the mean of
 * its words' pre-trained vectors (embeddings.ts, fixed: the softmax learns to read them), and a softmax that
 * follows the nomenclature scores it: chapter, then heading within the chapter, then subheading within the
 * heading (log P(subheading) = log P(chapter) + log P(heading | chapter) + log P(subheading | heading)).
 * Character n-grams and the hierarchy carry over to phrasing no text of data/ uses. Trained by SGD with a
 * linearly decaying rate on every labelled text (a text labelled with a chapter or heading trains the
 * levels above it only). Deterministic: same texts, same weights.
 */
import { meanVector, type WordVectors } from './embeddings.js';
import { statesUsed } from './attributes.js';
import { headPhrase } from './index-state.js';
import { normalize, termsOfWords, words } from './text.js';

export interface TextModelState {
  /** Of the hashed features' embeddings; the softmax's rows are dim + vectors.dim wide. */
  dim: number;
  buckets: number;
  input: Float32Array;
  vectors: WordVectors;
  chapterOut: Float32Array;
  headingOut: Float32Array;
  codeOut: Float32Array;
}

/** The nomenclature as the model sees it: indices of the three levels and how they nest. */
export interface TextModelHierarchy {
  codes: string[];
  headings: string[];
  chapters: string[];
  headingOf: Int32Array;
  chapterOf: Int32Array;
  chapterOfHeading: Int32Array;
  codesOfHeading: { offsets: Int32Array; values: Int32Array };
  headingsOfChapter: { offsets: Int32Array; values: Int32Array };
}

export interface TrainingText {
  text: string;
  /** 2, 4 or 6 digits. */
  code: string;
}

export interface TextModelOptions {
  dim?: number;
  buckets?: number;
  epochs?: number;
  rate?: number;
}

/** The pre-trained mean vector's scale beside the learnt embeddings (1, 3, 6, 12 tried: see the README). */
const VECTOR_SCALE = 3;
/** How much more the words of the head phrase weigh in the mean vector (1, 2, 3, 5 tried: see the README). */
const HEAD_STRESS = 3;
/** The error of a softmax row below which training leaves it as it is. */
const NEGLIGIBLE = 1e-4;
const MIN_GRAM = 3;
const MAX_GRAM = 5;

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
}

/** The ids of a term and its character n-grams, by bucket count and term (bounded). */
const termCache = new Map<string, number[]>();
const TERM_CACHE_SIZE = 200_000;

function termIds(term: string, buckets: number): number[] {
  const key = `${buckets} ${term}`;
  let ids = termCache.get(key);
  if (ids) return ids;
  ids = [hash(`w ${term}`) % buckets];
  const padded = `<${term}>`;
  if (padded.length > MIN_GRAM + 1)
    for (let n = MIN_GRAM; n <= MAX_GRAM; n++)
      for (let start = 0; start + n <= padded.length; start++) ids.push(hash(`c ${padded.slice(start, start + n)}`) % buckets);
  if (termCache.size < TERM_CACHE_SIZE) termCache.set(key, ids);
  return ids;
}

/**
 * The hashed feature ids of a text (repeats kept: a word said twice weighs twice), and one that says the goods are
 * second-hand: "used" is a stop word in every language (mostly "of a kind used for"), so without it "used tyres"
 * read as "tyres".
 */
export function featureIds(text: string, buckets: number): Int32Array {
  const list = termsOfWords(words(normalize(text)));
  const ids: number[] = statesUsed(text) ? [hash('a used') % buckets] : [];
  for (let index = 0; index < list.length; index++) {
    const term = list[index];
    ids.push(...termIds(term, buckets));
    if (index > 0) ids.push(hash(`b ${list[index - 1]} ${term}`) % buckets);
  }
  return Int32Array.from(ids);
}

/** A 32-bit integer hash (murmur3's finaliser). */
function mix(value: number): number {
  value = Math.imul(value ^ (value >>> 16), 0x85ebca6b);
  value = Math.imul(value ^ (value >>> 13), 0xc2b2ae35);
  return (value ^ (value >>> 16)) >>> 0;
}

/**
 * The order in which an epoch learns the examples: that of a hash of each one's key (its text and code) and the
 * epoch, not a shuffle of them all, so that a text added changes where it is learnt, not the order of the others.
 */
export function epochOrder(keys: ArrayLike<number>, epoch: number): Int32Array {
  const rank = Uint32Array.from(keys, (key) => mix(key ^ Math.imul(epoch + 1, 0x9e3779b9)));
  return Int32Array.from(rank, (_, position) => position).sort((a, b) => rank[a] - rank[b] || a - b);
}

function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The pre-trained part of a text's hidden vector: the words of its head phrase, the goods, weigh HEAD_STRESS times more. */
function vectorPart(vectors: WordVectors, text: string): Float32Array {
  const part = new Float32Array(vectors.dim);
  meanVector(vectors, text, part, 0, VECTOR_SCALE, new Set(words(headPhrase(text))), HEAD_STRESS);
  return part;
}

/** The mean embedding of a text's features, then its pre-trained part, into `hidden`; false when it has no feature. */
function embed(state: TextModelState, ids: Int32Array, part: Float32Array, hidden: Float32Array): boolean {
  const { dim, input } = state;
  hidden.fill(0);
  if (ids.length === 0) return false;
  hidden.set(part, dim);
  for (const id of ids) {
    const base = id * dim;
    for (let k = 0; k < dim; k++) hidden[k] += input[base + k];
  }
  const scale = 1 / ids.length;
  for (let k = 0; k < dim; k++) hidden[k] *= scale;
  return true;
}

/**
 * One softmax step over `members` (rows of `out`), gold at `gold`: updates the rows and adds the gradient
 * of the hidden vector to `gradient`. Returns the log-likelihood.
 */
function softmaxStep(
  out: Float32Array,
  dim: number,
  members: ArrayLike<number>,
  first: number,
  last: number,
  gold: number,
  hidden: Float32Array,
  gradient: Float32Array,
  rate: number,
  scores: Float64Array,
): number {
  let max = -Infinity;
  for (let position = first; position < last; position++) {
    const score = dot(out, members[position] * dim, hidden, dim);
    scores[position - first] = score;
    if (score > max) max = score;
  }
  let sum = 0;
  let goldScore = 0;
  for (let position = first; position < last; position++) {
    if (members[position] === gold) goldScore = scores[position - first];
    sum += scores[position - first] = Math.exp(scores[position - first] - max);
  }
  for (let position = first; position < last; position++) {
    const member = members[position];
    const error = (member === gold ? 1 : 0) - scores[position - first] / sum;
    // A row the text is far from (its error below NEGLIGIBLE) moves by nothing that counts: skipping it
    // takes a quarter off the training time, and the model's figures stay the same (finder README).
    if (error > -NEGLIGIBLE && error < NEGLIGIBLE) continue;
    const alpha = rate * error;
    const base = member * dim;
    for (let k = 0; k < dim; k++) {
      gradient[k] += alpha * out[base + k];
      out[base + k] += alpha * hidden[k];
    }
  }
  return goldScore - max - Math.log(sum);
}

const range = (count: number) => ({ offsets: Int32Array.from([0, count]), values: Int32Array.from({ length: count }, (_, i) => i) });

/** Trains the classifier on labelled texts. */
export function trainTextModel(
  hierarchy: TextModelHierarchy,
  texts: TrainingText[],
  vectors: WordVectors,
  options: TextModelOptions = {},
  log: (message: string) => void = () => {},
): TextModelState {
  const started = performance.now();
  const dim = options.dim ?? 32;
  const buckets = options.buckets ?? 1 << 18;
  const epochs = options.epochs ?? 10;
  const rate = options.rate ?? 0.8;
  const random = seeded(4242);
  const width = dim + vectors.dim;
  const state: TextModelState = {
    dim,
    buckets,
    input: Float32Array.from({ length: buckets * dim }, () => (random() - 0.5) / dim),
    vectors,
    chapterOut: new Float32Array(hierarchy.chapters.length * width),
    headingOut: new Float32Array(hierarchy.headings.length * width),
    codeOut: new Float32Array(hierarchy.codes.length * width),
  };
  const chapterIndex = new Map(hierarchy.chapters.map((code, index) => [code, index]));
  const headingIndex = new Map(hierarchy.headings.map((code, index) => [code, index]));
  const codeIndex = new Map(hierarchy.codes.map((code, index) => [code, index]));
  const examples: Array<{ ids: Int32Array; part: Float32Array; chapter: number; heading: number; code: number; key: number }> = [];
  for (const { text, code } of texts) {
    const ids = featureIds(text, buckets);
    const chapter = chapterIndex.get(code.slice(0, 2));
    if (ids.length === 0 || chapter === undefined) continue;
    const heading = code.length >= 4 ? (headingIndex.get(code.slice(0, 4)) ?? -1) : -1;
    const leaf = code.length >= 6 ? (codeIndex.get(code.slice(0, 6)) ?? -1) : -1;
    examples.push({ ids, part: vectorPart(vectors, text), chapter, heading, code: leaf, key: hash(`${code} ${text}`) });
  }
  const keys = examples.map((example) => example.key);
  const hidden = new Float32Array(width);
  const gradient = new Float32Array(width);
  const scores = new Float64Array(Math.max(hierarchy.chapters.length, 1024));
  const chapters = range(hierarchy.chapters.length);
  const total = epochs * examples.length;
  let step = 0;
  for (let epoch = 0; epoch < epochs; epoch++) {
    let likelihood = 0;
    for (const which of epochOrder(keys, epoch)) {
      const example = examples[which];
      const lr = rate * (1 - step++ / total);
      embed(state, example.ids, example.part, hidden);
      gradient.fill(0);
      likelihood += softmaxStep(
        state.chapterOut,
        width,
        chapters.values,
        0,
        chapters.values.length,
        example.chapter,
        hidden,
        gradient,
        lr,
        scores,
      );
      if (example.heading >= 0) {
        const { offsets, values } = hierarchy.headingsOfChapter;
        likelihood += softmaxStep(
          state.headingOut,
          width,
          values,
          offsets[example.chapter],
          offsets[example.chapter + 1],
          example.heading,
          hidden,
          gradient,
          lr,
          scores,
        );
        if (example.code >= 0) {
          const group = hierarchy.codesOfHeading;
          likelihood += softmaxStep(
            state.codeOut,
            width,
            group.values,
            group.offsets[example.heading],
            group.offsets[example.heading + 1],
            example.code,
            hidden,
            gradient,
            lr,
            scores,
          );
        }
      }
      const scale = 1 / example.ids.length;
      for (const id of example.ids) {
        const base = id * dim;
        for (let k = 0; k < dim; k++) state.input[base + k] += gradient[k] * scale;
      }
    }
    log(
      `finder: text model epoch ${epoch + 1}/${epochs}, mean log-likelihood ${(likelihood / examples.length).toFixed(3)} (${Math.round(performance.now() - started)} ms)`,
    );
  }
  return state;
}

/** The dot product of row `out[row..row + dim)` with `hidden`, four products at a time (the text model's scores of a query in a third less time). */
function dot(out: Float32Array, row: number, hidden: Float32Array, dim: number): number {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let k = 0;
  for (; k + 3 < dim; k += 4) {
    a += out[row + k] * hidden[k];
    b += out[row + k + 1] * hidden[k + 1];
    c += out[row + k + 2] * hidden[k + 2];
    d += out[row + k + 3] * hidden[k + 3];
  }
  for (; k < dim; k++) a += out[row + k] * hidden[k];
  return a + b + c + d;
}

/** Log-softmax of rows `members[first..last)` of `out` against `hidden`, plus `base`, written to `target` at the members' positions. */
function logSoftmax(
  out: Float32Array,
  dim: number,
  members: ArrayLike<number>,
  first: number,
  last: number,
  hidden: Float32Array,
  base: number,
  target: Float64Array,
): void {
  let max = -Infinity;
  for (let position = first; position < last; position++) {
    const score = dot(out, members[position] * dim, hidden, dim);
    target[members[position]] = score;
    if (score > max) max = score;
  }
  let sum = 0;
  for (let position = first; position < last; position++) sum += Math.exp(target[members[position]] - max);
  const normaliser = max + Math.log(sum);
  for (let position = first; position < last; position++) {
    const member = members[position];
    target[member] += base - normaliser;
  }
}

/** Log-probabilities of every chapter, heading and subheading for a text (null when it has no feature). */
export function textModelScores(
  state: TextModelState,
  hierarchy: TextModelHierarchy,
  text: string,
): { chapter: Float64Array; heading: Float64Array; code: Float64Array } | null {
  const width = state.dim + state.vectors.dim;
  const hidden = new Float32Array(width);
  if (!embed(state, featureIds(text, state.buckets), vectorPart(state.vectors, text), hidden)) return null;
  const chapter = new Float64Array(hierarchy.chapters.length);
  const heading = new Float64Array(hierarchy.headings.length);
  const code = new Float64Array(hierarchy.codes.length);
  const all = range(hierarchy.chapters.length).values;
  logSoftmax(state.chapterOut, width, all, 0, all.length, hidden, 0, chapter);
  const headings = hierarchy.headingsOfChapter;
  for (let c = 0; c < hierarchy.chapters.length; c++)
    logSoftmax(state.headingOut, width, headings.values, headings.offsets[c], headings.offsets[c + 1], hidden, chapter[c], heading);
  const codes = hierarchy.codesOfHeading;
  for (let h = 0; h < hierarchy.headings.length; h++)
    logSoftmax(state.codeOut, width, codes.values, codes.offsets[h], codes.offsets[h + 1], hidden, heading[h], code);
  return { chapter, heading, code };
}

/** The hierarchy of sorted code lists. */
export function hierarchyOf(codes: string[], headings: string[], chapters: string[]): TextModelHierarchy {
  const headingIndex = new Map(headings.map((code, index) => [code, index]));
  const chapterIndex = new Map(chapters.map((code, index) => [code, index]));
  const group = (count: number, members: string[], parentOf: (code: string) => number) => {
    const lists: number[][] = Array.from({ length: count }, () => []);
    members.forEach((code, index) => {
      const parent = parentOf(code);
      if (parent >= 0) lists[parent].push(index);
    });
    const offsets = new Int32Array(count + 1);
    lists.forEach((list, index) => (offsets[index + 1] = offsets[index] + list.length));
    return { offsets, values: Int32Array.from(lists.flat()) };
  };
  return {
    codes,
    headings,
    chapters,
    headingOf: Int32Array.from(codes, (code) => headingIndex.get(code.slice(0, 4)) ?? -1),
    chapterOf: Int32Array.from(codes, (code) => chapterIndex.get(code.slice(0, 2)) ?? -1),
    chapterOfHeading: Int32Array.from(headings, (code) => chapterIndex.get(code.slice(0, 2)) ?? -1),
    codesOfHeading: group(headings.length, codes, (code) => headingIndex.get(code.slice(0, 4)) ?? -1),
    headingsOfChapter: group(chapters.length, headings, (code) => chapterIndex.get(code.slice(0, 2)) ?? -1),
  };
}
