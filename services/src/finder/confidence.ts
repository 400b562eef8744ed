/**
 * What a shown probability means: the top-1 probability of the softmax is mapped, by a logistic regression
 * fitted on descriptions we may tune on (the development half of our own set and the validation rows of
 * text written by others) and on nonsense, to the chance that the first code is right. Its inputs: the
 * softmax's top-1 probability (as a logit), the margin over the second code, the number of known words
 * (a long description spreads its evidence), the text model's own probability of the first code (when both
 * scorers agree, the answer is right more often) and how closely the query matches one text of that code
 * (descriptions that repeat a known name are right more often than new phrasings). The other codes share what is left in proportion, never
 * above the first. "0.60" then means: codes shown first at 0.60 were right about 6 times in 10.
 */

const logit = (value: number) => {
  const p = Math.min(1 - 1e-6, Math.max(1e-6, value));
  return Math.log(p / (1 - p));
};

/** What the mapping reads of an answer. */
export interface ConfidenceInput {
  /** The softmax's first and second probabilities. */
  top: number;
  second: number;
  /** How many distinct known words the query has. */
  words: number;
  /** The text model's probability of the first code. */
  text: number;
  /** The closest word overlap (Dice) of the query with one labelled or official text of the first code. */
  match: number;
  /** How many codes name the query's goods with more words than it has (QueryFeatures.broader; 0: not broader). */
  broader?: number;
  /** How many goods of different headings the query names side by side (model.ranked; 1: one). */
  goods?: number;
}

/** Inputs of the mapping: logit of the top-1 probability, log-ratio of the first two, log(1 + known words), logit of the text model's probability, the closest match, 1. */
function inputs({ top, second, words, text, match }: ConfidenceInput): number[] {
  return [logit(top), Math.log(Math.max(1e-6, top) / Math.max(1e-6, second)), Math.log1p(words), logit(text), match, 1];
}

const sigmoid = (value: number) => 1 / (1 + Math.exp(-value));

/** The chance that the first code is right, given the softmax's first two probabilities and the known words. */
export function confidenceOf(coefficients: number[] | undefined, input: ConfidenceInput): number {
  const mapped = coefficients
    ? sigmoid(inputs(input).reduce((sum, value, position) => sum + value * coefficients[position], 0))
    : input.top;
  // A broader name than the texts of several codes ("shoes" beside "running shoes" and "leather shoes") does not
  // say which of them the goods are: its first code is no likelier than any of them.
  const named = (input.broader ?? 0) > 1 ? Math.min(mapped, 1 / input.broader!) : mapped;
  // Goods of several headings ("clothes and shoes") have a code each: the first code is that of one of them.
  return named / Math.max(1, input.goods ?? 1);
}

export interface ConfidenceSample extends ConfidenceInput {
  /** 1 when the first code is right, 0 otherwise (nonsense: always 0). */
  right: number;
  weight?: number;
}

/** Fits the mapping by weighted log-loss (gradient descent, L2 1e-3). Starts from the identity. */
export function fitConfidence(samples: ConfidenceSample[], iterations = 3000): number[] {
  const rows = samples.map((sample) => ({
    x: inputs(sample),
    y: sample.right,
    w: sample.weight ?? 1,
  }));
  const total = rows.reduce((sum, row) => sum + row.w, 0) || 1;
  const coefficients = [1, 0, 0, 0, 0, 0];
  const m = [0, 0, 0, 0, 0, 0];
  const v = [0, 0, 0, 0, 0, 0];
  for (let iteration = 1; iteration <= iterations; iteration++) {
    const gradient = coefficients.map((value) => 2e-3 * value);
    for (const { x, y, w } of rows) {
      const error = sigmoid(x.reduce((sum, value, position) => sum + value * coefficients[position], 0)) - y;
      for (let position = 0; position < x.length; position++) gradient[position] += (w * error * x[position]) / total;
    }
    for (let position = 0; position < coefficients.length; position++) {
      m[position] = 0.9 * m[position] + 0.1 * gradient[position];
      v[position] = 0.999 * v[position] + 0.001 * gradient[position] ** 2;
      const step = m[position] / (1 - 0.9 ** iteration) / (Math.sqrt(v[position] / (1 - 0.999 ** iteration)) + 1e-8);
      coefficients[position] -= 0.02 * step;
    }
  }
  return coefficients.map((value) => Number(value.toFixed(5)));
}

/**
 * Probabilities as shown, highest first: the first is its calibrated confidence, the others share the rest
 * in proportion to the softmax (none of these included), never above the first.
 */
export function shownProbabilities(values: number[], coefficients: number[] | undefined, input: ConfidenceInput): number[] {
  if (values.length === 0) return values;
  const top = values[0];
  const first = confidenceOf(coefficients, input);
  const scale = top < 1 ? (1 - first) / (1 - top) : 0;
  return values.map((value, position) => (position === 0 ? first : Math.min(first, value * scale)));
}
