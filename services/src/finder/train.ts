/**
 * Training and evaluation of the finder.
 *
 * 1. Feature weights: a softmax (multinomial logistic) ranker fitted by gradient descent on labelled
 *    lexicon texts used as queries (UK search references, synonyms, an administration's examples), each
 *    query blind to the lexicon texts of its own fold (5 folds), against its 50 best candidates. Every
 *    third query is a lexicon text embedded among other words and sees every text (a known name inside a
 *    longer description, as traders write them). Adam, 200 iterations, L2 1e-3.
 * 2. Temperature, the score of "none of these" and its floor: fitted on the development half of
 *    data/finder/devset.csv plus generated nonsense queries (whose right answer is "none"), by the Brier
 *    score of the top-1 probability (the probability the answer shows).
 * 3. Confidence threshold: the lowest top-1 probability that at most 5% of the nonsense queries reach.
 * The held-out half of the development set is only ever evaluated.
 */
import { terms } from './text.js';
import { confidenceOf, fitConfidence, type ConfidenceSample } from './confidence.js';
import { scoreQuery, confidenceInput, FEATURE_COUNT, FEATURES, foldOf, probabilities, type ModelParams, DEFAULT_PARAMS } from './model.js';
import { FinderIndex } from './finder-index.js';
import type { DevItem, FinderSources, LabelledText, Nomenclature } from './data.js';
import type { ExternalItem } from './external.js';
import type { TextModelOptions } from './textmodel.js';

export interface Metrics {
  count: number;
  /** Share of items whose right code is among the first k, at 2, 4 and 6 digits (k = 1, 3, 5). */
  top: Record<'2' | '4' | '6', { 1: number; 3: number; 5: number }>;
  /** Expected calibration error of the top-1 probability (10 equal-width bins); null for rankings without probabilities. */
  ece: number | null;
  /** Share of items answered with confidence (top-1 probability at or above the threshold), and top-1 accuracy among them. */
  confident?: number;
  confidentAccuracy?: number;
}

export interface Ranking {
  codes: string[];
  /** Top-1 probability, when the ranker has probabilities. */
  confidence?: number;
}

const K_VALUES = [1, 3, 5] as const;
/** Every this many lexicon queries, one is embedded in a longer description (see trainingQueries). */
const AUGMENT_EVERY = 3;
const CANDIDATES = 50;

/** Metrics of rankings against the right 6-digit codes. A 4- or 2-digit ranking is the order in which prefixes first appear. */
export function metricsOf(rankings: Ranking[], gold: string[], threshold?: number): Metrics {
  const top = { '2': { 1: 0, 3: 0, 5: 0 }, '4': { 1: 0, 3: 0, 5: 0 }, '6': { 1: 0, 3: 0, 5: 0 } };
  const bins = Array.from({ length: 10 }, () => ({ count: 0, confidence: 0, correct: 0 }));
  let withConfidence = 0;
  let confident = 0;
  let confidentCorrect = 0;
  rankings.forEach((ranking, index) => {
    for (const digits of [2, 4, 6] as const) {
      const prefixes: string[] = [];
      for (const code of ranking.codes) {
        const prefix = code.slice(0, digits);
        if (!prefixes.includes(prefix)) prefixes.push(prefix);
        if (prefixes.length >= 5) break;
      }
      const rank = prefixes.indexOf(gold[index].slice(0, digits));
      for (const k of K_VALUES) if (rank >= 0 && rank < k) top[String(digits) as '2' | '4' | '6'][k]++;
    }
    if (ranking.confidence !== undefined) {
      withConfidence++;
      const correct = ranking.codes[0] === gold[index] ? 1 : 0;
      const bin = bins[Math.min(9, Math.floor(ranking.confidence * 10))];
      bin.count++;
      bin.confidence += ranking.confidence;
      bin.correct += correct;
      if (threshold !== undefined && ranking.confidence >= threshold) {
        confident++;
        confidentCorrect += correct;
      }
    }
  });
  const count = rankings.length || 1;
  for (const digits of ['2', '4', '6'] as const) for (const k of K_VALUES) top[digits][k] /= count;
  const ece = withConfidence
    ? bins.reduce(
        (sum, bin) => sum + (bin.count ? (bin.count / withConfidence) * Math.abs(bin.correct / bin.count - bin.confidence / bin.count) : 0),
        0,
      )
    : null;
  const result: Metrics = { count: rankings.length, top, ece };
  if (threshold !== undefined && withConfidence) {
    result.confident = confident / withConfidence;
    result.confidentAccuracy = confident ? confidentCorrect / confident : 0;
  }
  return result;
}

/** The model's ranking of a query: every code by probability (first 10 kept). */
export function rankWithModel(index: FinderIndex, params: ModelParams, text: string): Ranking {
  const { features, values } = scoreQuery(index, params, text);
  const order = topIndices(values, 10);
  return {
    codes: order.map((position) => index.codes[position]),
    confidence:
      features.weight === 0 && !index.knows(text)
        ? 0
        : confidenceOf(params.confidence, confidenceInput(features, values, order[0], order[1])),
  };
}

function topIndices(values: Float64Array, limit: number): number[] {
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

/** The keyword baseline: plain BM25 over the HS 2022 subheading descriptions only (same tokenizer, no lexicon, no hierarchy). */
export class KeywordBaseline {
  private readonly codes: string[];
  private readonly postings = new Map<string, Array<[number, number]>>();
  private readonly lengthNorm: Float64Array;
  private readonly idf = new Map<string, number>();

  constructor(
    nomenclature: Nomenclature,
    private readonly k1 = 1.2,
    b = 0.75,
  ) {
    this.codes = [...nomenclature.subheadings.keys()].sort();
    const docs = this.codes.map((code) => terms(nomenclature.subheadings.get(code)!.description));
    const average = docs.reduce((sum, doc) => sum + doc.length, 0) / docs.length;
    docs.forEach((doc, index) => {
      const tf = new Map<string, number>();
      for (const term of doc) tf.set(term, (tf.get(term) ?? 0) + 1);
      for (const [term, count] of tf) {
        if (!this.postings.has(term)) this.postings.set(term, []);
        this.postings.get(term)!.push([index, count]);
      }
    });
    for (const [term, list] of this.postings) this.idf.set(term, Math.log(1 + (docs.length - list.length + 0.5) / (list.length + 0.5)));
    this.lengthNorm = Float64Array.from(docs, (doc) => k1 * (1 - b + (b * doc.length) / average));
  }

  rank(text: string): Ranking {
    const scores = new Float64Array(this.codes.length);
    for (const term of new Set(terms(text))) {
      const idf = this.idf.get(term);
      if (!idf) continue;
      for (const [index, tf] of this.postings.get(term)!) scores[index] += (idf * tf * (this.k1 + 1)) / (tf + this.lengthNorm[index]);
    }
    const order = topIndices(scores, 10).filter((position) => scores[position] > 0);
    return { codes: order.map((position) => this.codes[position]) };
  }
}

export interface TrainingQuery {
  text: string;
  code: string;
  /** The query sees every lexicon text, its own included (a lexicon text within a longer description). */
  unmasked?: boolean;
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
  const features = index.features(query.text, query.unmasked ? -1 : foldOf(query.text), false);
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

/** Deterministic nonsense queries (random letter strings and a few off-topic phrases): their right answer is "none of these". */
export function nonsenseQueries(count = 120): string[] {
  let seed = 20240607;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const word = () => Array.from({ length: 3 + Math.floor(random() * 7) }, () => letters[Math.floor(random() * 26)]).join('');
  const generated = Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(random() * 3) }, word).join(' '));
  return [
    ...generated,
    'asdfgh jkl',
    'qwerty uiop',
    'lorem ipsum dolor sit amet',
    'hello how are you',
    'test test test',
    'zzzzzz',
    'xyz abc',
    'bonjour comment ça va',
    'hola qué tal',
    'مرحبا كيف حالك',
    'আপনি কেমন আছেন',
    'my name is john',
  ];
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

/** Labelled lexicon texts (6-digit) and extra examples, as training queries: a deterministic sample. */
export function trainingQueries(lexicon: LabelledText[], extra: TrainingQuery[], maxQueries: number): TrainingQuery[] {
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
  const pool = [
    ...new Set(lexiconQueries.flatMap((query) => query.text.toLowerCase().split(/[^\p{L}]+/u)).filter((word) => word.length > 2)),
  ].sort();
  let seed = 99991;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const embedded = sampled.map((query, position) => {
    if (position % AUGMENT_EVERY !== 0) return query;
    const before = Array.from({ length: Math.floor(random() * 2) }, () => pool[Math.floor(random() * pool.length)]);
    const after = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pool[Math.floor(random() * pool.length)]);
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
  const queries = trainingQueries(sources.lexicon, extra, options.maxQueries ?? 3000);
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
  const sample = (text: string, gold: string | undefined): ConfidenceSample | undefined => {
    const { features, values } = scoreQuery(index, params, text);
    if (features.weight === 0 && !index.knows(text)) return undefined;
    const [first, second] = topIndices(values, 2);
    return { ...confidenceInput(features, values, first, second), right: gold !== undefined && index.codes[first] === gold ? 1 : 0 };
  };
  const positives = tuning.map((item) => sample(item.description, item.code)).filter((item) => item !== undefined);
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

/** The weight of the text model in the score: the best top-1 (then top-5) at 6 digits on the tuning items. */
export function fitTextWeight(index: FinderIndex, weights: number[], items: TuningItem[]): number {
  const prepared = items
    .map((item) => ({ features: index.features(item.description), gold: index.codeIndex.get(item.code) }))
    .filter((item) => item.gold !== undefined && item.features.text !== null);
  let best = { weight: 0, score: -1 };
  for (const weight of TEXT_WEIGHTS) {
    let score = 0;
    for (const { features, gold } of prepared) {
      const order = topIndices(index.scores(features, weights, weight), 5);
      if (order[0] === gold) score += 1;
      if (order.includes(gold!)) score += 0.5;
    }
    if (score > best.score) best = { weight, score };
  }
  return best.weight;
}

/**
 * The scores of one query, compressed for fitting the temperature: the best EXACT scores as they are, the
 * rest as (mean, count) groups of equal size (their spread is small, far below the best).
 */
interface CompressedScores {
  exact: Float64Array;
  groupMeans: Float64Array;
  groupCounts: Float64Array;
  max: number;
}

const EXACT = 200;
const GROUPS = 40;

function compress(scores: Float64Array): CompressedScores {
  const sorted = Float64Array.from(scores).sort().reverse();
  const exact = sorted.slice(0, EXACT);
  const rest = sorted.slice(EXACT);
  const size = Math.ceil(rest.length / GROUPS) || 1;
  const means: number[] = [];
  const counts: number[] = [];
  for (let start = 0; start < rest.length; start += size) {
    const group = rest.subarray(start, start + size);
    means.push(group.reduce((sum, value) => sum + value, 0) / group.length);
    counts.push(group.length);
  }
  return { exact, groupMeans: Float64Array.from(means), groupCounts: Float64Array.from(counts), max: sorted[0] };
}

/** log(exp(null/T) + sum over codes of exp(score/T)). */
function logPartition(scores: CompressedScores, temperature: number, nullScore: number): number {
  const max = Math.max(scores.max, nullScore);
  let sum = Math.exp((nullScore - max) / temperature);
  for (const score of scores.exact) sum += Math.exp((score - max) / temperature);
  for (let group = 0; group < scores.groupMeans.length; group++)
    sum += scores.groupCounts[group] * Math.exp((scores.groupMeans[group] - max) / temperature);
  return max / temperature + Math.log(sum);
}

/** Temperature, "none" score and floor on the development half and nonsense (Brier score of the top-1 probability); then the confidence threshold. */
export function calibrate(
  index: FinderIndex,
  weights: number[],
  textWeight: number,
  dev: TuningItem[],
  nonsense: string[],
): { temperature: number; nullScore: number; floor: number; threshold: number } {
  const positives = dev
    .map((item) => {
      const scores = index.scores(index.features(item.description), weights, textWeight);
      const gold = index.codeIndex.get(item.code);
      if (gold === undefined) return undefined;
      let first = 0;
      for (let position = 1; position < scores.length; position++) if (scores[position] > scores[first]) first = position;
      return { scores: compress(scores), right: first === gold ? 1 : 0 };
    })
    .filter((item) => item !== undefined);
  const negatives = nonsense
    .map((text) => {
      const features = index.features(text);
      return features.weight === 0 && !index.knows(text) ? undefined : { raw: index.scores(features, weights, textWeight) };
    })
    .filter((item) => item !== undefined)
    .map((item) => ({ ...item, scores: compress(item.raw) }));
  const maxima = positives.map((item) => item.scores.max);
  const low = Math.min(...maxima) - 1;
  const high = Math.max(...maxima) + 1;
  const negativeWeight = (0.5 * positives.length) / Math.max(1, negatives.length);
  // Brier score of the top-1 probability: (p - right)^2 on the development half, p^2 on nonsense. Which code
  // is first does not depend on these parameters, only how sure the answer says it is.
  const loss = (temperature: number, nullScore: number, floor: number) => {
    let total = 0;
    for (const item of positives) {
      const top = (1 - floor) * Math.exp(item.scores.max / temperature - logPartition(item.scores, temperature, nullScore));
      total += (top - item.right) ** 2;
    }
    for (const item of negatives) {
      const top = (1 - floor) * Math.exp(item.scores.max / temperature - logPartition(item.scores, temperature, nullScore));
      total += negativeWeight * top * top;
    }
    return total;
  };
  // A coarse grid over temperature and "none" score, then a local search over all three.
  let best = { temperature: 1, nullScore: low, floor: 0, loss: Infinity };
  for (let step = 0; step <= 24; step++) {
    const temperature = Math.exp(Math.log(0.01) + (step / 24) * (Math.log(3) - Math.log(0.01)));
    for (let position = 0; position <= 24; position++) {
      const nullScore = low + ((high - low) * position) / 24;
      const value = loss(temperature, nullScore, 0);
      if (value < best.loss) best = { temperature, nullScore, floor: 0, loss: value };
    }
  }
  let { temperature, nullScore, floor } = best;
  let steps = [0.25, (high - low) / 24, 0.04];
  for (let round = 0; round < 120 && steps[0] > 1e-4; round++) {
    let improved = false;
    for (const [axis, direction] of [
      [0, 1],
      [0, -1],
      [1, 1],
      [1, -1],
      [2, 1],
      [2, -1],
    ]) {
      const t = axis === 0 ? temperature * Math.exp(direction * steps[0]) : temperature;
      const n = axis === 1 ? nullScore + direction * steps[1] : nullScore;
      const f = axis === 2 ? Math.min(0.5, Math.max(0, floor + direction * steps[2])) : floor;
      const value = loss(t, n, f);
      if (value < best.loss - 1e-12) {
        best = { temperature: t, nullScore: n, floor: f, loss: value };
        temperature = t;
        nullScore = n;
        floor = f;
        improved = true;
      }
    }
    if (!improved) steps = steps.map((step) => step / 2);
  }
  // Threshold: at most 5% of the nonsense queries reach it (queries without a known word or trigram never do).
  const nonsenseTop = negatives
    .map((item) => Math.max(...probabilities(item.raw, temperature, nullScore).probabilities))
    .sort((a, b) => b - a);
  const allowed = Math.floor(nonsense.length * 0.05);
  const threshold = Math.max(0.05, Math.min(0.5, (nonsenseTop[allowed] ?? 0) + 1e-3));
  return { temperature, nullScore, floor, threshold: Number(threshold.toFixed(3)) };
}

/** Metrics of our own set's halves and, when given, of text written by others (its validation and test rows). */
export interface SetMetrics {
  dev: Metrics;
  test: Metrics;
  externalValidation?: Metrics;
  externalTest?: Metrics;
}

export const SET_NAMES = {
  dev: 'own dev',
  test: 'own held-out',
  externalValidation: 'CBP validation',
  externalTest: 'CBP test',
} as const;

function externalMetrics(
  external: ExternalItem[],
  rank: (text: string) => Ranking,
  threshold?: number,
): Pick<SetMetrics, 'externalValidation' | 'externalTest'> {
  if (external.length === 0) return {};
  const of = (split: ExternalItem['split']) => {
    const items = external.filter((item) => item.split === split);
    return metricsOf(
      items.map((item) => rank(item.description)),
      items.map((item) => item.code),
      threshold,
    );
  };
  return { externalValidation: of('validation'), externalTest: of('test') };
}

export interface Evaluation {
  model: SetMetrics;
  baseline: SetMetrics;
  /** Top-1 at 2 digits of the non-English items of each half. */
  languages: Record<string, { count: number; chapterTop1: number; chapterTop3: number; top5: number }>;
  nonsenseConfident: number;
}

export function evaluate(
  index: FinderIndex,
  params: ModelParams,
  nomenclature: Nomenclature,
  devset: DevItem[],
  external: ExternalItem[] = [],
): Evaluation {
  const baseline = new KeywordBaseline(nomenclature);
  const halves = { dev: devset.filter((item) => item.half === 'dev'), test: devset.filter((item) => item.half === 'test') };
  const modelRankings = new Map(devset.map((item) => [item, rankWithModel(index, params, item.description)]));
  const result = (items: DevItem[], rank: (item: DevItem) => Ranking, threshold?: number) =>
    metricsOf(
      items.map(rank),
      items.map((item) => item.code),
      threshold,
    );
  const languages: Evaluation['languages'] = {};
  for (const item of devset) {
    const ranking = modelRankings.get(item)!;
    const entry = (languages[item.language] ??= { count: 0, chapterTop1: 0, chapterTop3: 0, top5: 0 });
    entry.count++;
    const chapters: string[] = [];
    for (const code of ranking.codes) if (!chapters.includes(code.slice(0, 2))) chapters.push(code.slice(0, 2));
    const rank = chapters.indexOf(item.code.slice(0, 2));
    if (rank === 0) entry.chapterTop1++;
    if (rank >= 0 && rank < 3) entry.chapterTop3++;
    if (ranking.codes.slice(0, 5).includes(item.code)) entry.top5++;
  }
  for (const entry of Object.values(languages)) {
    entry.chapterTop1 /= entry.count;
    entry.chapterTop3 /= entry.count;
    entry.top5 /= entry.count;
  }
  const nonsense = nonsenseQueries();
  const nonsenseConfident =
    nonsense.filter((text) => (rankWithModel(index, params, text).confidence ?? 0) >= params.threshold).length / nonsense.length;
  return {
    model: {
      dev: result(halves.dev, (item) => modelRankings.get(item)!, params.threshold),
      test: result(halves.test, (item) => modelRankings.get(item)!, params.threshold),
      ...externalMetrics(external, (text) => rankWithModel(index, params, text), params.threshold),
    },
    baseline: {
      dev: result(halves.dev, (item) => baseline.rank(item.description)),
      test: result(halves.test, (item) => baseline.rank(item.description)),
      ...externalMetrics(external, (text) => baseline.rank(text)),
    },
    languages,
    nonsenseConfident,
  };
}

const percent = (value: number) => `${(100 * value).toFixed(1)}%`.padStart(6);

/** A printable table of an evaluation. */
export function formatEvaluation(evaluation: Evaluation): string {
  const lines: string[] = [];
  const header =
    `${'ranker'.padEnd(22)}${'set'.padEnd(16)}${'n'.padStart(4)}  ` +
    ['2', '4', '6'].map((d) => `top1@${d} top3@${d} top5@${d}`).join('  ') +
    '    ECE';
  lines.push(header);
  for (const [name, halves] of [
    ['model', evaluation.model],
    ['baseline BM25 (HS only)', evaluation.baseline],
  ] as const) {
    for (const half of Object.keys(SET_NAMES) as Array<keyof typeof SET_NAMES>) {
      const metrics = halves[half];
      if (!metrics) continue;
      const cells = (['2', '4', '6'] as const).map(
        (digits) => `${percent(metrics.top[digits][1])} ${percent(metrics.top[digits][3])} ${percent(metrics.top[digits][5])}`,
      );
      lines.push(
        `${name.padEnd(22).slice(0, 22)}${SET_NAMES[half].padEnd(16)}${String(metrics.count).padStart(4)}  ${cells.join('  ')}    ${metrics.ece === null ? '   -' : metrics.ece.toFixed(3)}`,
      );
    }
  }
  const { dev, test } = evaluation.model;
  lines.push(
    `confident answers: dev ${percent(dev.confident ?? 0)} (top-1 ${percent(dev.confidentAccuracy ?? 0)}), test ${percent(test.confident ?? 0)} (top-1 ${percent(test.confidentAccuracy ?? 0)}); nonsense queries answered with confidence: ${percent(evaluation.nonsenseConfident)}`,
  );
  lines.push(
    'by language (both halves): ' +
      Object.entries(evaluation.languages)
        .map(
          ([language, entry]) =>
            `${language} n=${entry.count} chapter top-1 ${percent(entry.chapterTop1).trim()} top-3 ${percent(entry.chapterTop3).trim()}, 6-digit top-5 ${percent(entry.top5).trim()}`,
        )
        .join('; '),
  );
  return lines.join('\n');
}
