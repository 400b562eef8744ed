/** The finder's index data: packed id lists, BM25 statistics and the texts of each code, built from HS 2022 and the lexicon. */
import { affirmed, normalize, terms, termsOfWords, trigramsOfWords, words } from './text.js';
import type { LabelledText, Nomenclature } from './data.js';
import { type TextModelState } from './textmodel.js';
import { codesOfText, attributeSiblings, counterpartsOfText, genderCounterparts, statesUsed } from './attributes.js';
import { FOLDS, RULING_FOLDS, DEFAULT_PARAMS, foldOf } from './model.js';

/** Lexicon texts beyond this many add nothing to a code's prior. */
export const PRIOR_CAP = 20;

/**
 * Where the head noun phrase of a description ends: a comma, a bracket or the first preposition or participle;
 * not "made" in "machine made carpet", "hand made rug" or "ready made garments", which say how the goods are made,
 * nor "in" in "3 in 1 coffee mix".
 */
const HEAD_END_WORDS =
  '(?<!(?:machine|hand|home|custom|tailor|factory|ready) )made|of|for|with|used|(?<!\\d )in|in(?! \\d\\d? )|from|consisting|containing|designed|featuring|measuring|which|that|to|on|by|and|or|including|comprising|having|incorporating|intended|suitable|equipped|fitted|such|en|de|pour|avec|para|con|del|du|des';
export const HEAD_END = new RegExp(`[,;:(]| (${HEAD_END_WORDS}) `, 'g');

/** Who the goods are for, named before them ("men's and boys' knit jackets"): not the head of the phrase. */
const WEARERS = /^\s*(?:(?:men|mens|women|womens|boy|boys|girl|girls|ladies|children|kids|infant|infants|unisex)'?\s*(?:,|and|&|or)\s*)+/;

/** Words that count or group the goods ("a pair of gloves", "five grades of resin"): the goods follow "of". */
const QUANTITY =
  /^(?:[\w-]+ )*?(?:variety|varieties|pair|pairs|set|sets|assortment|range|type|types|grade|grades|piece|pieces|quantity|number|lot|lots|series|selection|collection|kind|kinds|style|styles|model|models|shipment) of (?!\d)/;

/**
 * Containers that hold the goods ("a bottle of whisky", "bag of rice 5kg", "bouteille de vin"): the goods follow
 * "of", unless a material does ("bags of jute" are jute bags).
 */
const CONTAINERS =
  'bottles?|bags?|sacks?|box|boxes|packs?|packets?|cans?|jars?|tins?|cartons?|cases?|crates?|drums?|barrels?|tubes?|pouch|pouches|sachets?|buckets?|bouteilles?|sacs?|boites?|paquets?|canettes?|pots?|botellas?|bolsas?|sacos?|cajas?|paquetes?|latas?|frascos?|tarros?';
const PACKAGING_MATERIALS =
  'plastics?|paper|leather|jute|cotton|polypropylene|polyethylene|pp|pe|pvc|glass|steel|iron|aluminium|aluminum|wood|textile|fabric|canvas|nylon|polyester|plastique|papier|cuir|coton|verre|acier|bois|tissu|plastico|papel|cuero|algodon|vidrio|acero|madera|tela|yute';
const CONTAINED = new RegExp(`^(?:[\\w-]+ )*?(?:${CONTAINERS}) (?:of|de) (?!(?:${PACKAGING_MATERIALS})\\b)`);
/** How many containers or pieces end a title ("red wine 2 bottles", "crew socks 6 pack", "pack of 12"). */
const TRAILING_COUNT = new RegExp(
  `(?: \\d+\\s*(?:x\\s*)?(?:${CONTAINERS}|pcs|pieces|units|pairs?|count|ct)| (?:pack|box|lot|case) of \\d+)+\\s*$`,
);

/** A participle followed by a preposition ("film composed of", "receiver installed in") ends the head phrase too. */
const PARTICIPLE = / [a-z]+ed (?=(?:of|with|in|for|from|to|by|on|as|at|into|under) )/g;

/**
 * Colours that end a product title ("wireless mouse graphite", "classic clog black"): not the goods. A metal
 * named as a finish ("iPhone 15 Pro Natural Titanium", "Rose Gold", "Space Grey") is a colour there too.
 */
const TRAILING_COLOURS =
  /(?: (?:black|white|red|blue|green|yellow|grey|gray|pink|purple|orange|brown|beige|navy|graphite|charcoal|ivory|cream|khaki|olive|teal|turquoise|maroon|burgundy|lavender|multicolou?r|transparent|noir|blanc|rouge|bleu|vert|negro|blanco|rojo|azul|verde|natural|silver|gold|golden|titanium|rose gold|space gr[ae]y|midnight|starlight|gunmetal))+$/;

/**
 * A product line's model words that end a title ("Apple AirPods Pro", "Galaxy S24 Ultra", "iPhone 15 Pro Max
 * 256GB", "AirPods Pro 2nd generation"): not the goods.
 */
const TRAILING_MODEL = /(?: (?:\d+(?:st|nd|rd|th) gen(?:eration)?|pro|max|plus|ultra|mini|lite|[a-z]{0,3}\d[a-z\d]*))+$/;

/**
 * What a title says first of how its goods are carried or sized ("Portable Power Bank", "Mini Portable Fan"): the
 * goods follow. "portable" is a word of one subheading's text (8471.30, portable computers), which drew both.
 * "Canned sweet corn" is corn, not cans: that it is preserved is an attribute (attributes.ts).
 */
const LEADING_FEATURES = /^(?:(?:portable|mini|canned|tinned) )+(?=\S)/;

/**
 * What a product title says of its goods after naming them ("air fryer 5L digital", "blender portable
 * rechargeable", "phone stand adjustable foldable", "fan USB rechargeable", "bedsheet printed woven", "sewing
 * machine industrial", "PET resin bottle grade", "car battery 70Ah lead acid"): how they work, are powered, made,
 * used or sold, not which goods they are.
 */
export const TRAILING_FEATURES =
  /(?: (?:digital|portable|wireless|rechargeable|disposable|fast[- ]charging|(?:full|open|half)[- ]face|automatic|waterproof|foldable|adjustable|cordless|ergonomic|reusable|lightweight|breathable|heavy[- ]duty|non[- ]?slip|anti[- ]?slip|upgraded|premium|deluxe|professional|original|genuine|usb(?: type)?(?:[- ]?c)?|type[- ]?c|printed|woven|knitted|dyed|embroidered|industrial|commercial|agricultural|[a-z]+[- ]grade|(?:extra[- ])?virgin|cold(?:[- ]pressed)?|water[- ]?resistant|touch ?screen|lcd|centrifugal|hydraulic|pneumatic|electric|electrical|petrol|gasoline|diesel|bright|semi[- ]dull|full[- ]dull|lead[- ]acid|lithium[- ]ion|li-?ion|lifepo4|ni-?mh))+$/;

/**
 * The packing that ends a line of a manifest or an invoice ("LDPE film grade resin 25kg bags", "white sugar 50 kg
 * sacks", "satin ribbon 25mm roll"): a measure and a container after the goods, not the goods.
 */
const PACKING =
  / \d+(?:[.,]\d+)? ?(?:(?:kgs?|g|lbs?|l|ml|litres?|liters?|mt) (?:bags?|sacks?|cartons?|ctns|drums?|boxes|box|bottles?|cans?|tins?|jars?|pails?|bales?)|(?:mm|cm|m|metres?|meters?|yards?|yds|ft) (?:rolls?|reels?|spools?|coils?))$/;

/**
 * A measure inside a title ("Hydro Flask 32 oz Wide Mouth water bottle", "Cast iron skillet 12 inch", "whey
 * protein powder 2 lb", "power transformer 33/11 kV"), or how many it holds or has ("Camping Tent 4 Person",
 * "toaster 2 slice", "face mask 3 ply", "bus 40 seats", "power cable 4 core", "socks 12 pairs", "air conditioner
 * 1.5 ton"): not the goods.
 */
const MEASURE =
  / \d+(?:[.,]\d+)?(?:\/\d+(?:[.,]\d+)?)?(?:-| ?x ?\d+(?:[.,]\d+)?)? ?(?:fl oz|oz|ounces?|lbs?|pounds?|kgs?|g|grams?|mg|ml|cl|l|litres?|liters?|inch(?:es)?|in|cm|mm|m|ft|feet|foot|yards?|quarts?|qt|gallons?|gal|w|watts?|v|volts?|mah|wh|kw|gb|tb|hz|ghz|mp|kva|mva|kv|hp|rpm|ah|amps?|a|sq ?mm|mm2|pcs|pieces?|count|ct|pairs?|packs?|sheets?|tons?|tonnes?|persons?|people|seaters?|seats?|doors?|drawers?|cores?|channels?|blades?|slices?|burners?|tiers?|layers?|ply|gang|outlets?|ports?|speeds?)(?= )/g;

/**
 * A yarn's count ("Ne 30", "30/1", "40s", "Nm 40"), a filament yarn's denier ("75D/36F", "150D") or a blend's
 * ratio ("65/35") inside a description: not the goods.
 */
const COUNT = / (?:ne|nm|nec) ?\d+(?:[.,/]\d+)?(?= )| \d+(?:\.\d+)?d\/\d+f(?= )| \d{2,}d(?= )| \d+\/\d+(?= )| \d{1,3}s(?= )/g;

/**
 * A participle that ends a title ("frozen shrimp peeled", "cast iron skillet pre-seasoned", "almonds roasted
 * salted"): it says how the goods were treated, not which goods they are ("seed", "feed" and "hundred" are no
 * participles). So does what they are free of or do not do ("gloves powder free", "baking mat non stick"), and the
 * state they are in ("mackerel whole round", "chicken frozen", "soybean oil crude": "whole" had been the goods
 * that 16.04's "whole or in pieces" names, and prepared fish the answer); what it runs on or is filled with goes
 * with it ("transformer 250 kVA oil immersed" is no oil, "smoke detector battery operated" no battery).
 */
const TRAILING_PARTICIPLE =
  /(?<=\S) (?:[a-z]+[- ](?:operated|powered|propelled|driven|immersed|filled|cooled|fired|fuell?ed|heated)|(?!hundred\b)[a-z][a-z-]+[^e\s-]ed|[a-z]+[- ]free|non[- ][a-z]+|whole|round|raw|fresh|frozen|chilled|boneless|skinless|headless|crude)$/;

/** Two materials joined before the goods ("iron and steel scrap", "cotton or linen shirts"): "and" does not end the goods' name there. */
const MATERIAL_WORD =
  '(?:iron|steel|stainless steel|aluminium|aluminum|copper|brass|bronze|zinc|lead|tin|nickel|gold|silver|platinum|cotton|wool|silk|linen|jute|polyester|nylon|acrylic|viscose|rayon|leather|rubber|plastics?|paper|wood|glass|ceramic|porcelain)';
const MATERIAL_PAIR = new RegExp(`^ ${MATERIAL_WORD} (?:and|or) (?=${MATERIAL_WORD} \\S)`);
/**
 * A share that is no material's ("wheat grain 12.5% protein", "milk powder 26% fat", "urea 46% N"): a specification
 * after the goods, where the head phrase ends. "Men's 100% cotton shirt" names what the shirt is made of, and 100%
 * says only that the goods are all of what follows ("Gold Standard 100% Whey Protein Powder", "100% pure argan oil").
 */
const SPEC_SHARE = new RegExp(` (?!100 ?%)\\d+(?:[.,]\\d+)? ?%(?! ${MATERIAL_WORD}\\b)`, 'g');
/**
 * One word joined to a name of two words or more names that name's goods too ("safety or relief valves", "salt
 * and pepper shakers", "new truck and bus radial tires"): "and" does not end the goods' name there; not before a
 * list's next goods ("biscuits and other bakers' wares") or what the goods are made of ("bolts and nuts of steel"
 * names bolts).
 */
const SHARED_NOUN = new RegExp(
  `^ (?:(?:new|used|second[- ]hand|spare|replacement|original|genuine) )?(?!other |similar )\\S+ (?:and|or) (?!(?:other|similar|the|a|an|${HEAD_END_WORDS}) )\\S+ (?!(?:${HEAD_END_WORDS}) )\\S`,
);
/**
 * Words that only say how goods are made or finished, or of what, before a comma and the goods: "chrome-plated, zinc
 * alloy, pistol grip style hose nozzle", "hand-held, battery-operated LED flashlight". Not "speed" or "tweed".
 */
const MODIFIER = `(?:[a-z]+-)?(?:(?!(?:speed|breed|bleed|steed|tweed|seaweed|hundred|shred)\\b)[a-z]{3,}ed|held|${MATERIAL_WORD}|alloys?)`;
const LEADING_MODIFIERS = new RegExp(`^\\s*(?:${MODIFIER} )*${MODIFIER}\\s*,\\s*(?=[^\\s,])`);
/** A description without the segments before its goods that are only such words (a query's, not a code's "Steel, stainless; ..."). */
export function withoutLeadingModifiers(text: string): string {
  let value = normalize(text);
  for (let match = LEADING_MODIFIERS.exec(value); match; match = LEADING_MODIFIERS.exec(value)) value = value.slice(match[0].length);
  return value;
}
/** The end of a sentence ("Corrugated cardboard shipping boxes. For export"), not of a one-letter abbreviation or a decimal. */
const SENTENCE_END = /(?<!(?:^|[\s.])\p{L})\.(?= )/gu;

/** A bracket inside the head phrase ("vinyl acetate (PEVA) tablecloth", "styrene (ABS) resin") says what comes before it again. */
const INNER_BRACKET = / \([^()]*\)(?= [^\s(])/g;

/** Plugs and ports: "USB-C to Lightning cable" and "HDMI to VGA adapter" join two of them, and "to" does not end the goods' name there. */
const CONNECTOR =
  '(?:usb(?:[- ]?[abc])?|type[- ]?c|micro[- ]?usb|mini[- ]?usb|lightning|(?:mini |micro )?hdmi|vga|dvi|displayport|thunderbolt(?: \\d)?|rca|xlr|aux|\\d(?:\\.\\d+)? ?mm|jack|ethernet|rj45|rj11|sata|optical|toslink|coaxial|scart)';
const BEFORE_CONNECTOR = new RegExp(`\\b${CONNECTOR}$`);
const AFTER_CONNECTOR = new RegExp(`^${CONNECTOR}\\b`);
const joinsConnectors = (value: string, index: number) =>
  value.startsWith(' to ', index) && BEFORE_CONNECTOR.test(value.slice(0, index)) && AFTER_CONNECTOR.test(value.slice(index + 4));

/** The head noun phrase of a description: what comes before HEAD_END ("knit vest made of polyester" -> "knit vest"). */
export function headPhrase(text: string): string {
  let value = ` ${normalize(text)} `.replace(INNER_BRACKET, '');
  value = value.replace(TRAILING_COUNT, ' ');
  const quantity = QUANTITY.exec(value.trimStart()) ?? CONTAINED.exec(value.trimStart());
  if (quantity) value = ` ${value.trimStart().slice(quantity[0].length)}`;
  value = ` ${value.replace(WEARERS, '').trimStart()}`;
  // The first cut after a word: "used car 1500cc" is not cut before "used".
  const pair = (MATERIAL_PAIR.exec(value) ?? SHARED_NOUN.exec(value))?.[0].length ?? 0;
  const cuts = [...value.matchAll(HEAD_END), ...value.matchAll(PARTICIPLE), ...value.matchAll(SPEC_SHARE), ...value.matchAll(SENTENCE_END)]
    .map((cut) => cut.index)
    .filter((index) => index > 0 && index >= pair && !joinsConnectors(value, index));
  let phrase = `${(cuts.length ? value.slice(0, Math.min(...cuts)) : value).trimEnd().replace(PACKING, '')} `
    .replace(MEASURE, '')
    .replace(COUNT, '')
    .trimEnd();
  phrase = ` ${phrase.trimStart().replace(LEADING_FEATURES, '')}`;
  while (TRAILING_PARTICIPLE.test(phrase)) phrase = phrase.replace(TRAILING_PARTICIPLE, '');
  const uncoloured = phrase.replace(TRAILING_COLOURS, '');
  const plain = uncoloured.replace(TRAILING_MODEL, '');
  const bare = plain.replace(TRAILING_FEATURES, '');
  return (bare.trim() ? bare : plain.trim() ? plain : uncoloured.trim() ? uncoloured : phrase).trim();
}

/** Arabic puts the noun first and its adjectives after it ("سيارة مستعملة", a used car; "أحذية جلدية", leather shoes). */
const nounFirst = (phrase: string): boolean => /\p{Script=Arabic}/u.test(phrase);

/** The noun of a head phrase's terms: the last one ("leather shoes"), in Arabic the first. */
export const nounOf = (phrase: string, list: string[]): string | undefined => (nounFirst(phrase) ? list[0] : list.at(-1));

/**
 * A part of a text that begins with "with" or "containing" says what its goods have ("of cars", "for tractors" name
 * the goods a code's parts are of, and stay).
 */
const AFTER_GOODS = /^\s*(?:with|without|containing|having|whether|avec|sans|con|sin)\s/;

/**
 * The goods a text names: the last term of each item of its list (in Arabic, and in French and Spanish when
 * `romance`, the first: "Pneumatiques neufs" names tyres, not "new"), cut at its head
 * phrase's end ("Trunks, suit-cases ... and bags" names trunks, cases and bags; "bottled water" names water,
 * not bottles; "ألبسة مستعملة", worn clothing, names clothing, not "used"). A conjunction after an item's head
 * phrase has ended joins what the goods are for or made of, not goods ("machinery for the manufacture or
 * repair of footwear" names no repair; "meals of oil seeds or oleaginous fruits" no fruits).
 */
export function headNouns(text: string, romance = false): string[] {
  const nouns = new Set<string>();
  // Each segment with the mark before it: a list begins at the text's start, after "(", ";" or ":".
  const parts = text.toLowerCase().split(/([,;:()])/);
  for (let at = 0; at < parts.length; at += 2) {
    // A search reference names its goods before " - " and what sets them apart after it: "sofas - wooden frame"
    // names sofas, not frames (a photo frame is no sofa); the part after it when none is before it.
    const pieces = parts[at].split(' - ');
    const goods = pieces.find((piece) => terms(headPhrase(piece)).length > 0) ?? parts[at];
    // Nor does a part that begins with "with": "Seats; with wooden frames, upholstered" names no frames.
    if (AFTER_GOODS.test(goods)) continue;
    const items = goods.split(/ and | or | et | ou | y | o /);
    for (const [position, item] of items.entries()) {
      // "Safety or relief valves", "(diesel or semi-diesel engines)" name valves and engines, not safety or diesel
      // (SHARED_NOUN); in a list after a comma the word is goods of its own ("Trunks, suit-cases and school satchels").
      // French and Spanish put the noun first: "fils et câbles isolés" names wires and cables.
      const begins = at === 0 || parts[at - 1] !== ',';
      const shared = !romance && begins && position === 0 && items.length > 1;
      if (shared && SHARED_NOUN.test(` ${item.trim()} or ${items[1].trim()} `)) continue;
      const phrase = headPhrase(item);
      const list = terms(phrase);
      const noun = romance ? list[0] : nounOf(phrase, list);
      if (noun !== undefined) nouns.add(noun);
      if (` ${item.trim()} `.search(HEAD_END) >= 0) break;
    }
  }
  return [...nouns];
}

/**
 * Weight of a query's terms outside its head phrase: what the goods are made of or used for decides between
 * the subheadings of the goods' heading, not which goods they are ("handbag made of nylon woven fabric" is a
 * handbag, not a fabric). Chosen on the CBP validation rows and our own development half (0.3 to 1).
 */
export const TAIL_WEIGHT = 0.5;

/**
 * Stemmed head nouns of what belongs to other goods: the words before them name those goods ("valve part"), or
 * the words after "for", "pour", "para" ("repuestos para motocicletas"; the French "pièces" is a stop word, as
 * English "pieces" is, so "pièces détachées" leaves "détachées"; the Arabic "أجزاء" and "قطع غيار", the Bengali "যন্ত্রাংশ").
 */
export const PART_HEADS = new Set([
  'part',
  'accessory',
  'component',
  'attachment',
  'spar',
  'fit',
  ...terms('repuestos recambios piezas accesorios accessoires composants détachées أجزاء قطع غيار যন্ত্রাংশ'),
]);
/** What names the goods a part belongs to after it: "parts for cars", "pièces pour automobiles", "repuestos para autos". */
export const OWNER_AFTER = /\b(?:for|of|to fit|pour|de|para)\s+(?=(.+))/g;
/** Stemmed head nouns that say nothing of the goods: the rest of the description does ("parts for motorcycles"). */
export const GENERIC_HEADS = new Set([
  ...PART_HEADS,
  ...terms('kit assortment articles products goods effects cargo merchandise things stuff gifts samples consignment parcel supplies'),
]);

/**
 * Added to the score of every code whose heading has a text naming the query's head noun ("women's knit
 * cape made from 100% wool": the capes of 61.02, not the wool trousers of 61.04), unless the noun is generic.
 * Chosen on the CBP validation rows and our own development half (0, 1, 2; with the subheading's texts too).
 */
export const HEAD_NOUN_WEIGHT = 1;

/**
 * Stemmed words of fibres, plastics and metals (with the terms they imply: polyester -> synthetic, man-made).
 * In a head that also names the goods ("chiffon blouse polyester", "stainless steel bolts") they say what the
 * goods are made of, which decides between the goods' subheadings (attributes.ts), not which goods they are.
 * Materials that are goods' names too (iron, glass, paper, rubber, leather, wood) are not among them.
 */
export const MATERIAL_TERMS = new Set(
  terms(
    'cotton wool silk linen synthetic polyester nylon acrylic spandex elastane lycra polyamide viscose rayon wooden ' +
      'plastic plastics pvc polyethylene polypropylene polycarbonate polyurethane vinyl silicone stainless steel aluminium aluminum copper brass ' +
      'coton laine soie plastique acier algodon lana seda plastico acero قطن صوف حرير بلاستيك فولاذ',
  ),
);

/**
 * Stemmed words of materials that are goods too ("carbon", "bamboo", "leather", "glass"): what the goods are
 * made of only when they end a title after the goods (FinderIndex.trailingMaterial).
 */
export const TITLE_MATERIAL_TERMS = new Set(
  terms(
    'carbon bamboo wood wooden ceramic porcelain glass leather rubber canvas denim cashmere velvet suede felt jute hemp ' +
      'cork marble granite crystal metal iron zinc chrome tpu tpe abs eva pu oak pine walnut teak rattan wicker fiberglass',
  ),
);

/** Stemmed words of who the goods are for: what kind of goods they are is said by other words. */
export const WEARER_TERMS = new Set(['man', 'woman', 'boy', 'girl', 'child', 'kid', 'infant', 'baby', 'toddler', 'unisex']);

export const RESIDUAL = /n\.e\.c|n\.e\.s|other than|\bother\b/i;

/** Lists of ids packed in one array: list i is values[offsets[i]] .. values[offsets[i + 1] - 1]. */
export interface Packed {
  offsets: Int32Array;
  values: Int32Array;
}

/** BM25 postings of one level: documents of each term, with the term's frequency in each. */
export interface Bm25State {
  docs: Packed;
  tf: Float64Array;
  lengthNorm: Float64Array;
}

/** Everything a built index holds, in plain arrays (see snapshot.ts). */
export interface IndexState {
  k1: number;
  b: number;
  terms: string[];
  idf: Float64Array;
  grams: string[];
  gramIdf: Float64Array;
  textLevel: Uint8Array;
  textOwner: Int32Array;
  textFold: Int8Array;
  textOfficial: Uint8Array;
  /** 0: a text every query reads; otherwise the position + 1 in GATED_LANGUAGES of the only language whose queries read it. */
  textLanguage: Uint8Array;
  /** Which languages' texts write each term (LANGUAGE_BITS): what tells the language of a query (see queryLanguages). */
  termLanguage: Uint8Array;
  textWeight: Float64Array;
  /** The part of textWeight that says who the goods are for (WEARER_TERMS: "Men's or boys' shirts"). */
  textWearerWeight: Float64Array;
  /** 1 for a text that says its goods are second-hand ("used clothing"): "used" is a stop word, the text is no name of "clothing". */
  textUsed: Uint8Array;
  textGramWeight: Float64Array;
  textsOfTerm: Packed;
  /** The texts naming each term as goods (headNouns). */
  textsOfHead: Packed;
  textsOfGram: Packed;
  desc: Bm25State;
  head: Bm25State;
  chap: Bm25State;
  bagCode: Packed;
  bagHeading: Packed;
  bagChapter: Packed;
  lexiconCount: Int32Array;
  /** FOLDS + RULING_FOLDS rows of one count per code. */
  foldCount: Int32Array;
  /** The text model (see textmodel.ts), trained with the index. */
  text?: TextModelState;
}

/** Packs lists of ids (each list in its given order). */
export function pack(lists: ArrayLike<number>[]): Packed {
  const offsets = new Int32Array(lists.length + 1);
  let total = 0;
  for (let index = 0; index < lists.length; index++) {
    offsets[index] = total;
    total += lists[index].length;
  }
  offsets[lists.length] = total;
  const values = new Int32Array(total);
  for (let index = 0; index < lists.length; index++) values.set(lists[index], offsets[index]);
  return { offsets, values };
}

/** Postings: for each id (0 .. size - 1), the positions of the lists holding it, ascending. */
export function invert(lists: ArrayLike<number>[], size: number): Packed {
  const offsets = new Int32Array(size + 1);
  for (const list of lists) for (let k = 0; k < list.length; k++) offsets[list[k] + 1]++;
  for (let id = 0; id < size; id++) offsets[id + 1] += offsets[id];
  const values = new Int32Array(offsets[size]);
  const fill = offsets.slice(0, size);
  for (let position = 0; position < lists.length; position++) {
    const list = lists[position];
    for (let k = 0; k < list.length; k++) values[fill[list[k]]++] = position;
  }
  return { offsets, values };
}

/**
 * Languages whose HS texts only a query in that language reads: they share the Latin script, and many
 * words and trigrams, with English ("table", "coton" and "cotton"), so that every English description
 * would match them too and be scored otherwise.
 */
export const GATED_LANGUAGES = ['fr', 'es'] as const;
/** The bit of each language in IndexState.termLanguage. */
export const LANGUAGE_BITS: Record<string, number> = { en: 1, fr: 2, es: 4 };

/**
 * Builds the index state from the nomenclature and the labelled texts. `official`: HS texts in another
 * script by code (chapter, heading, subheading), read like the English ones; BM25 lengths and trigram
 * weights are counted without them, so that an English description is scored as before but for the few
 * Latin words those texts write. `gated`: HS texts in French and Spanish (GATED_LANGUAGES), texts of their
 * codes like the official ones but read only for a query in their language, and no part of the BM25 documents.
 */
export function buildState(
  nomenclature: Nomenclature,
  lexicon: LabelledText[],
  options: { k1?: number; b?: number; official?: Map<string, string>[]; gated?: Map<string, Map<string, string>> } = {},
): IndexState {
  const k1 = options.k1 ?? DEFAULT_PARAMS.k1;
  const b = options.b ?? DEFAULT_PARAMS.b;
  const shape = new Hierarchy(nomenclature);
  const termIds = new Map<string, number>();
  const gramIds = new Map<string, number>();
  const idOf = (map: Map<string, number>, key: string) => {
    let id = map.get(key);
    if (id === undefined) {
      id = map.size;
      map.set(key, id);
    }
    return id;
  };
  const analysed = new Map<string, { terms: number[]; grams: number[] }>();
  const analyse = (text: string) => {
    let result = analysed.get(text);
    if (!result) {
      const list = words(normalize(text));
      result = {
        terms: termsOfWords(list).map((term) => idOf(termIds, term)),
        grams: trigramsOfWords(list).map((gram) => idOf(gramIds, gram)),
      };
      analysed.set(text, result);
    }
    return result;
  };
  const ids = (text: string) => analyse(text).terms;

  // Level documents
  const descDocs: number[][] = shape.codes.map((code) => {
    const own = [...ids(affirmed(nomenclature.subheadings.get(code)!.description))];
    for (const line of nomenclature.lines.get(code) ?? []) own.push(...ids(affirmed(line.description)));
    return own;
  });
  const headDocs: number[][] = shape.headings.map((code) => [...ids(affirmed(nomenclature.headings.get(code)!.description))]);
  const chapDocs: number[][] = shape.chapters.map((code) => {
    const chapter = nomenclature.chapters.get(code)!;
    return [...ids(affirmed(chapter.description)), ...ids(chapter.sectionName)];
  });

  const official = options.official ?? [];
  // Texts: official descriptions, lexicon and examples
  const texts: Array<{ text: string; level: 2 | 4 | 6; owner: number; fold: number; official: boolean; language?: string; gate?: number }> =
    [];
  const lexiconCount = new Int32Array(shape.codes.length);
  const foldCount = new Int32Array((FOLDS + RULING_FOLDS) * shape.codes.length);
  shape.codes.forEach((code, owner) => {
    texts.push({ text: affirmed(nomenclature.subheadings.get(code)!.description), level: 6, owner, fold: -1, official: true });
    for (const line of nomenclature.lines.get(code) ?? [])
      texts.push({ text: affirmed(line.description), level: 6, owner, fold: -1, official: true });
  });
  shape.headings.forEach((code, owner) =>
    texts.push({ text: affirmed(nomenclature.headings.get(code)!.description), level: 4, owner, fold: -1, official: true }),
  );
  shape.chapters.forEach((code, owner) =>
    texts.push({ text: affirmed(nomenclature.chapters.get(code)!.description), level: 2, owner, fold: -1, official: true }),
  );
  const beforeOfficial = texts.length;
  const officialTexts = (byCode: Map<string, string>, language?: string, gate?: number) => {
    // A subheading's own text is often a fragment ("غيرها", other): read after its heading's.
    shape.codes.forEach((code, owner) => {
      const own = byCode.get(code);
      if (own)
        texts.push({ text: `${byCode.get(code.slice(0, 4)) ?? ''} ${own}`, level: 6, owner, fold: -1, official: true, language, gate });
    });
    for (const [level, codes] of [
      [4, shape.headings],
      [2, shape.chapters],
    ] as const)
      codes.forEach((code, owner) => {
        const own = byCode.get(code);
        if (own) texts.push({ text: own, level, owner, fold: -1, official: true, language, gate });
      });
  };
  for (const byCode of official) officialTexts(byCode);
  GATED_LANGUAGES.forEach((language, position) => {
    const byCode = options.gated?.get(language);
    if (byCode) officialTexts(byCode, language, position + 1);
  });
  const officialCount = texts.length - beforeOfficial;
  const siblings = attributeSiblings(nomenclature.subheadings);
  const counterparts = genderCounterparts(nomenclature.subheadings);
  for (const item of lexicon) {
    const fold = item.fold ?? (item.source === 'translation' ? -1 : foldOf(item.text));
    if (item.code.length === 6) {
      const own = codesOfText(siblings, item.text, item.code);
      for (const code of own) {
        const owner = shape.codeIndex.get(code);
        if (owner === undefined) continue;
        texts.push({ text: item.text, level: 6, owner, fold, official: false, language: item.language });
        lexiconCount[owner]++;
        if (fold >= 0) foldCount[fold * shape.codes.length + owner]++;
      }
      // A garment's name that says nothing of its wearers names the others' garments too; as a text only, not in
      // the counts of the prior, which keeps the labelled wearers first when a query says nothing of them either.
      for (const code of counterpartsOfText(counterparts, item.text, own)) {
        const owner = shape.codeIndex.get(code);
        if (owner !== undefined) texts.push({ text: item.text, level: 6, owner, fold, official: false, language: item.language });
      }
    } else if (item.code.length === 4) {
      const owner = shape.headingIndex.get(item.code);
      if (owner === undefined) continue;
      texts.push({ text: item.text, level: 4, owner, fold, official: false, language: item.language });
      headDocs[owner].push(...ids(item.text));
    } else if (item.code.length === 2) {
      const owner = shape.chapterIndex.get(item.code);
      if (owner === undefined) continue;
      texts.push({ text: item.text, level: 2, owner, fold, official: false, language: item.language });
      chapDocs[owner].push(...ids(item.text));
    }
  }
  // The official texts in another script join the BM25 documents, whose lengths stay those without them.
  const [descLength, headLength, chapLength] = [descDocs, headDocs, chapDocs].map((docs) => docs.map((doc) => doc.length));
  const [mainDesc, mainHead, mainChap] = [descDocs, headDocs, chapDocs].map((docs) => docs.map((doc) => [...new Set(doc)]));
  for (const [docs, codes] of [
    [descDocs, shape.codes],
    [headDocs, shape.headings],
    [chapDocs, shape.chapters],
  ] as const)
    codes.forEach((code, owner) => {
      for (const byCode of official) docs[owner].push(...ids(byCode.get(code) ?? ''));
    });
  const rawTextTerms = texts.map((item) => ids(item.text));
  const rawTextHeads = texts.map((item) =>
    headNouns(item.text, item.language === 'fr' || item.language === 'es').map((term) => idOf(termIds, term)),
  );
  const textGrams = texts.map((item) => analyse(item.text).grams);
  const termCount = termIds.size;
  const gramCount = gramIds.size;
  // The English texts are the nomenclature's and the lexicon's in English; the Arabic ones have no bit.
  const termLanguage = new Uint8Array(termCount);
  texts.forEach((item, position) => {
    const bit = LANGUAGE_BITS[item.language ?? (position < beforeOfficial ? 'en' : '')] ?? 0;
    for (const id of rawTextTerms[position]) termLanguage[id] |= bit;
  });

  // Distinct ids of lists, by stamping
  const seen = new Int32Array(Math.max(termCount, 1));
  let stampValue = 0;
  const distinct = (list: number[]): number[] => {
    stampValue++;
    const result: number[] = [];
    for (const id of list) {
      if (seen[id] !== stampValue) {
        seen[id] = stampValue;
        result.push(id);
      }
    }
    return result;
  };
  const textTerms = rawTextTerms.map(distinct);
  const descSets = descDocs.map(distinct);
  const headSets = headDocs.map(distinct);
  const chapSets = chapDocs.map(distinct);

  // Inverse document frequency over subheadings, each with its heading's and chapter's text. A word of the
  // English texts and the lexicon is counted there only, not in the official texts in other languages (the Latin
  // words the Arabic texts write, "PCB", "kVA"; an Arabic word of the lexicon's translations): those would count
  // each code twice. A word only those texts write is counted in them.
  const isOfficial = (position: number) => position >= beforeOfficial && position < beforeOfficial + officialCount;
  const documentFrequency = (main: boolean): Int32Array => {
    const df = new Int32Array(termCount);
    const ownTexts: number[][] = shape.codes.map(() => []);
    texts.forEach((item, position) => {
      if (item.level === 6 && !(main && isOfficial(position))) ownTexts[item.owner].push(position);
    });
    const [codeSets, headingSets, chapterSets] = main ? [mainDesc, mainHead, mainChap] : [descSets, headSets, chapSets];
    shape.codes.forEach((_, index) => {
      stampValue++;
      const mark = (id: number) => {
        if (seen[id] !== stampValue) {
          seen[id] = stampValue;
          df[id]++;
        }
      };
      codeSets[index].forEach(mark);
      for (const position of ownTexts[index]) textTerms[position].forEach(mark);
      if (shape.headingOf[index] >= 0) headingSets[shape.headingOf[index]].forEach(mark);
      if (shape.chapterOf[index] >= 0) chapterSets[shape.chapterOf[index]].forEach(mark);
    });
    return df;
  };
  const [mainDf, allDf] = [documentFrequency(true), documentFrequency(false)];
  const total = shape.codes.length;
  const idf = Float64Array.from(mainDf, (main, id) => {
    const count = main || allDf[id];
    return count === 0 ? 0 : Math.log(1 + (total - count + 0.5) / (count + 0.5));
  });

  // BM25 levels
  const level = (docs: number[][], sets: number[][], length: number[]): Bm25State => {
    const postings = invert(sets, termCount);
    const tf = new Float64Array(postings.values.length);
    const fill = postings.offsets.slice(0, termCount);
    docs.forEach((doc) => {
      const counts = new Map<number, number>();
      for (const id of doc) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const [id, count] of counts) tf[fill[id]++] = count;
    });
    const average = length.reduce((sum, value) => sum + value, 0) / Math.max(1, length.length);
    const lengthNorm = Float64Array.from(length, (value) => k1 * (1 - b + (b * value) / (average || 1)));
    return { docs: postings, tf, lengthNorm };
  };

  // Trigrams: weights over texts; those in more than a sixth of the texts carry little and cost much: left out.
  // As for words, a trigram is counted in the official texts in another script only when no other text has it.
  const gramDf = new Int32Array(gramCount);
  const officialGramDf = new Int32Array(gramCount);
  textGrams.forEach((grams, position) => {
    const counts = isOfficial(position) ? officialGramDf : gramDf;
    for (const id of grams) counts[id]++;
  });
  for (let id = 0; id < gramCount; id++) if (gramDf[id] === 0) gramDf[id] = officialGramDf[id];
  const textTotal = texts.length - officialCount;
  const gramCap = Math.max(50, Math.floor(textTotal / 6));
  const gramIdf = Float64Array.from(gramDf, (count) =>
    count === 0 || count > gramCap ? 0 : Math.log(1 + (textTotal - count + 0.5) / (count + 0.5)),
  );
  const keptGrams = textGrams.map((grams) => grams.filter((id) => gramIdf[id] > 0));
  const textWeight = Float64Array.from(textTerms, (list) => list.reduce((sum, id) => sum + idf[id], 0));
  const wearerIds = new Set([...WEARER_TERMS].map((term) => termIds.get(term)));
  const textWearerWeight = Float64Array.from(textTerms, (list) => list.reduce((sum, id) => sum + (wearerIds.has(id) ? idf[id] : 0), 0));
  const textGramWeight = Float64Array.from(keptGrams, (list) => list.reduce((sum, id) => sum + gramIdf[id], 0));

  const order = (map: Map<string, number>) => {
    const list: string[] = new Array(map.size);
    for (const [key, id] of map) list[id] = key;
    return list;
  };
  return {
    k1,
    b,
    terms: order(termIds),
    idf,
    grams: order(gramIds),
    gramIdf,
    textLevel: Uint8Array.from(texts, (item) => item.level),
    textOwner: Int32Array.from(texts, (item) => item.owner),
    textFold: Int8Array.from(texts, (item) => item.fold),
    textOfficial: Uint8Array.from(texts, (item) => (item.official ? 1 : 0)),
    textLanguage: Uint8Array.from(texts, (item) => item.gate ?? 0),
    termLanguage,
    textWeight,
    textWearerWeight,
    textUsed: Uint8Array.from(texts, (item) => (statesUsed(item.text) ? 1 : 0)),
    textGramWeight,
    textsOfTerm: invert(textTerms, termCount),
    textsOfHead: invert(rawTextHeads, termCount),
    textsOfGram: invert(keptGrams, gramCount),
    desc: level(descDocs, descSets, descLength),
    head: level(headDocs, headSets, headLength),
    chap: level(chapDocs, chapSets, chapLength),
    bagCode: invert(descSets, termCount),
    bagHeading: invert(headSets, termCount),
    bagChapter: invert(chapSets, termCount),
    lexiconCount,
    foldCount,
  };
}

/** The codes of the three levels and how they nest. */
export class Hierarchy {
  readonly codes: string[];
  readonly headings: string[];
  readonly chapters: string[];
  readonly codeIndex = new Map<string, number>();
  readonly headingIndex = new Map<string, number>();
  readonly chapterIndex = new Map<string, number>();
  readonly headingOf: Int32Array;
  readonly chapterOf: Int32Array;
  readonly chapterOfHeading: Int32Array;
  readonly codesOfHeading: Packed;
  readonly codesOfChapter: Packed;

  constructor(nomenclature: Nomenclature) {
    this.codes = [...nomenclature.subheadings.keys()].sort();
    this.headings = [...nomenclature.headings.keys()].sort();
    this.chapters = [...nomenclature.chapters.keys()].sort();
    this.codes.forEach((code, index) => this.codeIndex.set(code, index));
    this.headings.forEach((code, index) => this.headingIndex.set(code, index));
    this.chapters.forEach((code, index) => this.chapterIndex.set(code, index));
    this.headingOf = Int32Array.from(this.codes, (code) => this.headingIndex.get(code.slice(0, 4)) ?? -1);
    this.chapterOf = Int32Array.from(this.codes, (code) => this.chapterIndex.get(code.slice(0, 2)) ?? -1);
    this.chapterOfHeading = Int32Array.from(this.headings, (code) => this.chapterIndex.get(code.slice(0, 2)) ?? -1);
    const byHeading: number[][] = this.headings.map(() => []);
    const byChapter: number[][] = this.chapters.map(() => []);
    this.codes.forEach((_, index) => {
      if (this.headingOf[index] >= 0) byHeading[this.headingOf[index]].push(index);
      if (this.chapterOf[index] >= 0) byChapter[this.chapterOf[index]].push(index);
    });
    this.codesOfHeading = pack(byHeading);
    this.codesOfChapter = pack(byChapter);
  }
}
