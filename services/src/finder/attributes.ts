/**
 * Attributes that decide between neighbouring codes whatever the wording: material, knitted or woven,
 * gender, fresh, chilled, frozen or dried, new or used, power source, garment or fabric, engine capacity, power
 * rating. A query's attributes are compared with those its code's texts state (chapter, heading, subheading): how
 * many of the query's attribute groups the code agrees with, how many it contradicts (the code names another value
 * of the group and not the query's, or an engine capacity range the query's capacity is outside of), and the
 * score of the fixed rules (compareAttributes).
 */
import { normalize, terms } from './text.js';

interface Group {
  name: string;
  values: Record<string, RegExp>;
}

// Patterns on normalised text (lower case, accents folded, Arabic letter forms unified: normalize() in text.ts).
// Word starts only, so "cotton" matches "cottons"; an Arabic word also with its article or a prefix ("القطن").

// "Used" as second-hand, not as "of a kind used for": in Arabic "المستعملة في" (used in) and "المستعملة
// للسيارات" (used for cars, 4012.11) are what goods are for, "مستعملة من مطاط" (used, of rubber) is their
// condition, "غير مستعملة" (unused) is not; in French "usagés" (used) is not the "usages" (uses) of "à usages domestiques".
// Neither are "used primarily for plaiting" (14.01), "used or unused" stamps (97.04) or appliances "worn, carried
// or implanted in the body" (90.21).
const SECOND_HAND =
  /\b(used\b(?! (for|in|as|to|on|with|by|at|when|during|mainly|primarily|solely|principally|exclusively|or unused))|second[- ]?hand|pre-?owned|worn\b(?!,? (?:or )?carried)|usad[oa]s?\b|de segunda mano|occasion\b|(?<!\b(?:a|ou|aux|de|d'|des|un|en|pour|leur|son) )usagee?s?\b|(?<!غير (?:ال)?)مستعمل(?:ه|ات|ين|ون)?(?!\S)(?!\s+(?:في|علي|عاده|بصوره|بشكل|مع|[لك])))/;

const GROUPS: Group[] = [
  {
    name: 'material',
    values: {
      // Denim is a cotton fabric (HS 5209.42, 5211.42): jeans are of cotton unless they name another fibre first.
      cotton: /\b(cotton|coton|algodon|قطن|denim\b|jeans?\b|vaqueros?\b|جينز)/,
      wool: /\b(wool|woollen|merino|cashmere|laine|lana|صوف)/,
      silk: /\b(silk|soie|seda|حرير)/,
      synthetic: /\b(synthetic|polyester|nylon|acrylic|man-made|manmade|spandex|elastane|polyamide|synthetique|sintetic)/,
      // Fibres made from cellulose (HS chapters 54 and 55: "of artificial fibres"), not from synthetic polymers.
      artificial:
        /\b(viscose|viscosa|rayon|rayonne|lyocell|tencel|modal\b|cupro|man-made|manmade|artificial (?:fibres?|fibers?|filaments?|staple)|(?:fibres?|filaments?) artificiel|fibras? artificial|فسكوز|فيسكوز|رايون)/,
      leather: /\b(leather|cuir|cuero|جلد)/,
      plastic:
        /\b(plastic|plastique|plastico|u?pvc|polyethylene|polypropylene|vinyl|acrylonitrile|polymer|silicone|polycarbonate|polyurethane|tpu\b|بلاستيك)/,
      rubber: /\b(rubber|caoutchouc|caucho|مطاط)/,
      wood: /\b(wood|wooden|timber|bois|madera|خشب)/,
      paper: /\b(paper|paperboard|cardboard|papier|carton|papel|ورق)/,
      glass: /\b(glass|verre|vidrio|زجاج)/,
      ceramic: /\b(ceramic|porcelain|stoneware|ceramique|ceramica)/,
      // A steam, dry or soldering iron is goods, not a material.
      steel: /\b(steel|(?<!(?:steam|dry|flat|curling|soldering|travel|electric|clothes|hair) )iron\b|acier|fer\b|acero|hierro|حديد|فولاذ)/,
      aluminium: /\b(aluminium|aluminum|aluminio|المنيوم)/,
      // Not "brassieres" or "brassicas".
      copper: /\b(copper|brass(?!i)|bronze|cuivre|laiton|cobre|نحاس)/,
    },
  },
  {
    name: 'construction',
    values: {
      knitted: /\b(knit|knitted|crochet|jersey fabric|tricot|punto|محبوك|مصنر|كروشيه)/,
      // Fabrics named by their weave are woven: satin, chiffon, twill, poplin, taffeta, organza, gabardine, chambray.
      woven:
        /\b((?<!non[- ])woven|not knitted|denim|tisse|tejid|(?:satin|sat[eé]n|chiffon|twill|poplin|popeline|taffeta|taffetas|organza|gabardine|gabardina|chambray)\b)/,
    },
  },
  {
    name: 'gender',
    values: {
      men: /\b(men|man|boy|boys|gent|gents|homme|hommes|garcon|garcons|hombre|hombres|nino|ninos|رجال)\b(?!-?made)/,
      women: /\b(women|woman|girl|girls|lady|ladies|femme|femmes|fille|filles|mujer|mujeres|nina|ninas|نساء|نسايي)\b/,
      babies: /\b(baby|babies|infant|infants|toddler|bebe|رضع)/,
    },
  },
  {
    name: 'state',
    values: {
      fresh: /\b(fresh|chilled|frais|fresco|refrigere|طازج|مبرد)/,
      // "Vegetables prepared or preserved ..., not frozen" (20.05) are not frozen ones.
      frozen: /(?<!not |non |no |غير )\b(frozen|freez|congele|congelad|surgel|مجمد)/,
      dried: /\b(dried|dry\b(?! (?:iron|cells?|batter))|dehydrated|seche|seco\b|مجفف)/,
      // Canned or tinned goods are the "prepared or preserved" ones of chapters 16 and 20 ("canned chickpeas" are
      // no dried chickpeas of 07.13); goods "provisionally preserved" for transport (07.11, 08.12) are not.
      preserved:
        /(?<!provisionally )\b(canned|tinned(?! (?:copper|steel|iron|wire|sheets?|plates?))|in (?:tins?|cans?)\b|preserved|conserve(?:e|es|ees|s)?\b|conservad[oa]s?\b|enlatad[oa]s?\b|en lata\b|en almibar|in syrup|(?:معلب|محفوظ)(?:ه|ات)?(?![\u0621-\u064a]))(?! (?:provisoirement|provisionalmente|مؤقتا|موقتا))/,
    },
  },
  {
    name: 'condition',
    values: {
      used: SECOND_HAND,
      new: /\b(new|neuf|neuve|nuevo|nueva|جديد)\b/,
      // Retreaded tyres (40.12) are neither new nor used ones.
      retreaded: /\b(retreaded|rechapes?|recauchutad[oa]s?|مجدده)\b/,
    },
  },
  {
    name: 'power',
    values: {
      // Goods rated in watts or volts run on electricity ("dry iron 1000w", "12v pump"), and cordless ones on a
      // battery; "3 v-neck shirts" do not, nor "solar water heaters, non-electric" (84.19), nor radiators "not
      // electrically heated" (73.22).
      electric:
        /\b(?<!non-|non |not )(electric|battery[- ](?:powered|operated)|cordless|ev\b|electrique|electrico|كهربايي)|\d\s*(w|watts?|kw|v|volts?)(?![\w-])/,
      spark: /\b(petrol|gasoline|spark[- ]ignition|essence|gasolina|بنزين)/,
      diesel: /\b(diesel|compression[- ]ignition|gasoil|ديزل)/,
      // Gas as a fuel: "gas cooker", "gas-fired boiler", "cuisinière à gaz", "موقد غاز" (73.21, 84.19.11), not the
      // electric ones of 85.16; not a gas a machine moves or holds ("gas compressors", "gas cylinders").
      gas: /\bgas[- ]?(fired|fuell?ed|powered|operated)\b|\bgas (fuel|stoves?|cookers?|ovens?|grills?|hobs?|ranges?|burners?|water heaters?|heaters?|geysers?|fryers?|boilers?)\b|\b(a|de) gaz\b|\b(a|de) gas\b|(موقد|فرن|طباخ|سخان) غاز|গ্যাস(ের)? (চুলা|চুলো)/,
      // Worked by hand: "manual meat grinder", "hand-operated pump", "hand crank", a wheelchair "not mechanically
      // propelled" (8713.10), brooms "not motorised" (96.03), "hachoir manuel"; not a book ("user manual",
      // "manual for a washing machine") nor a car's gearbox ("manual transmission"), nor tools "whether or not
      // hand-operated" (84.24).
      manual:
        /(?<!whether or not )\b(hand[- ]?(operated|powered|driven|cranked|crank)\b|operat(ed|ing) by hand|manually\b|not motori[sz]ed|not mechanically propelled|manual(?= (?!transmission|gear|shift|for\b|of\b|on\b|in\b|and\b|book|guide)[a-z])|manuel(le)?s?\b|manuales\b|يدوي)/,
    },
  },
  {
    // Worn goods against the fibres, yarns and fabrics they are made of: "women's knit vest made of polyester
    // fabric" is a garment, never polyester fabric (a description naming both is what it names first).
    name: 'form',
    values: {
      apparel:
        /\b(apparel|garments?|clothing|clothes|men|women|ladies|unisex|shirts?|t-shirts?|tshirts?|blouses?|jackets?|coats?|overcoats?|anoraks?|parkas?|capes?|cloaks?|ponchos?|dress|dresses|skirts?|trousers|pants|jeans|shorts|vests?|sweaters?|pullovers?|cardigans?|sweatshirts?|hoodies?|underwear|underpants|briefs|panties|bras?|brassieres?|pyjamas|pajamas|nightdress(es)?|bathrobes?|swimwear|swimsuits?|bikinis?|swim|singlets?|suits?|blazers?|tracksuits?|leggings|socks?|stockings|tights|gloves?|mittens|scarves|scarf|shawls?|neckties?|hats?|headgear|footwear|shoes?|boots?|vetements?|chemises?|robes?|vestes?|manteaux?|pantalons?|jupes?|chaussettes|prendas?|ropa|camisas?|vestidos?|chaquetas?|abrigos?|faldas?|calcetines|ملابس|قميص|قمصان|فستان|ستره|معطف|بنطلون)\b/,
      textile: /\b(fabrics?|yarns?|fibres?|fibers?|slivers?|rovings?|tissus?|hilados?|tejidos?|اقمشه|قماش|غزل)\b/,
    },
  },
  {
    // Metals split by alloy: aluminium "not alloyed" against "alloys" (76.01, 76.04 to 76.07), non-alloy against
    // alloy steel (chapter 72), refined copper against its alloys (74.03), nickel, zinc, tin...
    name: 'alloy',
    values: {
      // Stainless steel is alloy steel (chapter 72, note 1 (e)).
      alloyed:
        /(?<!non-|non |not |sin |no )\b(alloys?|alloyed|alliages?|allies?|aleados?|aleacion|aleaciones|stainless|inox|inoxydable|inoxidable)\b/,
      unalloyed: /\b(non-?alloy|non-?alloyed|not alloyed|unalloyed|non allies?|sin alear|no aleados?)\b/,
    },
  },
  {
    // Oils, petroleum, sugar and metals split crude from refined (15.07 to 15.15: "crude" against "other than
    // crude, whether or not refined"; raw sugar, "en bruto", against 1701.99); "whether or not refined" states neither.
    // "Raw" is crude only of sugar: raw cashew nuts are in shell, raw hides not tanned. A gross weight is not crude.
    name: 'refining',
    values: {
      crude:
        /(?<!whether or not |other than |peso |poids )\b(crude|unrefined|raw(?= (?:cane |beet )?sugar)|(?<=sugar,? )raw|brut|brute|bruts|brutes|crudo|cruda|bruto|bruta|brutos|brutas|خام)\b/,
      refined: /(?<!whether or not |not )\b(refined|raffine|raffinee|refinado|refinada|مكرر)\b/,
    },
  },
  {
    // Coffee, malt and ground-nuts split roasted from not roasted (09.01, 11.07, 12.02 against 20.08).
    name: 'roasting',
    values: {
      roasted:
        /(?<!not |non |no |غير )\b(roasted|(?:light|medium|dark|french|italian|espresso) roast|torrefie|torrefies|torrefiee|tostados?|tostadas?|محمص|محمصه)\b/,
      unroasted: /\b(not roasted|unroasted|non torrefie|sin tostar|no tostados?|green coffee|cafe vert|cafe verde|غير محمص)\b/,
    },
  },
  {
    // Poultry, meat and fish split whole from cuts (02.07: "not cut in pieces" against "cuts and offal"; 03.03
    // "excluding fish fillets" against 03.04); "whole or in pieces" states both.
    name: 'pieces',
    values: {
      whole: /\b(whole|not cut in pieces|entiers?|entieres?|enteros?|enteras?|كامل|كامله)\b/,
      cut: /(?<!not )\b(cuts|cut in pieces|(?<!cut in )pieces|fillets?|filets?|filetes?|breasts?|wings?|drumsticks?|thighs?|leg quarters|decoupes?|morceaux|trozos|troceados?)\b/,
    },
  },
  {
    // Electric wire and cable insulated (85.44) against stranded wire and cables "not electrically insulated"
    // (73.12, 74.13, 76.14): "PVC insulated copper cables" had gone to 74.13 at 0.53. Insulated only beside a
    // wire, a cable or a conductor: an insulated bottle or jacket is no conductor.
    name: 'insulation',
    values: {
      insulated:
        /(?<!not |not electrically |non[- ]|غير )\b(insulated|isole(?:e|s|es)?|aislad[oa]s?|معزول(?:ه|ات)?)(?=(?: \S+){0,4} (?:wires?|cables?|conductors?|fils?|cables?|conducteurs?|alambres?|conductores?|اسلاك|كابلات)\b)|\b(?:wires?|cables?|conductors?|fils|cables?|alambres?|conductores?|اسلاك|كابلات),?(?: \S+){0,4} (?<!not |not electrically |non[- ]|غير )(?:insulated|isole(?:e|s|es)?|aislad[oa]s?|معزول(?:ه|ات)?)\b/,
      bare: /\b(not (?:electrically )?insulated|uninsulated|non[- ]insulated|bare (?:copper|wires?|cables?|conductors?)|non isole(?:e|s|es)?|sin aislar|no aislad[oa]s?|غير معزول(?:ه|ات)?)/,
    },
  },
  {
    // Cast iron against other iron and steel (73.03 against 73.04 to 73.06, 73.23.91 against 73.23.94); ductile
    // (nodular) iron is a cast iron.
    name: 'casting',
    values: {
      cast: /\b(cast|ductile|nodular|fonte|fundicion|hierro fundido)\b(?! (?:or rolled|and rolled|glass))/,
    },
  },
  {
    // Woven and knitted fabrics split by their finish (52.08 to 52.12, 54.07, 55.12 to 55.16, 60.05, 60.06), bed
    // linen by printed or not (63.02), pulp and kraft paper by bleached or not (47.03, 48.04). "Yarn-dyed" fabric is
    // of yarns of different colours; a printed circuit is no printed fabric.
    name: 'finish',
    values: {
      // A "grey" fabric or cloth is one as it left the loom, in the trade's word.
      unbleached:
        /\b(unbleached|greige|ecru|ecrus|ecrues?|sin blanquear|crudos?|crudas?|gr[ae]y (?:fabrics?|cloth)|fabrics? gr[ae]y|غير مبيض|غير مبيضه)\b/,
      bleached: /(?<!un|non |not |no )\b(bleached|semi-bleached|blanchis?|blanchies?|blanqueados?|blanqueadas?|مبيض|مبيضه)\b/,
      dyed: /(?<!yarn[- ]|yarns? )\b(dyed|teints?|teintes?|tenidos?|tenidas?|مصبوغ|مصبوغه)\b/,
      colours: /\b(yarns? of different colou?rs|yarn[- ]dyed|fils de diverses couleurs|hilados de distintos colores|خيوط مختلفه الالوان)\b/,
      printed: /(?<!not )\b(printed(?! circuit)|imprimes?|imprimees?|estampados?|estampadas?|مطبوع|مطبوعه)\b/,
    },
  },
  {
    // Woven fabrics split by weave: plain weave (poplin, voile, cambric), 3- or 4-thread twill (drill, gabardine,
    // denim), other weaves, which state neither.
    name: 'weave',
    values: {
      plain: /\b(plain[- ]weave|poplin|popeline|voile|cambric|muslin|taffeta|armure toile|ligamento tafetan)\b/,
      twill: /\b(twill|drill|gabardine|denim|serge|sergee|sarga)\b/,
    },
  },
  {
    // Yarns and wool split by combed or carded (uncombed) fibres (51.05 to 51.07, 52.05 to 52.07); "carded or
    // combed" (52.03) states both.
    name: 'combing',
    values: {
      // In French and Spanish the participle, not the comb ("peigne", "peine") or the chard ("cardes").
      combed: /(?<!un|non |sin )\b(combed|peignees?|(?:coton|laine|fils?|fibres?) peignes?|peinad[oa]s?|ممشط|ممشطه)\b/,
      uncombed: /\b(uncombed|carded|cardees?|(?:coton|laine|fils?|fibres?) cardes?|cardad[oa]s?)\b/,
    },
  },
  {
    // Nuts in shell against shelled (08.01, 08.02); "whether or not shelled" states neither.
    name: 'shell',
    values: {
      inShell: /\b(in (?:the )?(?:inner )?shells?|in-shell|inshell|unshelled|en coques?|con cascara|بقشره|بقشرها)\b/,
      shelled: /(?<!whether or not )\b(shelled|kernels?|sans coques?|sin cascara|decortiques?|مقشر|مقشره)\b/,
    },
  },
  {
    // Milk, cream and cocoa powder split by added sugar (04.02, 04.03, 18.05 against 1806.10); "whether or not
    // containing added sugar" states neither.
    name: 'sugar',
    values: {
      sweetened:
        /(?<!not |whether or |or )\b(containing added (?:sugar|sweetening)|sweetened|sugared|azucarad[oa]s?|edulcorad[oa]s?|محلى|محلي)\b|(?<!containing |no |not |without )\badded (?:sugar|sweetening)/,
      unsweetened:
        /(?<!whether or )\b(not containing added (?:sugar|sweetening)|unsweetened|no added sugar|without (?:added )?sugar|sugar[- ]free|sans sucre|sin azucar|غير محلى)\b/,
    },
  },
  {
    // Tubes and pipes of iron or steel split seamless (73.04) from welded (73.05, 73.06); "not seamless" is welded.
    name: 'seam',
    values: {
      seamless: /(?<!not |non[- ]|no |غير )\b(seamless|sans soudure|sin soldadura|غير ملحوم(?:ه)?)\b/,
      welded: /\b(not seamless|welded|erw|lsaw|ssaw|hfw|soudes?|soudees?|soldad[oa]s?|(?<!غير )ملحوم(?:ه)?)\b/,
    },
  },
  {
    // Tea in packings of at most 3 kg against larger ones (09.02), chocolate in bulk over 2 kg (1806.20): "black tea
    // CTC in bulk" is of 0902.40. A query states it by "bulk", a packing of 4 kg or more, or tea bags, sachets and
    // packets; a code's "not exceeding 3kg" is the small one.
    name: 'packing',
    values: {
      small: /\b(not exceeding [23] ?kg|tea ?bags?|(?:sachets?|packets?|retail packs?)\b|en sachets?|en bolsitas?)/,
      bulk: /(?<!not )\b(exceeding [23] ?kg|in bulk|bulk\b|en vrac|a granel|(?<![\d.,])(?:[4-9]|[1-9]\d+)(?:[.,]\d+)? ?kgs?\b|سايب)/,
    },
  },
  {
    // Domestic appliances and household articles against machines for industry or trade (84.18, 84.22, 84.50,
    // 84.52, 85.09, 85.16 against 84.17, 84.19, 84.38, 85.14): an "industrial meat grinder" is no domestic food
    // grinder of 8509.40, nor an "industrial sewing machine" one of the household type. A code's "not household",
    // "other than household type", "not used for domestic purposes" or "(not domestic)" is the other.
    name: 'use',
    values: {
      household:
        /(?<!not |not used |not used for |other than |non-)\b(household|domestic (?:appliances?|purposes|use)|for domestic|(?:for )?home use|menagers?|menageres?|domestiques?|domestic[oa]s?|para el hogar|منزلي(?:ه)?)\b/,
      industrial:
        /(?<!non-)\b(industrial|commercial|not household|other than household|not used for domestic|not domestic|industriel(?:le)?s?|comercial|صناعي(?:ه)?|تجاري(?:ه)?)\b/,
    },
  },
  {
    // Spices (09.04 to 09.10) and hop cones (12.10) split whole from crushed or ground: "ground black pepper" is
    // not of 0904.11, "neither crushed nor ground"; milk and cocoa in powder from the others. "Whether or not
    // ground" (12.12, 12.13) and cheese "not grated, powdered or processed" state neither; ground-nuts are nuts.
    name: 'grinding',
    values: {
      unground:
        /\b(neither crushed nor ground|neither ground nor powdered|whole(?! fruit)|entiers?|entieres?|enteros?|enteras?|en grano)\b/,
      ground:
        /(?<!(?:neither|nor|not|whether or not) (?:[a-z]+, )*)\b(crushed|ground|powder|powdered|moulus?|moulues?|en poudre|molidos?|molidas?|en polvo|مطحون(?:ه)?)\b(?!-?nut)/,
    },
  },
  {
    // Seats with wooden or metal frames split upholstered from not upholstered (9401.61 against 9401.69, 9401.71
    // against 9401.79): "upholstered dining chair with a steel frame" had gone to 9401.79.
    name: 'upholstery',
    values: {
      upholstered: /(?<!not |non[- ]|un)\b(upholstered|rembourres?|rembourrees?|tapizad[oa]s?|(?<!غير )منجد(?:ه)?)\b/,
      unupholstered:
        /\b(not upholstered|unupholstered|non[- ]upholstered|(?:without|no) upholstery|non rembourres?|non rembourrees?|sin tapizar|no tapizad[oa]s?|غير منجد(?:ه)?)\b/,
    },
  },
];

/**
 * The Bengali words of each value. A Bengali word takes its case endings after it ("উলের", of wool;
 * "মহিলাদের", women's), and a longer word may start like it ("উল্টো", reverse; "কাঁচা", raw, not glass):
 * it matches at a word start, followed by the end of the word or one of these endings.
 */
const BENGALI_WORDS: Record<string, string> = {
  cotton: 'সুতি তুলা কটন জিন্স',
  wool: 'উল পশম',
  silk: 'রেশম রেশমি সিল্ক',
  synthetic: 'পলিয়েস্টার নাইলন সিন্থেটিক কৃত্রিম অ্যাক্রিলিক স্প্যানডেক্স',
  artificial: 'ভিসকস রেয়ন',
  leather: 'চামড়া লেদার',
  plastic: 'প্লাস্টিক পিভিসি পলিথিন',
  rubber: 'রাবার',
  wood: 'কাঠ',
  paper: 'কাগজ',
  glass: 'কাচ কাঁচ',
  ceramic: 'সিরামিক চীনামাটি',
  steel: 'ইস্পাত স্টিল লোহা',
  aluminium: 'অ্যালুমিনিয়াম এলুমিনিয়াম',
  copper: 'তামা পিতল',
  knitted: 'নিট নিটেড ক্রুশ',
  woven: 'ওভেন',
  combed: 'কম্বড',
  uncombed: 'কার্ডেড',
  men: 'পুরুষ ছেলে',
  women: 'মহিলা নারী মেয়ে',
  babies: 'শিশু নবজাতক',
  fresh: 'তাজা টাটকা',
  frozen: 'হিমায়িত ফ্রোজেন',
  dried: 'শুকনো শুকানো শুঁটকি',
  preserved: 'টিনজাত ক্যানজাত সংরক্ষিত',
  used: 'পুরাতন পুরনো পুরোনো ব্যবহৃত',
  new: 'নতুন',
  electric: 'বৈদ্যুতিক ইলেকট্রিক ব্যাটারিচালিত',
  manual: 'হস্তচালিত',
  spark: 'পেট্রোল অকটেন',
  diesel: 'ডিজেল',
  apparel: 'পোশাক জামা শার্ট টি-শার্ট প্যান্ট কোট জ্যাকেট সোয়েটার শাড়ি গেঞ্জি পাঞ্জাবি ব্লাউজ মোজা জুতা',
  textile: 'কাপড় সুতা ফ্যাব্রিক',
  crude: 'অপরিশোধিত',
  refined: 'পরিশোধিত',
  household: 'গৃহস্থালি গৃহস্থালী ঘরোয়া',
  industrial: 'শিল্প ইন্ডাস্ট্রিয়াল বাণিজ্যিক কমার্শিয়াল',
  ground: 'গুঁড়া গুড়া গুঁড়ো',
};
const BENGALI_ENDINGS = 'দের|ের|এর|র|ে|টি|টা|গুলো|গুলি';

// JavaScript's \b knows only ASCII letters: none between a space and an Arabic word. Here it means "not
// inside an ASCII word", the same for Latin words and true on either side of an Arabic one.
for (const group of GROUPS)
  for (const [name, pattern] of Object.entries(group.values)) {
    const source = pattern.source.replaceAll('\\b', '(?:(?<![a-z0-9_])|(?![a-z0-9_]))');
    const bengali = BENGALI_WORDS[name]?.split(' ').map(normalize);
    group.values[name] = new RegExp(
      bengali ? `${source}|(?<![\\u0980-\\u09ff])(?:${bengali.join('|')})(?:${BENGALI_ENDINGS})?(?![\\u0980-\\u09ff])` : source,
      pattern.flags,
    );
  }

/** How a description names each value (the words customs descriptions use), by group, in GROUPS order. */
const WORDS: Record<string, string> = {
  cotton: '100% cotton',
  wool: 'wool',
  silk: 'silk',
  synthetic: 'polyester',
  artificial: 'viscose',
  leather: 'leather',
  plastic: 'plastic',
  rubber: 'rubber',
  wood: 'wood',
  paper: 'paper',
  glass: 'glass',
  ceramic: 'ceramic',
  steel: 'steel',
  aluminium: 'aluminum',
  copper: 'copper',
  knitted: 'knit',
  woven: 'woven',
  men: "men's",
  women: "women's",
  babies: 'baby',
  fresh: 'fresh',
  frozen: 'frozen',
  dried: 'dried',
  preserved: 'canned',
  used: 'used',
  new: 'new',
  retreaded: 'retreaded',
  electric: 'electric',
  spark: 'petrol',
  diesel: 'diesel',
  gas: 'gas',
  manual: 'hand-operated',
  apparel: 'garment',
  textile: 'fabric',
  alloyed: 'alloy',
  unalloyed: 'non-alloy',
  crude: 'crude',
  refined: 'refined',
  roasted: 'roasted',
  unroasted: 'not roasted',
  whole: 'whole',
  cut: 'cuts',
  insulated: 'insulated',
  bare: 'not insulated',
  cast: 'cast iron',
  unbleached: 'unbleached',
  bleached: 'bleached',
  dyed: 'dyed',
  colours: 'yarn-dyed',
  printed: 'printed',
  plain: 'plain weave',
  twill: 'twill',
  combed: 'combed',
  uncombed: 'carded',
  inShell: 'in shell',
  shelled: 'shelled',
  sweetened: 'sweetened',
  unsweetened: 'unsweetened',
  seamless: 'seamless',
  welded: 'welded',
  small: 'retail packets',
  bulk: 'in bulk',
  household: 'household',
  industrial: 'industrial',
  unground: 'whole',
  ground: 'ground',
  upholstered: 'upholstered',
  unupholstered: 'not upholstered',
};

/** The words of the values an attribute set states, by group name ("material": ["100% cotton"]...). */
export function attributeWords(attributes: Attributes): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  GROUPS.forEach((group, position) => {
    result[group.name] = Object.keys(group.values)
      .filter((_, bit) => attributes.masks[position] & (1 << bit))
      .map((name) => WORDS[name]);
  });
  return result;
}

/** Every material word (see attributeWords). */
export const MATERIAL_WORDS = Object.keys(GROUPS[0].values).map((name) => WORDS[name]);

/** A code "of any material" states every material (42.01 saddlery and harness, dog collars of nylon too). */
const ANY_MATERIAL = /\bof any materials?\b/;

/** A code "of textile materials" states every textile fibre. */
const TEXTILE = /\b(of|or) textile (materials|fabrics)\b/;
const FIBRES = ['cotton', 'wool', 'silk', 'synthetic', 'artificial'].reduce(
  (mask, name) => mask | (1 << Object.keys(GROUPS[0].values).indexOf(name)),
  0,
);
/** A code "of base metal" (chapters 82 and 83) states every metal: a wooden picture frame is not of 8306.30. */
const BASE_METAL = /\bof base metals?\b/;
const METALS = ['steel', 'aluminium', 'copper'].reduce((mask, name) => mask | (1 << Object.keys(GROUPS[0].values).indexOf(name)), 0);

/** The fibres in the order of their headings: silk 50, wool 51, cotton 52, synthetic then artificial in 54 and 55. */
const FIBRE_ORDER = ['silk', 'wool', 'cotton', 'synthetic', 'artificial'].map((name) => Object.keys(GROUPS[0].values).indexOf(name));
const FORM = GROUPS.findIndex((group) => group.name === 'form');
const WEAVE = GROUPS.findIndex((group) => group.name === 'weave');
const FINISH = GROUPS.findIndex((group) => group.name === 'finish');
const PRINTED = 1 << Object.keys(GROUPS[FINISH].values).indexOf('printed');
const POWER = GROUPS.findIndex((group) => group.name === 'power');
const CASTING = GROUPS.findIndex((group) => group.name === 'casting');
const ALLOY = GROUPS.findIndex((group) => group.name === 'alloy');
const UNALLOYED = 1 << Object.keys(GROUPS[ALLOY].values).indexOf('unalloyed');
/**
 * How goods are packed, and whether they are ground, rules out the codes of the other value (SPLITS), without weighing
 * in the groups a code agrees with: "cocoa powder, unsweetened" agrees with sweetened cocoa powder in being powder.
 */
const PACKING = GROUPS.findIndex((group) => group.name === 'packing');
const GRINDING = GROUPS.findIndex((group) => group.name === 'grinding');
const STATE = GROUPS.findIndex((group) => group.name === 'state');
const PRESERVED = 1 << Object.keys(GROUPS[STATE].values).indexOf('preserved');

/** Whether a text says its goods are prepared or preserved ("canned chickpeas", "thon en conserve"). */
export const statesPreserved = (attributes: Attributes): boolean => (attributes.masks[STATE] & PRESERVED) !== 0;

/** The first chapter whose goods may run on a power source: before it are fuels, foods and materials. */
export const POWERED_FROM = '82';

/** Stemmed words of fuels: as the goods' noun ("diesel", "petrol 95"), the goods are the fuel, not an engine. */
const FUEL_NOUNS = new Set(terms('diesel petrol gasoline gasoil essence gasolina ديزل بنزين'));

/**
 * A query's attributes without a power source when its noun is a fuel, unless it states an engine capacity: "Honda
 * Civic 1.5L petrol" names the engine's fuel after its capacity.
 */
export function withoutFuelPower(attributes: Attributes, noun: string | undefined): Attributes {
  if (noun === undefined || !FUEL_NOUNS.has(noun) || !attributes.masks[POWER] || !Number.isNaN(attributes.cc)) return attributes;
  const masks = attributes.masks.slice();
  masks[POWER] = 0;
  return { ...attributes, masks };
}

/** A code's attributes without a power source: "petroleum oils" (27.10) state no petrol engine, "gas oils" no diesel one. */
export function withoutPower(attributes: Attributes): Attributes {
  attributes.masks[POWER] = 0;
  attributes.excluded[POWER] = 0;
  return attributes;
}
const USE = GROUPS.findIndex((group) => group.name === 'use');
const INDUSTRIAL = 1 << Object.keys(GROUPS[USE].values).indexOf('industrial');
const [ELECTRIC, SPARK, DIESEL, MANUAL] = ['electric', 'spark', 'diesel', 'manual'].map(
  (name) => 1 << Object.keys(GROUPS[POWER].values).indexOf(name),
);
/** A hybrid vehicle has an engine and an electric motor (8703.40 to 8703.70, 8702.20, 8704.41...). */
const HYBRID = /(?<![a-z0-9_])(hybrid|hybride|hibrido|hibrida)(?![a-z0-9_])|هجين|هايبرد|হাইব্রিড/;

/** A code of goods that do not run on electricity (not "not electrically insulated" wire: that says nothing of power). */
const NON_ELECTRIC = /\bnon-electric|\bnot electric(?:al\b|ally (?:heated|operated))/;

/** A subheading text saying "not knitted" is woven, whatever else it says ("Bed linen; of cotton (not printed, knitted or crocheted)"). */
const NOT_KNITTED = /\bnot (?:[a-z]+, )*knitted\b/;
/**
 * Heading and subheading texts "other than X" or "excluding X" do not state X ("whether or not containing X" states
 * neither). A clause ends at a ";" or "," or at the "(not knitted or crocheted)" of chapters 61 and 62, which is the
 * code's own: 6201.40's "other than those of heading no. 6203 (not knitted or crocheted)" is of woven goods.
 */
const NEGATED =
  /\((?:other than|excluding|not of|(?<!whether or )not containing|except)\b[^)]*\)|\b(other than|excluding|not of|(?<!whether or )not containing|except)\b[^;,]*?(?=\s*\((?:not )?knitted or crocheted\)|[;,]|$)/g;

export interface Attributes {
  /** Per group, the bitmask of the values stated. */
  masks: Int32Array;
  /** Per group, the values a code's text excludes ("other than crude", "excluding fish fillets") and does not state. */
  excluded: Int32Array;
  /** Engine capacity in cc, or NaN. */
  cc: number;
  /** Cylinder capacity range stated by a code: [low, high] (exclusive low), or NaN. */
  range: [number, number];
  /** A part of goods (a query), or a code of parts (partsCode). */
  part: boolean;
  /** A query for an article of plastics or rubber, not a primary form of them; a code of primary forms only. */
  article: boolean;
  /** A code whose own subheading is of used goods only (usedOnly). */
  usedOnly?: boolean;
  /** A query that calls its goods waste, scrap, spent or old (statesWaste); a code of waste and scrap only (wasteOnly). */
  waste?: boolean;
  wasteOnly?: boolean;
  /** A code of mineral fuels and oils (chapter 27): what an engine burns, not an engine. */
  fuel?: boolean;
  /** A code of goods driven by a motor or engine (poweredCode). */
  powered?: boolean;
  /** A code of goods a subheading note defines: the words that name them (specifiedGoods). */
  specified?: string[];
  /** A query's terms, hyphens read as spaces ("high-speed" as "high speed"). */
  words?: Set<string>;
  /**
   * A query's power rating in watts or volt-amperes, or a fabric's weight in g/m2, and the range a code states of
   * it (null where none is), as for the engine capacity: "100 kVA" against "of an output exceeding 75kVA but not
   * exceeding 375kVA", "150 gsm" against "weighing more than 100g/m2 but not more than 200g/m2".
   */
  rating: { value: number; unit: RatingUnit } | null;
  ratingRange: { low: number; high: number; unit: RatingUnit } | null;
  /**
   * A query's voltage in volts ("XLPE cable 11kV", "0.6/1 kV": the last figure), or NaN; and the range a code states
   * of it ("for a voltage exceeding 1000 volts but less than 72.5kV"), or null: [low, high), as for a power rating.
   */
  voltage: number;
  voltageRange: { low: number; high: number } | null;
  /** A query's thickness in mm (thicknessOf), or NaN; and the range a code states of it (thicknessRangeOf), or null: (low, high]. */
  thickness: number;
  thicknessRange: { low: number; high: number } | null;
  /** A query's shares of its materials by bit ("100% cotton"), and the share of one a code bounds (shareRangeOf): [low, high). */
  shares?: Map<number, number>;
  shareRange?: { bit: number; low: number; high: number } | null;
  /** A hybrid (query); a code under a heading that splits vehicles by engine and electric motor (code). */
  hybrid: boolean;
}

/**
 * A description of a part: "valve body", "washing machine parts", "turbine nozzle castings". Goods "used as
 * part of" others are not parts: they are classified as what they are.
 */
const PART =
  /(?<!\b(?:as|forms?|forming) )\b(parts?|spares?|spare parts?|castings?|valve bod(?:y|ies)|pieces (?:detachees|de rechange)|partes|piezas|repuestos|refacciones)\b|قطع غيار|اجزاء|যন্ত্রাংশ/;
/**
 * Goods driven by a motor or an engine, as a heading or subheading says: "powered" mowers (8433.11), tools "with
 * self-contained electric motor" (84.67), "electro-mechanical" domestic appliances (85.09), carriages "mechanically
 * propelled" (8713.90); not tools "whether or not power-operated" (82.07), nor apparatus that is only electrical
 * (switches, 85.36). Goods worked by hand are not of them.
 */
const POWERED =
  /(?<!not |non-|whether or not )\b(power-operated|powered|motori[sz]ed|mechanically propelled|self-contained (?:electric |non-electric )?motor|electro-mechanical|electric motor)\b/;
export const poweredCode = (heading: string, subheading: string): boolean =>
  POWERED.test(normalize(`${heading}; ${subheading}`).replace(NEGATED, ' '));

/** A code of parts: its subheading names parts ("Parts", "Bumpers and parts thereof"), or its heading is of parts ("Parts suitable for use..."). */
export function partsCode(heading: string, subheading: string): boolean {
  const own = normalize(subheading).replace(NEGATED, ' ');
  return /\bparts\b(?! of the body)/.test(own) || /^parts\b/.test(normalize(heading));
}

/**
 * Articles (tiles, sheets, film, tape, adhesives, bags...) against the primary forms of their plastic or rubber
 * (liquids, pastes, powders, granules, blocks: chapter 39, note 6): "vinyl tiles made from polyvinyl chloride"
 * are floor coverings of 39.18, not PVC of 39.04. A code of primary forms only is ruled out for a query that
 * names an article and no primary form.
 */
const ARTICLE =
  /\b(tiles?|sheets?|sheeting|films?|foils?|plates?|tapes?|strips?|bags?|sacks?|mats?|tablecloths?|pipes?|tubes?|tubing|hoses?|containers?|bottles?|boxes|cases?|adhesives?|glues?|coverings?|profiles?|rods?|panels?|boards?|doors?|windows?|tanks?|buckets?|cups?|toys?|articles?|parts?|gloves?|belts?|belting|seals?|gaskets?|rings?|wire|cables?|rugs?|carpets?|suitcases?|luggage|trolleys?|chairs?|trays?|baskets?|crates?|pallets?|hangers?|ropes?|twine|nets?|curtains?|covers?|tuyaux?|tubos?|tuberias?|mangueras?|sacs?|bolsas?|sacos?|bouteilles?|botellas?|plaques?|placas?|feuilles?|laminas?)\b|(?<!\S)(?:انابيب|مواسير|اكياس|زجاجات|পাইপ|ব্যাগ)(?!\S)/;
const PRIMARY =
  /\b(primary forms?|resins?|granules?|granulated|pellets?|powders?|powdered|flakes?|chips|liquids?|pastes?|dispersions?|emulsions?|solutions?|blocks?|lumps?|masterbatch|latex|crumb|bales?)\b/;
const PRIMARY_CODE = /\bprimary forms?\b/;
const PRIMARY_WEIGHT = 3;

const CC = /(\d[\d,.]*)\s*(cc|cm3|cm³|c\.c\.|سي ?سي|سم ?3|সিসি)/;
/**
 * An engine capacity in litres, as car titles give it ("Honda Civic 2019 1.5L petrol", "2.0 diesel"): a litre
 * figure with one decimal beside a fuel or an engine; alone, "1.5L" is a bottle's or a kettle's volume.
 */
const CC_LITRES =
  /(?<![\d.])([1-8]\.\d)\s*(?:l|litres?|liters?)?(?= (?:petrol|gasoline|diesel|hybrid|turbo|engine|vvt-?i|tdi|tsi|essence|gasolina|بنزين|ديزل)\b)|\b(?:petrol|gasoline|diesel|hybrid|engine|essence|gasolina|بنزين|ديزل) ([1-8]\.\d)\s*(?:l|litres?|liters?)?(?![\w.])(?!\s*(?:kva|kw|hp|kg|tons?|t|mm|cm|m|v|w|a|bar|psi)\b)/;

/** What a rating measures: power (W, VA), or a fabric's weight per square metre. */
type RatingUnit = 'W' | 'VA' | 'g/m2';

/** A fabric's weight: "150 gsm", "220 g/m2", "180 g/m²" (NFKC: "g/m2"), "120 grams per square metre". */
const FABRIC_WEIGHT = /(\d[\d,]*(?:\.\d+)?)\s*(?:gsm|gm2|g\/m2|grs?\/m2|g\/sqm|grams? per square met(?:er|re))(?![\w-])/;
/** The range of a fabric's weight a code's text states: "weighing more than 100g/m2 but not more than 200g/m2", "weighing 200g/m2 or less". */
const WEIGHT_OVER = /(?<!not )more than (\d+(?:\.\d+)?)\s*g\/m2|(\d+(?:\.\d+)?)\s*g\/m2 or more/g;
const WEIGHT_UNDER = /(?:not more than|less than) (\d+(?:\.\d+)?)\s*g\/m2|(\d+(?:\.\d+)?)\s*g\/m2 or less/g;
function weightRangeOf(value: string): Attributes['ratingRange'] {
  // The subheading's own bounds, after its heading's: the last ones.
  const over = [...value.matchAll(WEIGHT_OVER)].at(-1) ?? null;
  const under = [...value.matchAll(WEIGHT_UNDER)].at(-1) ?? null;
  if (!over && !under) return null;
  const bound = (match: RegExpMatchArray | null, otherwise: number) => (match ? Number(match[1] ?? match[2]) : otherwise);
  return { low: bound(over, 0), high: bound(under, Infinity), unit: 'g/m2' };
}

/** A power rating: "100 kVA", "1.5 kW", "90 Watt", "75 HP"; not a motor oil's "5W-30". */
const RATING = /(\d[\d,]*(?:\.\d+)?)\s*(mva|kva|va|mw|kw|w|watts?|hp)(?![\w-])/;
const RATING_UNITS: Record<string, [number, 'W' | 'VA']> = {
  mva: [1e6, 'VA'],
  kva: [1e3, 'VA'],
  va: [1, 'VA'],
  mw: [1e6, 'W'],
  kw: [1e3, 'W'],
  w: [1, 'W'],
  watt: [1, 'W'],
  watts: [1, 'W'],
  hp: [745.7, 'W'],
};
/** Units written out in Arabic and Bengali ("100 كيلو فولت أمبير", "১০০ কেভিএ"), read as their symbols. */
const UNIT_WORDS: Array<[RegExp, string]> = [
  [/(\d)\s*(?:كيلو ?فولت ?امبير|ك ?ف ?ا(?!\S)|কেভিএ|কিলোভোল্ট ?অ্যাম্পিয়ার)/g, 'kva'],
  [/(\d)\s*(?:ميغا ?واط|ميجا ?واط|মেগাওয়াট)/g, 'mw'],
  [/(\d)\s*(?:كيلو ?واط|কিলোওয়াট)/g, 'kw'],
  [/(\d)\s*(?:واط|ওয়াট)/g, 'w'],
  [/(\d)\s*(?:حصان|অশ্বশক্তি|হর্সপাওয়ার)/g, 'hp'],
];
/** A text with its units written out in Arabic and Bengali read as their symbols (UNIT_WORDS, VOLTAGE_WORDS). */
const withSymbols = (value: string, words: Array<[RegExp, string]>): string =>
  words.reduce((text, [pattern, unit]) => text.replace(pattern, `$1 ${unit}`), value);
const ratingOf = (number: string, unit: string) => {
  const [factor, base] = RATING_UNITS[unit];
  return { value: Number(number.replace(/,/g, '')) * factor, unit: base };
};
/** The range of a rating a code's text states: "output not exceeding 75kVA", "exceeding 750W but not exceeding 75kW". */
const BOUND = '([\\d,]+(?:\\.\\d+)?)\\s*(mva|kva|kw|w)\\b';
const RATING_OVER = new RegExp(`(?<!not )exceeding ${BOUND}`);
const RATING_UNDER = new RegExp(`not exceeding ${BOUND}`);
function ratingRangeOf(value: string): Attributes['ratingRange'] {
  const over = RATING_OVER.exec(value);
  const under = RATING_UNDER.exec(value);
  const low = over ? ratingOf(over[1], over[2]) : null;
  const high = under ? ratingOf(under[1], under[2]) : null;
  if (!low && !high) return null;
  if (low && high && low.unit !== high.unit) return null;
  return { low: low?.value ?? 0, high: high?.value ?? Infinity, unit: (low ?? high)!.unit };
}

/** A voltage: "11kV", "230 V", "1000 volts" (not "v-neck"); in Arabic and Bengali "11 كيلو فولت", "১১ কেভি". */
const VOLTAGE = /(\d[\d,]*(?:\.\d+)?)\s*(kv|v|volts?)(?![\w-])/;
const VOLTAGE_WORDS: Array<[RegExp, string]> = [
  [/(\d)\s*(?:كيلو ?فولت(?! ?امبير)|কিলোভোল্ট(?! ?অ্যাম্পিয়ার)|কেভি(?!এ))/g, 'kv'],
  [/(\d)\s*(?:فولت|ভোল্ট)/g, 'v'],
];
const voltsOf = (number: string, unit: string) => Number(number.replace(/,/g, '')) * (unit === 'kv' ? 1000 : 1);
const VOLTAGE_BOUND = '([\\d,]+(?:\\.\\d+)?)\\s*(kv|volts)\\b';
const VOLTAGE_OVER = new RegExp(`(?<!not )exceeding ${VOLTAGE_BOUND}|of ${VOLTAGE_BOUND} or more`, 'g');
const VOLTAGE_UNDER = new RegExp(`not exceeding ${VOLTAGE_BOUND}|less than ${VOLTAGE_BOUND}`, 'g');
function voltageRangeOf(value: string): Attributes['voltageRange'] {
  // The subheading's own bounds, after its heading's: the last ones ("relays, for a voltage exceeding 60 volts").
  const over = [...value.matchAll(VOLTAGE_OVER)].at(-1);
  const under = [...value.matchAll(VOLTAGE_UNDER)].at(-1);
  if (!over && !under) return null;
  // "Exceeding 1000 volts" is above it, "72.5kV or more" from it; "not exceeding 1000 volts" up to it, "less than 72.5kV" below it.
  const low = over ? (over[1] ? voltsOf(over[1], over[2]) : voltsOf(over[3], over[4]) - 1e-6) : -Infinity;
  const high = under ? (under[1] ? voltsOf(under[1], under[2]) : voltsOf(under[3], under[4]) - 1e-6) : Infinity;
  return { low, high };
}

/**
 * A flat product's thickness in mm: the smallest length a query states ("HR plate 10mm", "CR coil 0.8 mm",
 * "1250 x 2500 x 6 mm", "aluminium foil 12 micron"), not one called a width, length or diameter, nor a section
 * ("2.5 mm2"). In Arabic and Bengali "ملم", "মিমি".
 */
const LENGTH =
  /(?<!\b(?:width|wide|length|long|diameter|dia|od|id)\s*(?:of|:|=)?\s*)(?<![\w.,])(\d+(?:\.\d+|,\d{1,2})?)\s*(mm|microns?|mic|µm)(?![\w²])(?!\s*(?:wide|width|long|length|dia|diameter|in diameter)\b)/g;
const LENGTH_WORDS: Array<[RegExp, string]> = [[/(\d)\s*(?:ملم|مم|মিমি|মিলিমিটার)(?!\S)/g, 'mm']];
/** Sizes written as "1250 x 2500 x 6 mm": each figure is a length in mm (one way to read the spaces around "x": no backtracking). */
const SIZES = /(\d+(?:\.\d+)?(?:\s*(?:mm\s*)?[x×*]\s*\d+(?:\.\d+)?)+)\s*mm\b/g;
function thicknessOf(value: string): number {
  const text = withSymbols(value, LENGTH_WORDS).replace(SIZES, (sizes) => sizes.replace(/\s*(?:mm\s*)?[x×*]\s*/g, ' mm, '));
  const lengths = [...text.matchAll(LENGTH)].map(([, figure, unit]) => Number(figure.replace(',', '.')) / (unit === 'mm' ? 1 : 1000));
  return lengths.length ? Math.min(...lengths) : NaN;
}
/**
 * The thickness a code's text bounds (flat-rolled steel, copper, aluminium and lead; sawn wood, veneers, MDF):
 * "of a thickness of 3mm or more but less than 4.75mm", "not exceeding 6mm in thickness", "not over 6 mm thick";
 * the subheading's own bounds, after its heading's. A ply's thickness is not the board's.
 */
const THICKNESS =
  /(?<!ply[^;,]*)(?:thickness(?: \(excluding any backing\))?(?: of)? ([^;,()]*)|((?:not )?(?:exceeding|over) [\d.]+ ?mm) (?:in thickness|thick))/g;
const MM = '(\\d+(?:\\.\\d+)?) ?mm';
const MM_OVER = new RegExp(`(?<!not )(?:exceeding|over) ${MM}|${MM} or more`);
const MM_UNDER = new RegExp(`not (?:exceeding|over) ${MM}|less than ${MM}`);
function thicknessRangeOf(value: string): Attributes['thicknessRange'] {
  const clause = [...value.matchAll(THICKNESS)].map((match) => match[1] ?? match[2]).at(-1);
  const over = clause ? MM_OVER.exec(clause) : null;
  const under = clause ? MM_UNDER.exec(clause) : null;
  if (!over && !under) return null;
  // "Exceeding 10mm" is above it, "4.75mm or more" from it; "not exceeding 10mm" up to it, "less than 3mm" below it.
  const low = over ? (over[1] ? Number(over[1]) : Number(over[2]) - 1e-6) : -Infinity;
  const high = under ? (under[1] ? Number(under[1]) : Number(under[2]) - 1e-6) : Infinity;
  return { low, high };
}

/**
 * A share of a material: "54% cotton", "60 % of wool", "100% combed cotton" (one word may qualify the material); or,
 * where a description writes none so, "cotton 54%", "polyester: 40%".
 */
const SHARE_BEFORE = /(\d{1,3}(?:[.,]\d+)?)\s*%\s*(?:of\s+|de\s+)?([\p{L}-]+)(?:\s+([\p{L}-]+))?/gu;
const SHARE_AFTER = /([\p{L}-]+)\s*:?\s*(\d{1,3}(?:[.,]\d+)?)\s*%/gu;
/** Where a description turns from the goods to their trimmings and features. */
const ACCESSORY = /\b(with|featuring|trimmed)\b/;
/** What a garment's lining is made of does not make the garment's material. */
const LINING = /\b(lining|lined|doublure|forro)\b/;

/**
 * The materials a description gives the largest share to, as a mask of the material group; 0 when fewer than
 * two materials have a share. Goods of several textile materials are classified as of the one that
 * predominates by weight (HS Section XI, subheading note 2 and general rule 3): "54% cotton, 36% polyester,
 * 10% spandex" is of cotton; equal shares keep both.
 */
/** The shares a description states of its materials, by bit of the material group ("60% cotton 40% polyester"). */
function materialShares(value: string): Map<number, number> {
  const materials = Object.values(GROUPS[0].values);
  const shares = new Map<number, number>();
  const outer = value.split(LINING)[0];
  const material = (word: string | undefined) => (word === undefined ? -1 : materials.findIndex((pattern) => pattern.test(word)));
  const read = (pairs: Array<[string, string, string?]>) =>
    pairs.map(([number, word, next]) => ({
      share: Number(number.replace(',', '.')),
      bit: material(word) >= 0 ? material(word) : material(next),
    }));
  const before = read([...outer.matchAll(SHARE_BEFORE)].map((match) => [match[1], match[2], match[3]]));
  const after = read([...outer.matchAll(SHARE_AFTER)].map((match) => [match[2], match[1]]));
  // The reading that names more materials: "cotton 60% polyester 40%" is not 40% of the next word.
  const named = (found: typeof before) => found.filter((item) => item.bit >= 0).length;
  for (const { share, bit } of named(after) > named(before) ? after : before)
    if (bit >= 0 && share <= 100) shares.set(bit, (shares.get(bit) ?? 0) + share);
  return shares;
}

function predominantMaterials(shares: Map<number, number>): number {
  if (shares.size < 2) return 0;
  const most = Math.max(...shares.values());
  let mask = 0;
  for (const [bit, share] of shares) if (share === most) mask |= 1 << bit;
  // Equal shares of fibres: the fibre whose heading comes last in the nomenclature (Section XI, note 2 (A)).
  if ((mask & FIBRES) === mask && mask & (mask - 1)) mask = 1 << FIBRE_ORDER.filter((bit) => mask & (1 << bit)).at(-1)!;
  return mask;
}

/**
 * The share of a fibre a code's text bounds, its own (the last) bound: "containing 85% or more by weight of cotton"
 * (52.08), "containing less than 85% by weight of cotton, mixed mainly or solely with man-made fibres" (52.10).
 */
const SHARE_AT_LEAST = /(\d+)% or more by weight of ([^,;()]+)/g;
const SHARE_BELOW = /less than (\d+)% by weight of ([^,;()]+)/g;
function shareRangeOf(value: string): Attributes['shareRange'] {
  const materials = Object.values(GROUPS[0].values);
  const last = (pattern: RegExp) => {
    const match = [...value.matchAll(pattern)].at(-1);
    const bit = match ? materials.findIndex((material) => material.test(match[2])) : -1;
    return match && bit >= 0 ? { share: Number(match[1]), bit, at: match.index } : undefined;
  };
  const least = last(SHARE_AT_LEAST);
  const below = last(SHARE_BELOW);
  const bound = least && below ? (least.at > below.at ? least : below) : (least ?? below);
  if (!bound) return null;
  return bound === least ? { bit: bound.bit, low: bound.share, high: Infinity } : { bit: bound.bit, low: 0, high: bound.share };
}

/** The bit of the material of `mask` that a text names first. */
function firstNamed(text: string, mask: number): number {
  let first = -1;
  let at = Infinity;
  Object.values(GROUPS[0].values).forEach((pattern, bit) => {
    const position = mask & (1 << bit) ? text.search(pattern) : -1;
    if (position >= 0 && position < at) [first, at] = [bit, position];
  });
  return first;
}

/** The mask of the materials a text names. */
const materialsIn = (text: string): number =>
  Object.values(GROUPS[0].values).reduce((mask, pattern, bit) => (pattern.test(text) ? mask | (1 << bit) : mask), 0);

/** Whether a text says its goods are second-hand ("used tyres", "ropa usada", "إطارات مستعملة"; not "of a kind used for"). */
export function statesUsed(text: string): boolean {
  return SECOND_HAND.test(normalize(text));
}

/**
 * Leather that is not leather: plastic-coated fabric or plastic sheeting ("PU leather phone case", "faux leather
 * handbag", "similicuir"), classified with plastics (42.02: "outer surface of plastic sheeting"), not as leather.
 */
const IMITATION_LEATHER =
  /(?<![a-z0-9_])(?:(?:pu|pvc|faux|vegan|synthetic|artificial|imitation|eco|polyurethane) leather|leatherette|simili[- ]?cuir|cuir (?:synthetique|vegan|pu)|(?:cuero|piel) (?:sintetic[oa]|pu|ecologic[oa])|polipiel|ecocuero|جلد صناعي)(?![a-z0-9_])/g;

export function attributesOf(text: string, isCode = false): Attributes {
  let value = normalize(text);
  if (!isCode) value = value.replace(IMITATION_LEATHER, 'plastic');
  // What a code's text excludes ("other than crude", "of textile materials (other than wool or fine animal hair,
  // cotton or synthetic fibres)") is not stated by it, nor among the fibres its "textile materials" stands for.
  const negated = isCode
    ? [...value.matchAll(NEGATED)]
        .map(([clause]) => clause.replace(/^\(?\s*(?:other than|excluding|not of|not containing|except)\s*/, ''))
        .join(' ; ')
    : '';
  if (isCode) value = value.replace(NEGATED, ' ');
  const masks = new Int32Array(GROUPS.length);
  const excludedMasks = new Int32Array(GROUPS.length);
  GROUPS.forEach((group, position) => {
    Object.values(group.values).forEach((pattern, bit) => {
      if (pattern.test(value)) masks[position] |= 1 << bit;
      if (negated && pattern.test(negated)) excludedMasks[position] |= 1 << bit;
    });
  });
  const excluded = excludedMasks[0];
  // What the goods are made of, not what they are trimmed with: "handbag made of nylon woven fabric with
  // leather straps" is of nylon. The materials before "with" are the goods', when there are any.
  if (!isCode) {
    const main = value.split(ACCESSORY)[0];
    const own = materialsIn(main);
    if (own) masks[0] = own;
    // Fibres named without their shares ("made from cotton and nylon") are named as labels list them, the one
    // that predominates by weight first (US 16 CFR 303.16, EU Regulation 1007/2011, article 9): the goods are of it.
    const fibres = own & FIBRES;
    if (fibres & (fibres - 1)) masks[0] = (own & ~FIBRES) | (1 << firstNamed(main, fibres));
  }
  const construction = GROUPS.findIndex((group) => group.name === 'construction');
  if (NOT_KNITTED.test(value)) masks[construction] = 2;
  if (isCode && TEXTILE.test(value)) masks[0] |= FIBRES & ~excluded;
  if (isCode && BASE_METAL.test(value)) masks[0] |= METALS & ~excluded;
  if (isCode && ANY_MATERIAL.test(value)) masks[0] |= ((1 << Object.keys(GROUPS[0].values).length) - 1) & ~excluded;
  if (!isCode && masks[FORM] === 3) {
    const [apparel, textile] = Object.values(GROUPS[FORM].values).map((pattern) => value.search(pattern));
    masks[FORM] = apparel < textile ? 1 : 2;
  }
  const shares = isCode ? undefined : materialShares(value);
  const predominant = shares ? predominantMaterials(shares) : 0;
  // Goods of one fibre named without a share are of that fibre ("cotton poplin fabric", "cotton yarn"): not "mixed
  // mainly or solely with man-made fibres", which a description names.
  const namedFibres = materialsIn(value) & FIBRES;
  if (shares?.size === 0 && namedFibres && !(namedFibres & (namedFibres - 1))) shares.set(Math.log2(namedFibres), 100);
  if (predominant) masks[0] = predominant;
  const match = CC.exec(value);
  const litres = match ? null : CC_LITRES.exec(value);
  const cc = isCode ? NaN : match ? Number(match[1].replace(/,/g, '')) : litres ? Math.round(Number(litres[1] ?? litres[2]) * 1000) : NaN;
  let range: [number, number] = [NaN, NaN];
  if (isCode) {
    const over = /capacity (?:exceeding|over) ([\d,]+)/.exec(value);
    const under = /(?:not over|not exceeding) ([\d,]+)\s*cc/.exec(value);
    const stated = /cylinder capacity/.test(value);
    range = [
      over ? Number(over[1].replace(/,/g, '')) : stated ? 0 : NaN,
      under ? Number(under[1].replace(/,/g, '')) : stated ? Infinity : NaN,
    ];
  }
  const article = isCode
    ? PRIMARY_CODE.test(value) && !/\b(plates|sheets|strip)\b/.test(value)
    : ARTICLE.test(value) && !PRIMARY.test(value);
  const rated = isCode ? null : RATING.exec(withSymbols(value, UNIT_WORDS));
  const fabricWeight = isCode ? null : FABRIC_WEIGHT.exec(value);
  const volts = isCode ? null : VOLTAGE.exec(withSymbols(value, VOLTAGE_WORDS));
  const hybrid = !isCode && HYBRID.test(value);
  // A hybrid has an electric motor beside its engine (petrol, unless it says diesel).
  if (hybrid) masks[POWER] |= ELECTRIC | (masks[POWER] & DIESEL ? 0 : SPARK);
  // Goods of cast iron are not of stainless or other alloy steel: "frying pan cast iron" is not of 7323.93.
  if (!isCode && masks[CASTING] && !masks[ALLOY] && /\b(?:iron|fonte|hierro)\b/.test(value)) masks[ALLOY] = UNALLOYED;
  // A "non-electric" code, or one "not electrically heated" or "operated", excludes electric goods: "electric
  // chainsaw" is not of 8467.81, "electric water heater" not of 8419.19.
  if (isCode && NON_ELECTRIC.test(value)) excludedMasks[POWER] |= ELECTRIC;
  // Bed linen "not printed" (63.02) excludes printed linen.
  if (isCode && /\bnot printed\b/.test(value)) excludedMasks[FINISH] |= PRINTED;
  // A fabric "of weaves n.e.c." is of neither plain weave nor twill: it excludes both.
  if (isCode && /\bweaves n\.e\.c\b/.test(value)) excludedMasks[WEAVE] |= (1 << Object.keys(GROUPS[WEAVE].values).length) - 1;
  // What a code excludes and does not state besides ("Iron (excluding cast) or steel" excludes cast iron).
  for (let position = 0; position < GROUPS.length; position++) excludedMasks[position] &= ~masks[position];
  return {
    masks,
    excluded: excludedMasks,
    cc,
    range,
    part: !isCode && PART.test(value),
    article,
    rating: rated ? ratingOf(rated[1], rated[2]) : fabricWeight ? { value: Number(fabricWeight[1].replace(/,/g, '')), unit: 'g/m2' } : null,
    words: isCode ? undefined : new Set(terms(value.replaceAll('-', ' '))),
    ratingRange: isCode ? (ratingRangeOf(value) ?? weightRangeOf(value)) : null,
    voltage: volts ? voltsOf(volts[1], volts[2]) : NaN,
    voltageRange: isCode ? voltageRangeOf(value) : null,
    thickness: isCode ? NaN : thicknessOf(value),
    thicknessRange: isCode ? thicknessRangeOf(value) : null,
    shares,
    shareRange: isCode ? shareRangeOf(value) : null,
    hybrid,
    waste: !isCode && statesWaste(text),
  };
}

/**
 * A stated engine capacity decides between the subheadings of a heading that split by capacity (8703, 8407,
 * 8711...): a rule, not a fitted weight, as the lexicon's short texts rarely state a capacity to learn it from.
 */
const ENGINE_WEIGHT = 3;
/**
 * A garment is not the fabric it is made of, nor fabric a garment (HS chapters 50 to 60 against 61 to 65): a
 * rule too, as the lexicon's garment texts seldom name their fabric. With it, "women's poncho made of acrylic,
 * wool, and nylon" is no longer acrylic tow, nor "women's knit vest made of polyester fabric" polyester fabric.
 */
const FORM_WEIGHT = 2;
/**
 * Goods of one material are not classified as of another: a code that states only other materials than the
 * query's is ruled out, as the lexicon's texts often name the goods without their material (below).
 */
const MATERIAL_WEIGHT = 3;
/** A part is classified with the parts of its goods (8481.90 for a valve body), not with the goods: a rule as well. */
const PART_WEIGHT = 3;
/**
 * Used goods are not new goods, nor new goods used: a code that states only the other condition ("new
 * pneumatic tyres" for "neumáticos usados", worn clothing for new) is ruled out, like another material.
 */
const CONDITION_WEIGHT = 3;
const CONDITION = GROUPS.findIndex((group) => group.name === 'condition');
const USED = 1 << Object.keys(GROUPS[CONDITION].values).indexOf('used');
/**
 * Goods not called used are not of a code of used goods only (usedOnly): it is ruled out whatever the texts say.
 * "Used" is a stop word (every "of a kind used in"), so "clothing" matches the text "used clothing" of 63.09 word
 * for word, and the text model learnt clothing as 63.09 (no other code's texts say clothing). At CONDITION_WEIGHT,
 * "clothing" stayed on 63.09 at 0.92; at twice that, at 0.65.
 */
const USED_ONLY_WEIGHT = 4 * CONDITION_WEIGHT;

/**
 * A subheading of used goods only: "Clothing; worn, and other worn articles", "Rubber; used pneumatic tyres".
 * Goods a description does not call used are new, as in trade: "clothing" or "tyres" are not worn clothing or
 * used tyres, and such a code is ruled out for them as for new goods. Its own text only: the chapter of
 * 63.01 (blankets) names worn clothing too, and 40.12 is of retreaded tyres as well.
 */
export const usedOnly = (subheading: string): boolean => attributesOf(subheading, true).masks[CONDITION] === USED;

/**
 * A subheading of waste and scrap only, as its own part begins ("Copper; waste and scrap", "Ethylene polymers;
 * waste, parings and scrap", "Glass; cullet", "Waste Oils; ..."; not "articles thereof, including waste and scrap").
 * Goods a description does not call waste, scrap, spent, old or used are not waste: "flexible printed circuit board
 * assemblies" went to the electrical and electronic waste of 85.49, whose text names them, at 0.77.
 */
export const wasteOnly = (subheading: string): boolean =>
  /(?:^|;\s*)(?:ferrous |electrical and electronic )?(?:waste(?:,| and) (?:parings and )?scrap|waste oils|waste pharmaceuticals|cullet)\b/.test(
    normalize(subheading),
  );

/** Words that call goods waste, in the five languages (normalised: accents and Arabic letter forms folded). */
const WASTE_WORDS = new Set(
  normalize(
    'waste wastes scrap scraps cullet spent old recovered recycled residue residues shavings turnings filings swarf parings ' +
      'clippings offcuts déchet déchets débris ferraille ' +
      'desperdicio desperdicios desecho desechos residuo residuos chatarra نفايات خردة سكراب مخلفات বর্জ্য স্ক্র্যাপ ভাঙারি',
  ).split(' '),
);

/** Whether a description calls its goods waste or scrap, spent, old or used ("e-waste", "copper scrap", "old newspapers", "used batteries"). */
export function statesWaste(text: string): boolean {
  return (
    statesUsed(text) ||
    normalize(text)
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .some((word) => WASTE_WORDS.has(word))
  );
}

/**
 * Goods "as specified in Subheading Note 1" are those the note defines ("high-speed goods", "night vision goods"
 * of 85.25, "water pipe tobacco"): the words before it name them, and a code of them is ruled out for a query that
 * names none of those words, as the lexicon may label the heading's goods with it ("digital cameras", 8525.81).
 */
export function specifiedGoods(subheading: string): string[] | undefined {
  for (const segment of normalize(subheading).split(';')) {
    const at = segment.search(/\bspecified in subheading notes? \d/);
    if (at < 0 || /\b(other than|excluding|not)\s+(as\s+)?$/.test(segment.slice(0, at))) continue;
    const named = terms(
      segment
        .slice(0, at)
        .replace(/\bas\s*$/, '')
        .replaceAll('-', ' '),
    ).filter((term) => !UNNAMING.has(term));
    return named.length ? named : undefined;
  }
  return undefined;
}
const UNNAMING = new Set(terms('goods containing contains products articles'));
const SPECIFIED_WEIGHT = 3;

/**
 * Women's garments are not men's, nor men's or babies' garments women's: a code that states only other wearers
 * ("men's or boys'" for "মহিলাদের উলের কোট", a women's wool coat) is ruled out, like another material, as a
 * lexicon text often names garments by one heading of them (the Bengali "কোট" only by the men's coats of 62.01).
 */
const GENDER_WEIGHT = 3;
const GENDER = GROUPS.findIndex((group) => group.name === 'gender');
/**
 * A stated power rating outside the range a code states rules it out, whatever the texts say, as goods not
 * called used are ruled out of used goods ("diesel generator set 100 kVA" is not of 8502.11, "not exceeding
 * 75kVA", although the lexicon's "diesel generator" is): the code's own text excludes it. Inside, it adds
 * nothing, as other codes of the goods state no range (a 9 W LED lamp is not a filament lamp "not exceeding 200W").
 */
const RATING_WEIGHT = USED_ONLY_WEIGHT;
/**
 * The groups by which subheadings split goods that are otherwise the same: knitted or woven (chapters 61 and 62),
 * crude or refined oil, nuts in shell or shelled, roasted coffee or not, whole birds or cuts, alloy steel or not, cast
 * iron or not, a fabric's finish and weave, a yarn's combed or carded fibres, sweetened or not, seamless or welded
 * pipes, tea in small packings or in bulk, household or industrial, whole or ground spices, upholstered seats or not.
 * A code whose text states only the other value, or excludes the query's ("other than crude", "Iron (excluding
 * cast)"), is ruled out like another material: the lexicon names such goods without saying which ("coffee", "frozen chicken").
 */
const SPLITS = [
  'construction',
  'refining',
  'shell',
  'roasting',
  'pieces',
  'alloy',
  'insulation',
  'casting',
  'finish',
  'weave',
  'combing',
  'sugar',
  'seam',
  'packing',
  'use',
  'grinding',
  'upholstery',
].map((name) => GROUPS.findIndex((group) => group.name === name));
const SPLIT_WEIGHT = 3;
/** A hybrid is not a vehicle with only an engine, nor with only an electric motor: ruled out the same way. */
const HYBRID_WEIGHT = USED_ONLY_WEIGHT;

/**
 * Share of the query's attribute groups the code agrees with, and share it contradicts (states other values only,
 * or excludes the query's), both in [0, 1]; and `rules`, the score of the fixed rules: the engine capacity inside
 * (+) or outside (-) the code's range, the form (garment or fabric) the same as (+) or other than (-) the code's,
 * a part (+ for a code of parts, - for another), a code of other materials only (-) or of the other condition only
 * (new, used or retreaded, -; used only for a query silent on condition, -), of the other engine (petrol or
 * diesel, -), of the other side of a split or
 * excluding the query's (-), of goods a subheading note defines that the query does not name (-), of primary
 * forms for an article (-), of other wearers only (-); 0 where either is silent.
 */
export function compareAttributes(query: Attributes, code: Attributes): { agree: number; conflict: number; rules: number } {
  let groups = 0;
  let agree = 0;
  let conflict = 0;
  for (let position = 0; position < query.masks.length; position++) {
    const asked = query.masks[position];
    if (!asked || position === FORM || position === PACKING || position === GRINDING) continue;
    groups++;
    const stated = code.masks[position];
    if (asked & stated) agree++;
    else if (stated || asked & code.excluded[position]) conflict++;
  }
  let rules = 0;
  const power = code.masks[POWER];
  const bothPowers = (power & ELECTRIC) !== 0 && (power & (SPARK | DIESEL)) !== 0;
  if (query.hybrid && code.hybrid && power && !bothPowers) rules -= HYBRID_WEIGHT;
  // Electric goods are not of a code that excludes them (NON_ELECTRIC), as one side of a split is not of the other.
  if (query.masks[POWER] & ELECTRIC & code.excluded[POWER]) rules -= SPLIT_WEIGHT;
  // Goods worked by hand are not those a motor drives, nor machinery for industry ("manual meat grinder" is of 82.10,
  // not 85.09, 84.67 or 84.38).
  if (query.masks[POWER] === MANUAL && (code.powered || code.masks[USE] & INDUSTRIAL) && !(code.masks[POWER] & MANUAL))
    rules -= SPLIT_WEIGHT;
  // A petrol engine is no diesel one, whatever else the texts share ("diesel car 2000cc" is not of 8703.23); a
  // hybrid's engine is the hybrid rule's.
  const engines = query.masks[POWER] & (SPARK | DIESEL);
  if (!query.hybrid && engines && power & (SPARK | DIESEL) && !(engines & power)) rules -= SPLIT_WEIGHT;
  // Hybrids of every engine capacity are one code (8703.40): no capacity to be outside of.
  const capacityRuled = !(query.hybrid && bothPowers);
  const rating = query.rating;
  const ratingRange = code.ratingRange;
  if (rating && ratingRange && rating.unit === ratingRange.unit && !(rating.value > ratingRange.low && rating.value <= ratingRange.high))
    rules -= RATING_WEIGHT;
  const volts = code.voltageRange;
  if (volts && !Number.isNaN(query.voltage) && !(query.voltage > volts.low && query.voltage <= volts.high)) rules -= RATING_WEIGHT;
  const thick = code.thicknessRange;
  if (thick && !Number.isNaN(query.thickness) && !(query.thickness > thick.low && query.thickness <= thick.high)) rules -= RATING_WEIGHT;
  // A stated share of a fibre outside the share a code bounds: "100% cotton" is not of 52.10 (less than 85%).
  const bounded = code.shareRange;
  const share = bounded ? query.shares?.get(bounded.bit) : undefined;
  if (bounded && share !== undefined && !(share >= bounded.low && share < bounded.high)) rules -= RATING_WEIGHT;
  if (capacityRuled && !Number.isNaN(query.cc) && !Number.isNaN(code.range[0])) {
    groups++;
    const inside = query.cc > code.range[0] && query.cc <= code.range[1];
    rules += inside ? ENGINE_WEIGHT : -ENGINE_WEIGHT;
    if (inside) agree++;
    else conflict++;
  }
  if (query.masks[0] && code.masks[0] && !(query.masks[0] & code.masks[0])) rules -= MATERIAL_WEIGHT;
  const condition = query.masks[CONDITION];
  if (condition && code.masks[CONDITION] && !(condition & code.masks[CONDITION])) rules -= CONDITION_WEIGHT;
  if (!condition && code.usedOnly) rules -= USED_ONLY_WEIGHT;
  if (code.wasteOnly && !query.waste) rules -= USED_ONLY_WEIGHT;
  const gender = query.masks[GENDER];
  if (gender && code.masks[GENDER] && !(gender & code.masks[GENDER])) rules -= GENDER_WEIGHT;
  for (const group of SPLITS) {
    const asked = query.masks[group];
    if (asked && !(asked & code.masks[group]) && (code.masks[group] || asked & code.excluded[group])) rules -= SPLIT_WEIGHT;
  }
  if (code.specified && query.words && !code.specified.some((term) => query.words!.has(term))) rules -= SPECIFIED_WEIGHT;
  if (query.article && code.article) rules -= PRIMARY_WEIGHT;
  if (query.part) rules += code.part ? PART_WEIGHT : -PART_WEIGHT;
  // An engine capacity is a whole engine's or vehicle's ("motorcycle 150cc", "petrol car 1300cc"): not the parts
  // of one, unless the query names a part, nor the fuel it burns. ("shampoo 400cc" is a volume, and stays.)
  else if (!Number.isNaN(query.cc) && (code.part || code.fuel)) rules -= ENGINE_WEIGHT;
  const form = query.masks[FORM];
  if (form && code.masks[FORM]) rules += form & code.masks[FORM] ? FORM_WEIGHT : -FORM_WEIGHT;
  return groups ? { agree: agree / groups, conflict: conflict / groups, rules } : { agree: 0, conflict: 0, rules };
}

/**
 * Under a heading whose codes state engine capacities (8703: 1000cc, 1500cc...), a code without one (electric
 * vehicles, "other") contradicts a query that states a capacity: an empty range. The codes of a heading with a
 * code of both an engine and an electric motor (8703.40) are `hybrid`: a hybrid query rules out those of one only.
 */
export function withEngineRanges(codes: string[], attributes: Attributes[]): Attributes[] {
  const headingsWhere = (test: (item: Attributes) => boolean) =>
    new Set(codes.filter((_, index) => test(attributes[index])).map((code) => code.slice(0, 4)));
  const ranged = headingsWhere((item) => !Number.isNaN(item.range[0]));
  // Vehicles only (chapter 87): generating sets (85.02) are electric and diesel too.
  const hybrid = headingsWhere((item) => (item.masks[POWER] & ELECTRIC) !== 0 && (item.masks[POWER] & (SPARK | DIESEL)) !== 0);
  for (const heading of hybrid) if (!heading.startsWith('87')) hybrid.delete(heading);
  return attributes.map((item, index) => {
    const heading = codes[index].slice(0, 4);
    const range: [number, number] = Number.isNaN(item.range[0]) && ranged.has(heading) ? [-1, -1] : item.range;
    return { ...item, range, hybrid: hybrid.has(heading) };
  });
}

/**
 * The subheadings a lexicon text labelled `code` speaks for when it names the goods but not what their
 * subheadings split them by: "jackets and blazers - knitted men's or boys" is labelled 6103.31, of wool, the first
 * of the four jackets; "frozen chicken" 0207.14, cuts, beside 0207.12, whole. The codes of the same goods (below
 * the same one-dash subheading, or the same heading and text before ";"), by code: each with what its own text states.
 */
export function attributeSiblings(subheadings: Map<string, { description: string }>): Map<string, Sibling[]> {
  const groups = new Map<string, Sibling[]>();
  for (const [code, { description }] of subheadings) {
    // One-dash subheadings split by a second dash (6103.31 to 6103.39) group by their first five digits; the
    // others (6110.20, 6110.30, 6110.90) by their heading and goods.
    const key = code[5] !== '0' ? code.slice(0, 5) : `${code.slice(0, 4)} ${normalize(description.split(';')[0])}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push({ code, masks: attributesOf(description, true).masks });
  }
  const result = new Map<string, Sibling[]>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    // What all of them state is not what they split by ("Iron or steel; ... wood screws"): left out.
    const common = members[0].masks.map((_, group) => members.reduce((mask, member) => mask & member.masks[group], -1));
    const split = members.map((member) => ({ code: member.code, masks: member.masks.map((mask, group) => mask & ~common[group]) }));
    for (const member of split) result.set(member.code, split);
  }
  return result;
}

/** Headings (and one-dash subheadings) of men's or boys' garments and of women's or girls' ones, in pairs. */
const GENDER_PAIRS = [
  ['6101', '6102'],
  ['6103', '6104'],
  ['6105', '6106'],
  ['6107', '6108'],
  ['6201', '6202'],
  ['6203', '6204'],
  ['6205', '6206'],
  ['6207', '6208'],
  ['62113', '62114'],
];

/**
 * The same garments for the other wearers, by code: in the paired heading, the codes of the same fibres whose goods
 * (before ";") share a word ("Nightshirts and pyjamas; men's or boys', of cotton" and "Nightdresses and pyjamas;
 * women's or girls', of cotton"; 6201.40 and 6202.40).
 */
export function genderCounterparts(subheadings: Map<string, { description: string }>): Map<string, string[]> {
  const partner = new Map(GENDER_PAIRS.flatMap(([men, women]) => [[men, women] as const, [women, men] as const]));
  const entries = [...subheadings]
    .filter(([code]) => code.startsWith('61') || code.startsWith('62'))
    .map(([code, { description }]) => ({
      code,
      goods: new Set(terms(description.split(';')[0])),
      material: attributesOf(description, true).masks[0],
    }));
  const result = new Map<string, string[]>();
  for (const own of entries) {
    const prefix = [...partner.keys()].find((key) => own.code.startsWith(key));
    if (prefix === undefined) continue;
    const other = partner.get(prefix)!;
    const same = entries.filter(
      (entry) => entry.code.startsWith(other) && entry.material === own.material && [...entry.goods].some((term) => own.goods.has(term)),
    );
    if (same.length)
      result.set(
        own.code,
        same.map((entry) => entry.code),
      );
  }
  return result;
}

/**
 * The codes of the other wearers a labelled text speaks for, beside its own codes: none when it names its wearers
 * ("men's jeans"); their counterparts when it does not ("jeans", labelled 6203.42, are women's jeans too when a
 * query says so).
 */
export function counterpartsOfText(counterparts: Map<string, string[]>, text: string, codes: string[]): string[] {
  const others = codes.flatMap((code) => counterparts.get(code) ?? []);
  return others.length && !attributesOf(text).masks[GENDER] ? [...new Set(others)].filter((code) => !codes.includes(code)) : [];
}

export interface Sibling {
  code: string;
  masks: Int32Array;
}

/** The groups a lexicon text silent on them speaks for every value of: the material and the splits (SPLITS). */
const SIBLING_GROUPS = new Set([0, ...SPLITS]);

/**
 * The codes a labelled text speaks for: its own, and each sibling that differs from it only in groups of
 * SIBLING_GROUPS that the sibling states and the text does not ("frozen chicken" states frozen: 0207.12, whole
 * and frozen, not 0207.11, whole and fresh). Goods that all state the same material are not split by it ("Iron or
 * steel; ... wood screws").
 */
export function codesOfText(siblings: Map<string, Sibling[]>, text: string, code: string): string[] {
  const members = siblings.get(code);
  const own = members?.find((member) => member.code === code);
  if (!members || !own) return [code];
  const stated = attributesOf(text).masks;
  const speaksFor = (other: Sibling): boolean => {
    let differs = false;
    for (let group = 0; group < other.masks.length; group++) {
      // Garment or fabric follows from the material's words ("of synthetic fibres").
      if (other.masks[group] === own.masks[group] || group === FORM) continue;
      if (!SIBLING_GROUPS.has(group) || stated[group] || !other.masks[group] || !own.masks[group]) return false;
      differs = true;
    }
    return differs;
  };
  return members.filter((member) => member === own || speaksFor(member)).map((member) => member.code);
}
