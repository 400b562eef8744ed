import type { DataPack, Row } from './packs.js';
import { NAME_WORDS, TRADES, SUFFIXES, FIRST_NAMES, LAST_NAMES, AREAS } from './sample-names.js';

/**
 * Deterministic sample data for the entities no public source covers (traders,
 * banks, offices, ministries, procedure codes). Every row has sample = 1 and the
 * same seed always gives the same rows. Names are made up; e-mail addresses use
 * the reserved example.com domain.
 */

/** mulberry32: a small seeded pseudo-random generator. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const SAMPLE_VALID_FROM = '2020-01-01';
const base = { descriptionTranslated: null, validFrom: SAMPLE_VALID_FROM, validTo: null, sample: 1 };
const pad = (value: number, width: number) => String(value).padStart(width, '0');

function address(random: () => number): { address1: string; address1Translated: null; address2: string; address2Translated: null } {
  const [area, city, postcode] = AREAS[Math.floor(random() * AREAS.length)];
  const house = 1 + Math.floor(random() * 120);
  const road = 1 + Math.floor(random() * 40);
  return {
    address1: `House ${house}, Road ${road}, ${area}`,
    address1Translated: null,
    address2: `${city} ${postcode}, Bangladesh`,
    address2Translated: null,
  };
}

const pick = <T>(random: () => number, list: T[]): T => list[Math.floor(random() * list.length)];

function companies(count: number): Row[] {
  const random = generator(101);
  const used = new Set<string>();
  const rows: Row[] = [];
  for (let index = 0; rows.length < count; index++) {
    const name = `${pick(random, NAME_WORDS)} ${pick(random, TRADES)} ${pick(random, SUFFIXES)}`;
    const unique = used.has(name)
      ? `${name.replace(/ (Ltd\.|Limited|PLC|Corporation|& Co\.)$/, '')} (${index}) ${name.split(' ').pop()}`
      : name;
    used.add(unique);
    const code = pad(100000000 + ((index * 7919 + 13) % 900000000), 9);
    rows.push({
      ...base,
      code,
      description: unique,
      email: `info.${code}@example.com`,
      phoneNumber: `+880 1${pick(random, ['3', '5', '7', '8', '9'])}${pad(Math.floor(random() * 100000000), 8)}`,
      ...address(random),
    });
  }
  return rows;
}

function declarants(count: number): Row[] {
  const random = generator(202);
  const rows: Row[] = [];
  for (let index = 0; index < count; index++) {
    const kind = random();
    const description =
      kind < 0.6
        ? `${pick(random, NAME_WORDS)} ${pick(random, ['Clearing & Forwarding', 'C&F Agency', 'Customs Brokers', 'Logistics'])} ${pick(random, ['Ltd.', 'Co.', 'Services', 'Ltd.'])}`
        : `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)} (licensed customs agent)`;
    rows.push({ ...base, code: `AIN${pad(301000001 + index * 3, 9)}`, description, ...address(random) });
  }
  return rows;
}

const BANK_WORDS = [
  'Lotus',
  'Kadam',
  'Shimul',
  'Bakul',
  'Hijal',
  'Chalta',
  'Kamini',
  'Karabi',
  'Togor',
  'Shefali',
  'Bokul',
  'Madhabi',
  'Krishnachura',
  'Jarul',
  'Neem',
];

function banks(): { banks: Row[]; branches: Row[] } {
  const random = generator(303);
  const banksRows: Row[] = [];
  const branches: Row[] = [];
  BANK_WORDS.forEach((word, index) => {
    const code = pad(10 + index * 5, 3);
    const name = `${word} ${pick(random, ['Commercial', 'Trade', 'Merchant', 'Development', 'Islami', 'Exim'])} Bank PLC`;
    banksRows.push({ ...base, code, description: name, ...address(random) });
    const branchCount = 12 + Math.floor(random() * 20);
    for (let branch = 1; branch <= branchCount; branch++) {
      const [area] = AREAS[(index + branch * 3) % AREAS.length];
      branches.push({
        ...base,
        code: `${code}${pad(branch, 3)}`,
        description: `${word} Bank, ${area} Branch`,
        bankCode: code,
        ...address(random),
      });
    }
  });
  return { banks: banksRows, branches };
}

/** Real customs stations of the demo country; their codes here are invented. */
const OFFICES: Array<[name: string, city: string]> = [
  ['Custom House, Chattogram', 'Chattogram'],
  ['Custom House, Dhaka (Kurmitola)', 'Dhaka'],
  ['Custom House, Mongla', 'Bagerhat'],
  ['Custom House, Benapole', 'Jashore'],
  ['Inland Container Depot, Kamalapur', 'Dhaka'],
  ['Custom House, Pangaon', 'Dhaka'],
  ['Customs Station, Bhomra', 'Satkhira'],
  ['Customs Station, Sonamasjid', 'Chapai Nawabganj'],
  ['Customs Station, Hili', 'Dinajpur'],
  ['Customs Station, Burimari', 'Lalmonirhat'],
  ['Customs Station, Akhaura', 'Brahmanbaria'],
  ['Customs Station, Tamabil', 'Sylhet'],
  ['Customs Station, Teknaf', "Cox's Bazar"],
  ['Airport Customs, Osmani International Airport', 'Sylhet'],
  ['Customs Station, Darshana', 'Chuadanga'],
];

function customsOffices(): { offices: Row[]; sheds: Row[] } {
  const random = generator(404);
  const offices: Row[] = [];
  const sheds: Row[] = [];
  OFFICES.forEach(([name, city], index) => {
    const code = pad(101 + index * 10, 3);
    offices.push({
      ...base,
      code,
      description: name,
      address1: `Customs Building, ${city}`,
      address1Translated: null,
      address2: `${city}, Bangladesh`,
      address2Translated: null,
    });
    const shedCount = 2 + Math.floor(random() * 5);
    for (let shed = 1; shed <= shedCount; shed++) {
      sheds.push({
        ...base,
        code: `${code}S${pad(shed, 2)}`,
        description: `${pick(random, ['Import shed', 'Export shed', 'Transit shed', 'Bonded warehouse', 'Container yard'])} ${shed}, ${name}`,
        customsOfficeCode: code,
      });
    }
  });
  return { offices, sheds };
}

const MINISTRIES: Array<[name: string, departments: string[]]> = [
  ['Ministry of Commerce', ['Office of the Chief Controller of Imports and Exports', 'Export Promotion Bureau', 'Tariff Commission']],
  ['Ministry of Agriculture', ['Plant Quarantine Wing, Department of Agricultural Extension', 'Seed Certification Agency']],
  ['Ministry of Fisheries and Livestock', ['Department of Fisheries', 'Department of Livestock Services']],
  ['Ministry of Health and Family Welfare', ['Directorate General of Drug Administration', 'Directorate General of Health Services']],
  ['Ministry of Industries', ['Standards and Testing Institution', 'Department of Patents, Designs and Trademarks']],
  ['Ministry of Environment, Forest and Climate Change', ['Department of Environment', 'Forest Department']],
  ['Ministry of Science and Technology', ['Atomic Energy Regulatory Authority']],
  ['Ministry of Power, Energy and Mineral Resources', ['Department of Explosives']],
  ['Ministry of Home Affairs', ['Department of Narcotics Control']],
  ['Ministry of Food', ['Directorate General of Food', 'Food Safety Authority']],
  ['Ministry of Textiles and Jute', ['Department of Textiles', 'Department of Jute']],
  ['Ministry of Posts and Telecommunications', ['Telecommunication Regulatory Commission']],
];

function ministries(): { ministries: Row[]; departments: Row[] } {
  const ministryRows: Row[] = [];
  const departments: Row[] = [];
  MINISTRIES.forEach(([name, list], index) => {
    const code = `M${pad(index + 1, 2)}`;
    ministryRows.push({ ...base, code, description: name });
    list.forEach((department, position) =>
      departments.push({ ...base, code: `${code}D${pad(position + 1, 2)}`, description: department, ministryCode: code }),
    );
  });
  return { ministries: ministryRows, departments };
}

const MODELS: Array<[code: string, generalProcedureCode: string, description: string, bengali: string]> = [
  ['EX', '1', 'Export: permanent export', 'রপ্তানি: স্থায়ী রপ্তানি'],
  ['EX', '2', 'Export: temporary export', 'রপ্তানি: অস্থায়ী রপ্তানি'],
  ['EX', '3', 'Export: re-export', 'রপ্তানি: পুনঃরপ্তানি'],
  ['EX', '8', 'Export: transit', 'রপ্তানি: ট্রানজিট'],
  ['EX', '9', 'Export: other procedures', 'রপ্তানি: অন্যান্য পদ্ধতি'],
  ['IM', '4', 'Import: release for home use', 'আমদানি: দেশীয় ব্যবহারের জন্য খালাস'],
  ['IM', '5', 'Import: temporary admission', 'আমদানি: অস্থায়ী আমদানি'],
  ['IM', '6', 'Import: re-importation', 'আমদানি: পুনঃআমদানি'],
  ['IM', '7', 'Import: warehousing', 'আমদানি: শুল্ক গুদামজাতকরণ'],
  ['IM', '8', 'Import: transit', 'আমদানি: ট্রানজিট'],
  ['IM', '9', 'Import: other procedures', 'আমদানি: অন্যান্য পদ্ধতি'],
];

const PROCEDURES: Array<[requested: string, previous: string, description: string, bengali: string]> = [
  ['10', '00', 'Permanent export of goods in free circulation', 'অবাধে চলাচলযোগ্য পণ্যের স্থায়ী রপ্তানি'],
  ['10', '21', 'Permanent export after outward processing', 'বহির্মুখী প্রক্রিয়াকরণের পর স্থায়ী রপ্তানি'],
  ['10', '71', 'Permanent export of goods from a customs warehouse', 'শুল্ক গুদাম থেকে পণ্যের স্থায়ী রপ্তানি'],
  ['21', '00', 'Temporary export for outward processing', 'বহির্মুখী প্রক্রিয়াকরণের জন্য অস্থায়ী রপ্তানি'],
  ['23', '00', 'Temporary export for return unaltered', 'অপরিবর্তিত অবস্থায় ফেরতের জন্য অস্থায়ী রপ্তানি'],
  ['31', '00', 'Re-export', 'পুনঃরপ্তানি'],
  ['31', '51', 'Re-export of goods after inward processing', 'অভ্যন্তরীণ প্রক্রিয়াকরণের পর পণ্যের পুনঃরপ্তানি'],
  ['31', '53', 'Re-export of goods under temporary admission', 'অস্থায়ী আমদানির আওতায় থাকা পণ্যের পুনঃরপ্তানি'],
  ['31', '71', 'Re-export of goods from a customs warehouse', 'শুল্ক গুদাম থেকে পণ্যের পুনঃরপ্তানি'],
  ['40', '00', 'Release for home use', 'দেশীয় ব্যবহারের জন্য খালাস'],
  ['40', '21', 'Release for home use after outward processing', 'বহির্মুখী প্রক্রিয়াকরণের পর দেশীয় ব্যবহারের জন্য খালাস'],
  [
    '40',
    '51',
    'Release for home use of goods under inward processing',
    'অভ্যন্তরীণ প্রক্রিয়াকরণের আওতায় থাকা পণ্যের দেশীয় ব্যবহারের জন্য খালাস',
  ],
  [
    '40',
    '53',
    'Release for home use of goods under temporary admission',
    'অস্থায়ী আমদানির আওতায় থাকা পণ্যের দেশীয় ব্যবহারের জন্য খালাস',
  ],
  ['40', '71', 'Release for home use of goods from a customs warehouse', 'শুল্ক গুদাম থেকে পণ্যের দেশীয় ব্যবহারের জন্য খালাস'],
  ['40', '78', 'Release for home use of goods from a free zone', 'মুক্ত অঞ্চল থেকে পণ্যের দেশীয় ব্যবহারের জন্য খালাস'],
  ['51', '00', 'Inward processing', 'অভ্যন্তরীণ প্রক্রিয়াকরণ'],
  ['51', '71', 'Inward processing of goods from a customs warehouse', 'শুল্ক গুদাম থেকে পণ্যের অভ্যন্তরীণ প্রক্রিয়াকরণ'],
  ['53', '00', 'Temporary admission', 'অস্থায়ী আমদানি'],
  ['61', '00', 'Re-importation of goods returned unaltered', 'অপরিবর্তিত অবস্থায় ফেরত আসা পণ্যের পুনঃআমদানি'],
  ['61', '23', 'Re-importation after temporary export', 'অস্থায়ী রপ্তানির পর পুনঃআমদানি'],
  ['63', '21', 'Re-importation after outward processing', 'বহির্মুখী প্রক্রিয়াকরণের পর পুনঃআমদানি'],
  ['71', '00', 'Customs warehousing', 'শুল্ক গুদামজাতকরণ'],
  ['71', '51', 'Customs warehousing of goods under inward processing', 'অভ্যন্তরীণ প্রক্রিয়াকরণের আওতায় থাকা পণ্যের শুল্ক গুদামজাতকরণ'],
  ['78', '00', 'Entry into a free zone', 'মুক্ত অঞ্চলে প্রবেশ'],
  ['80', '00', 'Transit', 'ট্রানজিট'],
  ['80', '71', 'Transit of goods from a customs warehouse', 'শুল্ক গুদাম থেকে পণ্যের ট্রানজিট'],
  ['91', '00', 'Transhipment', 'ট্রান্সশিপমেন্ট'],
];

const ADDITIONAL: Array<[code: string, description: string, bengali: string]> = [
  ['000', 'No additional procedure', 'কোনো অতিরিক্ত পদ্ধতি নেই'],
  ['C01', 'Goods for diplomatic missions and international organisations', 'কূটনৈতিক মিশন ও আন্তর্জাতিক সংস্থার জন্য পণ্য'],
  ['C02', 'Relief consignments', 'ত্রাণ চালান'],
  ['C03', 'Returned goods', 'ফেরত আসা পণ্য'],
  ['C04', 'Samples of negligible value', 'নগণ্য মূল্যের নমুনা'],
  ['C05', 'Personal effects of travellers', 'যাত্রীদের ব্যক্তিগত মালামাল'],
  ['C06', 'Goods for exhibitions and fairs', 'প্রদর্শনী ও মেলার জন্য পণ্য'],
  ['C07', 'Capital machinery at a concessionary rate', 'রেয়াতি হারে মূলধনী যন্ত্রপাতি'],
  ['C08', 'Raw materials for export-oriented industries under bond', 'রপ্তানিমুখী শিল্পের জন্য বন্ডের আওতায় কাঁচামাল'],
  ['C09', 'Goods for export processing zone enterprises', 'রপ্তানি প্রক্রিয়াকরণ অঞ্চলের প্রতিষ্ঠানের জন্য পণ্য'],
  ['C10', 'Goods under a duty exemption order', 'শুল্ক অব্যাহতি আদেশের আওতায় পণ্য'],
  ['C11', 'Government imports', 'সরকারি আমদানি'],
  ['C12', 'Donations to charitable institutions', 'দাতব্য প্রতিষ্ঠানের জন্য অনুদান'],
  ['C13', 'Goods for repair under warranty', 'ওয়ারেন্টির আওতায় মেরামতের জন্য পণ্য'],
  ['C14', 'Professional equipment', 'পেশাগত সরঞ্জাম'],
  ['C15', 'Containers and pallets', 'কন্টেইনার ও প্যালেট'],
  ['E01', 'Export under duty drawback', 'শুল্ক প্রত্যর্পণ (ডিউটি ড্র-ব্যাক) সুবিধায় রপ্তানি'],
  ['E02', 'Export under back-to-back letter of credit', 'ব্যাক-টু-ব্যাক ঋণপত্রের আওতায় রপ্তানি'],
  ['E03', 'Export of samples', 'নমুনা রপ্তানি'],
];

const TAX_RULES: Array<[code: string, description: string, column: string, bengali: string]> = [
  ['CD', 'Customs duty', 'tax01', 'আমদানি শুল্ক'],
  ['SD', 'Supplementary duty', 'tax02', 'সম্পূরক শুল্ক'],
  ['VAT', 'Value added tax', 'tax03', 'মূল্য সংযোজন কর'],
  ['AIT', 'Advance income tax', 'tax04', 'অগ্রিম আয়কর'],
  ['AT', 'Advance tax', 'tax05', 'অগ্রিম কর'],
  ['RD', 'Regulatory duty', 'tax06', 'নিয়ন্ত্রণমূলক শুল্ক'],
  ['EXD', 'Export duty', 'tax07', 'রপ্তানি শুল্ক'],
  ['TTI', 'Total tax incidence', 'tax08', 'মোট করভার'],
];

function procedures(): { extended: Row[]; additional: Row[]; regimes: Row[]; models: Row[]; taxRules: Row[] } {
  const random = generator(505);
  const extended = PROCEDURES.map(([requested, previous, description, bengali]) => ({
    ...base,
    code: `${requested}${previous}`,
    description,
    descriptionTranslated: bengali,
    requestedProcedureCode: requested,
    previousProcedureCode: previous,
  }));
  const additional = ADDITIONAL.map(([code, description, bengali]) => ({ ...base, code, description, descriptionTranslated: bengali }));
  const regimes: Row[] = [];
  for (const procedure of extended) {
    const exportSide = /^(1|2|3)/.test(String(procedure.code));
    const candidates = ADDITIONAL.filter(([code]) => code === '000' || (exportSide ? code.startsWith('E') : code.startsWith('C')));
    for (const [code, description, bengali] of candidates) {
      if (code === '000' || random() < 0.35)
        regimes.push({ ...base, code, description, descriptionTranslated: bengali, extendedProcedureCode: String(procedure.code) });
    }
  }
  const models = MODELS.map(([code, generalProcedureCode, description, bengali]) => ({
    ...base,
    code,
    description,
    descriptionTranslated: bengali,
    generalProcedureCode,
    flow: code === 'EX' ? '0' : '1',
  }));
  const taxRules = TAX_RULES.map(([code, description, tariffColumn, bengali]) => ({
    ...base,
    code,
    description,
    descriptionTranslated: bengali,
    tariffColumn,
  }));
  return { extended, additional, regimes, models, taxRules };
}

export const samplePack: DataPack = {
  name: 'sample',
  summary:
    'sample data (flagged sample): company, declarant, bank, bankBranches, customsOffice, transitSheds, ministry, ministryDepartments, modelOfDeclaration, extendedProcedure, additionalProcedure, additionalRegimes, taxRule',
  files: [],
  revision: 3,
  tables: [
    'ref_company',
    'ref_declarant',
    'ref_bank',
    'ref_bank_branches',
    'ref_customs_office',
    'ref_transit_sheds',
    'ref_ministry',
    'ref_ministry_departments',
    'ref_model_of_declaration',
    'ref_extended_procedure',
    'ref_additional_procedure',
    'ref_additional_regimes',
    'ref_tax_rule',
  ],
  async build() {
    const bankData = banks();
    const officeData = customsOffices();
    const ministryData = ministries();
    const procedureData = procedures();
    return {
      tables: {
        ref_company: companies(4000),
        ref_declarant: declarants(2500),
        ref_bank: bankData.banks,
        ref_bank_branches: bankData.branches,
        ref_customs_office: officeData.offices,
        ref_transit_sheds: officeData.sheds,
        ref_ministry: ministryData.ministries,
        ref_ministry_departments: ministryData.departments,
        ref_model_of_declaration: procedureData.models,
        ref_extended_procedure: procedureData.extended,
        ref_additional_procedure: procedureData.additional,
        ref_additional_regimes: procedureData.regimes,
        ref_tax_rule: procedureData.taxRules,
      },
    };
  },
};
