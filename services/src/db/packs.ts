import { shiftDays } from '../http/request.js';
import { samplePack } from './sample-data.js';
import { type Row, type DataPack, OPEN_VALIDITY, readJson, readCsv, uniqueKeys, nullIfEmpty, displayName } from './pack-files.js';
import { tariffPack, hsPack, hsI18nPack, searchPack } from './tariff-packs.js';
export { DataFileError, OPEN_VALIDITY, type DataPack, type PackContent, type Row } from './pack-files.js';

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
  return shiftDays(date, -1);
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
