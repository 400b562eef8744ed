/** Evaluation of the finder: top-k and calibration metrics, the keyword (BM25) baseline, and the report per set (own, external). */
import { terms } from './text.js';
import { answers, ranked, topIndices, type ModelParams } from './model.js';
import { FinderIndex } from './finder-index.js';
import type { DevItem, Nomenclature } from './data.js';
import type { ExternalItem } from './external.js';
export interface Metrics {
  count: number;
  /** Share of items whose right code is among the first k, at 2, 4 and 6 digits (k = 1, 3, 5). */
  top: Record<'2' | '4' | '6', { 1: number; 3: number; 5: number }>;
  /** Expected calibration error of the top-1 probability (10 equal-width bins); null for rankings without probabilities. */
  ece: number | null;
  /** The mean top-1 probability (to set beside top-1 at 6 digits); null without probabilities. */
  meanConfidence: number | null;
  /**
   * The ECE that a perfectly calibrated ranker with the same top-1 probabilities would show on as many items (the
   * mean over seeded draws in which each answer is right with its probability): the metric's own sampling noise,
   * below which a measured ECE says nothing. Null without probabilities.
   */
  eceNoise: number | null;
  /** Share of items answered (model.answers), and top-1 accuracy among them. */
  confident?: number;
  confidentAccuracy?: number;
}

export interface Ranking {
  codes: string[];
  /** Top-1 probability, when the ranker has probabilities. */
  confidence?: number;
  /** Whether the service gives these predictions (model.answers); default: the top-1 probability reaches the threshold. */
  answered?: boolean;
}

export const K_VALUES = [1, 3, 5] as const;

/** Metrics of rankings against the right 6-digit codes. A 4- or 2-digit ranking is the order in which prefixes first appear. */
export function metricsOf(rankings: Ranking[], gold: string[], threshold?: number): Metrics {
  const top = { '2': { 1: 0, 3: 0, 5: 0 }, '4': { 1: 0, 3: 0, 5: 0 }, '6': { 1: 0, 3: 0, 5: 0 } };
  const confidences: number[] = [];
  const rights: number[] = [];
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
      const correct = ranking.codes[0] === gold[index] ? 1 : 0;
      confidences.push(ranking.confidence);
      rights.push(correct);
      if (threshold !== undefined && (ranking.answered ?? ranking.confidence >= threshold)) {
        confident++;
        confidentCorrect += correct;
      }
    }
  });
  const count = rankings.length || 1;
  for (const digits of ['2', '4', '6'] as const) for (const k of K_VALUES) top[digits][k] /= count;
  const withConfidence = confidences.length;
  const ece = withConfidence ? calibrationError(confidences, rights) : null;
  const meanConfidence = withConfidence ? confidences.reduce((sum, value) => sum + value, 0) / withConfidence : null;
  const eceNoise = withConfidence ? calibrationNoise(confidences) : null;
  const result: Metrics = { count: rankings.length, top, ece, meanConfidence, eceNoise };
  if (threshold !== undefined && withConfidence) {
    result.confident = confident / withConfidence;
    result.confidentAccuracy = confident ? confidentCorrect / confident : 0;
  }
  return result;
}

/** Expected calibration error: 10 equal-width bins of the top-1 probability, |share right - mean probability| weighted by the bin's share. */
export function calibrationError(confidences: number[], rights: number[]): number {
  const bins = Array.from({ length: 10 }, () => ({ count: 0, confidence: 0, correct: 0 }));
  confidences.forEach((confidence, position) => {
    const bin = bins[Math.min(9, Math.floor(confidence * 10))];
    bin.count++;
    bin.confidence += confidence;
    bin.correct += rights[position];
  });
  return bins.reduce(
    (sum, bin) => sum + (bin.count ? ((bin.count / confidences.length) * Math.abs(bin.correct - bin.confidence)) / bin.count : 0),
    0,
  );
}

/** The mean ECE of a perfectly calibrated ranker with these top-1 probabilities: 1,000 seeded draws, each answer right with its probability. */
export function calibrationNoise(confidences: number[], draws = 1000): number {
  let seed = 20261128;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  let total = 0;
  for (let draw = 0; draw < draws; draw++)
    total += calibrationError(
      confidences,
      confidences.map((confidence) => (random() < confidence ? 1 : 0)),
    );
  return total / draws;
}

/** The model's ranking of a query: every code by probability (first 10 kept). */
export function rankWithModel(index: FinderIndex, params: ModelParams, text: string, fold = -1): Ranking {
  const { predictions, known, words, broader, broaderHeadings } = ranked(index, params, text, 10, fold);
  const confidence = known ? predictions[0].probability : 0;
  return {
    codes: predictions.map((item) => item.code),
    confidence,
    answered: answers(params.threshold, known, confidence, words, { broader, broaderHeadings }),
  };
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

export function externalMetrics(
  external: ExternalItem[],
  rank: (text: string, fold: number) => Ranking,
  threshold?: number,
): Pick<SetMetrics, 'externalValidation' | 'externalTest'> {
  if (external.length === 0) return {};
  const of = (split: ExternalItem['split']) => {
    const items = external.filter((item) => item.split === split);
    return metricsOf(
      items.map((item) => rank(item.description, item.fold)),
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
  const nonsenseConfident = nonsense.filter((text) => rankWithModel(index, params, text).answered).length / nonsense.length;
  return {
    model: {
      dev: result(halves.dev, (item) => modelRankings.get(item)!, params.threshold),
      test: result(halves.test, (item) => modelRankings.get(item)!, params.threshold),
      ...externalMetrics(external, (text, fold) => rankWithModel(index, params, text, fold), params.threshold),
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

export const percent = (value: number) => `${(100 * value).toFixed(1)}%`.padStart(6);

/** A printable table of an evaluation. */
export function formatEvaluation(evaluation: Evaluation): string {
  const lines: string[] = [];
  const header =
    `${'ranker'.padEnd(24)}${'set'.padEnd(16)}${'n'.padStart(4)}  ` +
    ['2', '4', '6'].map((d) => `top1@${d} top3@${d} top5@${d}`).join('  ') +
    '    ECE  mean p  ECE if calibrated';
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
      const probabilities =
        metrics.ece === null ? '    -' : `${metrics.ece.toFixed(3)}  ${percent(metrics.meanConfidence!)}  ${metrics.eceNoise!.toFixed(3)}`;
      lines.push(
        `${name.padEnd(24)}${SET_NAMES[half].padEnd(16)}${String(metrics.count).padStart(4)}  ${cells.join('  ')}    ${probabilities}`,
      );
    }
  }
  const { dev, test } = evaluation.model;
  lines.push(
    'ECE if calibrated: the mean ECE, on as many items, of a perfectly calibrated ranker with the same top-1 probabilities (its sampling noise)',
  );
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
