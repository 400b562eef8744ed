/** Calibration of the finder's probabilities: temperature, the score of "none of these" and its floor, fitted by the Brier score. */
import { probabilities } from './model.js';
import { FinderIndex } from './finder-index.js';
import { type TuningItem } from './train.js';
/**
 * The scores of one query, compressed for fitting the temperature: the best EXACT scores as they are, the
 * rest as (mean, count) groups of equal size (their spread is small, far below the best).
 */
export interface CompressedScores {
  exact: Float64Array;
  groupMeans: Float64Array;
  groupCounts: Float64Array;
  max: number;
}

export const EXACT = 200;
export const GROUPS = 40;

export function compress(scores: Float64Array): CompressedScores {
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
export function logPartition(scores: CompressedScores, temperature: number, nullScore: number): number {
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
      const scores = index.scores(index.features(item.description, item.fold ?? -1), weights, textWeight);
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
