/**
 * Training and evaluation of the finder.
 *
 * 1. Feature weights: a softmax (multinomial logistic) ranker fitted by gradient descent on labelled
 *    lexicon texts used as queries (UK search references, synonyms, an administration's examples), each
 *    query blind to the lexicon texts of its own fold (5 folds), against its 50 best candidates. Every
 *    third query is a lexicon text embedded among other words and sees every text (a known name inside a
 *    longer description, as traders write them); every third, one step further on, is written as customs
 *    officers describe goods ("women's knit <text> made of polyester, featuring ..."), blind to its fold.
 *    Adam, 200 iterations, L2 1e-3.
 * 2. Temperature, the score of "none of these" and its floor: fitted on the development half of
 *    data/finder/devset.csv plus generated nonsense queries (whose right answer is "none"), by the Brier
 *    score of the top-1 probability (the probability the answer shows).
 * 3. Confidence threshold: the lowest top-1 probability that at most 5% of the nonsense queries reach.
 * The held-out half of the development set is only ever evaluated.
 */
import { confidenceOf, fitConfidence, type ConfidenceSample } from './confidence.js';
import { scoreQuery, confidenceInput, FEATURE_COUNT, FEATURES, foldOf, type ModelParams, DEFAULT_PARAMS, topIndices } from './model.js';
import { FinderIndex } from './finder-index.js';
import type { FinderSources, LabelledText } from './data.js';
import type { TextModelOptions } from './textmodel.js';
import { nonsenseQueries } from './evaluation.js';
import { calibrate } from './calibration.js';
import { attributeWords, MATERIAL_WORDS } from './attributes.js';

const CANDIDATES = 50;

/** Of every this many lexicon queries (by a hash of their text), one is embedded in a longer description and one described (see trainingQueries). */
const AUGMENT_EVERY = 3;

export interface TrainingQuery {
  text: string;
  code: string;
  /** The query sees every lexicon text, its own included (a lexicon text within a longer description). */
  unmasked?: boolean;
  /** The fold whose lexicon texts the query does not see (default: the fold of its own text). */
  fold?: number;
}

/** Candidate rows of every training query, flat: query q owns rows offsets[q] .. offsets[q + 1] - 1, its gold code first. */
interface FeatureMatrix {
  values: Float64Array;
  offsets: Int32Array;
}

/** Candidate rows of one training query: the gold code and the best others by the sum of features. */
function candidateRows(index: FinderIndex, query: TrainingQuery): Float64Array | undefined {
  const gold = index.codeIndex.get(query.code);
  if (gold === undefined) return undefined;
  const features = index.features(query.text, query.unmasked ? -1 : (query.fold ?? foldOf(query.text)), false);
  if (features.weight === 0) return undefined;
  const unit = FEATURES.map((name) => (name === 'prior' || name === 'other' ? 0 : name === 'conflict' ? -1 : 1));
  const scores = index.scores(features, unit);
  const order = topIndices(scores, CANDIDATES).filter((position) => position !== gold);
  const rows = new Float64Array((order.length + 1) * FEATURE_COUNT);
  const scratch = new Float64Array(FEATURE_COUNT);
  [gold, ...order].forEach((position, row) => rows.set(index.vector(features, position, scratch), row * FEATURE_COUNT));
  return rows;
}

function flatten(rows: Float64Array[]): FeatureMatrix {
  const offsets = new Int32Array(rows.length + 1);
  let total = 0;
  rows.forEach((item, position) => {
    offsets[position] = total;
    total += item.length / FEATURE_COUNT;
  });
  offsets[rows.length] = total;
  const values = new Float64Array(total * FEATURE_COUNT);
  rows.forEach((item, position) => values.set(item, offsets[position] * FEATURE_COUNT));
  return { values, offsets };
}

/** Mean negative log-likelihood of the gold rows and its gradient. */
function lossAndGradient(matrix: FeatureMatrix, weights: Float64Array, gradient: Float64Array, scratch: Float64Array): number {
  const { values, offsets } = matrix;
  const F = FEATURE_COUNT;
  const queries = offsets.length - 1;
  gradient.fill(0);
  let loss = 0;
  for (let query = 0; query < queries; query++) {
    const first = offsets[query];
    const last = offsets[query + 1];
    let max = -Infinity;
    for (let row = first; row < last; row++) {
      let score = 0;
      const base = row * F;
      for (let feature = 0; feature < F; feature++) score += weights[feature] * values[base + feature];
      scratch[row - first] = score;
      if (score > max) max = score;
    }
    let sum = 0;
    for (let row = first; row < last; row++) {
      const value = Math.exp(scratch[row - first] - max);
      scratch[row - first] = value;
      sum += value;
    }
    loss += Math.log(sum) - Math.log(scratch[0]);
    for (let row = first; row < last; row++) {
      const p = scratch[row - first] / sum - (row === first ? 1 : 0);
      if (p > -1e-12 && p < 1e-12) continue;
      const base = row * F;
      for (let feature = 0; feature < F; feature++) gradient[feature] += p * values[base + feature];
    }
  }
  for (let feature = 0; feature < F; feature++) gradient[feature] /= queries;
  return loss / queries;
}

/** Fits the weights of the softmax ranker (Adam, L2), the gold candidate being the first row of each query. */
function fitWeights(matrix: FeatureMatrix, options: { iterations: number; l2: number; rate: number }): { weights: number[]; loss: number } {
  const F = FEATURE_COUNT;
  const weights = new Float64Array(F).fill(1);
  weights[FEATURES.indexOf('prior')] = 0;
  weights[FEATURES.indexOf('other')] = 0;
  const m = new Float64Array(F);
  const v = new Float64Array(F);
  const gradient = new Float64Array(F);
  let widest = 0;
  for (let query = 0; query + 1 < matrix.offsets.length; query++)
    widest = Math.max(widest, matrix.offsets[query + 1] - matrix.offsets[query]);
  const scratch = new Float64Array(widest);
  let loss = 0;
  for (let iteration = 1; iteration <= options.iterations; iteration++) {
    loss = lossAndGradient(matrix, weights, gradient, scratch);
    for (let feature = 0; feature < F; feature++) {
      loss += options.l2 * weights[feature] * weights[feature];
      const g = gradient[feature] + 2 * options.l2 * weights[feature];
      m[feature] = 0.9 * m[feature] + 0.1 * g;
      v[feature] = 0.999 * v[feature] + 0.001 * g * g;
      const mHat = m[feature] / (1 - 0.9 ** iteration);
      const vHat = v[feature] / (1 - 0.999 ** iteration);
      weights[feature] -= (options.rate * mHat) / (Math.sqrt(vHat) + 1e-8);
    }
  }
  return { weights: [...weights], loss };
}

export interface TrainOptions {
  /** Most training queries (a deterministic sample); default 3000. */
  maxQueries?: number;
  iterations?: number;
  l2?: number;
  log?: (message: string) => void;
  /** Options of the text model (dimensions, epochs). */
  textModel?: TextModelOptions;
  /** Descriptions written by others that may be tuned on (never held-out rows): they fit the text model's weight and the calibration. */
  tuning?: TuningItem[];
}

export interface TuningItem {
  description: string;
  code: string;
  /** The fold of ruling texts it is scored blind to (its own: see external.ts); default none. */
  fold?: number;
}

export interface TrainReport {
  queries: number;
  loss: number;
  weights: Record<string, number>;
  textWeight: number;
  temperature: number;
  nullScore: number;
  floor: number;
  threshold: number;
  milliseconds: number;
}

/**
 * Labelled lexicon texts (6-digit) and extra examples, as training queries: a deterministic sample.
 * `stated`: the attribute words a code's texts state (see attributeWords), for the described queries.
 */
export function trainingQueries(
  lexicon: LabelledText[],
  extra: TrainingQuery[],
  maxQueries: number,
  stated?: (code: string) => Record<string, string[]> | undefined,
): TrainingQuery[] {
  const lexiconQueries = lexicon
    .filter((item) => item.code.length === 6 && item.source !== 'translation')
    .map(({ text, code }) => ({ text, code }));
  const hash = (text: string) => {
    let value = 2166136261;
    for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 16777619);
    return value >>> 0;
  };
  const sampled = lexiconQueries
    .map((query) => ({ query, order: hash(query.text) }))
    .sort((a, b) => a.order - b.order)
    .slice(0, Math.max(0, maxQueries - extra.length))
    .map((item) => item.query);
  // A share of the queries are lexicon texts within longer descriptions, as traders write them: the text
  // with words of other lexicon texts around it (brands, sizes and qualities play that part in real queries).
  // Every draw of a query comes from its own text, and a word of the pool is the first one at or after a drawn
  // point of a ring of the words' hashes: a text added to the lexicon changes its own query and few others, and
  // retraining with a few more texts or usage records moves the model by what they teach, not by new draws.
  const pool = [
    ...new Set(lexiconQueries.flatMap((query) => query.text.toLowerCase().split(/[^\p{L}]+/u)).filter((word) => word.length > 2)),
  ]
    .map((word) => ({ word, at: hash(`pool ${word}`) }))
    .sort((a, b) => a.at - b.at);
  const embedded = sampled.map((query) => {
    let seed = hash(`draws ${query.text}`) & 0x7fffffff;
    const random = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)];
    const poolWord = () => {
      const point = random() * 0x100000000;
      let low = 0;
      let high = pool.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (pool[middle].at < point) low = middle + 1;
        else high = middle;
      }
      return pool[low % pool.length].word;
    };
    const kind = hash(`kind ${query.text}`) % AUGMENT_EVERY;
    const words = kind === 1 ? stated?.(query.code) : undefined;
    if (words) {
      // Another share as customs officers describe goods: who wears them, how they are made, "made of" a
      // material the code's texts state (any material for manufactured goods whose code states none), and
      // what else the description says of them. Blind to the lexicon texts of the text's own fold.
      const manufactured = Number(query.code.slice(0, 2)) >= 39;
      const material = words.material.length ? pick(words.material) : manufactured && random() < 0.5 ? pick(MATERIAL_WORDS) : undefined;
      let text = [...words.gender.slice(0, 1), ...words.construction.slice(0, 1), query.text].join(' ');
      if (material) text += ` made of ${material}`;
      if (random() < 0.5) text += `, featuring ${Array.from({ length: 1 + Math.floor(random() * 3) }, poolWord).join(' ')}`;
      return { text, code: query.code, fold: foldOf(query.text) };
    }
    if (kind !== 0) return query;
    const before = Array.from({ length: Math.floor(random() * 2) }, poolWord);
    const after = Array.from({ length: 1 + Math.floor(random() * 3) }, poolWord);
    return { text: [...before, query.text, ...after].join(' '), code: query.code, unmasked: true };
  });
  return [...extra, ...embedded];
}

/** Fits every parameter on an index; returns them with a report. Never looks at the held-out half. */
export function fitParams(
  index: FinderIndex,
  sources: Pick<FinderSources, 'lexicon' | 'devset'>,
  extra: TrainingQuery[],
  options: TrainOptions = {},
): { params: ModelParams; report: TrainReport } {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const queries = trainingQueries(sources.lexicon, extra, options.maxQueries ?? 3000, (code) => {
    const position = index.codeIndex.get(code);
    return position === undefined ? undefined : attributeWords(index.attributes[position]);
  });
  const rows: Float64Array[] = [];
  for (const query of queries) {
    const candidate = candidateRows(index, query);
    if (candidate) rows.push(candidate);
  }
  log(`finder: ${rows.length} training queries featurised in ${Math.round(performance.now() - started)} ms`);
  const { weights, loss } = fitWeights(flatten(rows), {
    iterations: options.iterations ?? 200,
    l2: options.l2 ?? 1e-3,
    rate: 0.05,
  });
  log(`finder: weights fitted (loss ${loss.toFixed(4)}) in ${Math.round(performance.now() - started)} ms`);
  const calibrationStarted = performance.now();
  const tuning: TuningItem[] = [...sources.devset.filter((item) => item.half === 'dev'), ...(options.tuning ?? [])];
  const textWeight = fitTextWeight(index, weights, tuning);
  const calibration = calibrate(index, weights, textWeight, tuning, nonsenseQueries());
  log(`finder: text model weight ${textWeight}, calibrated in ${Math.round(performance.now() - calibrationStarted)} ms`);
  const fitted: ModelParams = { ...DEFAULT_PARAMS, weights, textWeight, ...calibration };
  const params = withConfidence(index, fitted, tuning, nonsenseQueries());
  return {
    params,
    report: {
      queries: rows.length,
      loss,
      weights: Object.fromEntries(FEATURES.map((name, position) => [name, Number(weights[position].toFixed(4))])),
      textWeight,
      temperature: calibration.temperature,
      nullScore: calibration.nullScore,
      floor: calibration.floor,
      threshold: calibration.threshold,
      milliseconds: Math.round(performance.now() - started),
    },
  };
}

/**
 * Fits the mapping of the top-1 probability to the chance it is right (see confidence.ts) on the tuning
 * items and nonsense, then sets the confidence threshold: the lowest shown top-1 probability that at most
 * 5% of the nonsense queries reach.
 */
function withConfidence(index: FinderIndex, params: ModelParams, tuning: TuningItem[], nonsense: string[]): ModelParams {
  const sample = (text: string, gold: string | undefined, fold = -1): ConfidenceSample | undefined => {
    const { features, values } = scoreQuery(index, params, text, fold);
    if (features.weight === 0 && !index.knows(text)) return undefined;
    const [first, second] = topIndices(values, 2);
    return { ...confidenceInput(features, values, first, second), right: gold !== undefined && index.codes[first] === gold ? 1 : 0 };
  };
  const positives = tuning.map((item) => sample(item.description, item.code, item.fold)).filter((item) => item !== undefined);
  const negatives = nonsense.map((text) => sample(text, undefined)).filter((item) => item !== undefined);
  const negativeWeight = (0.25 * positives.length) / Math.max(1, negatives.length);
  const confidence = fitConfidence([...positives, ...negatives.map((item) => ({ ...item, weight: negativeWeight }))]);
  const nonsenseTop = negatives.map((item) => confidenceOf(confidence, item)).sort((a, b) => b - a);
  const allowed = Math.floor(nonsense.length * 0.05);
  const threshold = Math.max(0.02, Math.min(0.5, (nonsenseTop[allowed] ?? 0) + 1e-3));
  return { ...params, confidence, threshold: Number(threshold.toFixed(3)) };
}

/** Candidate weights of the text model's log-probability. */
const TEXT_WEIGHTS = [0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.6, 0.8];

/**
 * The weight of the text model in the score: the best top-1 (then top-5) at 6 digits on the tuning items; between
 * equals, the best mean reciprocal rank in the first 10 (two weights often tie on a few hundred items).
 */
export function fitTextWeight(index: FinderIndex, weights: number[], items: TuningItem[]): number {
  const prepared = items
    .map((item) => ({ features: index.features(item.description, item.fold ?? -1), gold: index.codeIndex.get(item.code) }))
    .filter((item) => item.gold !== undefined && item.features.text !== null);
  let best = { weight: 0, score: -1, reciprocal: -1 };
  for (const weight of TEXT_WEIGHTS) {
    let score = 0;
    let reciprocal = 0;
    for (const { features, gold } of prepared) {
      const order = topIndices(index.scores(features, weights, weight), 10);
      const rank = order.indexOf(gold!);
      if (rank === 0) score += 1;
      if (rank >= 0 && rank < 5) score += 0.5;
      if (rank >= 0) reciprocal += 1 / (rank + 1);
    }
    if (score > best.score || (score === best.score && reciprocal > best.reciprocal)) best = { weight, score, reciprocal };
  }
  return best.weight;
}
