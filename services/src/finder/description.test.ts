import { describe, expect, it } from 'vitest';
import { headPhrase, TAIL_WEIGHT } from './index-state.js';
import { attributesOf, attributeWords } from './attributes.js';
import { testFinder } from './test-model.js';

/** How the finder reads a goods description as customs officers write them: the goods first, then what they are made of and for. */
describe('goods descriptions', () => {
  it('finds the head phrase: the goods, not who they are for, how many, or what they are made of', () => {
    expect(headPhrase("women's knit vest made of 100% polyester fabric")).toBe('women knit vest');
    expect(headPhrase("men's and boys' knit jackets made of polyester")).toBe("boys' knit jackets");
    expect(headPhrase('pair of unisex gloves with a palm of PVC')).toBe('unisex gloves');
    expect(headPhrase('variety of ophthalmic apparatus including slit lamps')).toBe('ophthalmic apparatus');
    expect(headPhrase('Polivac film composed of polyethylene terephthalate')).toBe('polivac film');
    expect(headPhrase('multi-media receiver installed in boats')).toBe('multi-media receiver');
    expect(headPhrase('used car 1500cc')).toBe('used car 1500cc');
    expect(headPhrase('leather shoes')).toBe('leather shoes');
    expect(headPhrase('Logitech wireless mouse graphite')).toBe('logitech wireless mouse');
    expect(headPhrase('black tea')).toBe('black tea');
    expect(headPhrase('black')).toBe('black');
  });

  it('weighs the words outside the head phrase less, except after a head that says nothing of the goods', () => {
    const { index } = testFinder();
    const weights = (text: string) => Object.fromEntries(index.queryTerms(text).map((item) => [item.term, item.weight]));
    const handbag = weights("woman's handbag made of nylon woven fabric");
    const plain = weights('handbag nylon woven fabric');
    expect(handbag.handbag).toBe(plain.handbag);
    expect(handbag.nylon).toBeCloseTo(plain.nylon * TAIL_WEIGHT, 10);
    expect(handbag.woman).toBeLessThan(weights('woman').woman);
    const parts = weights('parts for motorcycles');
    expect(parts.motorcycl).toBe(weights('motorcycles').motorcycl);
    // A head the index does not know leaves every word its weight.
    expect(weights('zorblax made of cotton').cotton).toBe(weights('cotton').cotton);
  });

  it('reads the materials a code states, "of textile materials" being every fibre', () => {
    const words = attributeWords(attributesOf('Handbags; with outer surface of plastic sheeting or of textile materials', true));
    expect(words.material).toEqual(expect.arrayContaining(['100% cotton', 'wool', 'silk', 'polyester', 'plastic']));
    expect(attributeWords(attributesOf("Women's trousers of cotton, knitted")).construction).toEqual(['knit']);
  });

  it('classifies a bag made of a woven fabric as a bag, not as the fabric, and a mouse in graphite colour as a mouse', () => {
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0].code;
    expect(first("woman's shoulder bag made of nylon woven fabric with leather straps")).toBe('420222');
    expect(first('Logitech wireless mouse graphite')).toBe('847160');
  });
});
