/**
 * Text processing of the tariff finder: one normalisation for queries and for every indexed text, in
 * English, French, Spanish, Arabic and Bengali. Words are folded (case, Latin accents, Arabic letter
 * variants, digits), split, cleared of stop words and light-stemmed; character trigrams of the words
 * give tolerance to typos and to forms the stemmer does not join.
 */

const ARABIC_DIACRITICS = /[\u064B-\u065F\u0670\u0640]/g;
const LATIN_MARKS = /[\u0300-\u036f]/g;

/** Spelling variants folded to the form HS descriptions use. */
const VARIANTS: Record<string, string> = {
  aluminum: 'aluminium',
  tire: 'tyre',
  tires: 'tyres',
  color: 'colour',
  colors: 'colours',
  jewelry: 'jewellery',
  fiber: 'fibre',
  fibers: 'fibres',
  liter: 'litre',
  liters: 'litres',
  ltr: 'litre',
  center: 'centre',
  gray: 'grey',
  molding: 'moulding',
  mold: 'mould',
  molded: 'moulded',
  pajamas: 'pyjamas',
  pajama: 'pyjama',
  catalog: 'catalogue',
  favor: 'favour',
  sulfur: 'sulphur',
  sulfate: 'sulphate',
  sulfuric: 'sulphuric',
  yogurt: 'yoghurt',
};

/**
 * American spellings folded to the British ones of HS 2022 ("vulcanized", "fertilizer", "analyzer"; "flavored",
 * "odor", "vapor"): the national lines and the search references write both. Not "size" and its compounds
 * ("oversized"), "maize" or "prize".
 */
const AMERICAN_IZE = /^([a-z]{2,}[^\Wsz])(i|y)z(e|ed|es|er|ers|ing|ation|ations)$/;
const AMERICAN_OR = /^(colo|flavo|odo|vapo|labo|harbo|armo|humo|favo|watercolo|rumo|tumo|vigo)r(s|ed|ing|ings|less|ful)?$/;
const british = (word: string): string => word.replace(AMERICAN_IZE, '$1$2s$3').replace(AMERICAN_OR, '$1ur$2');

/** Irregular English plurals and a few other forms the suffix rules miss. */
const IRREGULAR: Record<string, string> = {
  men: 'man',
  women: 'woman',
  children: 'child',
  feet: 'foot',
  teeth: 'tooth',
  knives: 'knife',
  leaves: 'leaf',
  wives: 'wife',
  mice: 'mouse',
  geese: 'goose',
  halves: 'half',
  shelves: 'shelf',
  loaves: 'loaf',
  calves: 'calf',
  dice: 'die',
  oxen: 'ox',
  frozen: 'freez',
  dried: 'dry',
  mens: 'man',
  womens: 'woman',
  ladies: 'woman',
  lady: 'woman',
  gents: 'man',
  scarves: 'scarf',
  kids: 'child',
  babies: 'baby',
  boys: 'boy',
  girls: 'girl',
  // Garments, not the fabric ("cloth", "cloths": floor-cloths, dish-cloths).
  clothes: 'clothing',
  clothing: 'clothing',
};

/** Words ending in -ing or -ed that are not inflections. */
const KEEP_ENDING = new Set([
  'string',
  'spring',
  'ring',
  'king',
  'wing',
  'sling',
  'thing',
  'swing',
  'bring',
  'sing',
  'bearing',
  'ceiling',
  'pudding',
  'bed',
  'red',
  'shed',
  'seed',
  'feed',
  'speed',
  'breed',
  'need',
  'weed',
  'reed',
  'steed',
  'hundred',
  'sled',
  // put in bottles: "bottled water" is water, not bottles
  'bottled',
  // shaped in a mould: an "injection moulded plastic chair" is a chair, not the moulds of 84.80
  'moulded',
]);

/**
 * Words that imply the terms HS descriptions use: a fibre implies its class ("polyester" -> synthetic,
 * man-made), a trade abbreviation its full form. Expanded in queries and indexed texts alike.
 */
const EXPANSIONS: Record<string, string[]> = {
  polyester: ['synthetic', 'manmade'],
  nylon: ['synthetic', 'manmade', 'polyamide'],
  acrylic: ['synthetic', 'manmade'],
  spandex: ['synthetic', 'elastomeric'],
  elastane: ['synthetic', 'elastomeric'],
  lycra: ['synthetic', 'elastomeric'],
  polypropylene: ['synthetic'],
  viscose: ['artificial', 'manmade'],
  rayon: ['artificial', 'manmade'],
  merino: ['wool'],
  cashmere: ['kashmir', 'wool'],
  pashmina: ['kashmir', 'wool'],
  woolen: ['wool'],
  woollen: ['wool'],
  hdpe: ['polyethylene', 'ethylene'],
  ldpe: ['polyethylene', 'ethylene'],
  pe: ['polyethylene', 'ethylene'],
  pp: ['polypropylene', 'propylene'],
  pvc: ['polyvinyl', 'vinyl', 'chloride'],
  upvc: ['pvc', 'polyvinyl', 'vinyl', 'chloride'],
  ss: ['stainless', 'steel'],
  gi: ['galvanised', 'steel'],
  galvanized: ['galvanised'],
  ms: ['steel'],
  // Filament yarns as spinners name them: fully drawn, draw textured, partially oriented.
  fdy: ['filament', 'yarn'],
  dty: ['textured', 'filament', 'yarn'],
  poy: ['filament', 'yarn'],
  // A blend is what HS texts call "mixed mainly or solely with" another fibre; blended and spun yarns are of staple fibres.
  blended: ['mixed', 'staple'],
  spun: ['staple'],
  tv: ['television'],
  antenna: ['aerial'],
  antennas: ['aerials'],
  ac: ['air', 'conditioning'],
  lcd: ['liquid', 'crystal'],
  pc: ['computer', 'data', 'processing'],
  laptop: ['portable', 'computer', 'data', 'processing'],
  smartphone: ['telephone', 'cellular'],
  mobile: ['cellular', 'telephone'],
  cellphone: ['cellular', 'telephone'],
  phone: ['telephone'],
  tee: ['tshirt'],
  jeans: ['trousers', 'denim', 'cotton'],
  hoodie: ['pullover', 'jersey'],
  sweater: ['pullover', 'jersey'],
  sneakers: ['sports', 'footwear'],
  sneaker: ['sports', 'footwear'],
  shoes: ['footwear'],
  shoe: ['footwear'],
  boots: ['footwear'],
  sandals: ['footwear'],
  slippers: ['footwear'],
  bike: ['bicycle', 'cycle'],
  bicycle: ['cycle'],
  car: ['motor', 'vehicle'],
  suv: ['motor', 'vehicle'],
  truck: ['motor', 'vehicle', 'goods'],
  tyre: ['pneumatic'],
  tire: ['pneumatic'],
  fridge: ['refrigerator'],
  meds: ['medicament'],
  medicine: ['medicament'],
};

/**
 * Stop words of the five languages, plus quantities and shop words that say nothing about the goods
 * (pack, pcs, size, premium...). They are dropped from queries and from indexed texts alike.
 */
export const STOP_WORDS = new Set(
  [
    // English
    'a an the and or of for with without in on at to by from as is are be this that these those its it into per not other than up',
    'such all any each both which whether but including excluding n e c nec nes incl excl kind kinds used use type types etc',
    'new original genuine premium quality best sale free shipping brand high pack packs pcs pc piece pieces set sets lot box boxes',
    'pair pairs size sizes unit units item items model version edition style color colour colours approx about only more less',
    'x kg g gm gms gram grams ml l litre litres cl oz lb lbs mm cm m inch inches ft w kw v mah gb tb hz cc',
    // French
    'le la les un une des du de d l et ou en au aux pour avec sans sur par dans qui que est sont neuf neuve neufs',
    // Spanish
    'el los las uno una unos unas del y o para con sin por en que es son nuevo nueva',
    // Arabic (normalised forms)
    'من في على مع و او الى عن ذو ذات هذا هذه جديد جديده سي',
    // Bengali
    'ও এবং থেকে জন্য করা সহ এর নতুন সিসি পুরাতন পুরনো পুরোনো ব্যবহৃত',
  ]
    .join(' ')
    .split(/\s+/),
);

/**
 * Stems that, like the English stop words "used", "kind" and "type", say what goods are for rather than what they
 * are: the Arabic tariff's "من الأنواع المستعملة في" (of a kind used in), the French "des types utilisés" and the
 * Spanish "del tipo utilizado". Kept, "المستعملة للسيارات" (of a kind used for cars, 4012.11) drew "سيارة مستعملة" (a
 * used car) to tyres. That goods are second-hand is the condition attribute's (attributes.ts), as in English. The
 * French "usagés" (worn) has the stem of "à usage médical" (for medical use): "vêtements usagés" went to rubber gloves;
 * and "d'occasion" (second-hand) is the condition, not goods: "voitures d'occasion" went to worn clothing.
 */
const STOP_STEMS = new Set(['مستعمل', 'انواع', 'نوع', 'utilis', 'utilizado', 'utilizada', 'tipo', 'usag', 'occasion', 'doccasion']);

/** Country names in the five languages (CLDR, through Intl), and the English names traders also write. */
function countryNames(): Set<string> {
  const names = new Set(['turkey', 'usa', 'u.s.a.', 'u.s.', 'uk', 'korea', 'hong kong', 'czech republic', 'holland', 'america', 'prc']);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const locale of ['en', 'fr', 'es', 'ar', 'bn']) {
    const display = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    for (const first of letters)
      for (const second of letters) {
        const code = first + second;
        const name = code === 'ZZ' ? code : display.of(code);
        if (name && name !== code) names.add(name.toLowerCase());
      }
  }
  return names;
}

/**
 * Where goods come from, as descriptions say it ("from China", "made in Turkey", "fabriqué en Chine", "صنع في
 * الصين", "চীন থেকে"): the country of origin never decides the code, and its name can be goods of another
 * chapter (china, turkey, brazil nuts). "made from turkey" is what the goods are made of, and stays.
 * The words that announce a country are found first, then the name after them is looked up (a regular
 * expression of every name took 13 ms on a 2,000-character description).
 */
const COUNTRY_NAMES = countryNames();
const LONGEST_NAME = Math.max(...[...COUNTRY_NAMES].map((name) => name.length));
const ORIGIN_BEFORE = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}])(?:${[
    'made in',
    'manufactured in',
    'produced in',
    'assembled in',
    'product of',
    'country of origin:?',
    'origin:?',
    'originating (?:in|from)',
    '(?:(?:sold|imported|exported|shipped|used) )?(?:in|to|into)',
    '(?<!(?:made|prepared|derived|obtained|produced|manufactured|extracted|fabricated|cut|woven|knitted|sewn|composed|formed|cast|carved|distilled|brewed) )(?:imported |exported |shipped )?from',
    'fabriqu[ée]e?s? (?:en|au|aux)',
    "en provenance (?:de|du|des|d['’])",
    "originaires? (?:de|du|des|d['’])",
    'hech[oa]s? en',
    'fabricad[oa]s? en',
    'procedentes? de',
    'importad[oa]s? de',
    'صنع في',
    'مصنوع في',
    'مستورد من',
    'من',
    'بلد المنشأ:?',
  ].join('|')})\\s*(?:the\\s+)?`,
  'giu',
);
/** Bengali puts it after the name: "চীন থেকে" (from China), "চীনে তৈরি" (made in China). */
const ORIGIN_AFTER = /\s*থেকে|ে তৈরি|-?এ তৈরি/gu;
const LETTER = /[\p{L}\p{M}\p{N}]/u;

/**
 * Apple's Lightning plug beside a cable, an adapter or another plug ("USB-C to Lightning cable", "Lightning
 * earphones"): read as the USB plug it does the work of, not as the weather's (the lightning arresters of 85.35).
 */
const LIGHTNING_PLUG =
  /\blightning(?=[\s-]+(?:cables?|cords?|connectors?|adapters?|adaptors?|chargers?|charging|ports?|plugs?|headphones?|earphones?|earpods|to\b))|(?<=\b(?:to|usb(?:[- ]?[abc])?|type[- ]?c)[\s-]+)lightning\b/giu;
export const withPlugsNamed = (text: string): string => text.replace(LIGHTNING_PLUG, 'USB');

/**
 * An official English text without the goods and qualities it negates, for matching: "(not covering the ankle)",
 * "(other than sportswear)", "excluding fillets", "not frozen", "without fittings", "non-adjustable" speak against
 * their words, not for them (a query's "ankle boots" is not of "(not covering the ankle)"). "Non-X" becomes one word,
 * "nonX", as a query's "non-X" gives it; "whether or not", "with or without", "not more than" and "not exceeding" are
 * no negations.
 */
export function affirmed(text: string): string {
  return text
    .replace(/\((?:not|other than|excluding|excl\.?|except|without)\b[^)]*\)/gi, ' ')
    .replace(/\bnon-(?=[a-z])/gi, 'non')
    .replace(
      /(?<!\bor )\b(?:not(?! (?:more|less|over|under|exceeding|elsewhere)\b)|other than|excluding|except|without)\b[^,;:()]*/gi,
      ' ',
    );
}

/** A description without where the goods come from. */
export function withoutOrigin(text: string): string {
  const spans: Array<[number, number]> = [];
  const isName = (from: number, to: number) => COUNTRY_NAMES.has(text.slice(from, to).toLowerCase());
  for (const match of text.matchAll(ORIGIN_BEFORE)) {
    const start = match.index + match[0].length;
    // The longest name that starts here and ends at a word's end.
    for (let end = Math.min(text.length, start + LONGEST_NAME); end > start; end--)
      if ((end === text.length || !LETTER.test(text[end])) && isName(start, end)) {
        spans.push([match.index, end]);
        break;
      }
  }
  for (const match of text.matchAll(ORIGIN_AFTER)) {
    for (let start = Math.max(0, match.index - LONGEST_NAME); start < match.index; start++)
      if ((start === 0 || !LETTER.test(text[start - 1])) && isName(start, match.index)) {
        spans.push([start, match.index + match[0].length]);
        break;
      }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let result = '';
  let position = 0;
  for (const [from, to] of spans) {
    if (from < position) continue;
    result += `${text.slice(position, from)} `;
    position = to;
  }
  return result + text.slice(position);
}

/**
 * What traders write around the goods when they ask for a code or a duty ("HS code for solar panels", "import
 * duty on used cars", "how much tax on iphone", "I want to import baby milk powder", "code SH pour", "arancel
 * para", "الرسوم الجمركية على", "আমদানি শুল্ক"): the question, not the goods. Left in, "code" and "duty" were the
 * head noun and the words the codes were found by ("hs code for shrimp feed" went to computer units). So are
 * a manifest's clauses ("shipper's load and count", "said to contain", "freight prepaid") and the numbers that
 * identify a unit ("chassis no NZT260": a used car had gone to chassis, 87.06). "heavy duty", "bar code" and
 * "price tags" are goods' words and stay.
 */
const FRAMING = new RegExp(
  `(?<![\\p{L}\\p{M}\\p{N}])(?:${[
    // English: the question, the code asked for, the duty, the trade
    "(?:what(?:'s| is| are)|which is|tell me|find|give me|please|kindly|need|looking for)(?: the)?(?= )",
    '(?:h\\.?s\\.?n?|hts|tariff|customs|commodity|harmoni[sz]ed(?: system)?|classification)(?: tariff)? (?:codes?|numbers?|no\\.?|headings?|lines?)(?: (?:for|of|on))?',
    '(?:(?:import|export|customs|excise)(?:ed)? )?(?<!heavy[\\s-])(?:duty|duties|tax|taxes|tariffs?)(?: (?:rates?|amount|payable|charged))?(?: (?:on|for|of|to pay))',
    'vat(?: rates?)? on',
    '(?:import|export|customs) (?:duty|duties|tax|taxes|tariffs?|permits?|licen[cs]es?|requirements?|procedures?|rules|regulations|documents)(?: (?:for|of|on))?',
    'how much(?: (?:is|are|the|tax|taxes|duty|duties|customs|to pay|do i pay|will i pay|should i pay))*(?: (?:on|for))?',
    '(?:i|we) (?:want|need|would like|wish|plan|am planning|are planning) to (?:import|export|bring in|bring|ship|send|buy)',
    '(?:import(?:ing|ation)?|export(?:ing|ation)?|classification|classifying|classify|price|cost) of',
    '(?:import|export)(?:ed|s)?(?=\\s*$)',
    // A manifest's clauses: the carrier's, not the goods
    "shipper(?:'|’)?s (?:load|loaded)(?:,? stow(?:age)?)?(?:,? (?:and|&) count(?:ed)?)?:?",
    'said to contain:?',
    'freight (?:prepaid|collect)',
    // and the numbers that identify a unit or a document ("chassis no NZT260-3012345", "serial no: 4711"), not goods
    '(?:chassis|engine|frame|serial|lot|batch|invoice|container|seal|model) ?(?:no\\.?|nos\\.?|numbers?|#) ?:? ?(?=[\\p{L}\\p{N}/-]*\\p{N})[\\p{L}\\p{N}/-]+',
    // a vehicle identification number has 11 to 17 letters and digits ("vin 2019" is French wine of 2019)
    'vin(?: ?(?:no\\.?|number|#))? ?:? ?(?=[\\p{L}\\p{N}]*\\p{N})[\\p{L}\\p{N}]{11,17}',
    // French
    '(?:code|position|nomenclature) (?:sh|douanier|tarifaire|du tarif|de la nomenclature)(?: (?:de|du|des|pour))?',
    "(?:droits?|taxes?) (?:de douane |d'importation |à l'importation )?(?:sur|pour)(?: (?:les?|la|l'))?",
    "(?:importation|exportation|classement) (?:de|du|des|d')",
    'tarif douanier (?:de|du|des|pour)',
    // Spanish
    '(?:c[oó]digo|partida|fracci[oó]n|posici[oó]n) (?:arancelari[oa]|sa|hs|aduaner[oa])(?: (?:de|del|para))?',
    '(?:arancel(?:es)?|impuestos?|derechos?)(?: (?:de importaci[oó]n|aduaneros?|de aduana))? (?:de|del|para|sobre|a)(?: (?:los?|las?))?',
    '(?:importaci[oó]n|exportaci[oó]n|clasificaci[oó]n(?: arancelaria)?) (?:de|del)',
    // Arabic
    'رمز (?:النظام المنسق|التعرفة|التعريفة|جمركي|الجمركي)(?: ل)?',
    'البند الجمركي(?: ل)?',
    '(?:ال)?رسوم (?:ال)?جمركي[ةه](?: (?:على|ل))?',
    '(?:ال)?ضريب[ةه] (?:على|ل)',
    '(?:ل|ب)?(?:ال)?(?:استيراد|تصدير)',
    // Bengali
    'এইচএস কোড',
    '(?:আমদানি|রপ্তানি)(?: (?:শুল্ক|কর))?',
    '(?:শুল্ক|ভ্যাট)(?: হার)?',
  ].join('|')})(?![\\p{L}\\p{M}\\p{N}])`,
  'giu',
);

/**
 * A parcel's declared category before its contents ("Gift: chocolates and perfume", "Commercial sample - fabric"),
 * a bare "code for" that begins a question, and what holds the goods ("Consignment of 500 bags of Portland
 * cement", "Shipment contains used monitors": "consignment" is a generic word and had asked for a description).
 */
const LABEL =
  /^\s*(?:(?:gifts?|contents?|description(?: of (?:goods|contents))?|goods|items?|merchandise|(?:commercial )?samples?|sale of goods|returned goods|products?|cadeaux?|contenu|marchandises?|[ée]chantillons?|regalos?|contenido|mercanc[íi]as?|muestras?|هدي[ةه]|المحتويات|উপহার)\s*(?::|\s[-–—])|(?:the )?codes? (?:for|of)(?=\s)|(?:an? |one )?(?:consignments?|shipments?|cargo|parcels?|packages?|containers?|lots?) (?:of|containing|contains|consisting of|with)(?=\s))/iu;

/** A description without the trader's question around it (FRAMING, LABEL). */
export const withoutFraming = (text: string): string => text.replace(LABEL, ' ').replace(FRAMING, ' ');

/** Folds case, Latin accents, Arabic letter variants and Arabic-Indic, Persian and Bengali digits. */
export function normalize(text: string): string {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().replace(/'s\b/g, '');
  let value = text.normalize('NFKC').toLowerCase();
  value = value.normalize('NFD').replace(LATIN_MARKS, '').normalize('NFC');
  value = value
    .replace(ARABIC_DIACRITICS, '')
    .replace(/[إأآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6))
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss');
  // English possessive: men's -> men
  return value.replace(/['’]s\b/g, '');
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:[-'’][\p{L}\p{M}\p{N}]+)*/gu;
const HAS_DIGIT = /\p{N}/u;
const MODEL_NUMBER = /^(\p{L}{4,})\p{N}+$/u;
const ARABIC = /[\u0600-\u06ff]/;
const BENGALI = /[\u0980-\u09ff]/;

/** Words of a normalised text: hyphenated words give their joined form and their parts; single letters join the next word ("t shirt"). */
export function words(normalized: string): string[] {
  const result: string[] = [];
  const raw = normalized.match(WORD) ?? [];
  for (let index = 0; index < raw.length; index++) {
    const word = raw[index];
    if (/[-'’]/.test(word)) {
      const parts = word.split(/[-'’]/);
      const joined = parts.join('');
      if (!HAS_DIGIT.test(joined)) result.push(joined);
      // Parts of three letters or fewer ("man" of man-made, "pre" of pre-filled) would match the wrong words.
      for (const part of parts) if (part.length > 3 && !HAS_DIGIT.test(part)) result.push(part);
      continue;
    }
    if (HAS_DIGIT.test(word)) {
      // A model's number after a word of four letters or more ("Buds2", "iPhone15", "Watch6"): the word.
      const named = MODEL_NUMBER.exec(word);
      if (named) result.push(named[1]);
      continue;
    }
    if (word.length === 1 && /[a-z]/.test(word) && index + 1 < raw.length && !HAS_DIGIT.test(raw[index + 1])) {
      result.push(word + raw[index + 1].replace(/[-'’]/g, ''));
      continue;
    }
    result.push(word);
  }
  return result;
}

function stemLatin(word: string): string {
  // Own keys only: a word such as "constructor" is not a key of these tables.
  const variant = Object.hasOwn(VARIANTS, word) ? VARIANTS[word] : british(word);
  if (Object.hasOwn(IRREGULAR, variant)) return IRREGULAR[variant];
  let stem = variant;
  if (stem.length > 4 && stem.endsWith('ies')) stem = stem.slice(0, -3) + 'y';
  else if (stem.length > 4 && /(ches|shes|sses|xes|zes|atoes|anoes|goes)$/.test(stem)) stem = stem.slice(0, -2);
  else if (stem.length > 3 && stem.endsWith('s') && !/(ss|us|is|ys)$/.test(stem)) stem = stem.slice(0, -1);
  if (KEEP_ENDING.has(stem)) return stem;
  if (stem.length > 5 && stem.endsWith('ing')) stem = undouble(stem.slice(0, -3));
  else if (stem.length > 4 && stem.endsWith('ied')) stem = stem.slice(0, -3) + 'y';
  else if (stem.length > 4 && stem.endsWith('ed') && !stem.endsWith('eed')) stem = undouble(stem.slice(0, -2));
  // A final e goes (phone/phones/phoned, machine/machining, chaussure/chaussures).
  if (stem.length > 4 && stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem;
}

function undouble(stem: string): string {
  return stem.length > 3 && /([bdfgklmnprt])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
const ARABIC_SUFFIXES = ['ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];

/** An Arabic word without its article or prefixed conjunction. */
function arabicBase(word: string): string {
  let base = word;
  for (const prefix of ARABIC_PREFIXES) {
    if (base.startsWith(prefix) && base.length - prefix.length >= 2) {
      base = base.slice(prefix.length);
      break;
    }
  }
  return base.length > 3 && base.startsWith('و') ? base.slice(1) : base;
}

function withoutArabicSuffix(base: string): string {
  for (const suffix of ARABIC_SUFFIXES) {
    if (base.endsWith(suffix) && base.length - suffix.length >= 2) return base.slice(0, -suffix.length);
  }
  return base;
}

function stemArabic(word: string): string {
  const base = arabicBase(word);
  return SINGULARS.get(base) ?? withoutArabicSuffix(base);
}

/**
 * Arabic broken plurals of goods, after their singular: the plural is not the singular with a suffix, so the
 * light stemmer cannot join them ("معطف", a coat, and "معاطف", coats, as the tariff writes its headings).
 */
const BROKEN_PLURALS = [
  ['حذاء', 'أحذية'], // shoe
  ['معطف', 'معاطف'], // coat
  ['قميص', 'قمصان'], // shirt
  ['فستان', 'فساتين'], // dress
  ['سروال', 'سراويل'], // trousers
  ['جورب', 'جوارب'], // sock
  ['منديل', 'مناديل'], // handkerchief
  ['زر', 'أزرار'], // button
  ['حقيبة', 'حقائب'], // bag
  ['كيس', 'أكياس'], // sack
  ['صندوق', 'صناديق'], // box
  ['سكين', 'سكاكين'], // knife
  ['ملعقة', 'ملاعق'], // spoon
  ['فرن', 'أفران'], // oven
  ['موقد', 'مواقد'], // stove
  ['مروحة', 'مراوح'], // fan
  ['كرسي', 'كراسي'], // chair
  ['مقعد', 'مقاعد'], // seat
  ['مصباح', 'مصابيح'], // lamp
  ['مفتاح', 'مفاتيح'], // key, switch
  ['قفل', 'أقفال'], // lock
  ['مسمار', 'مسامير'], // nail
  ['برغي', 'براغي'], // screw
  ['صامولة', 'صواميل'], // nut
  ['مطرقة', 'مطارق'], // hammer
  ['منشار', 'مناشير'], // saw
  ['ملقط', 'ملاقط'], // tweezers
  ['مكنسة', 'مكانس'], // broom
  ['فرشاة', 'فراشي'], // brush
  ['مشط', 'أمشاط'], // comb
  ['أنبوب', 'أنابيب'], // pipe, tube
  ['سلك', 'أسلاك'], // wire
  ['حبل', 'حبال'], // rope
  ['خيط', 'خيوط'], // thread, yarn
  ['لوح', 'ألواح'], // sheet, board
  ['قرص', 'أقراص'], // disc, tablet
  ['جهاز', 'أجهزة'], // apparatus
  ['هاتف', 'هواتف'], // telephone
  ['حاسوب', 'حواسيب'], // computer
  ['جزء', 'أجزاء'], // part
  ['مادة', 'مواد'], // material
  ['سلعة', 'سلع'], // good
  ['بضاعة', 'بضائع'], // goods
  ['لعبة', 'ألعاب'], // toy, game
  ['كتاب', 'كتب'], // book
  ['قلم', 'أقلام'], // pen
  ['ورقة', 'أوراق'], // paper, leaf
  ['عطر', 'عطور'], // perfume
  ['زيت', 'زيوت'], // oil
  ['لحم', 'لحوم'], // meat
  ['فاكهة', 'فواكه'], // fruit
  ['ثمرة', 'ثمار'], // fruit
  ['بذرة', 'بذور'], // seed
  ['جلد', 'جلود'], // hide, leather
  ['حجر', 'أحجار'], // stone
  ['معدن', 'معادن'], // metal
  ['خشب', 'أخشاب'], // wood
  ['سفينة', 'سفن'], // ship
  ['قارب', 'قوارب'], // boat
  ['أداة', 'أدوات'], // tool
  ['دواء', 'أدوية'], // medicine
  ['صحن', 'صحون'], // plate
  ['سمك', 'أسماك'], // fish
  ['قماش', 'أقمشة'], // fabric
  ['سماد', 'أسمدة'], // fertiliser
  ['كوب', 'أكواب'], // cup
  ['طبق', 'أطباق'], // dish
] as const;
/**
 * Each broken plural (without its article) to its singular's stem, read before the suffixes are: without
 * them, tools ("أدوات") and medicines ("أدوية") are one stem.
 */
const SINGULARS = new Map(
  BROKEN_PLURALS.map(([singular, plural]) => [arabicBase(normalize(plural)), withoutArabicSuffix(arabicBase(normalize(singular)))]),
);

const BENGALI_SUFFIXES = ['গুলো', 'গুলি', 'দের', 'েরা', 'টি', 'টা', 'ের', 'কে', 'তে'];

function stemBengali(word: string): string {
  for (const suffix of BENGALI_SUFFIXES) {
    if (word.endsWith(suffix) && [...word].length - [...suffix].length >= 2) return word.slice(0, -suffix.length);
  }
  return word;
}

/** The stem of one normalised word. */
export function stem(word: string): string {
  if (ARABIC.test(word)) return stemArabic(word);
  if (BENGALI.test(word)) return stemBengali(word);
  return stemLatin(word);
}

/** Stemmed terms of a text, stop words dropped, in order (repeats kept). */
export function terms(text: string): string[] {
  return termsOfWords(words(normalize(text)));
}

const stemCache = new Map<string, string>();

function stemCached(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    if (stemCache.size < 100_000) stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** Stemmed terms of a text's words (see words()). */
export function termsOfWords(list: string[]): string[] {
  const result: string[] = [];
  for (const word of list) {
    if (STOP_WORDS.has(word)) continue;
    const expansion = Object.hasOwn(EXPANSIONS, word) ? EXPANSIONS[word] : undefined;
    if (expansion) for (const extra of expansion) result.push(stemCached(extra));
    const stemmed = stemCached(word);
    if (stemmed.length < 2 || STOP_STEMS.has(stemmed)) continue;
    result.push(stemmed);
  }
  return result;
}

/** Distinct character trigrams of a text's words (each word padded with a space on both sides). */
export function trigrams(text: string): string[] {
  return trigramsOfWords(words(normalize(text)));
}

/** Distinct character trigrams of a text's words (see words()). */
export function trigramsOfWords(list: string[]): string[] {
  const result = new Set<string>();
  for (const word of list) {
    if (STOP_WORDS.has(word) || word.length < 2) continue;
    const padded = ` ${word} `;
    for (let index = 0; index + 3 <= padded.length; index++) result.add(padded.slice(index, index + 3));
  }
  return [...result];
}
