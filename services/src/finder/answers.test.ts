import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { finderPlugin, HS_FINDER_PREFIX } from './plugin.js';
import { MAX_QUERY_LENGTH, UNCERTAIN_BELOW } from './service.js';
import { testFinder } from './test-model.js';

interface Label {
  code: string;
  hsCode: string;
  description: string;
  language: string;
  probability?: number;
}

/** A goods description as pasted from a catalogue: over 1,000 characters, about men's knitted cotton T-shirts. */
export const LONG_DESCRIPTION =
  "Men's T-shirt with short sleeves and a crew neck, made of knitted single jersey fabric of 100% combed cotton " +
  '(180 g/m2), garment dyed. The T-shirt has a rib knit neckband of cotton with 5% elastane, side seams, a taped back ' +
  'neck and double-needle hems at the sleeves and at the bottom. The front has a printed logo; there is no pocket, ' +
  'no zipper, no buttons and no lining. The knitted cotton fabric is soft, pre-shrunk and breathable; the T-shirt is ' +
  'worn as an outer garment or under a shirt or a sweater, at home, for sports or at work. Available in white, black, ' +
  "navy and heather grey, in men's sizes S, M, L, XL and XXL, with a regular fit. Care: machine washable at 40 degrees, " +
  'do not bleach, tumble dry low, iron on the reverse side. Each T-shirt weighs about 190 grams and carries a sewn-in ' +
  'care label stating the fibre content (100% cotton) and the country of origin. The knitted cotton T-shirts are ' +
  "presented folded, each in its own bag, for retail sale in clothing shops, and sold as men's cotton T-shirts.";

describe('finder answers: long descriptions, uncertain answers, page languages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(finderPlugin, { finder: testFinder() });
    await app.ready();
  }, 600_000);
  afterAll(async () => {
    await app?.close();
  });
  const search = async (query: string, extra = '') => {
    const response = await app.inject({ method: 'GET', url: `${HS_FINDER_PREFIX}/search?query=${encodeURIComponent(query)}${extra}` });
    return { status: response.statusCode, body: response.json() };
  };

  it('accepts a description of up to 2,000 characters and finds its chapter; longer is a 400 stating the limit', async () => {
    expect(LONG_DESCRIPTION.length).toBeGreaterThan(1000);
    const { status, body } = await search(LONG_DESCRIPTION);
    expect(status).toBe(200);
    expect(body.confident).toBe(true);
    expect(body.predictions[0].code.slice(0, 2)).toBe('61');
    const longest = (LONG_DESCRIPTION + ' ').repeat(3).slice(0, MAX_QUERY_LENGTH);
    expect((await search(longest)).status).toBe(200);
    const tooLong = await search('x'.repeat(MAX_QUERY_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.field).toBe('query');
    expect(tooLong.body.message).toBe('querystring.query must NOT have more than 2000 characters');
  });

  it('says when the first answer is uncertain and offers the likeliest headings, by summed probability', async () => {
    const { body } = await search('plastic articles', '&limit=5');
    expect(body.confident).toBe(true);
    expect(body.uncertain).toBe(true);
    expect(body.predictions[0].probability).toBeLessThan(UNCERTAIN_BELOW);
    const alternatives = body.alternatives as Label[];
    expect(alternatives.length).toBeGreaterThan(1);
    for (const heading of alternatives) expect(heading.code).toMatch(/^\d{4}$/);
    const probabilities = alternatives.map((heading) => heading.probability!);
    expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);
    // None would read 0.00 on the page (two decimals).
    for (const probability of probabilities) expect(probability).toBeGreaterThanOrEqual(0.005);
    expect(probabilities.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(1 + 1e-6);
    // A heading holds at least the probability of its best code.
    const first = body.predictions[0];
    expect(alternatives.find((heading) => heading.code === first.code.slice(0, 4))!.probability).toBeGreaterThanOrEqual(first.probability);

    const sure = await search("men's cotton t-shirt");
    expect(sure.body).toMatchObject({ uncertain: false, alternatives: [] });
    expect(sure.body.predictions[0].probability).toBeGreaterThanOrEqual(UNCERTAIN_BELOW);
  });

  it('does not give a broader name of goods than its texts ("shoes") the code of one of them with confidence', async () => {
    // The references name "running shoes", "leather shoes", "canvas shoes"... under several codes: "shoes" says
    // less than each, so its first code is no likelier than the others and the answer offers the headings.
    const shoes = await search('shoes');
    expect(shoes.body).toMatchObject({ confident: true, uncertain: true });
    expect(shoes.body.predictions[0].code.slice(0, 2)).toBe('64');
    expect(shoes.body.predictions[0].probability).toBeLessThan(0.2);
    const headings = (shoes.body.alternatives as Label[]).map((heading) => heading.code);
    expect(headings).toContain('6404');
    expect(headings).toContain('6403');
    // So is a broader name still, below the threshold, when its codes are of a few headings (BROADEST_ANSWERED):
    // "fresh vegetables" (42 codes of 11 headings), "frozen fish" (73 codes of 4 headings), and shoes in Arabic,
    // which the Arabic texts give under more codes than the English.
    for (const [query, heading] of [
      ['fresh vegetables', '0709'],
      ['frozen fish', '0303'],
      ['أحذية', '6403'],
    ]) {
      const broad = await search(query);
      expect(broad.body, query).toMatchObject({ confident: true, uncertain: true });
      expect(broad.body.predictions[0].probability, query).toBeLessThan(broad.body.threshold);
      expect(
        (broad.body.alternatives as Label[]).map((item) => item.code),
        query,
      ).toContain(heading);
    }
    // Broader than that ("steel": 292 codes of 69 headings), the page asks for a description.
    const steel = await search('steel');
    expect(steel.body).toMatchObject({ confident: false, predictions: [] });
    // A name the references give exactly keeps its confidence.
    const running = await search('running shoes');
    expect(running.body).toMatchObject({ uncertain: false, predictions: [{ code: '640411' }] });
    expect(running.body.predictions[0].probability).toBeGreaterThanOrEqual(UNCERTAIN_BELOW);
    // So does a name that says who the goods are for, beside a text that adds only others of the same kind
    // ("Men's or boys' shirts; of cotton"): not a broader name, and the other materials' code is no match for it.
    const shirts = await search("men's cotton shirts");
    expect(shirts.body).toMatchObject({ confident: true, uncertain: false });
    expect(shirts.body.predictions[0].code).toBe('620520');
    expect(shirts.body.predictions[0].probability).toBeGreaterThan(2 * shirts.body.predictions[1].probability);
  });

  it('asks for a description of goods named only by a generic word, and reads clothes as broader than used clothing', async () => {
    // "spare parts", "samples", "gift", "school supplies" name no goods: broader than every code, whatever their texts' words.
    for (const query of ['spare parts', 'samples', 'gift', 'kit', 'school supplies']) {
      const generic = await search(query);
      expect(generic.body, query).toMatchObject({ confident: false, predictions: [] });
    }
    // A generic word after the goods still has them: parts of cars, first aid kits.
    for (const [query, code] of [
      ['spare parts for cars', '870899'],
      ['first aid kit', '300650'],
    ]) {
      const named = await search(query);
      expect(named.body.confident, query).toBe(true);
      expect(named.body.predictions[0].code, query).toBe(code);
    }
    // "Used" is a stop word, so the text "used clothing" of 63.09 has the words of "clothes" alone: it still names more
    // (second-hand goods), and clothes are a broader name than the codes of several headings, not babies' garments.
    const clothes = await search('clothes');
    expect(clothes.body.predictions[0]?.probability ?? 0).toBeLessThan(UNCERTAIN_BELOW);
    const used = await search('used clothes');
    expect(used.body.uncertain).toBe(false);
    expect(used.body.predictions[0].code).toBe('630900');
  });

  it('gives goods of several headings named side by side a code each, the first no likelier than one in their number', async () => {
    // Clothes and shoes are two goods of two chapters: neither code is the consignment's, and each is offered.
    for (const [query, language] of [
      ['clothes and shoes', 'en'],
      ['vêtements et chaussures', 'fr'],
      ['ropa y zapatos', 'es'],
      ['ملابس وأحذية', 'ar'],
      ['জামা ও জুতা', 'bn'],
    ]) {
      const { body } = await search(query, `&language=${language}`);
      expect(body, query).toMatchObject({ confident: true, uncertain: true });
      expect(body.predictions[0].probability, query).toBeLessThanOrEqual(0.5);
      expect(
        (body.predictions as Label[]).slice(0, 3).map((item) => item.code.slice(0, 2)),
        query,
      ).toContain('64');
      // Clothes: a code of apparel (in French "vêtements" alone is the text of 4203.10, apparel of leather).
      expect(
        (body.predictions as Label[])
          .slice(0, 3)
          .some((item) => ['61', '62', '63'].includes(item.code.slice(0, 2)) || item.code === '420310'),
        query,
      ).toBe(true);
      const probabilities = (body.predictions as Label[]).map((item) => item.probability!);
      expect(
        [...probabilities].sort((a, b) => b - a),
        query,
      ).toEqual(probabilities);
      expect(
        probabilities.reduce((sum, value) => sum + value, 0),
        query,
      ).toBeLessThanOrEqual(1 + 1e-6);
    }
    const { index } = testFinder();
    expect(index.coordinatedGoods('tea and coffee')?.map((item) => item.noun)).toEqual(['tea', 'coffe']);
    // A modifier before the last good is its too: frozen shrimp, brake discs.
    expect(index.coordinatedGoods('frozen fish and shrimp')?.map((item) => item.text)).toEqual(['frozen fish', 'frozen shrimp']);
    // Not several goods: materials, wearers, a generic word, a word before a longer name, one heading's goods.
    for (const query of [
      'cotton and polyester shirts',
      "men's and women's shoes",
      'mobile phones and accessories',
      'salt and pepper shakers',
    ])
      expect(index.coordinatedGoods(query), query).toBeUndefined();
    for (const query of ['nuts and bolts', 'bluetooth headphones and speakers', "men's and women's shoes"]) {
      const { body } = await search(query);
      const single = await search(query.replace(/^.* and /, ''));
      expect(body.predictions[0].code.slice(0, 4), query).toBe(single.body.predictions[0].code.slice(0, 4));
    }
    expect((await search('nuts and bolts')).body.predictions[0].code.slice(0, 4)).toBe('7318');
  });

  it('reads a medicament in measured doses as one, not as the chemical compound of chapter 29', async () => {
    const { body } = await search('paracetamol tablets 500mg');
    expect(body.predictions[0].code.slice(0, 2)).toBe('30');
    // A strength says the tablets are a medicament's, not tablet computers; without one they may be either.
    expect((await search('ibuprofen 400mg tablets')).body.predictions[0].code.slice(0, 2)).toBe('30');
    expect((await search('android tablet 10 inch')).body.predictions[0].code).toBe('847130');
    // A rule on the codes of chapters 28 and 29, not on what the words say of them.
    const { index } = testFinder();
    const compound = index.codeIndex.get('292429')!;
    expect(index.features('paracetamol tablets 500mg').rules[compound]).toBeLessThan(index.features('paracetamol').rules[compound]);
  });

  it('does not take a used 1500cc car for an electric one', async () => {
    const { body } = await search('used car 1500cc');
    expect(body.predictions[0].code).not.toBe('870380');
    expect(body.predictions.map((item: Label) => item.code)).toContain('870322');
  });

  it('gives HS texts in the page language, English marked as such where there is no translation', async () => {
    const fr = await search("men's cotton t-shirt", '&language=fr');
    const tshirt = fr.body.predictions.find((item: Label) => item.code === '610910');
    expect(tshirt).toMatchObject({ language: 'fr', heading: { code: '6109', language: 'fr' }, chapter: { language: 'fr' } });
    expect(tshirt.heading.description).toMatch(/T-shirts.*bonneterie/i);
    expect(fr.body).toMatchObject({ language: 'fr', englishFallback: false });
    // A translated subheading text goes on from its heading's ("De coton"): its English text says it whole.
    expect(tshirt.englishDescription).toBe('T-shirts, singlets and other vests; of cotton, knitted or crocheted');
    const english = await search("men's cotton t-shirt");
    expect(english.body.predictions[0]).not.toHaveProperty('englishDescription');

    const bn = await search("men's cotton t-shirt", '&language=bn');
    expect(bn.body.predictions[0]).toMatchObject({ language: 'en', heading: { language: 'en' } });
    expect(bn.body.englishFallback).toBe(true);
    expect(bn.body.predictions[0]).not.toHaveProperty('englishDescription');

    // Chapter 15 has no Arabic title in the source: English, marked.
    const tree = await app.inject({ method: 'GET', url: `${HS_FINDER_PREFIX}/tree?code=1509&language=ar` });
    expect(tree.json()).toMatchObject({ language: 'ar', path: [{ code: '15', language: 'en' }] });

    const bad = await search('rice', '&language=de');
    expect(bad).toMatchObject({ status: 400, body: { field: 'language' } });
  });
});
