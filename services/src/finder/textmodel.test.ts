import { describe, expect, it } from 'vitest';
import { loadWordVectors, meanVector, type WordVectors } from './embeddings.js';
import { epochOrder, hierarchyOf, textModelScores, trainTextModel } from './textmodel.js';
import { trainingQueries } from './train.js';
import type { LabelledText } from './data.js';

const vectors = loadWordVectors();

const cosine = (a: string, b: string) => {
  const x = new Float32Array(vectors.dim);
  const y = new Float32Array(vectors.dim);
  meanVector(vectors, a, x, 0, 1);
  meanVector(vectors, b, y, 0, 1);
  let dot = 0;
  let xx = 0;
  let yy = 0;
  for (let k = 0; k < vectors.dim; k++) {
    dot += x[k] * y[k];
    xx += x[k] * x[k];
    yy += y[k] * y[k];
  }
  return dot / Math.sqrt(xx * yy);
};

describe('pre-trained word vectors', () => {
  it('keeps the most frequent Latin words, in frequency order, as unit vectors', () => {
    expect(vectors.dim).toBe(100);
    expect(vectors.words.length).toBe(150_000);
    expect(vectors.words.slice(0, 3)).toEqual(['the', 'of', 'to']);
    expect(vectors.words.every((word) => /^[a-z]{2,}$/.test(word))).toBe(true);
    expect(vectors.words.indexOf('shirt')).toBeLessThan(vectors.words.indexOf('poncho'));
    const row = vectors.words.indexOf('poncho');
    let norm = 0;
    for (let k = 0; k < vectors.dim; k++) norm += (vectors.values[row * vectors.dim + k] * vectors.scales[row]) ** 2;
    expect(norm).toBeCloseTo(1, 1);
  });

  it('places words of the same goods together', () => {
    expect(cosine('poncho', 'cloak')).toBeGreaterThan(cosine('poncho', 'bicycle') + 0.2);
    expect(cosine('automobile', 'car')).toBeGreaterThan(cosine('automobile', 'shirt') + 0.2);
    // Accents fold as normalize() folds them; stop words and unknown words add nothing.
    expect(cosine('café', 'cafe')).toBeCloseTo(1, 5);
    expect(cosine('the shirt of cotton', 'shirt cotton')).toBeCloseTo(1, 5);
    const nothing = new Float32Array(vectors.dim);
    meanVector(vectors, 'xqzv 1234 قميص', nothing, 0, 1);
    expect(nothing.every((value) => value === 0)).toBe(true);
  });
});

describe('the text model with word vectors', () => {
  const hierarchy = hierarchyOf(['620520', '870321'], ['6205', '8703'], ['62', '87']);
  const texts = [
    { text: 'shirt', code: '620520' },
    { text: 'jacket', code: '620520' },
    { text: 'car', code: '870321' },
    { text: 'truck', code: '870321' },
  ];
  const clothing = (model: ReturnType<typeof trainTextModel>, text: string) =>
    Math.exp(textModelScores(model, hierarchy, text)!.chapter[0]);

  it('classes a word no training text uses by what it means', () => {
    const model = trainTextModel(hierarchy, texts, vectors, { buckets: 1 << 12, epochs: 30 });
    expect(clothing(model, 'blouse')).toBeGreaterThan(0.7);
    expect(clothing(model, 'trousers')).toBeGreaterThan(0.7);
    expect(clothing(model, 'automobile')).toBeLessThan(0.3);
    expect(clothing(model, 'lorry')).toBeLessThan(0.3);
  });

  it('cannot without them', () => {
    const blank: WordVectors = { ...vectors, values: new Int8Array(vectors.values.length) };
    const model = trainTextModel(hierarchy, texts, blank, { buckets: 1 << 12, epochs: 30 });
    for (const word of ['blouse', 'trousers', 'automobile', 'lorry']) expect(Math.abs(clothing(model, word) - 0.5)).toBeLessThan(0.2);
  });
});

describe('retraining with a few more texts', () => {
  const word = (value: number) =>
    `w${[...(value + 676).toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('')}`;
  const lexicon: LabelledText[] = Array.from({ length: 400 }, (_, position) => ({
    text: `${word(position)} ${word(position * 7 + 1000)} of kind ${position % 17}`,
    code: String(610000 + position),
    source: 'synonym',
    language: 'en',
  }));
  const added: LabelledText = { text: 'plastic toys', code: '950300', source: 'synonym', language: 'en' };

  it('changes no other training query of the ranker: their draws come from their own texts', () => {
    const before = trainingQueries(lexicon, [], 1000);
    const after = trainingQueries([...lexicon.slice(0, 200), added, ...lexicon.slice(200)], [], 1000);
    expect(after.length).toBe(before.length + 1);
    const byCode = new Map(after.map((query) => [query.code, query]));
    // Some queries are lexicon texts within longer descriptions, and each is what it was.
    expect(before.filter((query) => query.text.split(' ').length > 5).length).toBeGreaterThan(50);
    for (const query of before) expect(byCode.get(query.code)).toEqual(query);
  });

  it("keeps the text model's order of every other text in every epoch", () => {
    const keys = Array.from({ length: 500 }, (_, position) => Math.imul(position + 1, 2654435761) >>> 0);
    for (const epoch of [0, 1, 9]) {
      const order = [...epochOrder(keys, epoch)];
      const withOne = [...epochOrder([...keys, 123456789], epoch)].filter((position) => position < keys.length);
      expect(withOne).toEqual(order);
    }
    // Each epoch learns them in another order.
    expect([...epochOrder(keys, 1)]).not.toEqual([...epochOrder(keys, 0)]);
  });
});
