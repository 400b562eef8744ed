/**
 * Chemical names. A description that names a chemical by its systematic name or its CAS number
 * ("2-methyl-2-butene", "Fluorene (CAS 86-73-7)", "4,4'-Diaminodiphenylsulfone") shares few words with
 * the texts of HS chapter 29, which name functional groups ("acyclic hydrocarbons", "ether-phenols", "azo
 * compounds"). This reads the groups a name is built of and gives the heading that chapter 29's note 3 gives
 * a compound with several of them: the last in numerical order.
 */

/** Added to the score of the codes under a chemical's heading, as the other fixed rules (attributes.ts). */
export const CHEMICAL_WEIGHT = 6;

/**
 * Taken from a code under a chemical's heading whose subheading names compounds the description does not
 * ("Cyclic hydrocarbons; cumene" for fluorene): the compound is then one of the heading's others.
 */
export const NAMED_COMPOUND_WEIGHT = 3;

/** A CAS registry number: 2 to 7 digits, 2 digits, 1 check digit (the word "CAS" alone is French for "case"). */
const CAS = /\b\d{2,7}-\d{2}-\d\b/;

/** Parts of systematic names: a token with a locant ("2-", "4,4'-", "N-", "p-") and one of these is a chemical name. */
const MORPHEMES =
  /(?:meth|eth|prop|but|pent|hex|hept|oct)(?:yl|an|en|yn|ox)|phenyl|phenol|benz|naphth|amino|amine|hydroxy|chloro|bromo|fluoro|iodo|nitro|sulfon|sulphon|azo|cyano|vinyl|acetyl|oic\b|furan|pyr|oxan|oxol|azol|azin/;
const LOCANT = /(?:^|[\s([,])(?:\d+(?:,\d+)*'*|[nosp]|[opm])-\(?\[?[a-z]/;

/** Mixtures, preparations and polymers are not chemically defined compounds of chapter 29. */
const NOT_A_COMPOUND =
  /\b(?:poly\w*|copolymers?|resins?|mixtures?|preparations?|formulations?|blends?|herbicides?|insecticides?|fungicides?|pesticides?|medicaments?|tablets?|capsules?)\b/;

/**
 * Goods in measured doses or forms of a medicament ("paracetamol tablets 500mg", "amoxicillin capsules", "sirop
 * contre la toux") are no separate chemically defined compounds of chapters 28 and 29 (their notes 1): heading
 * 30.04 has medicaments "put up in measured doses ... or in forms or packings for retail sale", and food
 * supplements are of 21.06. Read on the normalised text (accents folded, lower case).
 */
const DOSE_FORMS =
  'tablets?|caplets?|capsules?|softgels?|lozenges?|syrups?|ampoules?|ampuls?|injections?|suppositor(?:y|ies)|eye drops|comprimes?|gelules?|sirops?|comprimidos?|capsulas?|jarabes?|اقراص|كبسولات|شراب|ট্যাবলেট|ক্যাপসুল|সিরাপ';
/** A dose's strength ("400mg", "1000 iu"): a medicament or a supplement, not a tablet computer or a coffee capsule. */
const STRENGTH_UNITS = '\\d+(?:[.,]\\d+)? ?(?:mg|mcg|µg|iu)';
const word = (pattern: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`, 'u');
const MEASURED_DOSES = word(`${DOSE_FORMS}|${STRENGTH_UNITS}`);
const STRENGTH = word(STRENGTH_UNITS);

/** Whether a description names goods in measured doses (MEASURED_DOSES). */
export const inMeasuredDoses = (normalized: string): boolean => MEASURED_DOSES.test(normalized);

/** Whether a description states a dose's strength (STRENGTH). */
export const statesStrength = (normalized: string): boolean => STRENGTH.test(normalized);

/** The codes of medicaments in measured doses and of food supplements, for a description that states a strength. */
export const DOSED_CODES = ['3003', '3004', '210690'];

/** Functional groups and the chapter 29 heading of a compound that has them, in the heading's order. */
const GROUPS: Array<[string, RegExp]> = [
  ['2901', /\b(?:meth|eth|prop|but|pent|hex|hept|oct|non|dec)(?:ane|ene|yne|ylene|adiene)\b|\bisoprene\b|\w+(?:ane|ene|yne)\b/],
  ['2902', /benzene|toluene|xylene|styrene|naphthalene|anthracene|phenanthrene|fluorene|cumene|biphenyl|cyclo\w*(?:ane|ene)\b|indene/],
  ['2903', /chloro|bromo|fluoro|iodo|(?:methyl|ethyl|vinyl|vinylidene|methylene|benzyl) (?:chloride|bromide|fluoride|iodide)/],
  ['2904', /sulfonic|sulphonic|sulfonate|sulphonate|nitro(?!gen)|nitroso/],
  ['2905', /\w{3,}(?:an|en|yn)ol\b|\w+diol\b|\w+triol\b|glycol|glycerol|sorbitol|mannitol|xylitol|\balcohol/],
  ['2906', /menthol|cyclo\w*ol\b|benzyl alcohol|phenylethanol|terpineol|cholesterol|sterol\b|inositol/],
  ['2907', /phenol(?!ic resin)|cresol|naphthol|resorcinol|hydroquinone|catechol|thymol|xylenol/],
  ['2908', /(?:chloro|bromo|fluoro|iodo|nitro|sulfo|sulpho)[\w,'-]*(?:phenol|cresol)/],
  ['2909', /(?:meth|eth|prop|but|phen|benzyl)oxy|\bethers?\b/],
  ['2910', /epoxide|oxirane/],
  ['2912', /aldehyde|vanillin|\w+anal\b/],
  ['2914', /ketone|\w+(?:an|en)one\b|acetone|(?<!hydro)quinone/],
  ['2915', /acetic|acetate|formic|formate|propionic|propionate|butyric|butyrate|\w+anoic|\w+anoate|stearic|stearate|palmitic|lauric/],
  ['2916', /acrylic|acrylate|methacryl|benzoic|benzoate|oleic|linoleic|cinnamic|crotonic|sorbic|phenylacetic/],
  [
    '2917',
    /dioic|dicarboxylic|tricarboxylic|phthalic|phthalate|oxalic|oxalate|adipic|adipate|maleic|succinic|fumaric|malonic|sebacic|trimellitic/,
  ],
  ['2918', /(?:hydroxy|oxo|keto|methoxy)[\w,'-]*(?:oic|ic\b)|lactic|citric|tartaric|salicylic|salicylate|gluconic|malic|gallic/],
  ['2919', /phosphoric ester|\w+yl phosphate|phosphate ester/],
  ['2920', /phosphite|thiophosphate|\w+yl carbonate|\w+yl sulfate/],
  ['2921', /amine\b|amines\b|amino|aniline|toluidine|diamine/],
  [
    '2922',
    /amino[\w,'-]*(?:acid|oic|ol\b|phenol|benzoic)|(?:hydroxy|methoxy|ethoxy)[\w,'-]*(?:amin|anilin)|anisidine|phenetidine|glycine|lysine|glutamic|alanine|serine|threonine|ethanolamine/,
  ],
  ['2923', /(?:tetra\w*|\w+yl)ammonium|choline|lecithin/],
  ['2924', /amide\b|amides\b|\w+amide|carbamate|ureido|acetamido/],
  ['2925', /imide|\w+imine|guanidine|saccharin/],
  ['2926', /nitrile|cyano/],
  ['2927', /(?:^|[^a-z]|di)azo(?!l|ne)/],
  ['2928', /\w+hydrazine|hydrazide|hydrazone|hydroxylamine/],
  ['2929', /isocyanate/],
  ['2930', /thio(?!sulf|sulph|cyanate)|mercapto|sulfide|sulphide|sulfone|sulphone|sulfoxide|thiol|methionine/],
  ['2931', /silane|phosphon|phosphin|phospha(?!te)|organotin|stann/],
  ['2932', /furan|pyran|lactone|coumarin|dioxane|dioxolane/],
  [
    '2933',
    /pyridin|piperidin|pyrimidin|piperazin|pyrazin|pteridin|triazin|triazol|imidazol|pyrazol|pyrrol|quinolin|indol|carbazol|acridin|purin|hydantoin|melamine|azepin|lactam/,
  ],
  ['2934', /thiazol|thiophen|oxazol|thiazin|morpholin|nucleic/],
  ['2935', /sulfonamide|sulphonamide/],
  ['2936', /vitamin|ascorbic|tocopherol|riboflavin|thiamine|niacin|retinol|biotin|folic/],
  ['2937', /steroid|estradiol|testosterone|cortisone|\w+solone|\w+sone\b|insulin/],
  ['2939', /caffeine|nicotine|ephedrine|quinine|morphine|codeine|theobromine|theophylline/],
  ['2941', /\w+mycin|\w+cillin|\w+cycline/],
];

/** Whether a description names a chemical: a CAS number, or a systematic name (a locant and a part of such names in one token). */
export function namesChemical(text: string): boolean {
  const lower = text.toLowerCase();
  if (CAS.test(lower)) return true;
  return lower.split(/\s+/).some((token) => LOCANT.test(token) && MORPHEMES.test(token));
}

/**
 * The chapter 29 heading of a chemical named by a description (the last heading among its groups, as chapter 29's
 * note 3 says), or null: not a chemical name, a mixture or polymer, or no group it knows.
 */
export function chemicalHeading(text: string): string | null {
  if (!namesChemical(text)) return null;
  const lower = text.toLowerCase();
  if (NOT_A_COMPOUND.test(lower)) return null;
  let heading: string | null = null;
  for (const [code, pattern] of GROUPS) if (pattern.test(lower)) heading = code;
  return heading;
}

/** Words that describe a class of compounds or a treatment of them, not a compound. */
const CLASS_WORDS =
  /^(?:halogenated|sulphonated|sulfonated|nitrated|nitrosated|derivatives?|salts?|esters?|acids?|isomers?|mixed|their|thereof|\w+s)$/;

/**
 * The compounds a chapter 29 subheading names in its own part (after the heading's words, before "excluding" or
 * "other than"): "Cyclic hydrocarbons; cumene" names cumene, "Ether-alcohols ...; 2,2-oxydiethanol (diethylene
 * glycol, digol)" oxydiethanol, diethylene and glycol; a residual or class subheading ("n.e.c. in heading no.
 * 2902", "Ether-phenols, ...", "containing an unfused pyrazole ring", "containing only nitro or only nitroso
 * groups") names none.
 */
function namedCompounds(subheading: string): string[] {
  const own = subheading.includes('; ') ? subheading.slice(subheading.indexOf('; ') + 2) : '';
  const named = own
    .toLowerCase()
    .replace(/\([^()]*(?:function|whether)[^()]*\)|containing [^;,()]*(?:ring(?:-system)?|groups?)\b/g, ' ')
    .split(/\b(?:excluding|other than|other|not|no|n\.e\.c)\b/)[0];
  return [...new Set(named.split(/[^a-z]+/))].filter(
    (word) => word.length > 3 && !CLASS_WORDS.test(word) && (MORPHEMES.test(word) || GROUPS.some(([, pattern]) => pattern.test(word))),
  );
}

/**
 * The compounds that set each subheading of one heading apart: those it names (namedCompounds) that at most one
 * other subheading of the heading names too ("xylene" in o-, m-, p- and mixed xylenes is not one of them).
 */
export function distinctCompounds(subheadings: string[]): string[][] {
  const named = subheadings.map(namedCompounds);
  const count = new Map<string, number>();
  for (const words of named) for (const word of words) count.set(word, (count.get(word) ?? 0) + 1);
  return named.map((words) => words.filter((word) => count.get(word)! <= 2));
}

/**
 * Whether a chemical's description names none of the compounds a subheading names (and the subheading names
 * some), word for word: "1,3,5-trimethylbenzene" is not ethylbenzene.
 */
export function namesOtherCompound(description: string, compounds: string[]): boolean {
  if (compounds.length === 0) return false;
  const words = new Set(description.toLowerCase().split(/[^a-z]+/));
  return !compounds.some((compound) => words.has(compound));
}
