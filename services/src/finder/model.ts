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
 *   cov    share of the query's weight found anywhere in c's, h's or ch's text; in French or Spanish, their HS texts too
 *   prior  log of the number of lexicon texts labelled c (how common the goods are), times cov
 *   other  c is a residual subheading ("n.e.c.", "other than ..."), times cov
 *   agree, conflict  shares of the query's attribute groups (material, knitted or woven, gender, fresh or
 *          frozen, new or used, power source, engine capacity) that c's texts agree with or contradict
 *   head6, head4  the head noun of the query (the last word before "made of", "for", a comma...: "knit vest
 *          made of polyester" -> vest) is in a text of c; of any code under h
 * Beside the fitted weights, fixed rules add their score (engine capacity, garment or fabric, parts:
 * attributes.ts; a chemical's heading: chemistry.ts; the head noun in a text under h: HEAD_NOUN_WEIGHT).
 * Term weights are inverse document frequencies over subheadings (each with its heading and chapter text).
 */
import { confidenceOf, shownProbabilities, type ConfidenceInput } from './confidence.js';
import { terms } from './text.js';
import type { TextSource } from './data.js';
import { type FinderIndex } from './finder-index.js';

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
/** The ruling texts (external.ts) have folds of their own, after the lexicon's. */
export const RULING_FOLDS = 8;

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
  /**
   * How many codes, headings or chapters have a labelled or official text that names every known word of the
   * query and more, when no subheading's text names exactly those words (0 otherwise): "shoes" says less than
   * "running shoes", "leather shoes" and "canvas shoes", which the references put under four codes.
   */
  broader: number;
  /** How many headings those codes and headings are of, a chapter counting as one (0: not broader). */
  broaderHeadings: number;
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
  /** The score of the fixed rules: engine capacity, garment or fabric, parts (attributes.ts), head noun (HEAD_NOUN_WEIGHT). */
  rules: Float64Array;
  head6: Float64Array;
  head4: Float64Array;
  /** Log-probability of each code by the text model (null: not asked for, or no model). */
  text: Float64Array | null;
  /** Whether the query says its goods are prepared or preserved (canned, tinned: `statesPreserved`). */
  preserved: boolean;
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
  /** How many codes, headings or chapters name the query's goods with more words, and of how many headings (QueryFeatures). */
  broader: number;
  broaderHeadings: number;
}

/** A query with at least this many known words always gets its predictions (uncertain if they are unlikely). */
export const DESCRIPTIVE_WORDS = 8;

/**
 * The broadest name of goods that gets its predictions below the threshold, in headings: a name that the texts
 * of codes, headings or chapters of at most this many headings give with more words (QueryFeatures.broaderHeadings:
 * "frozen fish" 4, "dried fruit" 9, "أحذية", shoes, 13, "bags" 15, "car" 18) is answered as uncertain, with
 * the headings to choose from; a broader one, a material or a class of goods ("fish" 26, "fruit" 36, "steel" 69),
 * is asked for a description.
 */
export const BROADEST_ANSWERED = 20;

/**
 * Whether an answer gives its predictions: a known query whose first probability reaches the threshold, a
 * description of many known words (not nonsense, even when its first code is unlikely), or a name of goods
 * not broader than BROADEST_ANSWERED (its first probability is low because it names several codes, not
 * because it is nonsense).
 */
export function answers(
  threshold: number,
  known: boolean,
  top: number,
  words: number,
  { broader, broaderHeadings }: { broader: number; broaderHeadings: number },
): boolean {
  return known && (top >= threshold || words >= DESCRIPTIVE_WORDS || (broader > 1 && broaderHeadings <= BROADEST_ANSWERED));
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
export function scoreQuery(index: FinderIndex, params: ModelParams, text: string, fold = -1): ScoredQuery {
  // Its features are read before the next query is scored: their arrays are reused.
  const features = index.features(text, fold, true, true);
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
    broader: features.broader,
  };
}

/**
 * The goods of different headings a query names side by side (FinderIndex.coordinatedGoods): each one's first
 * code, scored alone, with the chance that it is right; none for one name of goods, for goods whose first codes
 * share a heading, or when the query's first code is of a heading whose texts name them all ("nuts and bolts",
 * 73.18; not "tea and coffee", 09.02 and 09.01). Scores queries of its own: call it when done with the query's
 * features.
 */
function separateGoods(index: FinderIndex, params: ModelParams, text: string, first: number, fold: number): Prediction[] {
  const items = index.coordinatedGoods(text);
  if (!items || items.every(({ noun }) => index.headingNames(index.headingOf[first], noun))) return [];
  const goods = new Map<number, Prediction>();
  for (const item of items) {
    const { features, values } = scoreQuery(index, params, item.text, fold);
    const [own, second] = topIndices(values, 2);
    const heading = index.headingOf[own];
    const probability = confidenceOf(params.confidence, confidenceInput(features, values, own, second));
    if (!goods.has(heading) || goods.get(heading)!.probability < probability) goods.set(heading, { code: index.codes[own], probability });
  }
  return goods.size > 1 ? [...goods.values()] : [];
}

/**
 * A query's first `limit` codes with their shown probabilities (confidence.ts), highest first. For several goods
 * ("clothes and shoes") the first code is that of one of them: its probability is divided by their number, and
 * each one's own first code follows it, with its probability so divided.
 */
export function ranked(index: FinderIndex, params: ModelParams, text: string, limit = 5, fold = -1): PredictionResult {
  const { features, values, none } = scoreQuery(index, params, text, fold);
  const known = features.weight > 0 || index.knows(text);
  const top = topOf(index, values, Math.max(limit, 2));
  const first = index.codeIndex.get(top[0].code)!;
  const second = index.codeIndex.get(top[1].code)!;
  const input = confidenceInput(features, values, first, second);
  const { known: words, broader, broaderHeadings } = features;
  const goods = known ? separateGoods(index, params, text, first, fold) : [];
  const count = Math.max(1, goods.length);
  const shown = known
    ? shownProbabilities(
        top.map((item) => item.probability),
        params.confidence,
        { ...input, goods: count },
      )
    : top.map(() => 0);
  const scale = top[0].probability < 1 ? (1 - shown[0]) / (1 - top[0].probability) : 0;
  let predictions = top.map((item, position) => ({ code: item.code, probability: shown[position] }));
  if (goods.length) {
    // Each good's own first code after the query's, at its own chance over their number (never above the
    // first); the other codes share what is left, none above a good's own code.
    const own = new Map(goods.map((item) => [item.code, Math.min(shown[0], item.probability / count)]));
    own.set(top[0].code, shown[0]);
    const rest = predictions.filter((item) => !own.has(item.code));
    const taken = [...own.values()].reduce((sum, value) => sum + value, 0);
    const left = rest.reduce((sum, item) => sum + item.probability, 0);
    const share = left > 0 ? Math.min(1, Math.max(0, 1 - taken) / left) : 0;
    const ceiling = Math.min(...own.values());
    predictions = [
      ...[...own].map(([code, probability]) => ({ code, probability })),
      ...rest.map((item) => ({ code: item.code, probability: Math.min(ceiling, item.probability * share) })),
    ].sort((a, b) => Number(b.code === top[0].code) - Number(a.code === top[0].code) || b.probability - a.probability);
  }
  return {
    predictions: predictions.slice(0, limit),
    none: Math.min(1, none * scale),
    known,
    words,
    broader,
    broaderHeadings,
  };
}

export function predict(index: FinderIndex, params: ModelParams, text: string, limit = 5): PredictionResult {
  const result = ranked(index, params, text, limit);
  return result.known ? result : { predictions: [], none: 1, known: false, words: 0, broader: 0, broaderHeadings: 0 };
}

/** The positions of the `limit` highest values, highest first. */
export function topIndices(values: Float64Array, limit: number): number[] {
  const best: number[] = [];
  for (let position = 0; position < values.length; position++) {
    if (best.length < limit || values[position] > values[best[best.length - 1]]) {
      let insert = best.length;
      while (insert > 0 && values[position] > values[best[insert - 1]]) insert--;
      best.splice(insert, 0, position);
      if (best.length > limit) best.pop();
    }
  }
  return best;
}

export function topOf(index: FinderIndex, values: Float64Array, limit: number): Prediction[] {
  return topIndices(values, limit).map((position) => ({ code: index.codes[position], probability: values[position] }));
}

export type { TextSource };
