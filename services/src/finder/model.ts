/**
 * The finder's model: an index over HS 2022 and its lexicon, per-subheading features of a query, and a
 * linear scorer whose softmax (with a "none of these" option) gives each HS 2022 subheading a probability.
 *
 * Features of a subheading c (heading h, chapter ch) for a query q, each in [0, 1]:
 *   desc   BM25 of q against c's own text (HS description and the national tariff lines under c)
 *   head   BM25 of q against h's text (HS description, translations, heading-level synonyms)
 *   chap   BM25 of q against ch's text (HS description, section name, translations)
 *   knnL   best weighted word overlap (Dice) of q with one labelled lexicon text of c (references, synonyms, examples)
 *   knnO   the same with one official text of c (the HS description, each tariff line)
 *   knn4   the same with any text under h;  knn2: under ch
 *   char6  best weighted character-trigram overlap (Dice) with one text of c; char4: under h
 *   cov    share of the query's weight found anywhere in c's, h's or ch's text
 *   prior  log of the number of lexicon texts labelled c (how common the goods are), times cov
 *   other  c is a residual subheading ("n.e.c.", "other than ..."), times cov
 *   agree, conflict  shares of the query's attribute groups (material, knitted or woven, gender, fresh or
 *          frozen, new or used, power source, engine capacity) that c's texts agree with or contradict
 *   head6, head4  the head noun of the query (the last word before "made of", "for", a comma...: "knit vest
 *          made of polyester" -> vest) is in a text of c; of any code under h
 * Term weights are inverse document frequencies over subheadings (each with its heading and chapter text).
 */
import { shownProbabilities, type ConfidenceInput } from './confidence.js';
import { attributesOf, compareAttributes, withEngineRanges, type Attributes } from './attributes.js';
import { normalize, terms, termsOfWords, trigrams, trigramsOfWords, words } from './text.js';
import type { LabelledText, Nomenclature, TextSource } from './data.js';
import { hierarchyOf, textModelScores, type TextModelHierarchy, type TextModelState } from './textmodel.js';

export const FEATURES = [
  'desc',
  'head',
  'chap',
  'knnL',
  'knnO',
  'knn4',
  'knn2',
  'char6',
  'char4',
  'cov',
  'prior',
  'other',
  'agree',
  'conflict',
  'head6',
  'head4',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export const FEATURE_COUNT = FEATURES.length;

/** Lexicon texts are split into this many folds: a training query never sees the texts of its own fold. */
export const FOLDS = 5;

export interface ModelParams {
  weights: number[];
  /** Weight of the text model's log-probability in the score. */
  textWeight: number;
  /** Softmax temperature fitted on the development half. */
  temperature: number;
  /** Score of the "none of these" option (before the temperature). */
  nullScore: number;
  /** Least probability of "none of these": the codes share at most 1 - floor. */
  floor: number;
  /** The mapping of the top-1 probability to the chance the first code is right (confidence.ts); absent: none. */
  confidence?: number[];
  /** Below this top-1 probability an answer is not confident. */
  threshold: number;
  k1: number;
  b: number;
}

export const DEFAULT_PARAMS: ModelParams = {
  weights: FEATURES.map(() => 1),
  textWeight: 0,
  temperature: 1,
  nullScore: 0,
  floor: 0,
  threshold: 0.1,
  k1: 1.2,
  b: 0.75,
};

/** Features of one query, dense over the codes of each level. */
export interface QueryFeatures {
  /** Weight of the query's known terms (0: nothing known). */
  weight: number;
  /** How many distinct known terms the query has. */
  known: number;
  desc: Float64Array;
  head: Float64Array;
  chap: Float64Array;
  knnL: Float64Array;
  knnO: Float64Array;
  knn4: Float64Array;
  knn2: Float64Array;
  char6: Float64Array;
  char4: Float64Array;
  cov: Float64Array;
  agree: Float64Array;
  conflict: Float64Array;
  /** +1 inside the code's engine capacity range, -1 outside (see attributes.ts). */
  engine: Float64Array;
  head6: Float64Array;
  head4: Float64Array;
  /** Log-probability of each code by the text model (null: not asked for, or no model). */
  text: Float64Array | null;
  fold: number;
}

export interface Prediction {
  code: string;
  probability: number;
}

export interface PredictionResult {
  predictions: Prediction[];
  /** Probability of "none of these". */
  none: number;
  known: boolean;
  /** How many distinct known words the query has. */
  words: number;
}

const hashText = (text: string): number => {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
};

/** Fold of a lexicon text: a stable hash of its normalised form, so that duplicates share a fold. */
export const foldOf = (text: string): number => hashText(terms(text).join(' ')) % FOLDS;

/** Lexicon texts beyond this many add nothing to a code's prior. */
const PRIOR_CAP = 20;

/** Where the head noun phrase of a description ends: a comma, a bracket or the first preposition or participle. */
const HEAD_END =
  /[,;:(]| (made|of|for|with|used|in|from|consisting|containing|designed|featuring|measuring|which|that|to|on|by|and|or|en|de|pour|avec|para|con|del|du|des) /;

/** The stemmed head noun of a description: the last term before HEAD_END ("knit vest made of polyester" -> vest). */
export function headTerm(text: string): string | undefined {
  const value = normalize(text);
  const cut = HEAD_END.exec(` ${value} `);
  const phrase = cut ? ` ${value} `.slice(0, cut.index) : value;
  return terms(phrase).at(-1);
}

/**
 * A stated engine capacity decides between the subheadings of a heading that split by capacity (8703, 8407,
 * 8711...): a rule, not a fitted weight, as the lexicon's short texts rarely state a capacity to learn it from.
 */
const ENGINE_WEIGHT = 3;

const RESIDUAL = /n\.e\.c|n\.e\.s|other than|\bother\b/i;

/** Lists of ids packed in one array: list i is values[offsets[i]] .. values[offsets[i + 1] - 1]. */
export interface Packed {
  offsets: Int32Array;
  values: Int32Array;
}

/** BM25 postings of one level: documents of each term, with the term's frequency in each. */
export interface Bm25State {
  docs: Packed;
  tf: Float64Array;
  lengthNorm: Float64Array;
}

/** Everything a built index holds, in plain arrays (see snapshot.ts). */
export interface IndexState {
  k1: number;
  b: number;
  terms: string[];
  idf: Float64Array;
  grams: string[];
  gramIdf: Float64Array;
  textLevel: Uint8Array;
  textOwner: Int32Array;
  textFold: Int8Array;
  textOfficial: Uint8Array;
  textWeight: Float64Array;
  textGramWeight: Float64Array;
  textsOfTerm: Packed;
  textsOfGram: Packed;
  desc: Bm25State;
  head: Bm25State;
  chap: Bm25State;
  bagCode: Packed;
  bagHeading: Packed;
  bagChapter: Packed;
  lexiconCount: Int32Array;
  /** FOLDS rows of one count per code. */
  foldCount: Int32Array;
  /** The text model (see textmodel.ts), trained with the index. */
  text?: TextModelState;
}

/** Packs lists of ids (each list in its given order). */
export function pack(lists: ArrayLike<number>[]): Packed {
  const offsets = new Int32Array(lists.length + 1);
  let total = 0;
  for (let index = 0; index < lists.length; index++) {
    offsets[index] = total;
    total += lists[index].length;
  }
  offsets[lists.length] = total;
  const values = new Int32Array(total);
  for (let index = 0; index < lists.length; index++) values.set(lists[index], offsets[index]);
  return { offsets, values };
}

/** Postings: for each id (0 .. size - 1), the positions of the lists holding it, ascending. */
export function invert(lists: ArrayLike<number>[], size: number): Packed {
  const offsets = new Int32Array(size + 1);
  for (const list of lists) for (let k = 0; k < list.length; k++) offsets[list[k] + 1]++;
  for (let id = 0; id < size; id++) offsets[id + 1] += offsets[id];
  const values = new Int32Array(offsets[size]);
  const fill = offsets.slice(0, size);
  for (let position = 0; position < lists.length; position++) {
    const list = lists[position];
    for (let k = 0; k < list.length; k++) values[fill[list[k]]++] = position;
  }
  return { offsets, values };
}

/** Builds the index state from the nomenclature and the labelled texts. */
export function buildState(nomenclature: Nomenclature, lexicon: LabelledText[], options: { k1?: number; b?: number } = {}): IndexState {
  const k1 = options.k1 ?? DEFAULT_PARAMS.k1;
  const b = options.b ?? DEFAULT_PARAMS.b;
  const shape = new Hierarchy(nomenclature);
  const termIds = new Map<string, number>();
  const gramIds = new Map<string, number>();
  const idOf = (map: Map<string, number>, key: string) => {
    let id = map.get(key);
    if (id === undefined) {
      id = map.size;
      map.set(key, id);
    }
    return id;
  };
  const analysed = new Map<string, { terms: number[]; grams: number[] }>();
  const analyse = (text: string) => {
    let result = analysed.get(text);
    if (!result) {
      const list = words(normalize(text));
      result = {
        terms: termsOfWords(list).map((term) => idOf(termIds, term)),
        grams: trigramsOfWords(list).map((gram) => idOf(gramIds, gram)),
      };
      analysed.set(text, result);
    }
    return result;
  };
  const ids = (text: string) => analyse(text).terms;

  // Level documents
  const descDocs: number[][] = shape.codes.map((code) => {
    const own = [...ids(nomenclature.subheadings.get(code)!.description)];
    for (const line of nomenclature.lines.get(code) ?? []) own.push(...ids(line.description));
    return own;
  });
  const headDocs: number[][] = shape.headings.map((code) => [...ids(nomenclature.headings.get(code)!.description)]);
  const chapDocs: number[][] = shape.chapters.map((code) => {
    const chapter = nomenclature.chapters.get(code)!;
    return [...ids(chapter.description), ...ids(chapter.sectionName)];
  });

  // Texts: official descriptions, lexicon and examples
  const texts: Array<{ text: string; level: 2 | 4 | 6; owner: number; fold: number; official: boolean }> = [];
  const lexiconCount = new Int32Array(shape.codes.length);
  const foldCount = new Int32Array(FOLDS * shape.codes.length);
  shape.codes.forEach((code, owner) => {
    texts.push({ text: nomenclature.subheadings.get(code)!.description, level: 6, owner, fold: -1, official: true });
    for (const line of nomenclature.lines.get(code) ?? [])
      texts.push({ text: line.description, level: 6, owner, fold: -1, official: true });
  });
  shape.headings.forEach((code, owner) =>
    texts.push({ text: nomenclature.headings.get(code)!.description, level: 4, owner, fold: -1, official: true }),
  );
  shape.chapters.forEach((code, owner) =>
    texts.push({ text: nomenclature.chapters.get(code)!.description, level: 2, owner, fold: -1, official: true }),
  );
  for (const item of lexicon) {
    const fold = item.source === 'translation' ? -1 : foldOf(item.text);
    if (item.code.length === 6) {
      const owner = shape.codeIndex.get(item.code);
      if (owner === undefined) continue;
      texts.push({ text: item.text, level: 6, owner, fold, official: false });
      lexiconCount[owner]++;
      if (fold >= 0) foldCount[fold * shape.codes.length + owner]++;
    } else if (item.code.length === 4) {
      const owner = shape.headingIndex.get(item.code);
      if (owner === undefined) continue;
      texts.push({ text: item.text, level: 4, owner, fold, official: false });
      headDocs[owner].push(...ids(item.text));
    } else if (item.code.length === 2) {
      const owner = shape.chapterIndex.get(item.code);
      if (owner === undefined) continue;
      texts.push({ text: item.text, level: 2, owner, fold, official: false });
      chapDocs[owner].push(...ids(item.text));
    }
  }
  const rawTextTerms = texts.map((item) => ids(item.text));
  const textGrams = texts.map((item) => analyse(item.text).grams);
  const termCount = termIds.size;
  const gramCount = gramIds.size;

  // Distinct ids of lists, by stamping
  const seen = new Int32Array(Math.max(termCount, 1));
  let stampValue = 0;
  const distinct = (list: number[]): number[] => {
    stampValue++;
    const result: number[] = [];
    for (const id of list) {
      if (seen[id] !== stampValue) {
        seen[id] = stampValue;
        result.push(id);
      }
    }
    return result;
  };
  const textTerms = rawTextTerms.map(distinct);
  const descSets = descDocs.map(distinct);
  const headSets = headDocs.map(distinct);
  const chapSets = chapDocs.map(distinct);

  // Inverse document frequency over subheadings, each with its heading's and chapter's text
  const df = new Int32Array(termCount);
  const ownTexts: number[][] = shape.codes.map(() => []);
  texts.forEach((item, position) => {
    if (item.level === 6) ownTexts[item.owner].push(position);
  });
  shape.codes.forEach((_, index) => {
    stampValue++;
    const mark = (id: number) => {
      if (seen[id] !== stampValue) {
        seen[id] = stampValue;
        df[id]++;
      }
    };
    descSets[index].forEach(mark);
    for (const position of ownTexts[index]) textTerms[position].forEach(mark);
    if (shape.headingOf[index] >= 0) headSets[shape.headingOf[index]].forEach(mark);
    if (shape.chapterOf[index] >= 0) chapSets[shape.chapterOf[index]].forEach(mark);
  });
  const total = shape.codes.length;
  const idf = Float64Array.from(df, (count) => (count === 0 ? 0 : Math.log(1 + (total - count + 0.5) / (count + 0.5))));

  // BM25 levels
  const level = (docs: number[][], sets: number[][]): Bm25State => {
    const postings = invert(sets, termCount);
    const tf = new Float64Array(postings.values.length);
    const fill = postings.offsets.slice(0, termCount);
    docs.forEach((doc) => {
      const counts = new Map<number, number>();
      for (const id of doc) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const [id, count] of counts) tf[fill[id]++] = count;
    });
    const average = docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, docs.length);
    const lengthNorm = Float64Array.from(docs, (doc) => k1 * (1 - b + (b * doc.length) / (average || 1)));
    return { docs: postings, tf, lengthNorm };
  };

  // Trigrams: weights over texts; those in more than a sixth of the texts carry little and cost much: left out.
  const gramDf = new Int32Array(gramCount);
  for (const grams of textGrams) for (const id of grams) gramDf[id]++;
  const textTotal = texts.length;
  const gramCap = Math.max(50, Math.floor(textTotal / 6));
  const gramIdf = Float64Array.from(gramDf, (count) =>
    count === 0 || count > gramCap ? 0 : Math.log(1 + (textTotal - count + 0.5) / (count + 0.5)),
  );
  const keptGrams = textGrams.map((grams) => grams.filter((id) => gramIdf[id] > 0));
  const textWeight = Float64Array.from(textTerms, (list) => list.reduce((sum, id) => sum + idf[id], 0));
  const textGramWeight = Float64Array.from(keptGrams, (list) => list.reduce((sum, id) => sum + gramIdf[id], 0));

  const order = (map: Map<string, number>) => {
    const list: string[] = new Array(map.size);
    for (const [key, id] of map) list[id] = key;
    return list;
  };
  return {
    k1,
    b,
    terms: order(termIds),
    idf,
    grams: order(gramIds),
    gramIdf,
    textLevel: Uint8Array.from(texts, (item) => item.level),
    textOwner: Int32Array.from(texts, (item) => item.owner),
    textFold: Int8Array.from(texts, (item) => item.fold),
    textOfficial: Uint8Array.from(texts, (item) => (item.official ? 1 : 0)),
    textWeight,
    textGramWeight,
    textsOfTerm: invert(textTerms, termCount),
    textsOfGram: invert(keptGrams, gramCount),
    desc: level(descDocs, descSets),
    head: level(headDocs, headSets),
    chap: level(chapDocs, chapSets),
    bagCode: invert(descSets, termCount),
    bagHeading: invert(headSets, termCount),
    bagChapter: invert(chapSets, termCount),
    lexiconCount,
    foldCount,
  };
}

/** The codes of the three levels and how they nest. */
class Hierarchy {
  readonly codes: string[];
  readonly headings: string[];
  readonly chapters: string[];
  readonly codeIndex = new Map<string, number>();
  readonly headingIndex = new Map<string, number>();
  readonly chapterIndex = new Map<string, number>();
  readonly headingOf: Int32Array;
  readonly chapterOf: Int32Array;
  readonly chapterOfHeading: Int32Array;
  readonly codesOfHeading: Packed;
  readonly codesOfChapter: Packed;

  constructor(nomenclature: Nomenclature) {
    this.codes = [...nomenclature.subheadings.keys()].sort();
    this.headings = [...nomenclature.headings.keys()].sort();
    this.chapters = [...nomenclature.chapters.keys()].sort();
    this.codes.forEach((code, index) => this.codeIndex.set(code, index));
    this.headings.forEach((code, index) => this.headingIndex.set(code, index));
    this.chapters.forEach((code, index) => this.chapterIndex.set(code, index));
    this.headingOf = Int32Array.from(this.codes, (code) => this.headingIndex.get(code.slice(0, 4)) ?? -1);
    this.chapterOf = Int32Array.from(this.codes, (code) => this.chapterIndex.get(code.slice(0, 2)) ?? -1);
    this.chapterOfHeading = Int32Array.from(this.headings, (code) => this.chapterIndex.get(code.slice(0, 2)) ?? -1);
    const byHeading: number[][] = this.headings.map(() => []);
    const byChapter: number[][] = this.chapters.map(() => []);
    this.codes.forEach((_, index) => {
      if (this.headingOf[index] >= 0) byHeading[this.headingOf[index]].push(index);
      if (this.chapterOf[index] >= 0) byChapter[this.chapterOf[index]].push(index);
    });
    this.codesOfHeading = pack(byHeading);
    this.codesOfChapter = pack(byChapter);
  }
}

export class FinderIndex extends Hierarchy {
  readonly residual: Float64Array;
  private readonly textHierarchy: TextModelHierarchy;
  /** What each code's texts (chapter, heading, subheading) state of the attributes. */
  private readonly attributes: Attributes[];
  private readonly termIds = new Map<string, number>();
  private readonly gramIds = new Map<string, number>();

  // Scratch buffers reused by every query (queries run one at a time).
  private readonly textWord: Float64Array;
  private readonly textGram: Float64Array;
  private readonly stamp: Int32Array;
  private stampValue = 0;

  constructor(
    readonly nomenclature: Nomenclature,
    readonly state: IndexState,
  ) {
    super(nomenclature);
    this.textHierarchy = hierarchyOf(this.codes, this.headings, this.chapters);
    this.residual = Float64Array.from(this.codes, (code) => (RESIDUAL.test(nomenclature.subheadings.get(code)!.description) ? 1 : 0));
    this.attributes = withEngineRanges(
      this.codes,
      this.codes.map((code) =>
        attributesOf(
          [
            nomenclature.chapters.get(code.slice(0, 2))?.description,
            nomenclature.headings.get(code.slice(0, 4))?.description,
            nomenclature.subheadings.get(code)!.description,
          ].join('; '),
          true,
        ),
      ),
    );
    state.terms.forEach((term, id) => this.termIds.set(term, id));
    state.grams.forEach((gram, id) => this.gramIds.set(gram, id));
    this.textWord = new Float64Array(state.textLevel.length);
    this.textGram = new Float64Array(state.textLevel.length);
    this.stamp = new Int32Array(this.codes.length);
  }

  static build(nomenclature: Nomenclature, lexicon: LabelledText[], options: { k1?: number; b?: number } = {}): FinderIndex {
    return new FinderIndex(nomenclature, buildState(nomenclature, lexicon, options));
  }

  get size(): { codes: number; headings: number; chapters: number; texts: number; terms: number; trigrams: number } {
    return {
      codes: this.codes.length,
      headings: this.headings.length,
      chapters: this.chapters.length,
      texts: this.state.textLevel.length,
      terms: this.state.terms.length,
      trigrams: this.state.grams.length,
    };
  }

  /** Known stemmed terms of a text (distinct) with their weights. */
  queryTerms(text: string): Array<{ term: string; id: number; weight: number }> {
    const seen = new Set<number>();
    const result: Array<{ term: string; id: number; weight: number }> = [];
    for (const term of terms(text)) {
      const id = this.termIds.get(term);
      if (id === undefined || seen.has(id) || this.state.idf[id] === 0) continue;
      seen.add(id);
      result.push({ term, id, weight: this.state.idf[id] });
    }
    return result;
  }

  /** log(1 + lexicon texts of each code), leaving out a fold's texts when training on that fold. */
  prior(index: number, fold: number): number {
    const count = this.state.lexiconCount[index] - (fold >= 0 ? this.state.foldCount[fold * this.codes.length + index] : 0);
    return Math.log1p(Math.min(count, PRIOR_CAP)) / Math.log1p(PRIOR_CAP);
  }

  /** Every feature of a query; texts of `fold` (a training query's own fold) are ignored. `withText`: the text model's scores too. */
  features(text: string, fold = -1, withText = true): QueryFeatures {
    const { state } = this;
    const N6 = this.codes.length;
    const N4 = this.headings.length;
    const N2 = this.chapters.length;
    const result: QueryFeatures = {
      weight: 0,
      known: 0,
      desc: new Float64Array(N6),
      head: new Float64Array(N4),
      chap: new Float64Array(N2),
      knnL: new Float64Array(N6),
      knnO: new Float64Array(N6),
      knn4: new Float64Array(N4),
      knn2: new Float64Array(N2),
      char6: new Float64Array(N6),
      char4: new Float64Array(N4),
      cov: new Float64Array(N6),
      agree: new Float64Array(N6),
      conflict: new Float64Array(N6),
      engine: new Float64Array(N6),
      head6: new Float64Array(N6),
      head4: new Float64Array(N4),
      text: null,
      fold,
    };
    const query = this.queryTerms(text);
    const weight = query.reduce((sum, item) => sum + item.weight, 0);
    result.weight = weight;
    result.known = query.length;
    const { textWord, textGram, stamp } = this;
    const touched: number[] = [];

    if (weight > 0) {
      // Each term's BM25 over its greatest possible value, idf (k1 + 1): the sum is in [0, 1].
      const norm = 1 / weight;
      const bm25 = (level: Bm25State, target: Float64Array, id: number, idf: number) => {
        const { offsets, values } = level.docs;
        for (let k = offsets[id]; k < offsets[id + 1]; k++) {
          const tf = level.tf[k];
          const doc = values[k];
          target[doc] += (idf * tf * norm) / (tf + level.lengthNorm[doc]);
        }
      };
      for (const { id, weight: idf } of query) {
        bm25(state.desc, result.desc, id, idf);
        bm25(state.head, result.head, id, idf);
        bm25(state.chap, result.chap, id, idf);
        // Coverage: the term anywhere in the code's, its heading's or its chapter's text
        const stampValue = ++this.stampValue;
        const share = idf / weight;
        const cover = (index: number) => {
          if (stamp[index] !== stampValue) {
            stamp[index] = stampValue;
            result.cov[index] += share;
          }
        };
        for (let k = state.bagCode.offsets[id]; k < state.bagCode.offsets[id + 1]; k++) cover(state.bagCode.values[k]);
        for (let k = state.bagHeading.offsets[id]; k < state.bagHeading.offsets[id + 1]; k++) {
          const heading = state.bagHeading.values[k];
          for (let j = this.codesOfHeading.offsets[heading]; j < this.codesOfHeading.offsets[heading + 1]; j++)
            cover(this.codesOfHeading.values[j]);
        }
        for (let k = state.bagChapter.offsets[id]; k < state.bagChapter.offsets[id + 1]; k++) {
          const chapter = state.bagChapter.values[k];
          for (let j = this.codesOfChapter.offsets[chapter]; j < this.codesOfChapter.offsets[chapter + 1]; j++)
            cover(this.codesOfChapter.values[j]);
        }
        const { offsets, values } = state.textsOfTerm;
        for (let k = offsets[id]; k < offsets[id + 1]; k++) {
          const textIndex = values[k];
          if (textWord[textIndex] === 0 && textGram[textIndex] === 0) touched.push(textIndex);
          textWord[textIndex] += idf;
        }
      }
    }

    let gramWeight = 0;
    let unknownGrams = 0;
    for (const gram of trigrams(text)) {
      const id = this.gramIds.get(gram);
      if (id === undefined) {
        unknownGrams++;
        continue;
      }
      const idf = state.gramIdf[id];
      if (idf === 0) continue;
      gramWeight += idf;
      const { offsets, values } = state.textsOfGram;
      for (let k = offsets[id]; k < offsets[id + 1]; k++) {
        const textIndex = values[k];
        if (textWord[textIndex] === 0 && textGram[textIndex] === 0) touched.push(textIndex);
        textGram[textIndex] += idf;
      }
    }
    // Trigrams of the query the index does not know (a typo, an unknown word) count at the highest weight.
    const textTotal = state.textLevel.length;
    const queryGramWeight = gramWeight + unknownGrams * Math.log(1 + (textTotal + 0.5) / 1.5);

    for (const textIndex of touched) {
      const word = textWord[textIndex];
      const gram = textGram[textIndex];
      textWord[textIndex] = 0;
      textGram[textIndex] = 0;
      if (fold >= 0 && state.textFold[textIndex] === fold) continue;
      const wordSimilarity = word > 0 ? (2 * word) / (weight + state.textWeight[textIndex]) : 0;
      const gramSimilarity = gram > 0 ? (2 * gram) / (queryGramWeight + state.textGramWeight[textIndex]) : 0;
      const owner = state.textOwner[textIndex];
      const level = state.textLevel[textIndex];
      if (level === 6) {
        const target = state.textOfficial[textIndex] ? result.knnO : result.knnL;
        if (wordSimilarity > target[owner]) target[owner] = wordSimilarity;
        if (gramSimilarity > result.char6[owner]) result.char6[owner] = gramSimilarity;
        const heading = this.headingOf[owner];
        if (wordSimilarity > result.knn4[heading]) result.knn4[heading] = wordSimilarity;
        if (gramSimilarity > result.char4[heading]) result.char4[heading] = gramSimilarity;
        const chapter = this.chapterOf[owner];
        if (wordSimilarity > result.knn2[chapter]) result.knn2[chapter] = wordSimilarity;
      } else if (level === 4) {
        if (wordSimilarity > result.knn4[owner]) result.knn4[owner] = wordSimilarity;
        if (gramSimilarity > result.char4[owner]) result.char4[owner] = gramSimilarity;
        const chapter = this.chapterOfHeading[owner];
        if (wordSimilarity > result.knn2[chapter]) result.knn2[chapter] = wordSimilarity;
      } else if (wordSimilarity > result.knn2[owner]) {
        result.knn2[owner] = wordSimilarity;
      }
    }
    const head = this.termIds.get(headTerm(text) ?? '');
    if (head !== undefined) {
      const { offsets, values } = state.textsOfTerm;
      for (let k = offsets[head]; k < offsets[head + 1]; k++) {
        const textIndex = values[k];
        if (fold >= 0 && state.textFold[textIndex] === fold) continue;
        const owner = state.textOwner[textIndex];
        const level = state.textLevel[textIndex];
        if (level === 6) {
          result.head6[owner] = 1;
          result.head4[this.headingOf[owner]] = 1;
        } else if (level === 4) result.head4[owner] = 1;
      }
    }
    if (withText && state.text) result.text = textModelScores(state.text, this.textHierarchy, text)?.code ?? null;
    const asked = attributesOf(text);
    if (asked.masks.some((mask) => mask !== 0) || !Number.isNaN(asked.cc)) {
      for (let index = 0; index < N6; index++) {
        const { agree, conflict, engine } = compareAttributes(asked, this.attributes[index]);
        result.agree[index] = agree;
        result.conflict[index] = conflict;
        result.engine[index] = engine;
      }
    }
    return result;
  }

  /** The feature vector of one code, in FEATURES order. */
  vector(features: QueryFeatures, index: number, into: Float64Array = new Float64Array(FEATURE_COUNT)): Float64Array {
    const heading = this.headingOf[index];
    const chapter = this.chapterOf[index];
    into[0] = features.desc[index];
    into[1] = features.head[heading];
    into[2] = features.chap[chapter];
    into[3] = features.knnL[index];
    into[4] = features.knnO[index];
    into[5] = features.knn4[heading];
    into[6] = features.knn2[chapter];
    into[7] = features.char6[index];
    into[8] = features.char4[heading];
    into[9] = features.cov[index];
    into[10] = this.prior(index, features.fold) * features.cov[index];
    into[11] = this.residual[index] * features.cov[index];
    into[12] = features.agree[index];
    into[13] = features.conflict[index];
    into[14] = features.head6[index];
    into[15] = features.head4[heading];
    return into;
  }

  /** Linear scores of every code. */
  scores(features: QueryFeatures, weights: number[], textWeight = 0): Float64Array {
    const N6 = this.codes.length;
    const result = new Float64Array(N6);
    const [wDesc, wHead, wChap, wKnnL, wKnnO, wKnn4, wKnn2, wChar6, wChar4, wCov, wPrior, wOther, wAgree, wConflict, wHead6, wHead4] =
      weights;
    // Heading- and chapter-level parts once per heading and chapter
    const headPart = new Float64Array(this.headings.length);
    for (let heading = 0; heading < headPart.length; heading++)
      headPart[heading] =
        wHead * features.head[heading] +
        wKnn4 * features.knn4[heading] +
        wChar4 * features.char4[heading] +
        wHead4 * features.head4[heading];
    const chapPart = new Float64Array(this.chapters.length);
    for (let chapter = 0; chapter < chapPart.length; chapter++)
      chapPart[chapter] = wChap * features.chap[chapter] + wKnn2 * features.knn2[chapter];
    for (let index = 0; index < N6; index++) {
      result[index] =
        wDesc * features.desc[index] +
        wKnnL * features.knnL[index] +
        wKnnO * features.knnO[index] +
        wChar6 * features.char6[index] +
        wCov * features.cov[index] +
        (wPrior * this.prior(index, features.fold) + wOther * this.residual[index]) * features.cov[index] +
        wAgree * features.agree[index] +
        wConflict * features.conflict[index] +
        ENGINE_WEIGHT * features.engine[index] +
        wHead6 * features.head6[index] +
        headPart[this.headingOf[index]] +
        chapPart[this.chapterOf[index]];
    }
    if (textWeight !== 0 && features.text) for (let index = 0; index < N6; index++) result[index] += textWeight * features.text[index];
    return result;
  }

  /** Knows a word of the text, or one of its trigrams. */
  knows(text: string): boolean {
    return this.queryTerms(text).length > 0 || trigrams(text).some((gram) => (this.state.gramIdf[this.gramIds.get(gram) ?? -1] ?? 0) > 0);
  }
}

/**
 * Softmax of scores with a "none of these" option: probabilities of every code, and of none. The codes
 * share 1 - floor at most: the floor is the chance that the right code is one the model cannot see.
 */
export function probabilities(
  scores: Float64Array,
  temperature: number,
  nullScore: number,
  floor = 0,
): { probabilities: Float64Array; none: number } {
  let max = nullScore;
  for (const score of scores) if (score > max) max = score;
  const result = new Float64Array(scores.length);
  const noneWeight = Math.exp((nullScore - max) / temperature);
  let sum = noneWeight;
  for (let index = 0; index < scores.length; index++) {
    const value = Math.exp((scores[index] - max) / temperature);
    result[index] = value;
    sum += value;
  }
  const scale = (1 - floor) / sum;
  for (let index = 0; index < result.length; index++) result[index] *= scale;
  return { probabilities: result, none: floor + noneWeight * scale };
}

/** The top codes of a query, highest probability first. */
export interface ScoredQuery {
  features: QueryFeatures;
  values: Float64Array;
  none: number;
}

/** The features of a query and the softmax probabilities of every code (before the confidence mapping). */
export function scoreQuery(index: FinderIndex, params: ModelParams, text: string): ScoredQuery {
  const features = index.features(text);
  const scores = index.scores(features, params.weights, params.textWeight);
  const { probabilities: values, none } = probabilities(scores, params.temperature, params.nullScore, params.floor);
  return { features, values, none };
}

/** What the confidence mapping reads of an answer whose first two codes are at `first` and `second`. */
export function confidenceInput(features: QueryFeatures, values: Float64Array, first: number, second: number): ConfidenceInput {
  return {
    top: values[first],
    second: values[second],
    words: features.known,
    text: features.text ? Math.exp(features.text[first]) : values[first],
    match: Math.max(features.knnL[first], features.knnO[first]),
  };
}

export function predict(index: FinderIndex, params: ModelParams, text: string, limit = 5): PredictionResult {
  const { features, values, none } = scoreQuery(index, params, text);
  if (features.weight === 0 && !index.knows(text)) return { predictions: [], none: 1, known: false, words: 0 };
  const top = topOf(index, values, Math.max(limit, 2));
  const first = index.codeIndex.get(top[0].code)!;
  const second = index.codeIndex.get(top[1].code)!;
  const shown = shownProbabilities(
    top.map((item) => item.probability),
    params.confidence,
    confidenceInput(features, values, first, second),
  );
  const scale = top[0].probability < 1 ? (1 - shown[0]) / (1 - top[0].probability) : 0;
  return {
    predictions: top.slice(0, limit).map((item, position) => ({ code: item.code, probability: shown[position] })),
    none: Math.min(1, none * scale),
    known: true,
    words: features.known,
  };
}

export function topOf(index: FinderIndex, values: Float64Array, limit: number): Prediction[] {
  const best: number[] = [];
  for (let position = 0; position < values.length; position++) {
    if (best.length < limit || values[position] > values[best[best.length - 1]]) {
      let insert = best.length;
      while (insert > 0 && values[position] > values[best[insert - 1]]) insert--;
      best.splice(insert, 0, position);
      if (best.length > limit) best.pop();
    }
  }
  return best.map((position) => ({ code: index.codes[position], probability: values[position] }));
}

export type { TextSource };
