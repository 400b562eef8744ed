import { describe, expect, it } from 'vitest';
import {
  buildState,
  GATED_LANGUAGES,
  HEAD_NOUN_WEIGHT,
  headNouns,
  headPhrase,
  nounOf,
  TAIL_WEIGHT,
  withoutLeadingModifiers,
} from './index-state.js';
import {
  attributesOf,
  attributeWords,
  codesOfText,
  counterpartsOfText,
  genderCounterparts,
  compareAttributes,
  attributeSiblings,
  partsCode,
  poweredCode,
  specifiedGoods,
  usedOnly,
  wasteOnly,
  statesWaste,
  withEngineRanges,
} from './attributes.js';
import { affirmed, normalize, terms, withoutFraming, withoutOrigin, withPlugsNamed } from './text.js';
import { testFinder } from './test-model.js';
import { FinderIndex, isTitle } from './finder-index.js';

/** How the finder reads a goods description as customs officers write them: the goods first, then what they are made of and for. */
describe('goods descriptions', () => {
  /** The materials a description states, as attributeWords names them. */
  const material = (text: string) => attributeWords(attributesOf(text)).material;

  it('finds the head phrase: the goods, not who they are for, how many, or what they are made of', () => {
    expect(headPhrase("women's knit vest made of 100% polyester fabric")).toBe('women knit vest');
    expect(headPhrase("men's and boys' knit jackets made of polyester")).toBe("boys' knit jackets");
    expect(headPhrase('pair of unisex gloves with a palm of PVC')).toBe('unisex gloves');
    expect(headPhrase('variety of ophthalmic apparatus including slit lamps')).toBe('ophthalmic apparatus');
    expect(headPhrase('Polivac film composed of polyethylene terephthalate')).toBe('polivac film');
    expect(headPhrase('multi-media receiver installed in boats')).toBe('multi-media receiver');
    expect(headPhrase('used car 1500cc')).toBe('used car');
    // A sentence ends the goods' name; one letter and a dot ("u.s.") does not, nor a decimal.
    expect(headPhrase('Corrugated cardboard shipping boxes.')).toBe('corrugated cardboard shipping boxes');
    expect(headPhrase('Steel wire rope 12.5 mm. Galvanized')).toBe('steel wire rope');
    // Segments of how the goods are made or of what, before a comma and the goods, are not the goods (a query's).
    const goods = (text: string) => headPhrase(withoutLeadingModifiers(text));
    expect(goods('chrome-plated, zinc alloy, pistol grip style hose nozzle')).toBe('pistol grip style hose nozzle');
    expect(goods('hand-held, battery-operated, LED flashlight')).toBe('led flashlight');
    expect(goods('insulated, stainless steel, vacuum flask')).toBe('vacuum flask');
    expect(goods('tweed, jacket')).toBe('tweed');
    expect(goods('Printed')).toBe('printed');
    expect(headPhrase('3 in 1 coffee mix')).toMatch(/coffee mix$/);
    expect(headPhrase('shirts in 2 colours')).toBe('shirts');
    // A word of condition before one word joined to the goods' name: "truck and bus" tyres.
    expect(headPhrase('New truck and bus radial tires 11R22.5')).toMatch(/^new truck and bus radial tires/);
    expect(headPhrase('leather shoes')).toBe('leather shoes');
    expect(headPhrase('Logitech wireless mouse graphite')).toBe('logitech wireless mouse');
    // A metal named as the finish is a colour: the goods are the phone.
    expect(headPhrase('Apple iPhone 15 Pro Max 256GB Natural Titanium')).toBe('apple iphone');
    expect(headPhrase('Apple iPhone 13 128GB Rose Gold')).toBe('apple iphone');
    expect(headPhrase('titanium')).toBe('titanium');
    // So are a product line's model words and numbers at the end of a title, but not a chemical's locants.
    expect(headPhrase('Apple AirPods Pro')).toBe('apple airpods');
    // And what a title says of how its goods work or are sold, after naming them.
    expect(headPhrase('air fryer 5L digital')).toBe('air fryer');
    expect(headPhrase('Baby Stroller Foldable Lightweight')).toBe('baby stroller');
    expect(headPhrase('digital camera')).toBe('digital camera');
    expect(headPhrase('Samsung Galaxy S24 Ultra')).toBe('samsung galaxy');
    expect(headPhrase('Apple AirPods Pro 2nd generation with MagSafe case')).toBe('apple airpods');
    expect(headPhrase('ethyl 2-methylbutanoate')).toBe('ethyl 2-methylbutanoate');
    expect(headPhrase('mp3 player')).toBe('mp3 player');
    // How many it holds or has is no more the goods than a measure; nor is that it is thrown away.
    expect(headPhrase('Camping Tent 4 Person Waterproof')).toBe('camping tent');
    expect(headPhrase('Toaster 2 Slice Stainless Steel')).toBe('toaster stainless steel');
    expect(headPhrase('Face Masks Disposable 3 Ply')).toBe('face masks');
    expect(headPhrase('bus 40 seats')).toBe('bus');
    expect(headPhrase('power cable 4 core 16mm')).toBe('power cable');
    expect(headPhrase('air conditioner 1.5 ton split')).toBe('air conditioner split');
    expect(headPhrase('car seats')).toBe('car seats');
    // Nor a rating, a conductor's section or a current; nor what a transformer is filled with.
    expect(headPhrase('oil immersed transformer 250 kVA')).toBe('oil immersed transformer');
    expect(headPhrase('distribution transformer 250 kVA oil immersed')).toBe('distribution transformer');
    expect(headPhrase('PVC insulated copper cable 2.5 sq mm')).toBe('pvc insulated copper cable');
    expect(headPhrase('MCB 32 A double pole')).toBe('mcb double pole');
    expect(headPhrase('car battery 12V 70Ah lead acid')).toBe('car battery');
    expect(headPhrase('smoke detector battery operated')).toBe('smoke detector');
    expect(headPhrase('lawn mower petrol self propelled')).toBe('lawn mower');
    // A yarn's count, denier or blend ratio, and a rating of two figures.
    expect(headPhrase('POLYESTER COTTON BLENDED YARN 65/35 NE 30')).toBe('polyester cotton blended yarn');
    expect(headPhrase('POLYESTER FDY 75D/36F BRIGHT')).toBe('polyester fdy');
    expect(headPhrase('power transformer 33/11 kV 20 MVA')).toBe('power transformer');
    expect(headPhrase('3d printer')).toBe('3d printer');
    // "Made" that says how the goods are made does not end their name; "made of" does.
    expect(headPhrase('machine made carpet of polypropylene')).toBe('machine made carpet');
    expect(headPhrase('hand made wool rug')).toBe('hand made wool rug');
    expect(headPhrase('rug made in India')).toBe('rug');
    // A bracket inside the phrase repeats what comes before it; the goods follow it.
    expect(headPhrase('polyethylene vinyl acetate (PEVA) tablecloth from China')).toBe('polyethylene vinyl acetate tablecloth');
    expect(headPhrase('Fluorene (CAS 86-73-7)')).toBe('fluorene');
    // Containers and counts: the goods are what they hold ("bags of jute" are bags).
    expect(headPhrase('bottle of whisky 700ml')).toBe('whisky');
    expect(headPhrase('red wine 2 bottles')).toBe('red wine');
    expect(headPhrase('box of 100 screws')).toBe('100 screws');
    expect(headPhrase('Hanes crew socks 6 pack')).toBe('hanes crew socks');
    expect(headPhrase('bags of jute')).toBe('bags');
    expect(headPhrase('black tea')).toBe('black tea');
    expect(headPhrase('black')).toBe('black');
    // "to" between two plugs or ports names a cable or an adapter; elsewhere it ends the goods' name.
    expect(headPhrase('Apple USB-C to Lightning Cable (1 m) White')).toBe('apple usb-c to lightning cable');
    expect(headPhrase('HDMI to VGA adapter')).toBe('hdmi to vga adapter');
    expect(headPhrase('machine to cut paper')).toBe('machine');
    // "set of 6" after the goods counts them: the goods come before it, not after it.
    expect(headPhrase('Cotton Bath Towels Set of 6')).toBe('cotton bath towels set');
    expect(headPhrase('set of kitchen knives')).toBe('kitchen knives');
    // Measures inside a title and a participle ending it are not the goods.
    expect(headPhrase('Hydro Flask 32 oz Wide Mouth water bottle')).toBe('hydro flask wide mouth water bottle');
    expect(headPhrase('Cast iron skillet 12 inch pre-seasoned')).toBe('cast iron skillet');
    expect(headPhrase('Garden hose 50 ft')).toBe('garden hose');
    expect(headPhrase('almonds roasted salted')).toBe('almonds');
    expect(headPhrase('sunflower seed')).toBe('sunflower seed');
    expect(headPhrase('used')).toBe('used');
    expect(headPhrase('Nitrile Disposable Gloves Powder Free 100 pcs')).toBe('nitrile disposable gloves');
    expect(headPhrase('Silicone Baking Mat Non Stick')).toBe('silicone baking mat');
    expect(headPhrase('non woven bag')).toBe('non woven bag');
    // The state goods are in, after them ("whole" had been the goods 16.04's "whole or in pieces" names).
    expect(headPhrase('mackerel whole round')).toBe('mackerel');
    expect(headPhrase('chicken frozen')).toBe('chicken');
    expect(headPhrase('soybean oil crude')).toBe('soybean oil');
    expect(headPhrase('fresh')).toBe('fresh');
    // A manifest line's packing: a measure and a container after the goods.
    expect(headPhrase('LDPE FILM GRADE RESIN 25KG BAGS')).toBe('ldpe film grade resin');
    expect(headPhrase('white sugar 50 kg sacks')).toBe('white sugar');
    expect(headPhrase('cement bags')).toBe('cement bags');
    // Two materials joined before the goods: "and" does not end the goods' name; between goods it does.
    expect(headPhrase('iron and steel scrap')).toBe('iron and steel scrap');
    expect(headPhrase('cotton and linen shirts for men')).toBe('cotton and linen shirts');
    expect(headPhrase('nuts and bolts')).toBe('nuts');
  });

  it('weighs the words outside the head phrase less, except after a head that says nothing of the goods', () => {
    const { index } = testFinder();
    const weights = (text: string) => Object.fromEntries(index.queryTerms(text).map((item) => [item.term, item.weight]));
    const handbag = weights("woman's handbag made of nylon woven fabric");
    expect(handbag.handbag).toBe(weights('handbag').handbag);
    expect(handbag.nylon).toBeCloseTo(weights('nylon').nylon * TAIL_WEIGHT, 10);
    expect(handbag.woven).toBeCloseTo(weights('woven').woven * TAIL_WEIGHT, 10);
    // A material beside a word of the goods is not the goods either; alone, it is.
    expect(weights('chiffon blouse polyester').polyester).toBeCloseTo(weights('polyester').polyester * TAIL_WEIGHT, 10);
    expect(weights('chiffon blouse polyester').blous).toBe(weights('blouse').blous);
    expect(weights('stainless steel bolts').steel).toBeCloseTo(weights('steel').steel * TAIL_WEIGHT, 10);
    expect(weights('polyester cotton').polyester).toBe(weights('polyester').polyester);
    // A material that is goods too ends a title after the goods; where a text names the two as goods, it is the goods.
    expect(weights('fishing rod carbon').carbon).toBeCloseTo(weights('carbon').carbon * TAIL_WEIGHT, 10);
    expect(weights('fishing rod carbon').rod).toBe(weights('rod').rod);
    // How a cable charges is none of its goods either.
    expect(weights('USB C Cable 2m Fast Charging Nylon Braided').charg).toBeCloseTo(weights('charging').charg * TAIL_WEIGHT, 10);
    // So does it before a word of how the goods work.
    expect(weights('Fishing Rod Carbon Telescopic').carbon).toBeCloseTo(weights('carbon').carbon * TAIL_WEIGHT, 10);
    expect(weights('Fishing Rod Carbon Telescopic').rod).toBe(weights('rod').rod);
    expect(weights('activated carbon').carbon).toBe(weights('carbon').carbon);
    // A word of how goods work is no goods before a material: "Lasko Digital Ceramic Tower Heater" is a heater.
    expect(weights('Lasko Digital Ceramic Tower Heater').heater).toBe(weights('heater').heater);
    expect(weights('window glass').glass).toBe(weights('glass').glass);
    expect(handbag.woman).toBeLessThan(weights('woman').woman);
    const parts = weights('parts for motorcycles');
    expect(parts.motorcycl).toBe(weights('motorcycles').motorcycl);
    // A head the index does not know leaves every word its weight.
    expect(weights('zorblax made of cotton').cotton).toBe(weights('cotton').cotton);
  });

  it('takes the last word a text names as goods for the head noun when a title ends with another, but not in French or Spanish', () => {
    const { index } = testFinder();
    const at = (code: string) => index.codeIndex.get(code)!;
    // "telescopic" names no goods: the rod does (95.07 fishing rods), not the word at the end.
    expect(index.features('fishing rod telescopic').head4[index.headingOf[at('950710')]]).toBe(1);
    expect(index.features('fishing rod').head4[index.headingOf[at('950710')]]).toBe(1);
    // Spanish puts the goods first: "televisor LED 50 pulgadas" is a television, and its head noun is not the LED.
    expect(index.features('televisor LED 50 pulgadas').head4[index.headingOf[at('854141')]]).toBe(0);
  });

  it('reads the materials a code states, "of textile materials" being every fibre', () => {
    const words = attributeWords(attributesOf('Handbags; with outer surface of plastic sheeting or of textile materials', true));
    expect(words.material).toEqual(expect.arrayContaining(['100% cotton', 'wool', 'silk', 'polyester', 'plastic']));
    expect(attributeWords(attributesOf("Women's trousers of cotton, knitted")).construction).toEqual(['knit']);
  });

  it('reads a garment of several fibres as of the one with the largest share, not counting its lining', () => {
    expect(material("women's swim bottom made of 54% cotton, 36% polyester, and 10% spandex")).toEqual(['100% cotton']);
    expect(material('T-shirt Cotton 40% Polyester 60%')).toEqual(['polyester']);
    expect(material('chemise 65 % de coton, 35 % polyester')).toEqual(['100% cotton']);
    // A word may qualify the material after its share: the trim's elastane is not the shirt's.
    expect(material('T-shirt of 100% combed cotton, neckband with 5% elastane')).toEqual(['100% cotton']);
    expect(material('leggings 95% recycled polyester 5% spandex')).toEqual(['polyester']);
    expect(material('jacket 80% wool 20% nylon, lining 100% polyester')).toEqual(['wool']);
    // Equal shares of fibres: the fibre of the last chapter (Section XI, note 2 (A)).
    expect(material("men's shorts 50% polyester 50% cotton")).toEqual(['polyester']);
    expect(material('scarf 50% silk 50% wool')).toEqual(['wool']);
  });

  it('reads a misspelt word as the known word one edit away, but not a brand, a short word or a word of the language', () => {
    const finder = testFinder();
    const first = (text: string) => finder.predict(text, 1).predictions[0]?.code;
    expect(first('labtop')).toBe(first('laptop'));
    expect(first('cosmatics')).toBe(first('cosmetics'));
    expect(first('refrigirator')).toBe(first('refrigerator'));
    // Unknown to the index, but words the vectors know (brands): not read as a known word one edit away.
    for (const brand of ['kleenex', 'duracell', 'gillette']) expect(finder.index.features(brand).weight, brand).toBe(0);
    // Five letters or fewer have too many neighbours: "zvrib" stays nonsense.
    expect(finder.index.features('zvrib').weight).toBe(0);
    expect(finder.index.features('cosmatics').weight).toBe(finder.index.features('cosmetics').weight);
  });

  it('does not read brass in brassieres or brassicas', () => {
    expect(material('brass door handles')).toEqual(['copper']);
    expect(material('brassieres')).toEqual([]);
    expect(material('edible brassicas')).toEqual([]);
  });

  it('reads alloyed and non-alloy metals, as the metal headings split them', () => {
    const alloy = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).alloy;
    expect(alloy('alloyed aluminum sheets in cut lengths')).toEqual(['alloy']);
    expect(alloy('hot rolled non-alloy steel coil')).toEqual(['non-alloy']);
    expect(alloy('tôles en aluminium non allié')).toEqual(['non-alloy']);
    // Stainless steel is alloy steel (chapter 72, note 1 (e)): not of the non-alloy flat-rolled products.
    expect(alloy('stainless steel bars')).toEqual(['alloy']);
    expect(alloy('tôle en acier inoxydable')).toEqual(['alloy']);
    const nonAlloySheet = attributesOf('Iron or non-alloy steel; in coils, flat-rolled, width 600mm or more, cold-rolled', true);
    expect(compareAttributes(attributesOf('cold rolled stainless steel sheet 1.5 mm'), nonAlloySheet).rules).toBeLessThan(0);
    expect(compareAttributes(attributesOf('cold rolled steel sheet 1.5 mm'), nonAlloySheet).rules).toBe(0);
    expect(
      alloy('Aluminium; plates, sheets and strip, thickness exceeding 0.2mm, rectangular (including square), not alloyed', true),
    ).toEqual(['non-alloy']);
    expect(alloy('Aluminium; unwrought, alloys', true)).toEqual(['alloy']);
    // A non-alloy code contradicts an alloyed query, and agrees with a non-alloy one.
    const compare = (query: string) => compareAttributes(attributesOf(query), attributesOf('Aluminium; unwrought, not alloyed', true));
    expect(compare('unwrought aluminium alloy ingots').conflict).toBeGreaterThan(0);
    expect(compare('unwrought non-alloy aluminium ingots')).toMatchObject({ conflict: 0, agree: 1 });
  });

  it('reads crude against refined, and nuts in shell against shelled, "whether or not" stating neither', () => {
    const words = (text: string, isCode = false) => {
      const { refining, shell } = attributeWords(attributesOf(text, isCode));
      return [...refining, ...shell];
    };
    expect(words('refined sunflower oil in bottles')).toEqual(['refined']);
    expect(words('huile de palme brute')).toEqual(['crude']);
    expect(words('azúcar de caña en bruto')).toEqual(['crude']);
    expect(words('raw cane sugar')).toEqual(['crude']);
    expect(words('Sugars; cane sugar, raw, in solid form', true)).toEqual(['crude']);
    expect(words('café vert, poids brut 60 kg')).toEqual([]);
    expect(words('tapioca, peso bruto 25 kg')).toEqual([]);
    expect(words('পরিশোধিত সয়াবিন তেল')).toEqual(['refined']);
    expect(words('cashew kernels W320')).toEqual(['shelled']);
    expect(words('raw cashew nuts in shell')).toEqual(['in shell']);
    expect(words('Vegetable oils; palm oil and its fractions, crude, not chemically modified', true)).toEqual(['crude']);
    expect(
      words('Vegetable oils; palm oil and its fractions, other than crude, whether or not refined, but not chemically modified', true),
    ).toEqual([]);
    expect(words('Nuts, edible; areca nuts, fresh or dried, whether or not shelled or peeled', true)).toEqual([]);
  });

  it('reads roasted against not roasted, whole against cuts, cast iron, and retreaded tyres', () => {
    const read = (text: string, isCode = false) => {
      const { roasting, pieces, casting, condition } = attributeWords(attributesOf(text, isCode));
      return [...roasting, ...pieces, ...casting, ...condition];
    };
    expect(read('Café verde sin tostar')).toEqual(['not roasted']);
    expect(read('coffee not roasted')).toEqual(['not roasted']);
    expect(read('roasted coffee beans')).toEqual(['roasted']);
    expect(read('Pike Place coffee beans, Medium Roast, 28 Ounce')).toEqual(['roasted']);
    expect(read('Coffee; not roasted or decaffeinated', true)).toEqual(['not roasted']);
    expect(read('Poulets entiers congelés')).toEqual(['whole']);
    expect(read('frozen chicken wings')).toEqual(['cuts']);
    expect(read('Meat and edible offal; of fowls of the species Gallus domesticus, not cut in pieces, frozen', true)).toEqual(['whole']);
    expect(read('Fish preparations; salmon, prepared or preserved, whole or in pieces (but not minced)', true)).toEqual(['whole', 'cuts']);
    expect(read('Lodge cast iron skillet')).toEqual(['cast iron']);
    expect(read('Glass; cast glass and rolled glass, profiles, not otherwise worked', true)).toEqual([]);
    expect(read('Retreaded tyres; of a kind used on motor cars (including station wagons and racing cars)', true)).toEqual(['retreaded']);
  });

  it("reads a fabric's finish, weave, weight and share of its fibre, and rules out codes of others", () => {
    const read = (text: string, isCode = false) => {
      const { finish, weave } = attributeWords(attributesOf(text, isCode));
      return [...finish, ...weave];
    };
    expect(read('100% cotton woven fabric dyed plain weave 150 gsm')).toEqual(['dyed', 'plain weave']);
    expect(read('yarn dyed cotton shirting')).toEqual(['yarn-dyed']);
    expect(read('unbleached cotton poplin')).toEqual(['unbleached', 'plain weave']);
    expect(read('tissu de coton teint')).toEqual(['dyed']);
    expect(read('tejido de algodón estampado')).toEqual(['printed']);
    expect(read('printed circuit board assembly')).toEqual([]);
    // The trade's "grey" fabric is unbleached; a grey mouse is a colour.
    expect(read('polyester cotton blended fabric grey')).toEqual(['unbleached']);
    expect(read('grey cloth 60x60 plain weave')).toEqual(['unbleached', 'plain weave']);
    expect(read('wireless mouse grey')).toEqual([]);
    // Nonwovens are not woven.
    expect(attributeWords(attributesOf('reusable shopping bag non woven')).construction).toEqual([]);
    expect(attributeWords(attributesOf('pp woven bag')).construction).toEqual(['woven']);
    expect(attributesOf('cotton drill 220 g/m²').rating).toEqual({ value: 220, unit: 'g/m2' });
    expect(attributesOf('poplin 110gsm').rating).toEqual({ value: 110, unit: 'g/m2' });
    const heading = 'Woven fabrics of cotton, containing 85% or more by weight of cotton, weighing not more than 200 g/m2; ';
    const light = `${heading}Fabrics, woven; containing 85% or more by weight of cotton, dyed, plain weave, weighing not more than 100g/m2`;
    const medium = `${heading}Fabrics, woven; containing 85% or more by weight of cotton, dyed, plain weave, weighing more than 100g/m2 but not more than 200g/m2`;
    const printed = `${heading}Fabrics, woven; containing 85% or more by weight of cotton, printed, plain weave, weighing more than 100g/m2 but not more than 200g/m2`;
    const otherWeaves = `${heading}Fabrics, woven; containing 85% or more by weight of cotton, dyed, of weaves n.e.c. in item no. 5208.3 weighing not more than 200g/m2`;
    const mixed =
      'Woven fabrics of cotton, containing less than 85% by weight of cotton, mixed mainly or solely with man-made fibres, weighing not more than 200 g/m2; ' +
      'Fabrics, woven; containing less than 85% by weight of cotton, mixed mainly or solely with man-made fibres, dyed, plain weave, weighing not more than 200g/m2';
    // The subheading's own bounds, not its heading's.
    expect(attributesOf(light, true).ratingRange).toEqual({ low: 0, high: 100, unit: 'g/m2' });
    expect(attributesOf(medium, true).ratingRange).toEqual({ low: 100, high: 200, unit: 'g/m2' });
    expect(attributesOf(mixed, true).shareRange).toMatchObject({ low: 0, high: 85 });
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    const query = '100% cotton woven fabric dyed plain weave 150 gsm';
    for (const other of [light, printed, otherWeaves, mixed]) expect(rules(query, other)).toBeLessThan(rules(query, medium));
    // Cotton named alone is not "mixed mainly or solely with man-made fibres"; a blend may be.
    expect(rules('dyed cotton poplin', mixed)).toBeLessThan(rules('dyed cotton poplin', medium));
    expect(rules('dyed poplin 60% cotton 40% polyester', mixed)).toBeGreaterThan(rules('dyed poplin 60% cotton 40% polyester', medium));
    expect(testFinder().predict(query, 1).predictions[0].code).toBe('520832');
  });

  it('rules out woven garments for knitted ones, and reads knitted, diesel and power units in Arabic and Bengali', () => {
    const compare = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true));
    const woven = "Articles of apparel and clothing accessories; not knitted or crocheted; Shirts; men's or boys', of cotton";
    const knitted =
      "Articles of apparel and clothing accessories; knitted or crocheted; Shirts; men's or boys', of cotton, knitted or crocheted";
    for (const query of ["men's knitted cotton shirt", 'قمصان رجالية قطن مصنرة', 'قمصان رجالية قطن محبوكة'])
      expect(compare(query, woven).rules).toBeLessThan(compare(query, knitted).rules);
    expect(compare("men's woven cotton shirt", knitted).rules).toBeLessThan(compare("men's woven cotton shirt", woven).rules);
    for (const query of ['مولد كهربائي ديزل 100 كيلو فولت أمبير', 'ডিজেল জেনারেটর ১০০ কেভিএ']) {
      expect(attributesOf(query).rating).toEqual({ value: 100000, unit: 'VA' });
      expect(attributeWords(attributesOf(query)).power).toContain('diesel');
    }
    expect(attributesOf('مضخة مياه 750 واط').rating).toEqual({ value: 750, unit: 'W' });
  });

  it("rules out a code that states only the other value of a split, or excludes the goods' value", () => {
    const compare = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true));
    const palm = 'huile de palme brute en vrac';
    const crude = compare(palm, 'Vegetable oils; palm oil and its fractions, crude, not chemically modified');
    const other = compare(
      palm,
      'Vegetable oils; palm oil and its fractions, other than crude, whether or not refined, but not chemically modified',
    );
    expect(crude).toMatchObject({ agree: 1, conflict: 0 });
    expect(other.conflict).toBe(1);
    expect(other.rules).toBeLessThan(crude.rules);
    const pan = 'Lodge cast iron skillet';
    expect(
      compare(pan, 'Iron (excluding cast) or steel; table, kitchen and other household articles and parts thereof, enamelled').rules,
    ).toBeLessThan(
      compare(pan, 'Cast iron; table, kitchen and other household articles and parts thereof, of cast iron, not enamelled').rules,
    );
    const chicken = 'frozen whole chickens';
    expect(compare(chicken, 'Meat and edible offal; of fowls of the species Gallus domesticus, cuts and offal, frozen').rules).toBeLessThan(
      compare(chicken, 'Meat and edible offal; of fowls of the species Gallus domesticus, not cut in pieces, frozen').rules,
    );
    // Goods that say nothing of the split are not ruled out of either.
    expect(
      compare('frozen chicken', 'Meat and edible offal; of fowls of the species Gallus domesticus, cuts and offal, frozen').rules,
    ).toBe(compare('frozen chicken', 'Meat and edible offal; of fowls of the species Gallus domesticus, not cut in pieces, frozen').rules);
  });

  it('rules out goods a subheading note defines for a query that does not name them', () => {
    const highSpeed =
      'Television cameras, digital cameras and video camera recorders; high-speed goods as specified in subheading note 1 to this chapter';
    expect(specifiedGoods(highSpeed)).toEqual(['speed']);
    expect(
      specifiedGoods('Sugars; cane sugar, raw, in solid form, other than as specified in Subheading Note 2 to this chapter'),
    ).toBeUndefined();
    expect(specifiedGoods('Television cameras; n.e.c. in item no 8525.8')).toBeUndefined();
    const rules = (query: string) =>
      compareAttributes(attributesOf(query), { ...attributesOf(highSpeed, true), specified: specifiedGoods(highSpeed) }).rules;
    expect(rules('Canon EOS R50 mirrorless camera with 18-45mm lens')).toBeLessThan(rules('high-speed camera 1000 fps'));
    expect(rules('high speed camera')).toBe(rules('high-speed camera 1000 fps'));
  });

  it('reads leather that is not leather as plastic', () => {
    for (const text of [
      'PU leather phone case',
      'faux leather handbag',
      'sac en similicuir',
      'bolso de cuero sintético',
      'حقيبة جلد صناعي',
    ])
      expect(material(text), text).toEqual(['plastic']);
    expect(material('genuine leather wallet')).toEqual(['leather']);
  });

  it('reads fibres named without their shares as labels list them, the largest first', () => {
    expect(material("women's knit top made from nylon and cotton")).toEqual(['polyester']);
    expect(material('chemise en coton et polyester')).toEqual(['100% cotton']);
    expect(material('shirt 100% cotton, nylon buttons')).toEqual(['100% cotton']);
    // Other materials stay: a bag of leather and cotton is of both.
    expect(material('bag of leather, cotton and nylon')).toEqual(['100% cotton', 'leather']);
  });

  it('reads the material of the goods, not of what they are trimmed with', () => {
    expect(material("woman's handbag made of nylon woven fabric with leather straps")).toEqual(['polyester']);
    expect(material('shirt 100% cotton with nylon buttons')).toEqual(['100% cotton']);
    // Goods of no stated material are of what they are made with.
    expect(material('hand tools with steel blades')).toEqual(['steel']);
    expect(material('brush cutter featuring a carbon steel blade and a nylon handle')).toEqual(['polyester', 'steel']);
  });

  it('rules out a code of other materials than the goods are made of', () => {
    const rules = (query: string, code: string) =>
      compareAttributes(attributesOf(query), attributesOf(`Jerseys, pullovers; ${code}`, true)).rules;
    const polyester = "men's knit pullover made from 100% polyester";
    // The same garment rule for all of them: only the material differs.
    const silent = rules(polyester, 'knitted or crocheted');
    expect(rules(polyester, 'of cotton, knitted or crocheted')).toBeLessThan(silent);
    expect(rules(polyester, 'of man-made fibres, knitted or crocheted')).toBe(silent);
    // A code of the textile materials other than some excludes those: not the polyester pullover's code, the silk one's.
    expect(rules(polyester, 'of textile materials (other than wool or fine animal hair, cotton or man-made fibres)')).toBeLessThan(silent);
    expect(
      rules("men's knit pullover of silk", 'of textile materials (other than wool or fine animal hair, cotton or man-made fibres)'),
    ).toBe(rules("men's knit pullover of silk", 'knitted or crocheted'));
    expect(
      attributeWords(attributesOf('Carpets; knotted, of textile materials (other than wool or fine animal hair)', true)).material,
    ).toEqual(['100% cotton', 'silk', 'polyester', 'viscose']);
    // Viscose is an artificial fibre (chapters 54 and 55 tell them apart), not a synthetic one; man-made is either.
    const viscose = "women's knit dress of 100% viscose";
    expect(rules(viscose, 'of artificial fibres')).toBe(rules(viscose, 'of man-made fibres'));
    expect(rules(viscose, 'of synthetic fibres')).toBeLessThan(rules(viscose, 'of artificial fibres'));
    expect(material('robe en viscose')).toEqual(['viscose']);
    expect(material('50% cotton 50% rayon shirt')).toEqual(['viscose']);
    // Goods whose material is not given are not ruled out.
    expect(rules("men's pullover", 'of cotton')).toBe(rules("men's pullover", 'of man-made fibres'));
  });

  it('rules out a code of the other condition: new goods for used goods, worn clothing for new', () => {
    const rules = (query: string, code: string) =>
      compareAttributes(attributesOf(query), { ...attributesOf(code, true), usedOnly: usedOnly(code) }).rules;
    const newTyres = 'Rubber; new pneumatic tyres, of a kind used on motor cars';
    const usedTyres = 'Rubber; used pneumatic tyres';
    for (const query of ['used tyres', 'neumáticos usados', 'إطارات مستعملة', 'পুরাতন টায়ার'])
      expect(rules(query, newTyres), query).toBeLessThan(rules(query, usedTyres));
    expect(rules('new tyres', usedTyres)).toBeLessThan(rules('new tyres', newTyres));
    // Goods not called used are new: used tyres and worn clothing are ruled out for "tyres" and "clothing".
    expect(rules('tyres', usedTyres)).toBe(rules('tyres', newTyres) - 12);
    const worn = 'Clothing; worn, and other worn articles';
    expect(rules('clothing', worn)).toBe(rules('used clothing', worn) - 12);
    expect(rules('secondhand clothing', worn)).toBe(rules('used clothing', worn));
    expect(rules('pre-owned tyres', usedTyres)).toBe(rules('used tyres', usedTyres));
    // Retreaded tyres are neither new nor used ones; a code silent on condition rules out nothing.
    expect(rules('used tyres', 'Rubber; retreaded tyres')).toBeLessThan(rules('used tyres', usedTyres));
    expect(rules('retreaded tyres', usedTyres)).toBeLessThan(rules('retreaded tyres', 'Rubber; retreaded tyres'));
    expect(rules('used tyres', 'Rubber; solid or cushion tyres')).toBe(0);
    expect(rules('tyres', 'Rubber; retreaded tyres')).toBe(0);
  });

  it('reads a subheading as of used goods only from its own text, and not "used primarily for" or "used or unused"', () => {
    expect(usedOnly('Rubber; used pneumatic tyres')).toBe(true);
    expect(usedOnly('Clothing; worn, and other worn articles')).toBe(true);
    for (const other of [
      'Rags, used or new, scrap twine',
      'Bamboo used primarily for plaiting',
      'Stamps, postage or revenue; stamp-postmarks, first-day covers, postal stationery (stamped paper) and like, used or unused',
      'Appliances; worn, carried or implanted in the body, to compensate for a defect or disability',
    ])
      expect(usedOnly(other), other).toBe(false);
    const finder = testFinder();
    for (const query of ['clothing', 'clothes for women', 'tyres'])
      expect(finder.predict(query, 1).predictions[0].code, query).not.toMatch(/^(630900|401220)$/);
    expect(finder.predict('used clothing', 1).predictions[0].code).toBe('630900');
    expect(finder.predict('used tyres', 1).predictions[0].code).toBe('401220');
  });

  it('reads "used" as second-hand, not as what goods are used for, in every language', () => {
    const condition = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).condition;
    for (const used of [
      'Rubber; used pneumatic tyres',
      'إطارات خارجية هوائية مستعملة',
      'ألبسة مستعملة وأصناف أخر مستعملة',
      'Pneumatiques usagés',
      'Neumáticos usados',
    ])
      expect(condition(used, true), used).toEqual(['used']);
    for (const used of ['سيارة مستعملة 1500 سي سي', 'السيارات المستعملة', 'voiture d’occasion', 'pneus usagés', 'ropa usada'])
      expect(condition(used), used).toEqual(['used']);
    // Of a kind used for cars (4012.11), used in buses, used as agents; unused stamps; for domestic uses.
    for (const silent of [
      'من الأنواع المستعملة للسيارات',
      'من الأنواع المستعملة في الحافلات أو الشاحنات',
      'مستعملة كعوامل',
      'طوابع بريدية غير مستعملة',
      'Pneumatic tyres of a kind used on motor cars',
      'Appareils à usages domestiques',
      'ou usages analogues',
    ])
      expect(condition(silent, true), silent).toEqual([]);
    // The Bengali words for used are the condition, not goods: "পুরাতন গাড়ি" (a used car) went to worn clothing at 0.75.
    expect(terms('পুরাতন গাড়ি')).toEqual(terms('গাড়ি'));
    expect(testFinder().predict('পুরাতন গাড়ি', 1).predictions[0]?.code.slice(0, 4)).not.toBe('6309');
  });

  it("rules out a code of other wearers only: men's coats for a women's coat", () => {
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    const mens = "Coats; men's or boys' overcoats, car-coats, capes, cloaks and similar articles, of wool";
    const womens = "Coats; women's or girls' overcoats, car-coats, capes, cloaks and similar articles, of wool";
    for (const query of ["women's wool coat", 'manteau en laine pour femmes', 'معطف صوف نساء', 'মহিলাদের উলের কোট'])
      expect(rules(query, mens), query).toBe(rules(query, womens) - 3);
    expect(rules("boys' wool coat", womens)).toBe(rules("boys' wool coat", mens) - 3);
    // Silent on either side, or naming both, nothing is ruled out.
    expect(rules('wool coat', mens)).toBe(rules('wool coat', womens));
    expect(rules("men's and women's wool coat", mens)).toBe(rules("men's and women's wool coat", womens));
    expect(rules("women's wool coat", 'Coats of wool')).toBe(rules("women's wool coat", womens));
  });

  it("reads a subheading's own materials, not its heading's list of them, and silicone as a plastic", () => {
    const { index } = testFinder();
    const materials = (code: string) => attributeWords(index.attributes[index.codes.indexOf(code)]).material;
    // Heading 42.02 lists leather, plastic sheeting, textile materials...: each subheading states one of them.
    expect(materials('420291')).toEqual(['leather']);
    expect(materials('420292')).toEqual(expect.arrayContaining(['plastic']));
    expect(materials('420292')).not.toContain('leather');
    // A subheading that states none has its chapter's and heading's: MDF is of wood (chapter 44).
    expect(materials('441112')).toEqual(['wood']);
    // What a subheading excludes is its own too: the chain saws of 8467.81 are non-electric, where their heading
    // is of tools with "electric or non-electric motor".
    const power = (code: string) => attributeWords(index.attributes[index.codes.indexOf(code)]).power;
    expect(power('846781')).toEqual([]);
    expect(power('846722')).toEqual(['electric']);
    expect(index.attributes[index.codes.indexOf('846781')].excluded.some((mask) => mask !== 0)).toBe(true);
    expect(material('silicone phone case')).toEqual(['plastic']);
    for (const query of ['plastic phone case', 'silicone phone case for iPhone 13'])
      expect(testFinder().predict(query, 1).predictions[0].code, query).toBe('420292');
  });

  it('rules out the primary forms of a plastic for an article made of it, not for the plastic itself', () => {
    const pvc = attributesOf(
      'Polymers of vinyl chloride, in primary forms; poly(vinyl chloride), not mixed with any other substances',
      true,
    );
    const tiles = attributesOf('Floor, wall or ceiling coverings; of polymers of vinyl chloride', true);
    const rules = (query: string, code: typeof pvc) => compareAttributes(attributesOf(query), code).rules;
    expect(rules('vinyl tiles made from polyvinyl chloride (PVC)', pvc)).toBeLessThan(
      rules('vinyl tiles made from polyvinyl chloride (PVC)', tiles),
    );
    expect(rules('PVC resin powder', pvc)).toBe(rules('PVC resin powder', tiles));
    expect(rules('PVC', pvc)).toBe(0);
    // Synthetic rubber comes in primary forms or in sheets: its sheets are not ruled out.
    const rubber = attributesOf('Synthetic rubber, in primary forms or in plates, sheets or strip; styrene-butadiene rubber', true);
    expect(rules('rubber sheets', rubber)).toBe(0);
  });

  it('reads a lexicon text that names goods without their material as speaking for each material of those goods', () => {
    const { nomenclature } = testFinder();
    const siblings = attributeSiblings(nomenclature.subheadings);
    // The UK reference is labelled 6103.31, of wool, the first of the four jackets.
    expect(codesOfText(siblings, "jackets and blazers - knitted or crocheted men's or boys", '610331')).toEqual([
      '610331',
      '610332',
      '610333',
      '610339',
    ]);
    expect(codesOfText(siblings, 'pullover', '611020')).toEqual(['611020', '611030', '611090']);
    // A text that states its material keeps its code; so does one for goods that all share theirs ("Iron or
    // steel; ... wood screws" does not split bolts by material).
    expect(codesOfText(siblings, 'woollen jackets, knitted, men', '610331')).toEqual(['610331']);
    expect(codesOfText(siblings, 'bolts', '731815')).toEqual(['731815']);
    expect(codesOfText(siblings, 'backpacks', '420291')).toEqual(['420291', '420292', '420299']);
    // The same for the other splits: "frozen chicken" is whole birds (0207.12) as much as cuts (0207.14), not fresh ones.
    expect(codesOfText(siblings, 'frozen chicken', '020714')).toEqual(['020712', '020714']);
    expect(codesOfText(siblings, 'frozen chicken wings', '020714')).toEqual(['020714']);
  });

  it("reads a garment's name that says nothing of its wearers as the other wearers' garment too", () => {
    const finder = testFinder();
    const counterparts = genderCounterparts(finder.nomenclature.subheadings);
    expect(counterparts.get('620140')).toEqual(['620240']);
    expect(counterparts.get('620240')).toEqual(['620140']);
    expect(counterparts.get('610721')).toEqual(['610831']);
    expect(counterparts.get('620520')).toEqual(['620630']);
    expect(counterparts.get('621133')).toEqual(['621143']);
    expect(counterparts.get('610910')).toBeUndefined();
    expect(counterpartsOfText(counterparts, 'raincoat', ['620140'])).toEqual(['620240']);
    expect(counterpartsOfText(counterparts, 'raincoat', ['620130', '620140']).sort()).toEqual(['620230', '620240']);
    expect(counterpartsOfText(counterparts, "men's raincoat", ['620140'])).toEqual([]);
    // The lexicon names raincoats, windbreakers and polo shirts by the men's codes.
    for (const [query, code] of [
      ["women's cotton raincoat", '620230'],
      ['ladies windbreaker nylon', '620240'],
      ["women's cotton polo shirt", '610610'],
      ["men's track pants of polyester knit", '610343'],
    ])
      expect(finder.predict(query, 1).predictions[0].code, query).toBe(code);
  });

  it('reads the woven garments of chapter 62 as woven, though their texts exclude the goods of another heading', () => {
    const anorak =
      "Coats; men's or boys', overcoats, raincoats, car-coats, capes, cloaks, anoraks (including ski-jackets) and similar articles, of man-made fibres, other than those of heading no. 6203 (not knitted or crocheted)";
    expect(attributeWords(attributesOf(anorak, true)).construction).toEqual(['woven']);
    // It reads as the same text without the other heading's goods would.
    const rules = (code: string) =>
      compareAttributes(attributesOf("men's anorak with a woven nylon outer shell"), attributesOf(code, true)).rules;
    expect(rules(anorak)).toBe(rules(anorak.replace(', other than those of heading no. 6203', '')));
    expect(rules(anorak)).toBeGreaterThan(0);
    expect(testFinder().predict("men's anorak with a woven nylon outer shell and polyester fill", 1).predictions[0].code).toBe('620140');
  });

  it("weighs less the texts of the goods an instrument is named after ('car seat cover', 'laptop bag')", () => {
    const finder = testFinder();
    const { index } = finder;
    const seat = index.codeIndex.get('940120')!;
    // A text of car seats is as like "car seat cover" as the extra word allows, and half that as the cover's goods.
    const knn = (query: string) => Math.max(index.features(query).knnL[seat], index.features(query).knnO[seat]);
    expect(knn('car seat cover')).toBeLessThan(0.6 * knn('car seat'));
    expect(knn('car seat cushion')).toBeGreaterThan(0.6 * knn('car seat'));
    expect(finder.predict('car seat cover of polyester', 1).predictions[0].code).toBe('630790');
    expect(finder.predict('car seat', 1).predictions[0].code).toBe('940120');
  });

  it('reads upholstered seats against seats not upholstered, and rules out the codes of the other', () => {
    const upholstery = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).upholstery;
    const upholstered = 'Seats; with metal frames, upholstered, (excluding medical, surgical, dental, veterinary or barber furniture)';
    const bare = 'Seats; with metal frames, not upholstered, (excluding medical, surgical, dental, veterinary or barber furniture)';
    expect(upholstery(upholstered, true)).toEqual(['upholstered']);
    expect(upholstery(bare, true)).toEqual(['not upholstered']);
    expect(upholstery('metal folding chair without upholstery')).toEqual(['not upholstered']);
    expect(upholstery('chaise rembourrée')).toEqual(['upholstered']);
    expect(upholstery('steel chair')).toEqual([]);
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    expect(rules('upholstered dining chair', bare)).toBeLessThan(0);
    expect(rules('upholstered dining chair', upholstered)).toBe(0);
    expect(rules('metal chair, not upholstered', upholstered)).toBeLessThan(0);
    expect(rules('metal chair', upholstered)).toBe(0);
    expect(testFinder().predict('upholstered dining chair with a steel frame', 1).predictions[0].code).toBe('940171');
  });

  it('reads goods worked by hand, and rules out the codes of goods a motor drives and of machinery for industry', () => {
    const power = (text: string) => attributeWords(attributesOf(text)).power;
    expect(power('manual meat grinder')).toEqual(['hand-operated']);
    expect(power('hand-operated water pump')).toEqual(['hand-operated']);
    expect(power('hachoir à viande manuel')).toEqual(['hand-operated']);
    expect(power('مفرمة لحم يدوية')).toEqual(['hand-operated']);
    // A book and a gearbox are not worked by hand.
    expect(power('user manual for washing machine')).toEqual([]);
    expect(power('manual transmission car 1500cc')).toEqual([]);
    const appliances =
      'Electro-mechanical domestic appliances; with self-contained electric motor, other than vacuum cleaners of heading 85.08.';
    const grinders =
      'Electro-mechanical domestic appliances; food grinders and mixers, fruit or vegetable juice extractors, with self-contained electric motor';
    const food =
      'Tools; hand-operated mechanical appliances, weighing 10kg or less, used in the preparation, conditioning or serving of food or drink';
    const switching =
      'Electrical apparatus for switching or protecting electrical circuits, or for making connections to or in electrical circuits';
    const interchangeable = 'Tools, interchangeable; for hand tools, whether or not power-operated, or for machine tools';
    expect(poweredCode(appliances, grinders)).toBe(true);
    expect(
      poweredCode('Mowers', 'Mowers; lawn, parks or sports-grounds, powered, with the cutting device rotating in a horizontal plane'),
    ).toBe(true);
    expect(poweredCode(food, food)).toBe(false);
    expect(poweredCode(switching, 'Electrical apparatus; switches, for a voltage not exceeding 1000 volts')).toBe(false);
    expect(poweredCode(interchangeable, 'Tools, interchangeable; for milling')).toBe(false);
    const code = (heading: string, subheading: string) => ({
      ...attributesOf(`${heading}; ${subheading}`, true),
      powered: poweredCode(heading, subheading),
    });
    const rules = (query: string, stated: ReturnType<typeof code>) => compareAttributes(attributesOf(query), stated).rules;
    expect(rules('manual meat grinder', code(appliances, grinders))).toBeLessThan(0);
    const meat = 'Machinery n.e.c. in this chapter, for the industrial preparation or manufacture of food or drink';
    expect(rules('manual meat grinder', code(meat, 'Machinery; industrial, for the preparation of meat or poultry'))).toBeLessThan(0);
    expect(rules('manual meat grinder', code(food, food))).toBe(0);
    expect(rules('electric meat grinder', code(appliances, grinders))).toBe(0);
    expect(rules('meat grinder', code(appliances, grinders))).toBe(0);
    const finder = testFinder();
    expect(finder.predict('manual lawn mower', 1).predictions[0].code).toBe('843319');
    expect(finder.predict('petrol lawn mower', 1).predictions[0].code).toBe('843311');
    expect(finder.predict('electric meat grinder', 1).predictions[0].code).toBe('850940');
  });

  it('reads a code of base metal as of every metal, and rules it out for goods of another material', () => {
    const frames =
      'Bells, gongs and the like; non-electric, statuettes, other ornaments, photograph, picture, similar frames, mirrors, of base metal';
    expect(attributeWords(attributesOf(frames, true)).material).toEqual(['steel', 'aluminum', 'copper']);
    const rules = (query: string) => compareAttributes(attributesOf(query), attributesOf(frames, true)).rules;
    expect(rules('wooden picture frame')).toBeLessThan(0);
    expect(rules('brass picture frame')).toBe(0);
    expect(rules('picture frame')).toBe(0);
    expect(testFinder().predict('picture frame wooden', 1).predictions[0].code).toBe('441410');
  });

  it("weighs less the texts that name only a material when the query names goods made of it ('PVC raincoat')", () => {
    const finder = testFinder();
    expect(finder.predict('PVC raincoat', 1).predictions[0].code).toBe('392620');
    // A primary form of the material is the material.
    expect(finder.predict('PVC resin', 1).predictions[0].code).toBe('390410');
    expect(finder.predict('pvc', 1).predictions[0].code).toBe('390410');
  });

  it('tells a garment from the fabric it is made of, and rules out the other', () => {
    const form = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).form;
    expect(form("women's knit vest made of 100% finely knit polyester fabric")).toEqual(['garment']);
    expect(form("women's poncho made of acrylic, wool, and nylon")).toEqual(['garment']);
    expect(form('cotton fabric for shirts, 150 g/m2')).toEqual(['fabric']);
    expect(form('tissu de coton pour chemises')).toEqual(['fabric']);
    expect(form('M8 stainless steel bolts')).toEqual([]);
    const fibres = attributesOf('Man-made staple fibres; Synthetic filament tow; Of acrylic or modacrylic', true);
    const capes = attributesOf("Apparel and clothing accessories; knitted or crocheted; Women's or girls' overcoats, capes, cloaks", true);
    const poncho = attributesOf("women's poncho made of acrylic, wool, and nylon");
    expect(compareAttributes(poncho, fibres).rules).toBeLessThan(0);
    expect(compareAttributes(poncho, capes).rules).toBeGreaterThan(0);
    // Garments made up of fabrics state both: neither ruled out.
    expect(
      compareAttributes(poncho, attributesOf('Garments, made up of knitted or crocheted fabrics of heading 59.03', true)).rules,
    ).toBeGreaterThan(0);
    expect(compareAttributes(attributesOf('bolts'), fibres).rules).toBe(0);
  });

  it('reads the attributes of an Arabic description, with or without the article', () => {
    const words = (text: string) => attributeWords(attributesOf(text));
    expect(words('قميص قطن')).toMatchObject({ material: ['100% cotton'], form: ['garment'] });
    expect(words('ملابس نسائية من القطن')).toMatchObject({ material: ['100% cotton'], gender: ["women's"], form: ['garment'] });
    expect(words('مكواة كهربائية').power).toEqual(['electric']);
    expect(words('سترة رجالية من الصوف')).toMatchObject({ material: ['wool'], gender: ["men's"] });
    // Latin words still need a word start: no cotton in "acotton", no men in "women".
    expect(words('acotton').material).toEqual([]);
    expect(words('women').gender).toEqual(["women's"]);
  });

  it('reads the attributes of a Bengali description, with its case endings, not inside longer words', () => {
    const words = (text: string) => attributeWords(attributesOf(text));
    expect(words('মহিলাদের উলের কোট')).toMatchObject({ material: ['wool'], gender: ["women's"], form: ['garment'] });
    expect(words('পুরুষদের সুতি শার্ট')).toMatchObject({ material: ['100% cotton'], gender: ["men's"], form: ['garment'] });
    expect(words('হিমায়িত চিংড়ি').state).toEqual(['frozen']);
    expect(words('বৈদ্যুতিক ইস্ত্রি').power).toEqual(['electric']);
    expect(words('পুরাতন গাড়ি').condition).toEqual(['used']);
    expect(attributesOf('পুরাতন গাড়ি ১৫০০ সিসি').cc).toBe(1500);
    expect(attributesOf('سيارة مستعملة 1500 سي سي').cc).toBe(1500);
    expect(attributesOf('سيارة سعة محركها ١٥٠٠ سم3').cc).toBe(1500);
    // Not the glass of "কাঁচা আম" (raw mango), nor the wool of "উল্টো" (reverse).
    expect(words('কাঁচা আম').material).toEqual([]);
    expect(words('উল্টো').material).toEqual([]);
  });

  it('puts a part with the parts of its goods, and goods used as part of others with what they are', () => {
    const valves = 'Taps, cocks, valves and similar appliances for pipes, boiler shells, tanks, vats or the like';
    const valve = attributesOf(valves, true);
    const valveParts = { ...attributesOf(`${valves}; Parts`, true), part: partsCode(valves, 'Parts') };
    const query = attributesOf('valve body from Mexico');
    expect(compareAttributes(query, valveParts).rules).toBeGreaterThan(0);
    expect(compareAttributes(query, { ...valve, part: partsCode(valves, 'Safety or relief valves') }).rules).toBeLessThan(0);
    expect(attributesOf('washing machine parts including a tub').part).toBe(true);
    expect(attributesOf('قطع غيار السيارات').part).toBe(true);
    expect(attributesOf('galvanized cable used as part of a brake assembly').part).toBe(false);
    expect(attributesOf('hydraulic relief valves').part).toBe(false);
    // A heading of parts makes each of its subheadings one; "and parts thereof" in a heading of goods does not.
    expect(partsCode('Parts and accessories of the motor vehicles of headings 87.01 to 87.05', 'Other')).toBe(true);
    expect(partsCode('Seats, whether or not convertible into beds, and parts thereof', 'Upholstered')).toBe(false);
    expect(partsCode('Machinery', 'Other than parts')).toBe(false);
  });

  it('reads goods rated in watts or volts as electric, and a dry or steam iron as goods, not as a material', () => {
    const words = (text: string) => attributeWords(attributesOf(text));
    expect(words('Philips dry iron 1000W non-stick soleplate')).toMatchObject({ material: [], state: [], power: ['electric'] });
    expect(words('12V water pump').power).toEqual(['electric']);
    expect(words('pack of 3 V-neck T-shirts').power).toEqual([]);
    expect(words('cordless chainsaw').power).toEqual(['electric']);
    expect(words('non electric kettle').power).toEqual([]);
    // A code of goods that are not electric excludes electric ones, not wire that is "not electrically insulated".
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    const chainSaws = 'Tools; for working in the hand, chain saws with self-contained non-electric motor';
    expect(rules('cordless chainsaw', chainSaws)).toBeLessThan(0);
    expect(rules('chainsaw 45cc', chainSaws)).toBe(0);
    expect(
      rules('electric radiator', 'Radiators and parts thereof; for central heating, (not electrically heated), of cast iron'),
    ).toBeLessThan(0);
    expect(attributeWords(attributesOf('Iron or steel; stranded wire, ropes and cables, not electrically insulated', true)).power).toEqual(
      [],
    );
    expect(rules('electric cable', 'Iron or steel; stranded wire, ropes and cables, not electrically insulated')).toBe(0);
    expect(words('steam iron').material).toEqual([]);
    expect(words('cast iron pan').material).toEqual(['steel']);
    expect(words('dry dates').state).toEqual(['dried']);
  });

  it('rules out a code whose power rating the goods are outside of, and reads kVA, kW, W and HP', () => {
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    const upTo75 =
      'Electric generating sets; with compression-ignition internal combustion piston engines, of an output not exceeding 75kVA';
    const upTo375 =
      'Electric generating sets; with compression-ignition internal combustion piston engines, of an output exceeding 75kVA but not exceeding 375kVA';
    const over375 = 'Electric generating sets; with compression-ignition internal combustion piston engines, of an output exceeding 375kVA';
    expect([upTo75, upTo375, over375].map((code) => rules('diesel generator set 100 kVA', code))).toEqual([-12, 0, -12]);
    expect([upTo75, upTo375, over375].map((code) => rules('diesel generator 0.5 MVA', code))).toEqual([-12, -12, 0]);
    // Another unit (kW for a code in kVA), or none, rules out nothing.
    expect(rules('diesel generator 80 kW', upTo375)).toBe(0);
    expect(rules('diesel generator', upTo75)).toBe(0);
    const tractor = (range: string) => `Tractors; n.e.c. in heading no 8701; of an engine power ${range}`;
    expect(rules('farm tractor 75 HP', tractor('exceeding 37kW but not exceeding 75kW'))).toBe(0);
    expect(rules('farm tractor 75 HP', tractor('exceeding 75kW but not exceeding 130kW'))).toBe(-12);
    expect(rules('vacuum cleaner 2,000 W', 'Vacuum cleaners; of a power not exceeding 1,500 W')).toBe(-12);
    // Inside the range adds nothing: other codes of the goods (LED lamps) state none.
    expect(rules('LED bulb 9W', 'Lamps; filament, of a power not exceeding 200W')).toBe(0);
    // A motor oil's viscosity is no rating.
    expect(attributesOf('motor oil 5W-30').rating).toBeNull();
    // The lexicon's "diesel generator" is of 8502.11: the rating decides.
    const finder = testFinder();
    expect(finder.predict('Diesel generator set 100 kVA', 1).predictions[0].code).toBe('850212');
    expect(finder.predict('diesel generator 500 kVA', 1).predictions[0].code).toBe('850213');
  });

  it('reads a power source of machines and vehicles only, not of the fuels they burn', () => {
    const finder = testFinder();
    const at = (code: string) => finder.index.codeIndex.get(code)!;
    // "Petroleum oils" would state petrol, and rule the gas oils of 2710.19 out for "diesel".
    expect(finder.index.features('diesel').conflict[at('271019')]).toBe(0);
    expect(finder.predict('diesel', 1).predictions[0].code).toBe('271019');
    expect(finder.predict('diesel generator 100 kva', 1).predictions[0].code.slice(0, 4)).toBe('8502');
  });

  it('reads combed and carded yarns, and rules out the codes of the other', () => {
    const combing = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).combing;
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    expect(combing('cotton yarn combed 40s')).toEqual(['combed']);
    expect(combing('carded cotton yarn 20/1')).toEqual(['carded']);
    expect(combing('fil de coton peigné')).toEqual(['combed']);
    expect(combing('laine peignée')).toEqual(['combed']);
    expect(combing('peigne en plastique')).toEqual([]);
    expect(combing('hilado de algodón cardado')).toEqual(['carded']);
    expect(combing('Cotton, carded or combed', true)).toEqual(['combed', 'carded']);
    const heading = 'Cotton yarn (other than sewing thread), containing 85% or more by weight of cotton, not put up for retail sale; ';
    const uncombed = `${heading}single yarn, of uncombed fibres, measuring per single yarn less than 714.29 decitex but not less than 232.56 decitex`;
    const combed = `${heading}single yarn, of combed fibres, measuring per single yarn less than 714.29 decitex but not less than 232.56 decitex`;
    expect(combing(uncombed, true)).toEqual(['carded']);
    expect(rules('combed cotton yarn', uncombed)).toBeLessThan(rules('combed cotton yarn', combed));
    expect(rules('carded cotton yarn', combed)).toBeLessThan(rules('carded cotton yarn', uncombed));
  });

  it('reads gas as the fuel of cookers and heaters, in five languages, and not the gas a machine moves', () => {
    const power = (text: string) => attributeWords(attributesOf(text)).power;
    for (const query of ['gas cooker', 'gas-fired boiler', 'cuisinière à gaz', 'cocina a gas', 'موقد غاز', 'গ্যাসের চুলা'])
      expect(power(query)).toEqual(['gas']);
    for (const query of ['air compressor', 'gas cylinder 12 kg', 'natural gas', 'gas oil', 'gas insulated switchgear'])
      expect(power(query)).toEqual([]);
    const compare = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true));
    const electric = compare('gas water heater', 'Electro-thermic appliances; electric instantaneous or storage water heaters');
    const gas = compare('gas water heater', 'Heaters; instantaneous gas water heaters, for domestic or other purposes');
    expect(electric.conflict).toBe(1);
    expect(gas).toMatchObject({ agree: 1, conflict: 0 });
    expect(testFinder().predict('gas cooker', 1).predictions[0].code).toBe('732111');
  });

  it('reads a voltage and rules out the codes whose range it is outside, as a power rating', () => {
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    expect(attributesOf('XLPE cable 11kV').voltage).toBe(11000);
    // "0.6/1 kV" is a low-voltage cable's rating: its last figure.
    expect(attributesOf('PVC cable 0.6/1 kV').voltage).toBe(1000);
    expect(attributesOf('كابل 11 كيلو فولت').voltage).toBe(11000);
    expect(attributesOf('১১ কেভি ক্যাবল').voltage).toBe(11000);
    expect(attributesOf('v-neck t-shirt').voltage).toBeNaN();
    const low = 'Insulated electric conductors; for a voltage not exceeding 1000 volts, not fitted with connectors';
    const high = 'Insulated electric conductors; for a voltage exceeding 1000 volts';
    expect(attributesOf(low, true).voltageRange).toEqual({ low: -Infinity, high: 1000 });
    expect(rules('XLPE cable 11kV', low)).toBe(-12);
    expect(rules('XLPE cable 11kV', high)).toBe(0);
    expect(rules('PVC cable 0.6/1 kV', low)).toBe(0);
    expect(rules('PVC cable 0.6/1 kV', high)).toBe(-12);
    // The subheading's bounds after its heading's: a 24 V relay is not one "exceeding 60 volts".
    const relays =
      'Electrical apparatus for switching, protecting electrical circuits, for a voltage not exceeding 1000 volts; relays, for a voltage exceeding 60 volts';
    expect(attributesOf(relays, true).voltageRange).toEqual({ low: 60, high: 1000 });
    expect(rules('relay 24V', relays)).toBe(-12);
    const breakers = 'Electrical apparatus; automatic circuit breakers, for a voltage exceeding 1000 volts but less than 72.5kV';
    expect(rules('vacuum circuit breaker 33 kV', breakers)).toBe(0);
    expect(rules('SF6 circuit breaker 132 kV', breakers)).toBe(-12);
    // The lexicon's "power cable" is of 8544.49: the voltage decides.
    const finder = testFinder();
    expect(finder.predict('power cable 11 kV', 1).predictions[0].code).toBe('854460');
    expect(finder.predict('power cable 0.6/1 kV', 1).predictions[0].code).toBe('854449');
  });

  it("reads a flat product's thickness and rules out the codes whose range it is outside", () => {
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    const thickness = (query: string) => attributesOf(query).thickness;
    expect(thickness('hot rolled steel plate 10mm')).toBe(10);
    expect(thickness('CR coil 0,8 mm')).toBe(0.8);
    // The smallest of a plate's sizes is its thickness; a foil's microns are thousandths of a millimetre.
    expect(thickness('HR sheet 1250 x 2500 x 6 mm')).toBe(6);
    expect(thickness('aluminium foil 12 micron')).toBe(0.012);
    expect(thickness('صاج 2 ملم')).toBe(2);
    expect(thickness('এমডিএফ বোর্ড ১৮ মিমি')).toBe(18);
    // Not a width, a diameter or a cable's section.
    for (const query of ['HR coil width 1250mm', 'PVC pipe 110mm diameter', 'copper cable 2.5 mm2']) expect(thickness(query)).toBeNaN();
    // Sizes that never end in "mm" are read in one pass, not in every way of splitting their spaces.
    expect(thickness('1 x '.repeat(500))).toBeNaN();
    const plate =
      'Iron or non-alloy steel; (not in coils), flat-rolled, of a width 600mm or more, hot-rolled, of a thickness of 4.75mm or more but not exceeding 10mm';
    expect(attributesOf(plate, true).thicknessRange).toEqual({ low: 4.75 - 1e-6, high: 10 });
    expect(rules('hot rolled steel plate 10mm', plate)).toBe(0);
    expect(rules('hot rolled steel plate 12mm', plate)).toBe(-12);
    expect(rules('hot rolled steel plate 4.75 mm', plate)).toBe(0);
    expect(rules('hot rolled steel plate 4.5 mm', plate)).toBe(-12);
    const veneer = 'Wood; sheets for veneer or plywood, sliced or peeled, whether or not planed, not exceeding 6mm in thickness';
    expect(attributesOf(veneer, true).thicknessRange).toEqual({ low: -Infinity, high: 6 });
    expect(rules('plywood 18mm', veneer)).toBe(-12);
    expect(
      attributesOf('Steel; semi-finished products, of rectangular cross-section, width less than twice thickness', true).thicknessRange,
    ).toBeNull();
    const finder = testFinder();
    expect(finder.predict('MDF board 18mm', 1).predictions[0].code).toBe('441114');
    expect(finder.predict('MDF board 3mm', 1).predictions[0].code).toBe('441112');
  });

  it('reads household and industrial use, and rules out the codes of the other', () => {
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    const household = 'Sewing machines; of the household type';
    const automatic = 'Sewing machines; (not household type), automatic units';
    const grinders = 'Electro-mechanical domestic appliances; food grinders and mixers';
    const dryers = 'Dryers; for agricultural products, not used for domestic purposes';
    for (const query of ['industrial sewing machine', 'machine à coudre industrielle', 'শিল্প সেলাই মেশিন']) {
      expect(rules(query, household), query).toBe(-3);
      expect(rules(query, automatic), query).toBe(0);
    }
    expect(rules('commercial meat grinder', grinders)).toBe(-3);
    expect(rules('household sewing machine', automatic)).toBe(-3);
    expect(rules('ثلاجة منزلية', dryers)).toBe(-3);
    expect(rules('sewing machine', household)).toBe(0);
    expect(rules('industrial sewing machine', 'Diamonds; non-industrial, unworked')).toBe(0);
    expect(testFinder().predict('industrial meat grinder', 1).predictions[0].code.slice(0, 4)).toBe('8438');
  });

  it('reads jeans and denim as cotton, unless another fibre is named first', () => {
    const material = (query: string) => attributeWords(attributesOf(query)).material;
    for (const query of ['women jeans', 'jean femme', 'vaqueros de mujer', 'جينز نسائي', 'মহিলাদের জিন্স', 'denim jacket'])
      expect(material(query), query).toEqual(['100% cotton']);
    expect(material('polyester denim fabric')).toEqual(['polyester']);
    const finder = testFinder();
    for (const query of ['pantalón vaquero de mujer', 'jean femme taille haute'])
      expect(finder.predict(query, 1).predictions[0].code, query).toBe('620462');
  });

  it('reads whole against crushed or ground spices, in five languages, and rules out the codes of the other', () => {
    const grinding = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).grinding;
    expect(grinding('ground black pepper powder')).toEqual(['ground']);
    expect(grinding('black pepper whole')).toEqual(['whole']);
    expect(grinding('black pepper')).toEqual([]);
    for (const text of ['poivre noir moulu', 'pimienta negra molida', 'فلفل اسود مطحون', 'গোলমরিচ গুঁড়া'])
      expect(grinding(text), text).toEqual(['ground']);
    // Ground-nuts are nuts; "whether or not ground" and cheese "not grated, powdered or processed" state neither.
    expect(grinding('groundnuts in shell')).toEqual([]);
    expect(grinding('ground-nut oil')).toEqual([]);
    expect(
      grinding('Seaweeds and other algae; fit for human consumption, fresh, chilled, frozen or dried, whether or not ground', true),
    ).toEqual([]);
    expect(grinding('Dairy produce; cheese (not grated, powdered or processed), n.e.c. in heading no. 0406', true)).toEqual([]);
    expect(grinding('Spices; cloves (whole fruit, cloves and stems), crushed or ground', true)).toEqual(['ground']);
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    const whole = 'Spices; pepper (of the genus piper), neither crushed nor ground';
    const ground = 'Spices; pepper (of the genus piper), crushed or ground';
    expect(rules('ground black pepper', whole)).toBeLessThan(0);
    expect(rules('ground black pepper', ground)).toBe(0);
    expect(rules('whole black pepper', ground)).toBeLessThan(0);
    expect(rules('black pepper', whole)).toBe(0);
    expect(rules('black pepper', ground)).toBe(0);
  });

  it('reads seamless and welded pipes, tea in bulk or in small packings, and sweetened goods, and rules out the codes of the other', () => {
    const words = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode));
    const rules = (query: string, code: string) => compareAttributes(attributesOf(query), attributesOf(code, true)).rules;
    expect(words('seamless steel pipe API 5L').seam).toEqual(['seamless']);
    expect(words('tubo de acero sin soldadura').seam).toEqual(['seamless']);
    expect(words('MS pipe ERW 2 inch').seam).toEqual(['welded']);
    const welded = 'Iron or steel (excluding cast iron); tubes, pipes and hollow profiles (not seamless), n.e.c. in chapter 73';
    const linePipe =
      'Iron or steel (excluding cast iron); line pipe of a kind used for oil or gas pipelines (other than of stainless steel or seamless)';
    expect(words(welded, true).seam).toEqual(['welded']);
    expect(words(linePipe, true).seam).toEqual([]);
    expect(rules('seamless line pipe', welded)).toBe(-3);
    expect(rules('seamless line pipe', linePipe)).toBe(-3);
    expect(rules('welded line pipe', linePipe)).toBe(0);
    for (const query of ['black tea CTC in bulk', 'thé noir en vrac', 'té negro a granel', 'tea 50 kg paper sacks'])
      expect(words(query).packing, query).toEqual(['in bulk']);
    expect(words('Lipton yellow label 100 tea bags').packing).toEqual(['retail packets']);
    expect(words('tea 25 g').packing).toEqual([]);
    expect(words('black tea 0.5 kg').packing).toEqual([]);
    expect(words('black tea 2.5kg').packing).toEqual([]);
    expect(words('black tea 4.5 kg').packing).toEqual(['in bulk']);
    const small = 'Tea, black; (fermented) and partly fermented tea, in immediate packings of a content not exceeding 3kg';
    const large = 'Tea, black; (fermented) and partly fermented tea, in immediate packings of a content exceeding 3kg';
    expect(words(small, true).packing).toEqual(['retail packets']);
    expect(words(large, true).packing).toEqual(['in bulk']);
    expect(rules('black tea in bulk', small)).toBe(-3);
    expect(rules('black tea in bulk', large)).toBe(0);
    // How goods are packed does not weigh among the groups a code agrees with: a cotton shirt in 50 kg bales agrees with cotton shirts.
    expect(compareAttributes(attributesOf('cotton shirts in bulk'), attributesOf("Men's or boys' shirts; of cotton", true)).agree).toBe(1);
    // Sweetened or not: "whether or not containing added sugar" states neither, and excludes neither.
    const cocoa = 'Cocoa; powder, not containing added sugar or other sweetening matter';
    const sweetCocoa = 'Cocoa; powder, containing added sugar or other sweetening matter';
    const juice = 'Fruit juice; orange, frozen, whether or not containing added sugar or other sweetening matter';
    for (const query of ['cocoa powder unsweetened', 'orange juice no added sugar', 'cacao en polvo sin azúcar']) {
      expect(words(query).sugar, query).toEqual(['unsweetened']);
      expect([rules(query, cocoa), rules(query, sweetCocoa), rules(query, juice)], query).toEqual([0, -3, 0]);
    }
    for (const query of ['sweetened condensed milk', 'orange juice with added sugar', 'حليب مكثف محلى']) {
      expect(words(query).sugar, query).toEqual(['sweetened']);
      expect([rules(query, cocoa), rules(query, sweetCocoa), rules(query, juice)], query).toEqual([-3, 0, 0]);
    }
    const finder = testFinder();
    expect(finder.predict('cocoa powder unsweetened', 1).predictions[0].code).toBe('180500');
    expect(finder.predict('black tea CTC in bulk', 1).predictions[0].code).toBe('090240');
    expect(finder.predict('seamless steel pipe API 5L', 1).predictions[0].code.slice(0, 4)).toBe('7304');
    expect(finder.predict('MS pipe ERW 2 inch', 1).predictions[0].code.slice(0, 4)).toBe('7306');
  });

  it('rules out, for a hybrid, the vehicles with an engine only or an electric motor only', () => {
    const codes = ['870323', '870340', '870350', '870380', '871200', '850211'];
    const texts = [
      'Vehicles; with only spark-ignition internal combustion reciprocating piston engine, cylinder capacity over 1500 but not over 3000cc',
      'Vehicles; with both spark-ignition internal combustion piston engine and electric motor for propulsion',
      'Vehicles; with both compression-ignition internal combustion piston engine (diesel or semi-diesel) and electric motor for propulsion',
      'Vehicles; with only electric motor for propulsion',
      'Bicycles and other cycles; not motorised',
      'Electric generating sets; with compression-ignition internal combustion piston engines (diesel or semi-diesel engines)',
    ];
    const stated = withEngineRanges(
      codes,
      texts.map((text) => attributesOf(text, true)),
    );
    const rules = (query: string) => stated.map((code) => compareAttributes(attributesOf(query), code).rules);
    for (const query of ['voiture hybride', 'سيارة هجينة']) expect(rules(query).slice(0, 4), query).toEqual([-12, 0, 0, -12]);
    // An engine capacity does not rule out a hybrid, whose code states none (the others keep the capacity rule's score).
    for (const query of ['hybrid car 1800cc', 'Toyota Corolla 1.8 hybrid sedan'])
      expect(rules(query).slice(0, 4), query).toEqual([-12 + 3, 0, 0, -12 - 3]);
    expect(rules('diesel hybrid SUV').slice(0, 4)).toEqual([-12, 0, 0, -12]);
    // Not a vehicle heading: a hybrid bicycle or generator rules out nothing there.
    expect(rules('hybrid bicycle').slice(4)).toEqual([0, 0]);
    expect(rules('hybrid generator').slice(4)).toEqual([0, 0]);
    expect(testFinder().predict('Used Toyota Corolla 1.8 hybrid 2019 sedan', 1).predictions[0].code).toBe('870340');
    // Without "hybrid", nothing changes: the capacity rule as before.
    expect(rules('car 1800cc').slice(0, 4)).toEqual([3, -3, -3, -3]);
  });

  it("reads a word of four letters or more before a model's number as the word, and a short one not at all", () => {
    expect(terms('Galaxy Buds2 wireless earbuds')).toEqual(terms('Galaxy Buds wireless earbuds'));
    expect(terms('iPhone15 case')).toEqual(terms('iPhone case'));
    // "cat6" is no cat, "co2" no company: three letters or fewer name a model or a formula, not the word.
    expect(terms('cat6 cable')).toEqual(terms('cable'));
    expect(terms('co2 cylinder')).toEqual(terms('cylinder'));
    expect(terms('1500cc')).toEqual([]);
    // The head phrase keeps such a word, and leaves out a model's number after the goods.
    expect(headPhrase('Samsung Galaxy Buds2 Pro')).toBe('samsung galaxy buds2');
    expect(headPhrase('Samsung Galaxy S24 Ultra')).toBe('samsung galaxy');
  });

  it("reads a product title's goods before the material that begins its features, and only in a title", () => {
    expect(isTitle('Men Quartz Watch Analog Stainless Steel Strap')).toBe(true);
    expect(isTitle("Women's Bra Wireless Push Up Nylon")).toBe(true);
    expect(isTitle('stainless steel tubes used in surgical procedures')).toBe(false);
    expect(isTitle('Fluorene (CAS 86-73-7)')).toBe(false);
    const { index } = testFinder();
    const heading = (code: string) => index.headingOf[index.codeIndex.get(code)!];
    // The watch's heading names it; the heading of watch straps (91.13) names straps, bands and bracelets.
    const title = index.features('Men Quartz Watch Analog Stainless Steel Strap');
    expect(title.head4[heading('910211')]).toBe(1);
    expect(title.head4[heading('911320')]).toBe(0);
    // Written as a description, the goods are the last word: a strap.
    const description = index.features('men quartz watch analog stainless steel strap');
    expect(description.head4[heading('911320')]).toBe(1);
    // A material before the goods is theirs, in a title too.
    const bottle = index.features('Stainless Steel Water Bottle Insulated');
    expect(bottle.head4[heading('701090')]).toBe(1);
  });

  it('reads American spellings as the British ones of HS 2022, but not words that only look like them', () => {
    expect(terms('vulcanized rubber fertilizer analyzer')).toEqual(terms('vulcanised rubber fertiliser analyser'));
    expect(terms('flavored yogurt with artificial coloring')).toEqual(terms('flavoured yoghurt with artificial colouring'));
    expect(terms('odor vapor')).toEqual(terms('odour vapour'));
    // Clothes are clothing, garments; cloth is a fabric.
    expect(terms('clothes')).toEqual(terms('clothing'));
    expect(terms('clothes')).not.toEqual(terms('cloth'));
    expect(terms('cloths')).toEqual(terms('cloth'));
    // "up" is no word of goods ("push up bra", "made up articles").
    expect(terms('push up bra')).toEqual(terms('push bra'));
    expect(terms('oversized maize prize laboratory')).toEqual(['oversiz', 'maiz', 'priz', 'laboratory']);
  });

  it('reads goods shaped in a mould as the goods, not as moulds', () => {
    expect(terms('injection molded')).toEqual(terms('injection moulded'));
    expect(terms('moulded')).not.toEqual(terms('moulds'));
    expect(testFinder().predict('injection moulded plastic chair', 1).predictions[0].code.slice(0, 4)).toBe('9401');
  });

  it("reads Apple's Lightning plug beside a cable or another plug as a plug, not as the weather's lightning", () => {
    expect(withPlugsNamed('USB-C to Lightning Cable 1m')).toBe('USB-C to USB Cable 1m');
    expect(withPlugsNamed('Lightning to 3.5 mm headphone jack adapter')).toBe('USB to 3.5 mm headphone jack adapter');
    expect(withPlugsNamed('lightning arrester 11kV')).toBe('lightning arrester 11kV');
    expect(withPlugsNamed('lightning protection system')).toBe('lightning protection system');
  });

  it('reads no words of a code in what its text negates, and ranks the goods its text affirms first', () => {
    expect(terms(affirmed('Footwear; n.e.c. in heading no. 6403, (not covering the ankle), outer soles of rubber'))).not.toContain(
      terms('ankle')[0],
    );
    expect(terms(affirmed('Fish; frozen, excluding fillets'))).not.toContain(terms('fillets')[0]);
    expect(terms(affirmed('Vegetables prepared or preserved otherwise than by vinegar or acetic acid, not frozen'))).not.toContain(
      terms('frozen')[0],
    );
    expect(terms(affirmed('Footwear; (other than sportswear), with outer soles of rubber'))).not.toContain(terms('sportswear')[0]);
    expect(terms(affirmed('Rubber; tubes, pipes and hoses, not reinforced, without fittings'))).not.toContain(terms('fittings')[0]);
    expect(terms(affirmed('Safety glass; with or without frames'))).toContain(terms('frames')[0]);
    // "Non-X" is one word, as a query's "non-X" gives it; a query's "X" is not it.
    expect(terms(affirmed('Tools, hand; spanners and wrenches, non-adjustable'))).not.toContain(terms('adjustable')[0]);
    expect(terms(affirmed('Steel, non-alloy; bars'))).toEqual(expect.arrayContaining(terms('nonalloy')));
    // Neither "whether or not" nor a limit is a negation.
    expect(terms(affirmed('Tomatoes; whether or not cut'))).toContain(terms('cut')[0]);
    expect(terms(affirmed('Tunas; weighing not more than 185g, fresh'))).toContain(terms('fresh')[0]);
    expect(testFinder().predict("women's leather ankle boots rubber sole", 1).predictions[0].code).toBe('640391');
  });

  it('reads a material of two words that ends a title as what the goods are made of, and cast iron as no stainless steel', () => {
    const first = (query: string) => testFinder().predict(query, 1).predictions[0].code;
    // "cast" was the head noun, and the cast-iron cookware of 73.23 the goods.
    expect(first('water pump cast iron')).toBe('841370');
    expect(first('gate valve cast iron').slice(0, 4)).toBe('8481');
    expect(first('flange carbon steel').slice(0, 4)).toBe('7307');
    // The lexicon's "frying pan" (7323.93, of stainless steel) says nothing of cast iron: the query does.
    expect(first('frying pan cast iron')).toBe('732391');
    expect(first('stainless steel frying pan')).toBe('732393');
    // Ductile iron is a cast iron, and no iron for ironing.
    expect(attributesOf('ductile iron pipe').masks).toEqual(attributesOf('cast iron pipe').masks);
    expect(first('manhole cover ductile iron').slice(0, 4)).toBe('7325');
  });

  it('drops where the goods come from, in any of the five languages, but not what they are made from', () => {
    expect(withoutOrigin('towels made in Turkey').trim()).toBe('towels');
    expect(withoutOrigin('porcelain mugs, imported from China').trim()).toBe('porcelain mugs,');
    expect(withoutOrigin('screws from the USA').trim()).toBe('screws');
    expect(withoutOrigin('chaussures fabriquées en Chine').trim()).toBe('chaussures');
    expect(withoutOrigin('zapatos hechos en España').trim()).toBe('zapatos');
    expect(withoutOrigin('أحذية صنع في الصين').trim()).toBe('أحذية');
    expect(withoutOrigin('জুতা চীনে তৈরি').trim()).toBe('জুতা');
    expect(withoutOrigin('cocoa beans from Côte d’Ivoire, 60 kg bags')).toBe('cocoa beans  , 60 kg bags');
    expect(withoutOrigin('souvenirs from Chinatown')).toBe('souvenirs from Chinatown');
    expect(withoutOrigin('sausages made from turkey')).toBe('sausages made from turkey');
    expect(withoutOrigin('bone china mugs')).toBe('bone china mugs');
    expect(withoutOrigin('frozen turkey, whole')).toBe('frozen turkey, whole');
    // Where from, and nothing else, is no description of goods.
    expect(testFinder().predict('made in China', 5).predictions).toEqual([]);
    expect(testFinder().predict('frozen turkey made in Brazil', 1).predictions[0].code).toMatch(/^0207/);
  });

  it("drops the trader's question around the goods, in any of the five languages, but not goods' words", () => {
    const bare = (text: string) => withoutFraming(text).replace(/\s+/g, ' ').trim();
    expect(bare('HS code for solar panels')).toBe('solar panels');
    expect(bare('what is the import duty on used cars')).toBe('used cars');
    expect(bare('how much tax on iphone')).toBe('iphone');
    expect(bare('I want to import baby milk powder')).toBe('baby milk powder');
    expect(bare('price of cement import')).toBe('cement');
    expect(bare('Gift: chocolates and perfume')).toBe('chocolates and perfume');
    expect(bare('code for plastic chair')).toBe('plastic chair');
    expect(bare('Consignment of 500 bags of Portland cement')).toBe('500 bags of Portland cement');
    expect(bare('Shipment contains used computer monitors')).toBe('used computer monitors');
    expect(bare('code SH pour chaussures en cuir')).toBe('chaussures en cuir');
    expect(bare('arancel para neumáticos usados')).toBe('neumáticos usados');
    expect(bare('الرسوم الجمركية على الهواتف')).toBe('الهواتف');
    expect(bare('মোবাইল ফোন আমদানি শুল্ক')).toBe('মোবাইল ফোন');
    // A manifest's clauses are the carrier's.
    expect(bare("SHIPPER'S LOAD AND COUNT: 850 CARTONS CANNED SARDINES")).toBe('850 CARTONS CANNED SARDINES');
    expect(bare("shipper's load, stow and count said to contain 20 pallets of tiles freight prepaid")).toBe('20 pallets of tiles');
    for (const goods of [
      'bar code scanner',
      'heavy duty truck tyres',
      'price tags',
      'stainless steel vat for wine',
      'gift wrapping paper',
      'plastic containers with lids',
    ])
      expect(withoutFraming(goods)).toBe(goods);
    // "code" and "duty" had been the goods: "hs code for shrimp feed" went to computer units, "import permit for medicines" to lorries.
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0]?.code;
    expect(first('hs code for shrimp feed')).toMatch(/^(2309|0306)/);
    expect(first('import permit for medicines')).toMatch(/^300/);
    expect(first('Bangladesh customs duty on refrigerator')).toMatch(/^8418/);
    // "d'occasion" (second-hand) is the condition, no goods: a French lexicon text of worn clothes had drawn used cars.
    expect(first("droits de douane sur les voitures d'occasion")).toMatch(/^8703/);
    // "load" and "count" had been the goods' words: loading machinery and sauces for canned sardines.
    expect(first("SHIPPER'S LOAD AND COUNT: 850 CARTONS CANNED SARDINES IN TOMATO SAUCE")).toBe('160413');
    // The packing after a manifest's goods: not sacks of polyethylene but its resin.
    expect(first('LDPE FILM GRADE RESIN 25KG BAGS')).toBe('390110');
    // A model name says no engine capacity; the stated one decides (a lexicon text at 8703.23 had beaten 1500cc).
    expect(first('USED TOYOTA COROLLA 2015 1500CC')).toBe('870322');
  });

  it('reads Arabic fish as its plural, French and Spanish heads first, and a word as broad as a chapter as one', () => {
    const finder = testFinder();
    const answer = (query: string) => finder.predict(query, 1).predictions[0];
    // "سمك" (fish) and the tariff's "أسماك" were two stems: frozen fish went to frozen chicken cuts.
    expect(terms('أسماك')).toEqual(terms('سمك'));
    expect(answer('سمك مجمد').code.slice(0, 2)).toBe('03');
    // The first word of a French or Spanish text is its goods: "Vins mousseux" names wines, not "sparkling".
    expect(headNouns('Vins mousseux', true)).toEqual(terms('vins'));
    expect(headNouns('Vins mousseux')).toEqual(terms('mousseux'));
    // Fertiliser is a chapter's goods, not urea's with confidence; the motorcycle in Bengali is no part of one.
    for (const query of ['engrais', 'سماد', 'fertilizante']) {
      expect(answer(query).code.slice(0, 2), query).toBe('31');
      expect(answer(query).probability, query).toBeLessThan(0.5);
    }
    expect(answer('মোটরসাইকেল').code.slice(0, 4)).toBe('8711');
  });

  it('does not take goods for waste or scrap unless the description calls them so', () => {
    expect(wasteOnly('Copper; waste and scrap')).toBe(true);
    expect(wasteOnly('Waste and scrap; electrical and electronic assemblies and printed circuit boards, other than ...')).toBe(true);
    expect(wasteOnly('Glass; cullet and other waste and scrap of glass')).toBe(true);
    expect(wasteOnly('Tungsten (wolfram); articles thereof, including waste and scrap, powders')).toBe(false);
    expect(wasteOnly('Pulp; of fibres derived from recovered (waste and scrap) paper or paperboard')).toBe(false);
    for (const text of [
      'e-waste',
      'copper scrap',
      'old corrugated containers',
      'used batteries',
      'chatarra de cobre',
      'خردة حديد',
      'লোহার স্ক্র্যাপ',
    ])
      expect(statesWaste(text), text).toBe(true);
    expect(statesWaste('plastic bottles')).toBe(false);
    expect(statesWaste('wasteland')).toBe(false);
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0].code;
    // The text of 8549.39 names the assemblies: they went there at 0.77.
    expect(first('flexible printed circuit board assemblies').slice(0, 4)).toBe('8538');
    expect(first('copper scrap')).toBe('740400');
    expect(first('glass cullet')).toBe('700100');
  });

  it('reads a title whose material comes before its features, kitchen utensils by their material, and the sari', () => {
    const finder = testFinder();
    const answer = (query: string) => finder.predict(query, 1).predictions[0];
    // Carbon was the goods (85.45, electric carbons, at 0.72): the rod is made of it.
    expect(answer('Fishing Rod Carbon Telescopic').code).toBe('950710');
    // No text named utensils: "kitchen utensils" went to wooden kitchen furniture at 0.94.
    expect(answer('kitchen utensils').code.slice(0, 4)).not.toBe('9403');
    expect(answer('kitchen utensils').probability).toBeLessThan(0.5);
    expect(answer('plastic kitchen utensils').code).toBe('392410');
    expect(answer('ustensiles de cuisine').code.slice(0, 4)).toBe('7323');
    expect(answer('শাড়ি').code.slice(0, 4)).toBe('6211');
  });

  it('reads an English basket as basketwork, a wooden title as its goods, and the ship sold for breaking up', () => {
    const finder = testFinder();
    const answer = (query: string) => finder.predict(query, 1).predictions[0];
    // The French "baskets" (sneakers) was the only text with the word: a laundry basket went to sports footwear at 0.91.
    expect(answer('Laundry Basket').code).toBe('392490');
    expect(answer('paire de baskets').code).toBe('640411');
    // "wooden" is what the goods are made of, never the goods: the frame went to wooden bedroom furniture at 0.71.
    expect(answer('Photo Frame Wooden').code.slice(0, 4)).toBe('4414');
    // How a helmet covers the face is no goods either: motorcycle parts at 0.38.
    expect(answer('Motorcycle Helmet Full Face').code).toBe('650610');
    // Ships for breaking up and oil-cake of soya, as a port of a ship-breaking and feed-milling country imports them.
    expect(answer('old ship for scrapping').code).toBe('890800');
    expect(answer('soybean meal').code).toBe('230400');
  });

  it('reads a car by its fuel and engine capacity, clothes as Spanish and French shops name them, and fabrics by their weave', () => {
    const finder = testFinder();
    const answer = (query: string) => finder.predict(query, 1).predictions[0];
    // "petrol" was the goods (motor spirit), and the car went to toys at 0.43.
    expect(answer('petrol car 1300cc').code).toBe('870322');
    expect(answer('diesel car 2000cc').code).toBe('870332');
    // The tariff's Spanish "ropa" is linen ("ropa de cama"); in a shop it is clothes.
    expect(answer('ropa de bebé de algodón').code).toBe('611120');
    expect(answer('ropa de cama de algodón').code.slice(0, 4)).toBe('6302');
    expect(answer('pièces détachées pour voitures').code).toBe('870899');
    // A disposable face mask protects; a cosmetic one (33.04) is no mask to throw away.
    expect(answer('face masks disposable').code).toBe('630790');
    // Satin, chiffon, twill and poplin are woven.
    for (const fabric of ['satin', 'chiffon', 'twill', 'poplin'])
      expect(attributeWords(attributesOf(`blouse ${fabric}`)).construction, fabric).toEqual(['woven']);
    expect(attributeWords(attributesOf('satinwood')).construction).toEqual([]);
  });

  it('reads canned goods as prepared or preserved, in five languages, and finds them in chapters 16 and 20', () => {
    const state = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).state;
    for (const query of [
      'canned chickpeas',
      'tinned sardines',
      'peaches in syrup',
      'thon en conserve',
      'atún enlatado',
      'تونة معلبة',
      'টিনজাত মাছ',
    ])
      expect(state(query), query).toEqual(['canned']);
    // Tin-plated copper is not canned; goods "provisionally preserved" for transport (07.11) are not the canned ones.
    expect(state('tinned copper wire')).toEqual([]);
    expect(state('Vegetables provisionally preserved, but unsuitable in that state for immediate consumption', true)).toEqual([]);
    expect(state('Légumes conservés provisoirement, mais impropres, en l’état, à l’alimentation', true)).toEqual([]);
    expect(state('خضر محفوظة مؤقتا ولكن غير صالحة بحالتها هذه للاستهلاك المباشر', true)).toEqual([]);
    // "Not frozen" is not frozen: 20.05's vegetables are preserved only.
    expect(
      state(
        'Vegetable preparations; peas (pisum sativum), prepared or preserved otherwise than by vinegar or acetic acid, not frozen',
        true,
      ),
    ).toEqual(['canned']);
    expect(state('خضر أخر محضرة أو محفوظة بغير الخل أو حمض الخليك، غير مجمدة', true)).toEqual(['canned']);
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0]?.code;
    // Dried chickpeas (0713.20) had them at 0.95, and fresh tuna the Spanish ones: the raw goods' texts know the words.
    expect(first('canned chickpeas')?.slice(0, 4)).toBe('2005');
    expect(first('atún enlatado')?.slice(0, 4)).toBe('1604');
    expect(first('canned mushrooms')?.slice(0, 4)).toBe('2003');
    // Not canned: the raw goods stay.
    expect(first('dried chickpeas')).toBe('071320');
  });

  it("reads a car title's engine capacity in litres beside its fuel, and a share or grade after the goods as their specification", () => {
    const cc = (text: string) => attributesOf(text).cc;
    expect(cc('Honda Civic 2019 1.5L petrol')).toBe(1500);
    expect(cc('toyota hilux 2.8 diesel')).toBe(2800);
    expect(cc('diesel engine 2.5L')).toBe(2500);
    // A volume alone, or a generator's power, is no engine capacity.
    expect(cc('water bottle 1.5L')).toBeNaN();
    expect(cc('generator diesel 2.5 kva')).toBeNaN();
    const finder = testFinder();
    // The fuel after the capacity is the engine's: motor spirit (2710.12) had the car at 0.94.
    expect(finder.predict('Honda Civic 2019 1.5L petrol', 1).predictions[0]?.code).toBe('870322');
    for (const [text, phrase] of [
      ['wheat grain 12.5% protein', 'wheat grain'],
      ['milk powder 26% fat', 'milk powder'],
      ["men's 100% cotton shirt", 'men 100% cotton shirt'],
      ['PET resin bottle grade', 'pet resin'],
      ['sewing machine industrial', 'sewing machine'],
      ['Polyester bedsheet printed woven', 'polyester bedsheet'],
      ['Satin Ribbon 25mm Roll', 'satin ribbon'],
      ['canned sweet corn', 'sweet corn'],
    ])
      expect(headPhrase(text), text).toBe(phrase);
  });

  it("drops a unit's identifying numbers, and rules out bare stranded wire for an insulated cable", () => {
    expect(withoutFraming('ONE UNIT USED TOYOTA PREMIO CHASSIS NO NZT260').trim()).toBe('ONE UNIT USED TOYOTA PREMIO');
    expect(withoutFraming('serial no: 4711 laptop').trim()).toBe('laptop');
    expect(withoutFraming('VIN JTDBR32E720012345 toyota').trim()).toBe('toyota');
    // An engine capacity, a chassis for trucks or a French wine's year is no number of a unit.
    expect(withoutFraming('car engine 1500cc')).toBe('car engine 1500cc');
    expect(withoutFraming('vin 2019 bordeaux')).toBe('vin 2019 bordeaux');
    expect(withoutFraming('chassis for trucks')).toBe('chassis for trucks');
    const insulation = (text: string, isCode = false) => attributeWords(attributesOf(text, isCode)).insulation;
    for (const query of ['PVC insulated copper cables', 'copper wire, PVC insulated', 'câbles électriques isolés', 'كابلات نحاس معزولة'])
      expect(insulation(query), query).toEqual(['insulated']);
    expect(insulation('Stranded wire, cables, plaited bands and the like, of copper, not electrically insulated', true)).toEqual([
      'not insulated',
    ]);
    // An insulated bottle or jacket is no conductor.
    expect(insulation('insulated water bottle')).toEqual([]);
    const stranded = attributesOf('Stranded wire, cables, plaited bands and the like, of copper, not electrically insulated', true);
    expect(compareAttributes(attributesOf('PVC insulated copper cables'), stranded).rules).toBeLessThan(0);
    expect(testFinder().predict('PVC INSULATED COPPER CABLES 4C X 16 SQMM', 1).predictions[0]?.code.slice(0, 4)).toBe('8544');
  });

  it('reads parts in French, Spanish, Arabic and Bengali, worn clothes in French, and harness of any material', () => {
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0]?.code;
    // "repuestos" was no head of a part, so the goods after "para" were not read: car parts (8708.99) at 0.91.
    expect(first('repuestos para motocicletas')).toBe('871410');
    // Alone, "قطع غيار" (spare parts) names no goods, as "spare parts" does not: broader than every code, so the
    // page asks for a description.
    expect(finder.predict('قطع غيار', 1).broader).toBe(finder.index.codes.length);
    expect(finder.predict('spare parts', 1).broader).toBe(finder.index.codes.length);
    // "usagés" (worn) had the stem of "à usage médical": rubber gloves.
    expect(first('vêtements usagés')).toBe('630900');
    expect(first('gants à usage médical')).toBe('401512');
    // Saddlery and harness "of any material" states nylon too, and "adjustable" before the material is no goods.
    expect(attributeWords(attributesOf('Saddlery and harness; for any animal, of any materials', true)).material).toContain('polyester');
    expect(first('Dog Collar Adjustable Nylon')).toBe('420100');
    // "non-electric" states no electric power.
    expect(attributeWords(attributesOf('Heaters; solar water heaters, non-electric', true)).power).toEqual([]);
    expect(attributeWords(attributesOf('Heaters; electric, instantaneous or storage water heaters', true)).power).toEqual(['electric']);
  });

  it("leaves out a title's first words of how its goods are carried or sized, and its last of how they are powered", () => {
    expect(headPhrase('Mini Portable Fan USB Rechargeable')).toBe('fan');
    expect(headPhrase('portable lamps')).toBe('lamps');
    expect(headPhrase('USB cable')).toBe('usb cable');
    expect(headPhrase('portable')).toBe('portable');
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0]?.code;
    // Portable computers (8471.30) had both, at 0.23 and 0.35.
    expect(first('Portable Power Bank 20000mAh Fast Charging USB C')).toBe('850760');
    expect(first('Mini Portable Fan USB Rechargeable')).toBe('841451');
  });

  it('reads an engine capacity as a whole vehicle or engine, not as parts or the fuel it burns', () => {
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0]?.code;
    // Motorcycle parts (8714.10) had it at 0.78: the nomenclature's short text names motorcycles.
    expect(first('motorcycle 150cc')).toBe('871120');
    expect(first('motorcycle 150cc engine parts')).toBe('871410');
    // A volume in cc is no engine's: the shampoo stays.
    expect(first('shampoo 400cc')).toBe('330510');
  });

  it('classifies a bag made of a woven fabric as a bag, not as the fabric, and a mouse in graphite colour as a mouse', () => {
    const finder = testFinder();
    const first = (query: string) => finder.predict(query, 1).predictions[0].code;
    expect(first("woman's shoulder bag made of nylon woven fabric with leather straps")).toBe('420222');
    expect(first('Logitech wireless mouse graphite')).toBe('847160');
  });

  it('adds a fixed score to the codes of the headings that name the goods, unless their name says nothing of them', () => {
    const { index } = testFinder();
    const at = (code: string) => index.codeIndex.get(code)!;
    // Both are knitted women's garments of wool (the same attribute rules): only 61.02 names capes.
    const cape = index.features("women's knit cape made from 100% wool");
    expect(cape.rules[at('610210')] - cape.rules[at('610461')]).toBe(HEAD_NOUN_WEIGHT);
    // "kit" says nothing of the goods: no heading gets the score, not even the first-aid kits of 30.06.
    const kit = index.features('first aid kit');
    expect(kit.head4[index.headingOf[at('300650')]]).toBe(1);
    expect(Math.max(...kit.rules)).toBe(0);
    // A text names the goods of its list, not the words that describe them: "bottled water" is water, so
    // the bottles of 70.10 get the score and the waters of 22.01 do not (a bottle of no stated material: the
    // bottles of 70.10 are of glass).
    const bottle = index.features('water bottle');
    expect(bottle.head4[index.headingOf[at('220110')]]).toBe(0);
    expect(bottle.rules[at('701090')] - bottle.rules[at('220110')]).toBe(HEAD_NOUN_WEIGHT);
    // Nor do their words meet: "bottled" (put in bottles) is not read as "bottle", so the waters' texts do not
    // match the goods word of "water bottle"; "bottles" still is.
    expect(terms('bottled water')).not.toContain(terms('water bottle')[1]);
    expect(terms('bottles')).toEqual(terms('bottle'));
    const steel = index.features('stainless steel water bottle');
    expect(steel.rules[at('701090')]).toBeLessThan(steel.rules[at('220110')]);
  });

  it('gives the same score to the codes of the heading that names the goods a part belongs to', () => {
    const { index } = testFinder();
    const at = (code: string) => index.codeIndex.get(code)!;
    // Both are codes of parts (the same parts rule): only 84.81 names valves.
    const part = index.features('transmission spool valve part used in an automatic transmission');
    expect(part.rules[at('848190')] - part.rules[at('848390')]).toBe(HEAD_NOUN_WEIGHT);
    // When the head names no goods, the goods after "for" or "of" do: parts for cars are of 87.08, not 87.14.
    const cars = index.features('set of spare parts for cars');
    expect(cars.rules[at('870899')] - cars.rules[at('871410')]).toBe(HEAD_NOUN_WEIGHT);
    expect(testFinder().predict('spare parts for cars', 1).predictions[0].code).toBe('870899');
    // A kit is not a part of what it is for: no heading gets the score (the hearing aids of 90.21 are not "first aid").
    expect(Math.max(...index.features('first aid kit').rules)).toBe(0);
  });

  it('reads the Arabic HS texts as well, changing for English descriptions only the Latin words they write', () => {
    const finder = testFinder();
    // "used tyres": the Arabic text of 4012.20 says so; the translated lexicon has "مستعملة" only for worn clothing.
    expect(finder.predict('إطارات مستعملة', 1).predictions[0].code).toBe('401220');
    // "Used" in "of a kind used for cars" (4012.11) says what tyres are for, as the English stop word does: a used car
    // is a car (87.03), within its engine capacity when it has one, not a tyre or a starter battery.
    expect(terms('من الأنواع المستعملة للسيارات')).toEqual(terms('للسيارات'));
    expect(terms('des types utilisés pour les véhicules')).toEqual(terms('véhicules'));
    expect(finder.predict('سيارة مستعملة', 1).predictions[0].code.slice(0, 4)).toBe('8703');
    expect(finder.predict('سيارة مستعملة 1500 سي سي', 3).predictions.map(({ code }) => code)).toContain('870322');
    const english = buildState(finder.nomenclature, []);
    const both = buildState(finder.nomenclature, [], { official: [finder.sources.hsTexts.get('ar')!] });
    expect(both.textLevel.length).toBeGreaterThan(english.textLevel.length + 5000);
    expect(both.desc.lengthNorm).toEqual(english.desc.lengthNorm);
    expect(both.head.lengthNorm).toEqual(english.head.lengthNorm);
    expect(both.chap.lengthNorm).toEqual(english.chap.lengthNorm);
    // The weights of English words and trigrams stay the same, but those of the few Latin words that the
    // Arabic texts write themselves ("PCB", "HFC", "OLED").
    const arabic = new Set(terms(normalize([...finder.sources.hsTexts.get('ar')!.values()].join(' '))));
    const changed = (names: 'terms' | 'grams', weights: 'idf' | 'gramIdf') => {
      const before = new Map(english[names].map((name, position) => [name, english[weights][position]]));
      const after = new Map(both[names].map((name, position) => [name, both[weights][position]]));
      const latin = [...before.keys()].filter((name) => /^[a-z ]+$/.test(name));
      expect(latin.length).toBeGreaterThan(3000);
      return latin.filter((name) => before.get(name) !== after.get(name));
    };
    const words = changed('terms', 'idf');
    expect(words.filter((term) => !arabic.has(term))).toEqual([]);
    expect(words.length + changed('grams', 'gramIdf').length).toBeLessThan(200);
  });

  it('reads the French and Spanish HS texts only for a query in their language', () => {
    const finder = testFinder();
    const { index } = finder;
    const gates = (text: string) => index.queryLanguages(index.queryTerms(text));
    const [french, spanish] = GATED_LANGUAGES.map((_, position) => 1 << (position + 1));
    // Words both write ("pneumatiques" and "neumáticos" stem alike) open both.
    expect(gates('pneumatiques rechapés pour autobus') & french).toBe(french);
    expect(gates('neumáticos recauchutados para autobuses') & spanish).toBe(spanish);
    expect(gates('huile de palme brute en vrac')).toBe(french);
    expect(gates('retreaded tyres for buses')).toBe(0);
    // More English words than French ones: an English description naming a French word is read as English.
    expect(gates('cotton t-shirts with printed pneumatiques logo')).toBe(0);
    // Read only in their language: an English query finds the same texts with them as without them.
    const nomenclature = finder.nomenclature;
    const english = new FinderIndex(nomenclature, buildState(nomenclature, []));
    const gated = new FinderIndex(nomenclature, buildState(nomenclature, [], { gated: finder.sources.hsTexts }));
    expect(gated.size.texts).toBeGreaterThan(english.size.texts + 10000);
    for (const query of ['retreaded tyres for buses', 'table linen of cotton', 'machine for sewing, household type']) {
      const [before, after] = [english, gated].map((at) => at.features(query, -1, false));
      for (const name of ['knnO', 'knn4', 'knn2', 'char6', 'char4', 'head6', 'desc', 'cov'] as const)
        expect(after[name]).toEqual(before[name]);
    }
    // In French, the French text of 4012.12 (retreaded tyres of buses) is found, which no English text says so.
    const buses = english.codeIndex.get('401212')!;
    expect(english.features('pneumatiques rechapés pour autobus', -1, false).knnO[buses]).toBe(0);
    expect(gated.features('pneumatiques rechapés pour autobus', -1, false).knnO[buses]).toBeGreaterThan(0.3);
    // "Used tyres" in Spanish went to new tyres (40.11) at 0.90 without them.
    expect(finder.predict('neumáticos usados', 1).predictions[0].code).toBe('401220');
  });

  it('reads the CBP validation rulings as labelled texts, each validation row blind to its own fold of them', () => {
    const { index, sources } = testFinder();
    const validation = sources.external.filter((item) => item.split === 'validation');
    expect(validation.length).toBe(164);
    expect(new Set(validation.map((item) => item.fold))).toEqual(new Set([5, 6, 7, 8, 9, 10, 11, 12]));
    expect(sources.external.filter((item) => item.split === 'test').every((item) => item.fold === -1)).toBe(true);
    const item = validation.find((row) => row.description.startsWith('vinyl tiles made from polyvinyl chloride'))!;
    const gold = index.codeIndex.get(item.code)!;
    // Seen, the ruling's own text is the closest; blind to its fold, only other texts match it, less closely.
    const seen = index.features(item.description).knnL[gold];
    expect(index.features(item.description, item.fold).knnL[gold]).toBeLessThan(seen - 0.1);
    // Another fold's rulings stay visible to it, and the lexicon's folds hide none of them.
    expect(index.features(item.description, item.fold === 5 ? 6 : 5).knnL[gold]).toBe(seen);
    expect(index.features(item.description, 0).knnL[gold]).toBe(seen);
  });

  it('does not read the units of an engine capacity as words of the goods', () => {
    const terms = (text: string) =>
      testFinder()
        .index.queryTerms(text)
        .map((item) => item.term);
    expect(terms('سيارة مستعملة 1500 سي سي')).not.toContain('سي');
    expect(terms('used car 1500 cc')).not.toContain('cc');
    expect(terms('used car 1500 cc')).toContain('car');
  });

  it('reads the noun of an Arabic phrase first, its adjectives after it, and of an English one last', () => {
    const noun = (text: string) => nounOf(headPhrase(text), terms(headPhrase(text)));
    expect(noun('سيارة مستعملة 1500 سي سي')).toBe(terms('سيارة')[0]);
    expect(noun('أحذية جلدية')).toBe(terms('أحذية')[0]);
    expect(noun('used car 1500cc')).toBe('car');
    expect(noun('leather shoes')).toBe('shoe');
    // Worn clothing names clothing, not "used"; used tyres name tyres.
    expect(headNouns('ألبسة مستعملة')).toEqual(terms('ألبسة'));
    expect(headNouns('إطارات خارجية مستعملة')).toEqual(terms('إطارات'));
  });

  it('joins an Arabic broken plural of goods to its singular, and no other word to it', () => {
    for (const [singular, plural] of [
      ['معطف', 'معاطف'],
      ['حذاء', 'الأحذية'],
      ['صندوق', 'وصناديق'],
      ['أنبوب', 'أنابيب'],
      ['حقيبة', 'حقائب'],
    ])
      expect(terms(plural), plural).toEqual(terms(singular));
    // A plural is read before its suffix is taken off: tools ("أدوات") are not medicines ("أدوية"), nor
    // sanitary ("صحية") plates ("صحون").
    expect(terms('أدوات')).toEqual(terms('أداة'));
    expect(terms('أدوية')).toEqual(terms('دواء'));
    expect(terms('أدوات')).not.toEqual(terms('أدوية'));
    expect(terms('صحون')).toEqual(terms('صحن'));
    expect(terms('صحية')).not.toEqual(terms('صحون'));
  });

  it('reads the goods a text names: the last word of each item of its list', () => {
    expect(headNouns('bottled water')).toEqual(['water']);
    // A search reference's goods come before " - ", what sets them apart after it.
    expect(headNouns('sofas - wooden frame')).toEqual(terms('sofas'));
    expect(headNouns('cranes - lorry mounted')).toEqual(terms('cranes'));
    expect(headNouns('t-shirts - cotton')).toEqual(terms('shirts'));
    // Nor does a part that begins with "with".
    expect(headNouns('Seats; with wooden frames, upholstered')).not.toContain(terms('frames')[0]);
    expect(headNouns('Cases and containers; with outer surface of leather')).toEqual(terms('case container'));
    // "Women's or girls'" are who wears the goods.
    expect(headNouns("Women's or girls' overcoats, car-coats, capes, cloaks, anoraks (including ski-jackets)")).toEqual([
      'overcoat',
      'coat',
      'cape',
      'cloak',
      'anorak',
      'jacket',
    ]);
    expect(headNouns('Trunks, suit-cases and school satchels; travelling-bags')).toEqual(['trunk', 'case', 'satchel', 'bag']);
  });

  it('reads no goods in what a list says its goods are for or made of, nor in the words that say which goods', () => {
    // After "for" or "of" a conjunction joins what the machines are for, not goods of their own.
    expect(headNouns('Machinery for the manufacture or repair of footwear')).toEqual(terms('machinery'));
    expect(headNouns('Flours and meals of oil seeds or oleaginous fruits')).toEqual(terms('flours meals'));
    // One word joined to a longer name shares its goods.
    expect(headNouns('Safety or relief valves')).toEqual(terms('valves'));
    expect(headNouns('Engines; compression-ignition piston engines (diesel or semi-diesel engines)')).toEqual(terms('engines'));
    expect(headPhrase('salt and pepper shakers')).toBe('salt and pepper shakers');
    expect(headPhrase('bolts and nuts of steel')).toBe('bolts');
    expect(headNouns("Biscuits and other bakers' wares")).toEqual(terms('biscuits wares'));
    // French and Spanish put the noun first: each word joined is goods of its own.
    expect(headNouns('Fils et câbles isolés', true)).toEqual(terms('fils câbles'));
  });
});
