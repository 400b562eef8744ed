import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isCalendarDate } from '../reference/query.js';
import { parseCsvLines } from './csv.js';
import { samplePack } from './sample-data.js';
import { finderDataFiles, loadLexicon, loadNomenclature } from '../finder/data.js';
import { buildSearchDocuments, SEARCH_TABLE } from '../search/documents.js';
import { isSearchLanguage } from '../search/text.js';

export type Row = Record<string, string | number | null>;

export interface PackContent {
  /** Rows per table; each listed table is replaced as a whole. */
  tables: Record<string, Row[]>;
  /** Findings worth reporting (checks, skipped lines). */
  report?: Record<string, unknown>;
}

export interface DataPack {
  name: string;
  summary: string;
  /** Files under data/ that the pack reads (their content is part of its version). */
  files: string[];
  /** Bumped when the pack's code changes what it produces. */
  revision: number;
  tables: string[];
  build(dataDir: string): Promise<PackContent>;
}

/** Records valid "since always" start here (code lists without an edition date in the data). */
export const OPEN_VALIDITY = '2000-01-01';

/** A data file that cannot be imported as it is: its pack is not imported and the data already there stays. */
export class DataFileError extends Error {
  constructor(file: string, problem: string, line?: number) {
    super(`data/${file}${line === undefined ? '' : `, line ${line}`}: ${problem}`);
    this.name = 'DataFileError';
  }
}

async function read(dataDir: string, file: string): Promise<string> {
  try {
    return await readFile(join(dataDir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new DataFileError(file, 'the file is missing');
    throw error;
  }
}

async function readJson(dataDir: string, file: string): Promise<unknown> {
  const text = await read(dataDir, file);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new DataFileError(file, `not valid JSON (${(error as Error).message})`);
  }
}

/** One record of a CSV data file, with checked readers of its fields that name the file, line and column of what they refuse. */
class CsvRecord {
  constructor(
    private readonly file: string,
    readonly line: number,
    readonly values: Record<string, string>,
  ) {}

  refuse(column: string, problem: string): never {
    throw new DataFileError(this.file, `${column} ${JSON.stringify(this.values[column] ?? '')} ${problem}`, this.line);
  }

  private value(column: string): string {
    return (this.values[column] ?? '').trim();
  }

  text(column: string): string {
    return this.value(column) || this.refuse(column, 'is empty');
  }

  /** A number of zero or more; emptyAs, when given, stands for an empty field. */
  amount(column: string, emptyAs?: number): number {
    const value = this.value(column);
    if (value === '' && emptyAs !== undefined) return emptyAs;
    const amount = Number(value);
    return value !== '' && Number.isFinite(amount) && amount >= 0 ? amount : this.refuse(column, 'is not a number of zero or more');
  }

  positive(column: string): number {
    const value = this.value(column);
    const amount = Number(value);
    return value !== '' && Number.isFinite(amount) && amount > 0 ? amount : this.refuse(column, 'is not a number above zero');
  }

  /** An ISO date (YYYY-MM-DD) that exists. */
  date(column: string): string {
    const value = this.value(column);
    return isCalendarDate(value) ? value : this.refuse(column, 'is not a date written YYYY-MM-DD');
  }
}

/** The records of a CSV data file, whose header must have the columns the pack reads. */
async function readCsv(dataDir: string, file: string, columns: string[]): Promise<CsvRecord[]> {
  const { header, records } = parseCsvLines(await read(dataDir, file));
  const missing = columns.filter((column) => !header.includes(column));
  if (missing.length > 0) throw new DataFileError(file, `the header has no column ${missing.join(', ')}`, 1);
  return records.map(({ line, record }) => new CsvRecord(file, line, record));
}

/** Refuses a second record with the same key, naming the line of the first. */
function uniqueKeys() {
  const lines = new Map<string, number>();
  return (record: CsvRecord, key: string, column: string) => {
    const first = lines.get(key);
    if (first !== undefined) record.refuse(column, `repeats line ${first}`);
    lines.set(key, record.line);
  };
}
const nullIfEmpty = (value: string | undefined): string | null => (value === undefined || value.trim() === '' ? null : value.trim());

function displayName(language: string, type: 'currency' | 'region', code: string): string | null {
  try {
    const name = new Intl.DisplayNames([language], { type, fallback: 'none' }).of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

/** Bangladesh total tax incidence (percent of assessable value), rounded half-up to 2 decimals. */
export function bangladeshTti(rates: { cd: number; rd: number; sd: number; vat: number; ait: number; at: number }): number {
  const { cd, rd, sd, vat, ait, at } = rates;
  const total = cd + rd + ait + (sd * (100 + cd + rd)) / 100 + ((vat + at) * (100 + cd + rd) * (100 + sd)) / 10000;
  return Math.round(total * 100 + 1e-7) / 100;
}

const TARIFF_FILE = 'tariff/bd-customs-tariff-2025-26.csv';
/** The tax columns of the schedule, in the order bangladeshTti takes them. */
const TARIFF_TAXES = ['cd', 'rd', 'sd', 'vat', 'ait', 'at'];
/** Start of the 2025-26 fiscal year of the schedule. */
const TARIFF_VALID_FROM = '2025-07-01';

const tariffPack: DataPack = {
  name: 'tariff',
  summary: 'commodity: Bangladesh customs tariff 2025-26, 8-digit lines with CD, SD, VAT, AIT, AT, RD, EXD, TTI',
  files: [TARIFF_FILE],
  revision: 1,
  tables: ['ref_commodity'],
  async build(dataDir) {
    const records = await readCsv(dataDir, TARIFF_FILE, ['hs_code', 'description', ...TARIFF_TAXES, 'tti_published']);
    const mismatches: Array<{ code: string; published: number; computed: number }> = [];
    const seen = uniqueKeys();
    const rows: Row[] = records.map((record) => {
      const code = record.text('hs_code').replace(/\./g, '');
      if (!/^\d{4,12}$/.test(code)) record.refuse('hs_code', 'is not a tariff code (digits, dots allowed)');
      seen(record, code, 'hs_code');
      const [cd, rd, sd, vat, ait, at] = TARIFF_TAXES.map((tax) => record.amount(tax, 0));
      const rates = { cd, rd, sd, vat, ait, at };
      const published = record.amount('tti_published');
      const computed = bangladeshTti(rates);
      if (Math.abs(computed - published) > 0.001) mismatches.push({ code, published, computed });
      const row: Row = {
        code,
        description: record.text('description'),
        descriptionTranslated: null,
        supplementaryUnit1Code: nullIfEmpty(record.values.unit),
        tax01: rates.cd,
        tax02: rates.sd,
        tax03: rates.vat,
        tax04: rates.ait,
        tax05: rates.at,
        tax06: rates.rd,
        tax07: null,
        tax08: published,
        validFrom: TARIFF_VALID_FROM,
        validTo: null,
        sample: 0,
      };
      for (let index = 9; index <= 20; index++) row[`tax${String(index).padStart(2, '0')}`] = null;
      return row;
    });
    return { tables: { ref_commodity: rows }, report: { lines: rows.length, ttiChecked: rows.length, ttiMismatches: mismatches } };
  },
};

const HS_FILE = 'hs/harmonized-system-2022.csv';
const HS_SECTIONS_FILE = 'hs/hs-sections.csv';

const hsPack: DataPack = {
  name: 'hs',
  summary: 'hsNomenclature: Harmonized System 2022 sections, chapters, headings and subheadings',
  files: [HS_FILE, HS_SECTIONS_FILE],
  revision: 1,
  tables: ['ref_hs_nomenclature'],
  async build(dataDir) {
    const base = { descriptionTranslated: null, validFrom: '2022-01-01', validTo: null, sample: 0 };
    const sections = (await readCsv(dataDir, HS_SECTIONS_FILE, ['section', 'name'])).map(({ values: record }) => ({
      ...base,
      code: record.section,
      description: record.name,
      level: 1,
      parentCode: null,
      sectionCode: record.section,
    }));
    const items = (await readCsv(dataDir, HS_FILE, ['section', 'hscode', 'description', 'parent', 'level']))
      .map(({ values }) => values)
      .filter((record) => /^\d+$/.test(record.hscode) && record.hscode !== '999999' && ['2', '4', '6'].includes(record.level))
      .map((record) => ({
        ...base,
        code: record.hscode,
        description: record.description,
        level: Number(record.level),
        parentCode: record.level === '2' ? record.section : record.parent,
        sectionCode: record.section,
      }));
    return { tables: { ref_hs_nomenclature: [...sections, ...items] } };
  },
};

/** HS 2022 texts in other languages, by language (see data/hs-i18n/SOURCES.md). */
export const HS_I18N_FILES: Record<string, string> = {
  fr: 'hs-i18n/hs2022-fr.csv',
  es: 'hs-i18n/hs2022-es.csv',
  ar: 'hs-i18n/hs2022-ar.csv',
};

const hsI18nPack: DataPack = {
  name: 'hsI18n',
  summary: 'hs_text: HS 2022 chapter, heading and subheading texts in French and Spanish (EU CN 2026) and Arabic (Saudi customs tariff)',
  files: [HS_FILE, ...Object.values(HS_I18N_FILES)],
  revision: 1,
  tables: ['hs_text'],
  async build(dataDir) {
    const known = new Set(
      (await readCsv(dataDir, HS_FILE, ['hscode', 'level']))
        .map(({ values }) => values)
        .filter((record) => ['2', '4', '6'].includes(record.level))
        .map((record) => record.hscode),
    );
    const rows: Row[] = [];
    const counts: Record<string, number> = {};
    for (const [language, file] of Object.entries(HS_I18N_FILES)) {
      if (!isSearchLanguage(language)) throw new DataFileError(file, `language ${language} is not one of the portal's languages`);
      const seen = uniqueKeys();
      for (const record of await readCsv(dataDir, file, ['code', 'description', 'source_id'])) {
        const code = record.text('code');
        if (!/^(\d{2}|\d{4}|\d{6})$/.test(code)) record.refuse('code', 'is not an HS code of 2, 4 or 6 digits');
        if (!known.has(code)) record.refuse('code', `is not in HS 2022 (data/${HS_FILE})`);
        seen(record, code, 'code');
        rows.push({ code, level: code.length, language, description: record.text('description'), source: record.text('source_id') });
      }
      counts[language] = rows.length - Object.values(counts).reduce((sum, count) => sum + count, 0);
    }
    return { tables: { hs_text: rows }, report: { texts: counts } };
  },
};

/**
 * The documents of the tariff keyword search: per tariff line its national text, the HS texts of its
 * subheading, heading and chapter in English, French, Spanish and Arabic, and the finder lexicon entries
 * (everyday names, translations, HMRC search references) of its subheading, heading and chapter.
 */
const searchPack: DataPack = {
  name: 'search',
  summary:
    'search_document: keyword search documents of the tariff lines, normalised and stemmed (national text, HS texts en/fr/es/ar, finder lexicon)',
  files: [
    ...new Set([
      TARIFF_FILE,
      HS_FILE,
      ...Object.values(HS_I18N_FILES),
      ...finderDataFiles().filter((file) => file !== 'finder/devset.csv'),
    ]),
  ],
  revision: 1,
  tables: [SEARCH_TABLE],
  async build(dataDir) {
    const lines = (await tariffPack.build(dataDir)).tables.ref_commodity.map((row) => ({
      code: String(row.code),
      description: String(row.description),
    }));
    const english = (await hsPack.build(dataDir)).tables.ref_hs_nomenclature
      .filter((row) => row.level !== 1)
      .map((row) => ({ code: String(row.code), language: 'en', description: String(row.description) }));
    const translated = (await hsI18nPack.build(dataDir)).tables.hs_text.map((row) => ({
      code: String(row.code),
      language: String(row.language),
      description: String(row.description),
    }));
    let lexicon;
    try {
      lexicon = loadLexicon(dataDir, loadNomenclature(dataDir)).map(({ code, language, text }) => ({ code, language, text }));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new DataFileError('finder/', `a lexicon file is missing: ${(error as Error).message}`);
      throw error;
    }
    const rows: Row[] = buildSearchDocuments({ lines, hsTexts: [...english, ...translated], lexicon }).map((document) => ({ ...document }));
    return { tables: { [SEARCH_TABLE]: rows }, report: { documents: rows.length, lexiconEntries: lexicon.length } };
  },
};

const CURRENCY_FILE = 'currency/iso4217-codes-all.csv';

/** Current ISO 4217 currencies: code -> record of its first current row. */
async function currentCurrencies(dataDir: string): Promise<Map<string, Record<string, string>>> {
  const currencies = new Map<string, Record<string, string>>();
  for (const { values: record } of await readCsv(dataDir, CURRENCY_FILE, [
    'AlphabeticCode',
    'Currency',
    'NumericCode',
    'MinorUnit',
    'WithdrawalDate',
  ])) {
    if (!/^[A-Z]{3}$/.test(record.AlphabeticCode) || record.WithdrawalDate) continue;
    if (!currencies.has(record.AlphabeticCode)) currencies.set(record.AlphabeticCode, record);
  }
  return currencies;
}

const currencyPack: DataPack = {
  name: 'currency',
  summary: 'currency: ISO 4217 current currencies, Bengali names from the runtime ICU data',
  files: [CURRENCY_FILE],
  revision: 1,
  tables: ['ref_currency'],
  async build(dataDir) {
    const rows: Row[] = [...(await currentCurrencies(dataDir)).values()].map((record) => ({
      code: record.AlphabeticCode,
      description: record.Currency,
      descriptionTranslated: displayName('bn', 'currency', record.AlphabeticCode),
      numericCode: nullIfEmpty(record.NumericCode),
      minorUnit: /^\d+$/.test(record.MinorUnit) ? Number(record.MinorUnit) : null,
      validFrom: OPEN_VALIDITY,
      validTo: null,
      sample: 0,
    }));
    return { tables: { ref_currency: rows } };
  },
};

const COUNTRY_FILES = [
  'countries/i18n-iso-countries-codes.json',
  'countries/i18n-iso-countries-en.json',
  'countries/i18n-iso-countries-bn.json',
];

const countryPack: DataPack = {
  name: 'country',
  summary: 'country: ISO 3166-1 countries with English and Bengali names',
  files: COUNTRY_FILES,
  revision: 1,
  tables: ['ref_country'],
  async build(dataDir) {
    type Names = { countries: Record<string, string | string[]> };
    const [codesFile, englishFile, bengaliFile] = COUNTRY_FILES;
    const codes = (await readJson(dataDir, codesFile)) as string[][];
    const english = (await readJson(dataDir, englishFile)) as Names;
    const bengali = (await readJson(dataDir, bengaliFile)) as Names;
    const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;
    const rows: Row[] = codes.map(([alpha2, alpha3, numeric]) => ({
      code: alpha2,
      description: first(english.countries[alpha2]) ?? alpha2,
      descriptionTranslated: displayName('bn', 'region', alpha2) ?? first(bengali.countries[alpha2]),
      alpha3Code: alpha3,
      numericCode: numeric,
      validFrom: OPEN_VALIDITY,
      validTo: null,
      sample: 0,
    }));
    return { tables: { ref_country: rows } };
  },
};

const RATES_FILE = 'fx/bdt-rates.csv';

/** The day before an ISO date (YYYY-MM-DD). */
export function previousDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

const exchangeRatePack: DataPack = {
  name: 'exchangeRate',
  summary: 'exchangeRate: BDT per unit of currency on each published date, valid until the next one',
  files: [RATES_FILE, CURRENCY_FILE],
  revision: 1,
  tables: ['ref_exchange_rate'],
  async build(dataDir) {
    const currencies = await currentCurrencies(dataDir);
    const byCurrency = new Map<string, Array<{ date: string; rate: number }>>();
    const seen = uniqueKeys();
    for (const record of await readCsv(dataDir, RATES_FILE, ['date', 'currency', 'bdt_per_unit'])) {
      const date = record.date('date');
      const currency = record.text('currency');
      if (!/^[A-Z]{3}$/.test(currency)) record.refuse('currency', 'is not an ISO 4217 code');
      seen(record, `${date} ${currency}`, 'currency');
      const list = byCurrency.get(currency) ?? [];
      list.push({ date, rate: record.positive('bdt_per_unit') });
      byCurrency.set(currency, list);
    }
    const rows: Row[] = [];
    for (const [code, list] of [...byCurrency].sort(([a], [b]) => (a < b ? -1 : 1))) {
      list.sort((a, b) => (a.date < b.date ? -1 : 1));
      const description = currencies.get(code)?.Currency ?? displayName('en', 'currency', code) ?? code;
      const descriptionTranslated = displayName('bn', 'currency', code);
      list.forEach(({ date, rate }, index) => {
        const next = list[index + 1];
        rows.push({
          code,
          description,
          descriptionTranslated,
          rate,
          validFrom: date,
          validTo: next ? previousDay(next.date) : null,
          sample: 0,
        });
      });
    }
    return { tables: { ref_exchange_rate: rows }, report: { currencies: byCurrency.size, rates: rows.length } };
  },
};

const ECB_FILE = 'fx/ecb-eurofxref-hist.csv';

/** The European Central Bank's euro reference rates (units of currency per euro), every quoted day since 1999. */
const centralBankRatesPack: DataPack = {
  name: 'centralBankRates',
  summary: 'central bank rates: ECB euro reference rates, units of currency per EUR, daily since 1999',
  files: [ECB_FILE],
  revision: 1,
  tables: ['central_bank_rate'],
  async build(dataDir) {
    const rows: Row[] = [];
    const seen = uniqueKeys();
    for (const record of await readCsv(dataDir, ECB_FILE, ['Date'])) {
      const date = record.date('Date');
      seen(record, date, 'Date');
      for (const [currency, value] of Object.entries(record.values)) {
        // N/A: a currency not quoted that day (before the euro took it in, or after it stopped).
        if (!/^[A-Z]{3}$/.test(currency) || value.trim() === '' || value.trim() === 'N/A') continue;
        rows.push({ date, currency, rate: record.positive(currency) });
      }
    }
    return { tables: { central_bank_rate: rows }, report: { rates: rows.length } };
  },
};

const LOCODE_FILE = 'locations/unlocode-2024.csv';

/**
 * Customs-controlled places that UN/LOCODE does not list (inland container depots, bonded areas, land
 * customs stations): sample data for the demonstration administration, flagged sample, in codes BDZnn
 * that UN/LOCODE leaves unused. Functions as UN/LOCODE writes them (3 road, 6 multimodal, B border crossing).
 */
const SAMPLE_LOCATIONS: Array<[code: string, description: string, functions: string]> = [
  ['BDZ01', 'Kamalapur Inland Container Depot', '236'],
  ['BDZ02', 'Pangaon Inland Container Terminal', '16'],
  ['BDZ03', 'Chattogram Private Inland Container Depot, Sitakunda', '36'],
  ['BDZ04', 'Dhaka Export Processing Zone bonded area', '3'],
  ['BDZ05', 'Chattogram Export Processing Zone bonded area', '3'],
  ['BDZ06', 'Benapole land customs station', '23B'],
  ['BDZ07', 'Burimari land customs station', '3B'],
  ['BDZ08', 'Tamabil land customs station', '3B'],
  ['BDZ09', 'Hili land customs station', '23B'],
  ['BDZ10', 'Sonamasjid land customs station', '3B'],
];

const locationPack: DataPack = {
  name: 'location',
  summary: 'location and port: UN/LOCODE 2024 (ports = function 1), plus sample customs-controlled places',
  files: [LOCODE_FILE],
  revision: 2,
  tables: ['ref_location', 'ref_port'],
  async build(dataDir) {
    const columns = ['locode', 'name', 'country', 'subdivision', 'functions', 'lat', 'lon'];
    const locations: Row[] = (await readCsv(dataDir, LOCODE_FILE, columns)).map(({ values: record }) => ({
      code: record.locode,
      description: record.name,
      descriptionTranslated: null,
      countryCode: record.country,
      subdivision: nullIfEmpty(record.subdivision),
      functions: nullIfEmpty(record.functions),
      latitude: record.lat ? Number(record.lat) : null,
      longitude: record.lon ? Number(record.lon) : null,
      validFrom: OPEN_VALIDITY,
      validTo: null,
      sample: 0,
    }));
    const known = new Set(locations.map((row) => row.code));
    for (const [code, description, functions] of SAMPLE_LOCATIONS) {
      if (known.has(code)) throw new Error(`Sample location ${code} is a UN/LOCODE code: choose another`);
      locations.push({
        code,
        description,
        descriptionTranslated: null,
        countryCode: 'BD',
        subdivision: null,
        functions,
        latitude: null,
        longitude: null,
        validFrom: OPEN_VALIDITY,
        validTo: null,
        sample: 1,
      });
    }
    const ports = locations.filter((row) => typeof row.functions === 'string' && row.functions.includes('1'));
    return { tables: { ref_location: locations, ref_port: ports }, report: { sampleLocations: SAMPLE_LOCATIONS.length } };
  },
};

interface UncefactList {
  values: Array<{ value: string; comment?: string }>;
}

const CODE_LISTS: Array<[table: string, file: string]> = [
  ['ref_package_type', 'codelists/uncefact-packagetypecodelist.json'],
  ['ref_terms_of_delivery', 'codelists/uncefact-deliverytermscodelist.json'],
  ['ref_means_of_payment', 'codelists/uncefact-paymentmeanscodelist.json'],
  ['ref_mode_of_transports', 'codelists/uncefact-transportmodecodelist.json'],
  ['ref_container_type', 'codelists/uncefact-transportequipmentsizetypecodelist.json'],
  ['ref_attached_document', 'codelists/uncefact-documentcodelist.json'],
];
const UNITS_FILE = 'codelists/unece-rec20-units-of-measure.csv';

const codeListPack: DataPack = {
  name: 'codelists',
  summary:
    'unitOfMeasurement (Rec 20), packageType (Rec 21), termsOfDelivery (Incoterms), meansOfPayment (UNTDID 4461), modeOfTransports (Rec 19), containerType (UN/EDIFACT 8155), attachedDocument (UNTDID 1001)',
  files: [...CODE_LISTS.map(([, file]) => file), UNITS_FILE],
  revision: 1,
  tables: [...CODE_LISTS.map(([table]) => table), 'ref_unit_of_measurement'],
  async build(dataDir) {
    const base = { descriptionTranslated: null, validFrom: OPEN_VALIDITY, validTo: null, sample: 0 };
    const tables: Record<string, Row[]> = {};
    for (const [table, file] of CODE_LISTS) {
      const list = (await readJson(dataDir, file)) as UncefactList;
      const seen = new Set<string>();
      tables[table] = list.values
        .filter((item) => item.value && !seen.has(item.value) && seen.add(item.value))
        .map((item) => ({ ...base, code: item.value, description: item.comment ?? item.value }));
    }
    // Active units only: status X (deleted) and D (deprecated) are left out.
    tables.ref_unit_of_measurement = (await readCsv(dataDir, UNITS_FILE, ['Status', 'CommonCode', 'Name', 'Symbol', 'LevelAndCategory']))
      .map(({ values }) => values)
      .filter((record) => record.Status === '' && record.CommonCode && record.Name)
      .map((record) => ({
        ...base,
        code: record.CommonCode,
        description: record.Name,
        symbol: nullIfEmpty(record.Symbol),
        levelAndCategory: nullIfEmpty(record.LevelAndCategory),
      }));
    return { tables };
  },
};

/** Every data pack, in import order. */
export const DATA_PACKS: DataPack[] = [
  hsPack,
  tariffPack,
  hsI18nPack,
  searchPack,
  currencyPack,
  countryPack,
  exchangeRatePack,
  centralBankRatesPack,
  codeListPack,
  locationPack,
  samplePack,
];
