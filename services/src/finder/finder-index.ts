/** The finder's index: the features of a query for every HS 2022 subheading (over the index data of index-state.ts). */
import {
  attributesOf,
  withoutFuelPower,
  statesPreserved,
  compareAttributes,
  partsCode,
  poweredCode,
  POWERED_FROM,
  specifiedGoods,
  statesUsed,
  usedOnly,
  wasteOnly,
  withEngineRanges,
  withoutPower,
  type Attributes,
} from './attributes.js';
import { normalize, STOP_WORDS, stem, terms, trigrams, withoutFraming, withoutOrigin, withPlugsNamed } from './text.js';
import { hasWord } from './embeddings.js';
import {
  CHEMICAL_WEIGHT,
  NAMED_COMPOUND_WEIGHT,
  chemicalHeading,
  distinctCompounds,
  DOSED_CODES,
  inMeasuredDoses,
  namesOtherCompound,
  statesStrength,
} from './chemistry.js';
import type { LabelledText, Nomenclature } from './data.js';
import { hierarchyOf, textModelScores, type TextModelHierarchy } from './textmodel.js';
import { FEATURE_COUNT, type QueryFeatures } from './model.js';
import {
  PRIOR_CAP,
  headPhrase,
  nounOf,
  HEAD_END,
  withoutLeadingModifiers,
  GENERIC_HEADS,
  PART_HEADS,
  TRAILING_FEATURES,
  OWNER_AFTER,
  HEAD_NOUN_WEIGHT,
  MATERIAL_TERMS,
  TITLE_MATERIAL_TERMS,
  TAIL_WEIGHT,
  WEARER_TERMS,
  RESIDUAL,
  GATED_LANGUAGES,
  LANGUAGE_BITS,
  type Bm25State,
  type IndexState,
  buildState,
  Hierarchy,
} from './index-state.js';

/** Taken from the codes of chapters 28 and 29 for goods in measured doses, added to DOSED_CODES for a dose's strength (chemistry.ts). */
const DOSES_WEIGHT = 3;

/** The chapters of raw goods and the chapter of their prepared or preserved forms (liftPreserved). */
const RAW_FOOD = new Map([
  ['02', '16'],
  ['03', '16'],
  ['07', '20'],
  ['08', '20'],
]);
/** How far above the best code of raw goods a canned query's best prepared code is raised. */
const PRESERVED_LIFT = 1;

/**
 * Stemmed head nouns of goods named after what they hold, make, cut or charge: the words before them name other
 * goods ("laptop bag", "phone case", "brake pad press", "coat hook", "coffee machine"), whose texts weigh
 * MODIFIER_WEIGHT in the nearest-text features.
 */
const INSTRUMENT_HEADS = new Set(
  terms(
    'bag case cover box holder stand rack hook hanger opener charger press machine maker cutter sharpener dispenser ' +
      'tester mould mold stripper peeler slicer crusher warmer organizer organiser',
  ),
);
/**
 * A material of two words that ends a title after its goods ("gate valve cast iron", "water pump cast iron",
 * "flange carbon steel", "wallet genuine leather"): not the goods, nor is its first word.
 */
const TRAILING_MATERIAL_NAME =
  / (?:cast|ductile|wrought|grey|gray|carbon|mild|stainless|alloy|galvani[sz]ed|solid|genuine|real|faux) (?:iron|steel|wood|leather)$/;

/** Stemmed head nouns of materials in primary forms ("PVC resin", "polyester staple fibre"): the material is the goods. */
const PRIMARY_HEADS = new Set(
  terms(
    'resin granule pellet powder flake chip liquid paste dispersion emulsion solution masterbatch latex crumb fibre fiber staple tow scrap waste',
  ),
);
/** How much a text named after the goods before an instrument's noun, or a material of other goods, weighs in the nearest-text features. */
const MODIFIER_WEIGHT = 0.5;

/** Conjunctions between two names of goods: "and", "&", French "et", Spanish "y", Bengali "ও" and "এবং" (Arabic: FinderIndex.conjunction). */
const CONJUNCTION = / (?:and|&|et|y|ও|এবং) /;

/** Words that stay lower case in a title. */
const TITLE_LOWER = new Set(['a', 'an', 'and', 'or', 'of', 'for', 'with', 'in', 'on', 'to', 'the', 'by', 'at', 'from']);

/** Whether a description is a product title: three words or more, nearly all capitalised ("Men Quartz Watch Analog"). */
export function isTitle(text: string): boolean {
  const list = (text.match(/\p{L}[\p{L}'-]*/gu) ?? []).filter((word) => !TITLE_LOWER.has(word));
  return list.length >= 3 && list.filter((word) => /^\p{Lu}/u.test(word)).length >= 0.8 * list.length;
}

/**
 * A category and a colon before the goods ("Electronic components: resistors, capacitors", "Pharmaceutical raw
 * materials: paracetamol powder", "Cosmetics: face cream, lipstick"): the goods are what follows it. At most 40
 * characters, without a comma, a bracket or a digit ("ratio 3:1").
 */
const CATEGORY = /^\s*(?![^:]*\d)[^:,;.()]{1,40}:\s*(?=\p{L})/u;

export class FinderIndex extends Hierarchy {
  readonly residual: Float64Array;
  /** The compounds each chapter 29 subheading names (chemistry.ts). */
  private readonly compounds: string[][];
  private readonly textHierarchy: TextModelHierarchy;
  /** What each code's texts (chapter, heading, subheading) state of the attributes. */
  readonly attributes: Attributes[];
  /** 1 for a code of chapter 16 or 20 whose texts say its goods are prepared or preserved (liftPreserved). */
  private readonly preserved: Uint8Array;
  private readonly termIds = new Map<string, number>();
  private readonly gramIds = new Map<string, number>();

  // Scratch buffers reused by every query (queries run one at a time).
  private readonly textWord: Float64Array;
  /** Per text, how much less the query's shared terms weigh than their idf (those outside its head phrase). */
  private readonly textDiscount: Float64Array;
  private readonly textGram: Float64Array;
  /** Per text, 1 when it names as goods a word before the query's instrument noun (INSTRUMENT_HEADS), or only a material of its goods (markModifiers). */
  private readonly textModifier: Uint8Array;
  /** Texts that name nothing but materials ("PVC", "stainless steel", "cotton"): a material named as goods. */
  private readonly materialText: Uint8Array;
  private readonly stamp: Int32Array;
  /** The features last computed with `reuse` (see features). */
  private scratch: QueryFeatures | undefined;
  /** The last description read and how it reads (a search reads its query twice: features, coordinatedGoods). */
  private lastRead: { description: string; text: string } | undefined;
  private stampValue = 0;

  constructor(
    readonly nomenclature: Nomenclature,
    readonly state: IndexState,
  ) {
    super(nomenclature);
    this.textHierarchy = hierarchyOf(this.codes, this.headings, this.chapters);
    this.residual = Float64Array.from(this.codes, (code) => (RESIDUAL.test(nomenclature.subheadings.get(code)!.description) ? 1 : 0));
    this.compounds = this.codes.map(() => []);
    for (let heading = 0; heading < this.headings.length; heading++) {
      if (!this.headings[heading].startsWith('29')) continue;
      const indices = this.codesOfHeading.values.slice(this.codesOfHeading.offsets[heading], this.codesOfHeading.offsets[heading + 1]);
      const compounds = distinctCompounds([...indices].map((index) => nomenclature.subheadings.get(this.codes[index])!.description));
      indices.forEach((index, position) => (this.compounds[index] = compounds[position]));
    }
    this.attributes = withEngineRanges(
      this.codes,
      this.codes.map((code) => {
        const heading = nomenclature.headings.get(code.slice(0, 4))?.description ?? '';
        const subheading = nomenclature.subheadings.get(code)!.description;
        const stated = attributesOf([nomenclature.chapters.get(code.slice(0, 2))?.description, heading, subheading].join('; '), true);
        // What a subheading states is its own: its heading's list ("leather, plastic sheeting, textile materials...",
        // "fresh, chilled or frozen", "retreaded or used") is of the heading's other codes (4202.91 is of leather only).
        // What it excludes is its own too: 8467.81, "chain saws with self-contained non-electric motor", is not of
        // its heading's "electric or non-electric motor" tools.
        const own = attributesOf(subheading, true);
        own.masks.forEach((mask, group) => {
          if (mask) stated.masks[group] = mask;
        });
        own.excluded.forEach((mask, group) => {
          stated.masks[group] &= ~mask;
          stated.excluded[group] |= mask;
        });
        if (code < POWERED_FROM) withoutPower(stated);
        return {
          ...stated,
          part: partsCode(heading, subheading),
          powered: poweredCode(heading, subheading),
          usedOnly: usedOnly(subheading),
          wasteOnly: wasteOnly(subheading),
          specified: specifiedGoods(subheading),
          fuel: code.startsWith('27'),
        };
      }),
    );
    this.preserved = Uint8Array.from(this.codes, (code, index) =>
      (code.startsWith('16') || code.startsWith('20')) && statesPreserved(this.attributes[index]) ? 1 : 0,
    );
    state.terms.forEach((term, id) => this.termIds.set(term, id));
    state.grams.forEach((gram, id) => this.gramIds.set(gram, id));
    const materialWeight = new Float64Array(state.textLevel.length);
    for (const term of MATERIAL_TERMS) {
      const id = this.termIds.get(term);
      if (id === undefined) continue;
      const { offsets, values } = state.textsOfTerm;
      for (let k = offsets[id]; k < offsets[id + 1]; k++) materialWeight[values[k]] += state.idf[id];
    }
    this.materialText = Uint8Array.from(materialWeight, (weight, text) =>
      weight > 0 && weight >= state.textWeight[text] * (1 - 1e-9) ? 1 : 0,
    );
    this.textWord = new Float64Array(state.textLevel.length);
    this.textDiscount = new Float64Array(state.textLevel.length);
    this.textGram = new Float64Array(state.textLevel.length);
    this.textModifier = new Uint8Array(state.textLevel.length);
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

  /**
   * Known stemmed terms of a text (distinct) with their weights: the idf, times TAIL_WEIGHT for a term only
   * outside the head phrase ("polyester" in "handbag made of polyester") or naming who the goods are for
   * ("women's"), unless the head says nothing of the goods ("parts for motorcycles").
   */
  queryTerms(text: string, { head, discount } = this.head(text)): Array<{ term: string; id: number; weight: number }> {
    const seen = new Set<number>();
    const result: Array<{ term: string; id: number; weight: number }> = [];
    for (const term of terms(text)) {
      const id = this.termIds.get(term);
      if (id === undefined || seen.has(id) || this.state.idf[id] === 0) continue;
      seen.add(id);
      result.push({ term, id, weight: this.state.idf[id] * (discount && !head.has(term) ? TAIL_WEIGHT : 1) });
    }
    return result;
  }

  /**
   * A text's head phrase, its terms (without who the goods are for), its head noun (its last term, in Arabic its first), the
   * goods that noun belongs to when it is generic ("part"), whether the words outside it weigh less, and whether
   * it names no goods but by a generic word.
   */
  private head(text: string): {
    phrase: string;
    head: Set<string>;
    noun: string | undefined;
    owner: string | undefined;
    discount: boolean;
    generic: boolean;
  } {
    let phrase = headPhrase(withoutLeadingModifiers(text.replace(CATEGORY, '')));
    if (isTitle(text)) phrase = this.beforeFeatures(phrase);
    let list = terms(phrase);
    const whole = list;
    const isKnown = (term: string) => (this.state.idf[this.termIds.get(term) ?? -1] ?? 0) > 0;
    const beforeMaterial = phrase.replace(TRAILING_MATERIAL_NAME, '');
    if (beforeMaterial !== phrase && this.namedAsGoods(terms(beforeMaterial).at(-1) ?? '')) {
      phrase = beforeMaterial;
      list = terms(phrase);
    } else if (this.trailingMaterial(list)) {
      phrase = phrase.replace(/\s*\S+$/, '');
      list = terms(phrase);
    }
    // Beside a known word of the goods, materials are not the head ("chiffon blouse polyester" is a blouse).
    if (list.some((term) => isKnown(term) && !MATERIAL_TERMS.has(term) && !WEARER_TERMS.has(term))) {
      list = list.filter((term) => !MATERIAL_TERMS.has(term));
      phrase = phrase
        .split(/\s+/)
        .filter((word) => {
          const own = terms(word);
          return own.length === 0 || own.some((term) => !MATERIAL_TERMS.has(term));
        })
        .join(' ');
      // What was before the materials may end with how the goods work ("Dog Collar Adjustable Nylon").
      const bare = ` ${phrase}`.replace(TRAILING_FEATURES, '').trim();
      if (bare && bare !== phrase) {
        phrase = bare;
        list = terms(phrase).filter((term) => !MATERIAL_TERMS.has(term));
      }
    }
    const head = new Set(list.filter((term) => !WEARER_TERMS.has(term)));
    const known = [...head].some(isKnown);
    // A title may end with a word no text names as goods ("Christmas Tree Artificial", "red wine cabernet
    // sauvignon"): the goods are the last word before it that a text does name so. In French and Spanish the
    // goods come first ("pneus neufs" are tyres, "televisor LED 50 pulgadas" is no LED).
    const named = list.filter((term) => this.namedAsGoods(term) && !WEARER_TERMS.has(term));
    const romance = this.queryLanguages(list.flatMap((term) => this.termIds.get(term) ?? []).map((id) => ({ id }))) !== 0;
    const last = nounOf(phrase, list);
    const noun = romance ? list[0] : named.length === 0 || this.namedAsGoods(last ?? '') ? last : nounOf(phrase, named);
    // The goods a generic head belongs to: "transmission spool valve part" is a part of a valve; when the head
    // names none, the goods after "for" or "of": "spare parts for cars" are parts of cars.
    const ownerOf = (terms: string[]) =>
      nounOf(
        phrase,
        terms.filter((term) => !GENERIC_HEADS.has(term) && !WEARER_TERMS.has(term) && !MATERIAL_TERMS.has(term)),
      );
    let owner = ownerOf(list);
    if (owner === undefined && PART_HEADS.has(noun ?? ''))
      for (const [, rest] of normalize(text).matchAll(OWNER_AFTER)) if ((owner = ownerOf(terms(headPhrase(rest)))) !== undefined) break;
    // Goods named only by a generic word ("spare parts", "samples"; not "plastic articles", "parts for cars").
    const namesGoods = (term: string | undefined) =>
      term !== undefined && !GENERIC_HEADS.has(term) && !WEARER_TERMS.has(term) && (MATERIAL_TERMS.has(term) || this.namedAsGoods(term));
    const generic = GENERIC_HEADS.has(noun ?? '') && !namesGoods(owner) && !whole.some(namesGoods);
    return { phrase, head, noun, owner, discount: known && !GENERIC_HEADS.has(noun ?? ''), generic };
  }

  /**
   * A description as the features read it: without the trader's question around it or its country of origin,
   * Apple's plug named, misspelt words corrected.
   */
  private readable(description: string): string {
    if (this.lastRead?.description !== description)
      this.lastRead = { description, text: this.spelled(withPlugsNamed(withoutOrigin(withoutFraming(description)))) };
    return this.lastRead.text;
  }

  /**
   * A description with its misspelt words corrected: a word of six letters or more (a to z) that neither the
   * index nor the word vectors know ("cosmatics", "labtop", "refrigirator") is read as the word one edit away
   * (a letter left out, added, changed, or two swapped) that the vectors know and the most texts use. Brands
   * and other words of the language are words the vectors know; shorter words have too many neighbours
   * ("zvrib", "citio"). At most SPELLING_CHECKS words of a query of at most SPELLING_LENGTH characters.
   */
  private spelled(text: string): string {
    const vectors = this.state.text?.vectors;
    if (!vectors || text.length > SPELLING_LENGTH) return text;
    const { textsOfTerm, idf } = this.state;
    const uses = (term: string) => {
      const id = this.termIds.get(term);
      return id === undefined || idf[id] === 0 ? 0 : textsOfTerm.offsets[id + 1] - textsOfTerm.offsets[id];
    };
    let checks = 0;
    return text.replace(/(?<!\p{L})[A-Za-z]{6,}(?!\p{L})/gu, (original) => {
      const word = original.toLowerCase();
      if (checks >= SPELLING_CHECKS || STOP_WORDS.has(word) || hasWord(vectors, word) || uses(stem(word)) > 0) return original;
      checks++;
      let best = original;
      let most = 0;
      for (const candidate of oneEditAway(word)) {
        if (!hasWord(vectors, candidate) || STOP_WORDS.has(candidate)) continue;
        const count = uses(stem(candidate));
        if (count > most) [best, most] = [candidate, count];
      }
      return best;
    });
  }

  /**
   * The goods a description names side by side, joined by a conjunction ("clothes and shoes", "shirts, trousers
   * and shoes", "vêtements et chaussures", "ملابس وأحذية"), each as a text of its own; undefined unless every
   * item is a name of goods: not materials ("cotton and polyester shirts"), wearers ("men's and women's shoes")
   * or a generic word ("phones and accessories"), and not one word before a longer name, which may say what
   * the name's goods are for ("salt and pepper shakers"). A last item of one word shares the first one's other
   * words ("frozen fish and shrimp": frozen shrimp; "brake pads and discs": brake discs).
   */
  coordinatedGoods(description: string): Array<{ text: string; noun: string }> | undefined {
    const value = ` ${normalize(this.readable(description)).replace(/\s+/g, ' ')} `;
    const conjunction = this.conjunction(value);
    if (!conjunction) return undefined;
    const items = [...value.slice(0, conjunction.start).split(','), value.slice(conjunction.end)];
    // Each item before the last is a whole name of goods; the last one's ends where its head phrase does.
    if (items.slice(0, -1).some((item) => ` ${item} `.search(HEAD_END) >= 0)) return undefined;
    const names = items.map((item) => {
      const phrase = headPhrase(item);
      const list = terms(phrase).filter((term) => !WEARER_TERMS.has(term));
      const size = phrase.split(' ').filter((word) => terms(word).some((term) => !WEARER_TERMS.has(term))).length;
      return { phrase, noun: nounOf(phrase, list), size };
    });
    if (names.length === 2 && names[0].size === 1 && names[1].size > 1) return undefined;
    const goods = (noun: string | undefined): noun is string =>
      noun !== undefined && !GENERIC_HEADS.has(noun) && !MATERIAL_TERMS.has(noun) && !WEARER_TERMS.has(noun) && this.namedAsGoods(noun);
    if (!names.every(({ noun }) => goods(noun))) return undefined;
    const [first] = names;
    const last = names.at(-1)!;
    if (last.size === 1 && first.size > 1 && !/\p{Script=Arabic}/u.test(first.phrase))
      last.phrase = `${first.phrase.replace(/\s*\S+$/, '')} ${last.phrase}`;
    return names.map(({ phrase, noun }) => ({ text: phrase, noun: noun! }));
  }

  /** Whether a text of a heading or of one of its subheadings names a term as goods (headNouns). */
  headingNames(heading: number, term: string): boolean {
    const id = this.termIds.get(term);
    let names = false;
    if (id !== undefined)
      this.textsNaming(id, -1, ~0, (owner, level) => {
        names ||= level === 4 ? owner === heading : level === 6 && this.headingOf[owner] === heading;
      });
    return names;
  }

  /**
   * Where the first conjunction of a normalised text is. Arabic joins "و" (and) to the next word ("ملابس
   * وأحذية"): there it is a word named as goods without "و", and unknown or the same word with it.
   */
  private conjunction(value: string): { start: number; end: number } | undefined {
    const match = CONJUNCTION.exec(value);
    if (match) return { start: match.index, end: match.index + match[0].length };
    for (const { index } of value.matchAll(/ و(?=\p{Script=Arabic}{3})/gu)) {
      const word = value.slice(index + 2).split(' ')[0];
      const [whole] = terms(`و${word}`);
      const [bare] = terms(word);
      if (bare !== undefined && this.namedAsGoods(bare) && (whole === bare || !this.termIds.has(whole ?? '')))
        return { start: index, end: index + 2 };
    }
    return undefined;
  }

  /** Whether a text names a term as goods (headNouns). */
  private namedAsGoods(term: string): boolean {
    const id = this.termIds.get(term);
    return id !== undefined && this.state.textsOfHead.offsets[id] < this.state.textsOfHead.offsets[id + 1];
  }

  /**
   * A product title's goods, before its features: a material after a word named as goods begins them ("Men
   * Quartz Watch Analog Stainless Steel Strap" is a watch, "Artificial Flowers Silk Roses Bouquet" flowers,
   * "Fishing Rod Carbon Telescopic" a rod).
   */
  private beforeFeatures(phrase: string): string {
    const list = phrase.split(' ');
    let goods = false;
    for (let position = 0; position < list.length; position++) {
      const own = terms(list[position]);
      if (goods && own.length > 0 && own.every((term) => MATERIAL_TERMS.has(term))) return list.slice(0, position).join(' ');
      // So does a word of a material that is goods' name too, where no text names the two together ("Fishing Rod
      // Carbon Telescopic" is a rod; not "Wine Glass").
      if (goods && own.length === 1 && this.trailingMaterial(terms(list.slice(0, position + 1).join(' '))))
        return list.slice(0, position).join(' ');
      // A word of how goods work is none ("Lasko Digital Ceramic Tower Heater": "thermometers, digital" names it).
      goods ||=
        own.some((term) => this.namedAsGoods(term) && !WEARER_TERMS.has(term) && !MATERIAL_TERMS.has(term)) &&
        !TRAILING_FEATURES.test(` ${list[position]}`);
    }
    return phrase;
  }

  /**
   * Whether a title ends with what its goods are made of, after the goods ("fishing rod carbon", "cutting board
   * bamboo", "coffee mug ceramic"): the word before it is named as goods by a text, and no text naming the
   * material as goods has that word too ("toilet paper", "activated carbon" are goods of their own). Two words
   * are a name, not a title ("window glass", "shoe leather").
   */
  private trailingMaterial(list: string[]): boolean {
    const [before, last] = list.slice(-2).map((term) => this.termIds.get(term) ?? -1);
    if (list.length < 3 || before < 0 || last < 0 || !TITLE_MATERIAL_TERMS.has(list.at(-1)!)) return false;
    const { textsOfHead, textsOfTerm } = this.state;
    if (!this.namedAsGoods(list.at(-2)!) || MATERIAL_TERMS.has(list.at(-2)!)) return false;
    const withBefore = new Set(textsOfTerm.values.subarray(textsOfTerm.offsets[before], textsOfTerm.offsets[before + 1]));
    for (let k = textsOfHead.offsets[last]; k < textsOfHead.offsets[last + 1]; k++) if (withBefore.has(textsOfHead.values[k])) return false;
    return true;
  }

  /** Features of nothing: every value 0. */
  private emptyFeatures(fold: number): QueryFeatures {
    const N6 = this.codes.length;
    const N4 = this.headings.length;
    const N2 = this.chapters.length;
    return {
      weight: 0,
      known: 0,
      broader: 0,
      broaderHeadings: 0,
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
      rules: new Float64Array(N6),
      head6: new Float64Array(N6),
      head4: new Float64Array(N4),
      text: null,
      preserved: false,
      fold,
    };
  }

  /** log(1 + lexicon texts of each code), leaving out a fold's texts when training on that fold. */
  prior(index: number, fold: number): number {
    const count = this.state.lexiconCount[index] - (fold >= 0 ? this.state.foldCount[fold * this.codes.length + index] : 0);
    return Math.log1p(Math.min(count, PRIOR_CAP)) / Math.log1p(PRIOR_CAP);
  }

  /**
   * Every feature of a query; texts of `fold` (a training query's own fold) are ignored. `withText`: the text
   * model's scores too. `reuse`: the arrays of the previous call with `reuse` are cleared and returned again,
   * for a caller done with them before its next call (a search scores one query at a time), so that a search
   * allocates no arrays of every code.
   */
  features(description: string, fold = -1, withText = true, reuse = false): QueryFeatures {
    const text = this.readable(description);
    const { state } = this;
    const N6 = this.codes.length;
    const N4 = this.headings.length;
    const result = reuse && this.scratch ? clearFeatures(this.scratch, fold) : this.emptyFeatures(fold);
    if (reuse) this.scratch = result;
    const head = this.head(text);
    const query = this.queryTerms(text, head);
    const gates = this.queryLanguages(query);
    const weight = query.reduce((sum, item) => sum + item.weight, 0);
    result.weight = weight;
    result.known = query.length;
    const { textWord, textDiscount, textGram, stamp } = this;

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
        const discount = state.idf[id] - idf;
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
          textWord[textIndex] += idf;
          textDiscount[textIndex] += discount;
          // In the query's language, its HS texts are the codes' texts too.
          const gate = state.textLanguage[textIndex];
          if (gate !== 0 && gates & (1 << gate)) {
            const owner = state.textOwner[textIndex];
            const level = state.textLevel[textIndex];
            const codes = level === 4 ? this.codesOfHeading : level === 2 ? this.codesOfChapter : undefined;
            if (!codes) cover(owner);
            else for (let j = codes.offsets[owner]; j < codes.offsets[owner + 1]; j++) cover(codes.values[j]);
          }
        }
      }
    }

    let gramWeight = 0;
    let unknownGrams = 0;
    // Trigrams outside the head phrase weigh less too (see queryTerms).
    const headGrams = new Set(head.discount ? trigrams(head.phrase) : []);
    for (const gram of trigrams(text)) {
      const id = this.gramIds.get(gram);
      if (id === undefined) {
        unknownGrams++;
        continue;
      }
      const idf = state.gramIdf[id] * (head.discount && !headGrams.has(gram) ? TAIL_WEIGHT : 1);
      if (idf === 0) continue;
      gramWeight += idf;
      const { offsets, values } = state.textsOfGram;
      for (let k = offsets[id]; k < offsets[id + 1]; k++) {
        textGram[values[k]] += idf;
      }
    }
    // Trigrams of the query the index does not know (a typo, an unknown word) count at the highest weight.
    const textTotal = state.textLevel.length;
    const queryGramWeight = gramWeight + unknownGrams * Math.log(1 + (textTotal + 0.5) / 1.5);

    // Texts that name every known word of the query (textWord reaches the query's weight), and more of them
    // (their weight exceeds the query's own idf): what the query may be a broader name of (QueryFeatures.broader).
    const ownWeight = query.reduce((sum, item) => sum + state.idf[item.id], 0);
    // Who the goods are for, when the query says it: a text that adds only others of the same kind names the same
    // goods ("Men's or boys' shirts; of cotton" for "men's cotton shirts", not a narrower name of them).
    const ownWearer = query.reduce((sum, item) => sum + (WEARER_TERMS.has(item.term) ? state.idf[item.id] : 0), 0);
    // A text of used goods ("used clothing") names more than goods not called used ("clothes"), though "used" is a stop word.
    const queryUsed = statesUsed(text);
    const broader = { codes: new Set<number>(), headings: new Set<number>(), chapters: new Set<number>() };
    let exact = false;
    const modified = this.markModifiers(head, query);
    // Every text the query shares a word or trigram with: a scan of them all costs less than keeping a list
    // of those touched inside the loops above (half a 2,000-character query's time in those loops).
    for (let textIndex = 0; textIndex < textWord.length; textIndex++) {
      const word = textWord[textIndex];
      const gram = textGram[textIndex];
      if (word === 0 && gram === 0) continue;
      textWord[textIndex] = 0;
      textGram[textIndex] = 0;
      // A shared term outside the query's head phrase weighs as little in the text as in the query: a text of the
      // query's words only ("pasta de dientes") is as like it as can be.
      const discount = textDiscount[textIndex];
      textDiscount[textIndex] = 0;
      if (fold >= 0 && state.textFold[textIndex] === fold) continue;
      if (state.textLanguage[textIndex] !== 0 && !(gates & (1 << state.textLanguage[textIndex]))) continue;
      const share = this.textModifier[textIndex] ? MODIFIER_WEIGHT : 1;
      const wordSimilarity = word > 0 ? (share * 2 * word) / (weight + state.textWeight[textIndex] - discount) : 0;
      const gramSimilarity = gram > 0 ? (share * 2 * gram) / (queryGramWeight + state.textGramWeight[textIndex]) : 0;
      const owner = state.textOwner[textIndex];
      const level = state.textLevel[textIndex];
      if (word >= weight * (1 - 1e-9) && weight > 0) {
        const named =
          (state.textUsed[textIndex] === 0 || queryUsed) &&
          (state.textWeight[textIndex] <= ownWeight * (1 + 1e-9) ||
            (ownWearer > 0 &&
              state.textWeight[textIndex] - state.textWearerWeight[textIndex] <= (ownWeight - ownWearer) * (1 + 1e-9) + 1e-9));
        if (level === 6 && named) exact = true;
        else (level === 6 ? broader.codes : level === 4 ? broader.headings : broader.chapters).add(owner);
      }
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
    // Only a query whose every word is known, and with no number (1500cc, 14 inch), names nothing the texts
    // lack; a heading or chapter counts when none of its codes does (the same goods named at two levels).
    if (!exact && query.length === new Set(terms(text)).size && !/\p{N}/u.test(text)) {
      for (const code of broader.codes) {
        broader.headings.delete(this.headingOf[code]);
        broader.chapters.delete(this.chapterOf[code]);
      }
      for (const heading of broader.headings) broader.chapters.delete(this.chapterOfHeading[heading]);
      result.broader = broader.codes.size + broader.headings.size + broader.chapters.size;
      for (const code of broader.codes) broader.headings.add(this.headingOf[code]);
      result.broaderHeadings = broader.headings.size + broader.chapters.size;
    }
    // Goods named only by a generic word ("spare parts", "samples", "gift"): no goods at all, broader than every
    // code, so asked for a description (or, for a long one, uncertain).
    if (head.generic) {
      result.broader = N6;
      result.broaderHeadings = N4;
    }
    for (const textIndex of modified) this.textModifier[textIndex] = 0;
    const headNoun = this.termIds.get(head.noun ?? '');
    if (headNoun !== undefined)
      this.textsNaming(headNoun, fold, gates, (owner, level) => {
        if (level === 6) {
          result.head6[owner] = 1;
          result.head4[this.headingOf[owner]] = 1;
        } else if (level === 4) result.head4[owner] = 1;
      });
    if (withText && state.text) result.text = textModelScores(state.text, this.textHierarchy, text)?.code ?? null;
    // Every query, even one that states no attribute: goods not called used are not of a code of used goods only.
    // "diesel" alone is the fuel: no power source of an engine it would run.
    const asked = withoutFuelPower(attributesOf(text), head.noun);
    result.preserved = statesPreserved(asked);
    for (let index = 0; index < N6; index++) {
      const { agree, conflict, rules } = compareAttributes(asked, this.attributes[index]);
      result.agree[index] = agree;
      result.conflict[index] = conflict;
      result.rules[index] = rules;
    }
    // The goods' heading names them: a fixed rule, as the fitted head4 weight learnt little of it (the
    // training queries are the lexicon's texts, whose head noun is nearly always in their code's texts).
    if (headNoun !== undefined && head.discount)
      for (let index = 0; index < N6; index++) result.rules[index] += HEAD_NOUN_WEIGHT * result.head4[this.headingOf[index]];
    // A part, component or attachment of goods ("valve part", "tool attachments"): the same rule for the
    // heading that names those goods.
    const ownerId = PART_HEADS.has(head.noun ?? '') ? this.termIds.get(head.owner ?? '') : undefined;
    if (ownerId !== undefined) {
      const named = new Uint8Array(N4);
      this.textsNaming(ownerId, fold, gates, (owner, level) => {
        if (level === 6) named[this.headingOf[owner]] = 1;
        else if (level === 4) named[owner] = 1;
      });
      for (let index = 0; index < N6; index++) result.rules[index] += HEAD_NOUN_WEIGHT * named[this.headingOf[index]];
    }
    // A chemical's systematic name or CAS number: the chapter 29 heading of its functional groups (chemistry.ts).
    const chemical = this.headingIndex.get(chemicalHeading(text) ?? '');
    if (chemical !== undefined) {
      for (let k = this.codesOfHeading.offsets[chemical]; k < this.codesOfHeading.offsets[chemical + 1]; k++) {
        const index = this.codesOfHeading.values[k];
        result.rules[index] += CHEMICAL_WEIGHT - (namesOtherCompound(text, this.compounds[index]) ? NAMED_COMPOUND_WEIGHT : 0);
      }
      // Such a compound is not of chapter 27 (its note 1 (a): "separate chemically defined organic compounds"),
      // whose texts name the same words: "4-nitrotoluene" is no toluol of 27.07.
      const mineral = this.chapterIndex.get('27');
      if (mineral !== undefined)
        for (let k = this.codesOfChapter.offsets[mineral]; k < this.codesOfChapter.offsets[mineral + 1]; k++)
          result.rules[this.codesOfChapter.values[k]] -= CHEMICAL_WEIGHT;
    }
    // In measured doses ("tablets", "500mg"): not a compound of chapters 28 or 29, a medicament or a supplement;
    // with a strength ("ibuprofen 400mg tablets"), the codes of those, not a tablet computer.
    const normalized = normalize(text);
    if (inMeasuredDoses(normalized))
      for (const chapter of ['28', '29']) {
        const position = this.chapterIndex.get(chapter);
        if (position === undefined) continue;
        for (let k = this.codesOfChapter.offsets[position]; k < this.codesOfChapter.offsets[position + 1]; k++)
          result.rules[this.codesOfChapter.values[k]] -= DOSES_WEIGHT;
      }
    if (statesStrength(normalized))
      for (let index = 0; index < N6; index++)
        if (DOSED_CODES.some((prefix) => this.codes[index].startsWith(prefix))) result.rules[index] += DOSES_WEIGHT;
    return result;
  }

  /**
   * The languages of GATED_LANGUAGES whose texts a query reads, as bits (1 << (position + 1)): those that write
   * more of its words, none of which an English text writes, than English texts alone write ("neumáticos
   * usados", "huile de palme brute"; not "cotton t-shirt").
   */
  queryLanguages(query: Array<{ id: number }>): number {
    const { termLanguage } = this.state;
    let english = 0;
    const counts = GATED_LANGUAGES.map(() => 0);
    for (const { id } of query) {
      const bits = termLanguage[id];
      if (bits === LANGUAGE_BITS.en) english++;
      else if (!(bits & LANGUAGE_BITS.en))
        GATED_LANGUAGES.forEach((language, position) => {
          if (bits & LANGUAGE_BITS[language]) counts[position]++;
        });
    }
    return counts.reduce((gates, count, position) => (count > english ? gates | (1 << (position + 1)) : gates), 0);
  }

  /**
   * Marks (textModifier) the texts that name as goods a word before an instrument's noun ("laptop" in "laptop bag")
   * and not the instrument itself, and those that name nothing but a material of goods the query names by another
   * word ("PVC" and "stainless steel" in "vinyl tiles made from PVC" and "stainless steel bolts": the tiles and
   * bolts are the goods, not the plastics or the steel; not "PVC resin", a primary form); returns them, to be unmarked.
   */
  private markModifiers(head: { phrase: string; noun: string | undefined }, query: Array<{ term: string }>): number[] {
    const noun = this.termIds.get(head.noun ?? '');
    if (noun === undefined) return [];
    const { offsets, values } = this.state.textsOfHead;
    const marked: number[] = [];
    const mark = (term: string, materialOnly = false) => {
      const id = this.termIds.get(term);
      if (id === undefined) return;
      for (let k = offsets[id]; k < offsets[id + 1]; k++)
        if (!this.textModifier[values[k]] && (!materialOnly || this.materialText[values[k]])) {
          this.textModifier[values[k]] = 1;
          marked.push(values[k]);
        }
    };
    if (INSTRUMENT_HEADS.has(head.noun!))
      for (const term of new Set(terms(head.phrase))) {
        if (term === head.noun) break;
        mark(term);
      }
    if (!MATERIAL_TERMS.has(head.noun!) && !PRIMARY_HEADS.has(head.noun!) && this.namedAsGoods(head.noun!))
      for (const { term } of query) if (term !== head.noun && MATERIAL_TERMS.has(term)) mark(term, true);
    for (let k = offsets[noun]; k < offsets[noun + 1]; k++) this.textModifier[values[k]] = 0;
    return marked;
  }

  /** Visits the owner and level of every text naming a term as goods (headNouns), but those of `fold` and of languages not in `gates`. */
  private textsNaming(term: number, fold: number, gates: number, visit: (owner: number, level: number) => void): void {
    const { textsOfHead, textFold, textOwner, textLevel, textLanguage } = this.state;
    for (let k = textsOfHead.offsets[term]; k < textsOfHead.offsets[term + 1]; k++) {
      const text = textsOfHead.values[k];
      if (fold >= 0 && textFold[text] === fold) continue;
      if (textLanguage[text] !== 0 && !(gates & (1 << textLanguage[text]))) continue;
      visit(textOwner[text], textLevel[text]);
    }
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
        features.rules[index] +
        wHead6 * features.head6[index] +
        headPart[this.headingOf[index]] +
        chapPart[this.chapterOf[index]];
    }
    if (textWeight !== 0 && features.text) for (let index = 0; index < N6; index++) result[index] += textWeight * features.text[index];
    if (features.preserved) this.liftPreserved(result);
    return result;
  }

  /**
   * Canned or tinned goods whose best code is of the raw goods (meat, fish, vegetables, fruit: chapters 02, 03,
   * 07, 08) are those goods prepared or preserved, meat and fish in chapter 16, vegetables and fruit in chapter 20:
   * every code of that chapter whose texts say so is raised, in the order of its own score, just above that best
   * code ("canned chickpeas" is 2005.99, not the dried chickpeas of 0713.20, whose texts know the word, nor canned
   * sardines; "thon en conserve" 1604.14). The texts of the prepared goods seldom name the raw goods as the lexicon
   * does: 20.05's "other vegetables" names no chickpeas.
   */
  private liftPreserved(scores: Float64Array): void {
    let best = 0;
    for (let index = 0; index < scores.length; index++) if (scores[index] > scores[best]) best = index;
    const prepared = RAW_FOOD.get(this.codes[best].slice(0, 2));
    if (prepared === undefined) return;
    const lifted = (index: number) => this.preserved[index] === 1 && this.codes[index].startsWith(prepared);
    let bestPreserved = -1;
    for (let index = 0; index < scores.length; index++)
      if (lifted(index) && (bestPreserved < 0 || scores[index] > scores[bestPreserved])) bestPreserved = index;
    if (bestPreserved < 0) return;
    const lift = scores[best] - scores[bestPreserved] + PRESERVED_LIFT;
    for (let index = 0; index < scores.length; index++) if (lifted(index)) scores[index] += lift;
  }

  /** Knows a word of the text, or one of its trigrams. */
  knows(description: string): boolean {
    const text = this.readable(description);
    return this.queryTerms(text).length > 0 || trigrams(text).some((gram) => (this.state.gramIdf[this.gramIds.get(gram) ?? -1] ?? 0) > 0);
  }
}

/**
 * How many words of a query the spelling correction looks at (FinderIndex.spelled), at most, and the longest
 * query it reads: titles and traders' queries, not a pasted description, whose misspelt word is one among many
 * (a check costs about 0.3 ms; `npm run bench:finder`).
 */
const SPELLING_CHECKS = 3;
const SPELLING_LENGTH = 300;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The words one edit away from a word: a letter left out, two swapped, one changed or one added. */
function* oneEditAway(word: string): Generator<string> {
  for (let at = 0; at <= word.length; at++) {
    const [before, after] = [word.slice(0, at), word.slice(at)];
    if (after) yield before + after.slice(1);
    if (after.length > 1) yield before + after[1] + after[0] + after.slice(2);
    for (const letter of LETTERS) {
      if (after && letter !== after[0]) yield before + letter + after.slice(1);
      yield before + letter + after;
    }
  }
}

/** The same features object, every value 0 again. */
function clearFeatures(features: QueryFeatures, fold: number): QueryFeatures {
  for (const values of [
    features.desc,
    features.head,
    features.chap,
    features.knnL,
    features.knnO,
    features.knn4,
    features.knn2,
    features.char6,
    features.char4,
    features.cov,
    features.agree,
    features.conflict,
    features.rules,
    features.head6,
    features.head4,
  ])
    values.fill(0);
  return Object.assign(features, { weight: 0, known: 0, broader: 0, broaderHeadings: 0, text: null, preserved: false, fold });
}
