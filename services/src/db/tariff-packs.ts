/** The tariff, HS 2022 (and its texts in other languages) and the keyword search documents built from them. */
import type { Taxes } from '@guichet/shared/api/data-console';
import { finderDataFiles, loadLexicon, loadNomenclature } from '../finder/data.js';
import { buildSearchDocuments, SEARCH_TABLE } from '../search/documents.js';
import { isSearchLanguage } from '../search/text.js';
import { loadTaxRules, TAX_RULES_FILE, totalRate, type TaxRules } from '../taxation/rules.js';
import { type CsvRecord, type Row, type DataPack, DataFileError, readCsv, uniqueKeys, nullIfEmpty } from './pack-files.js';
export const TARIFF_FILE = 'tariff/bd-customs-tariff-2025-26.csv';
/** The tax columns of the schedule (lower-case tax codes of the tax rules). */
export const TARIFF_TAXES = ['cd', 'rd', 'sd', 'vat', 'ait', 'at'];
/** Start of the 2025-26 fiscal year of the schedule. */
export const TARIFF_VALID_FROM = '2025-07-01';

/** One line of a tariff edition: its code (digits), text and taxes, with the TTI the schedule publishes. */
export interface TariffLine extends Taxes {
  code: string;
  description: string;
  unit: string | null;
}

/** The columns a tariff edition file must have. */
export const TARIFF_COLUMNS = ['hs_code', 'description', ...TARIFF_TAXES, 'tti_published'];

/** The TTI of a line's taxes: their total on a value of 100, each on its base under the tax rules (taxation/rules.ts). */
export function ttiOf(rules: TaxRules, taxes: Pick<TariffLine, 'cd' | 'rd' | 'sd' | 'vat' | 'ait' | 'at'>): number {
  return totalRate(rules, 'import', Object.fromEntries(TARIFF_TAXES.map((tax) => [tax.toUpperCase(), taxes[tax as keyof typeof taxes]])));
}

/** Reads one checked line of a tariff edition file, with the TTI its taxes give under the tax rules. */
export function tariffLineOf(record: CsvRecord, rules: TaxRules): TariffLine & { computed: number } {
  const code = record.text('hs_code').replace(/\./g, '');
  if (!/^\d{4,12}$/.test(code)) record.refuse('hs_code', 'is not a tariff code (digits, dots allowed)');
  const [cd, rd, sd, vat, ait, at] = TARIFF_TAXES.map((tax) => record.amount(tax, 0));
  const tti = record.amount('tti_published');
  return {
    code,
    description: record.text('description'),
    unit: nullIfEmpty(record.values.unit),
    cd,
    rd,
    sd,
    vat,
    ait,
    at,
    tti,
    computed: ttiOf(rules, { cd, rd, sd, vat, ait, at }),
  };
}

/** A tariff line as a ref_commodity row (tax01..tax08 = CD, SD, VAT, AIT, AT, RD, EXD, TTI). */
export function commodityRow(line: TariffLine, validFrom: string): Row {
  const row: Row = {
    code: line.code,
    description: line.description,
    descriptionTranslated: null,
    supplementaryUnit1Code: line.unit,
    tax01: line.cd,
    tax02: line.sd,
    tax03: line.vat,
    tax04: line.ait,
    tax05: line.at,
    tax06: line.rd,
    tax07: null,
    tax08: line.tti,
    validFrom,
    validTo: null,
    sample: 0,
  };
  for (let index = 9; index <= 20; index++) row[`tax${String(index).padStart(2, '0')}`] = null;
  return row;
}

/** The tax rules of a data folder; a rules file that cannot be read or does not hold refuses the tariff. */
function taxRulesOf(dataDir: string): TaxRules {
  try {
    return loadTaxRules(dataDir);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.startsWith(`${TAX_RULES_FILE}: `)) throw new DataFileError(TAX_RULES_FILE, message.slice(TAX_RULES_FILE.length + 2));
    throw new DataFileError(TAX_RULES_FILE, 'cannot be read as JSON');
  }
}

export const tariffPack: DataPack = {
  name: 'tariff',
  summary: 'commodity: Bangladesh customs tariff 2025-26, 8-digit lines with CD, SD, VAT, AIT, AT, RD, EXD, TTI',
  // The tax rules say how the taxes add up to the TTI each line is checked against.
  files: [TARIFF_FILE, TAX_RULES_FILE],
  revision: 1,
  tables: ['ref_commodity'],
  async build(dataDir) {
    const rules = taxRulesOf(dataDir);
    const records = await readCsv(dataDir, TARIFF_FILE, TARIFF_COLUMNS);
    const mismatches: Array<{ code: string; published: number; computed: number }> = [];
    const seen = uniqueKeys();
    const rows: Row[] = records.map((record) => {
      const { computed, ...line } = tariffLineOf(record, rules);
      seen(record, line.code, 'hs_code');
      if (Math.abs(computed - line.tti) > 0.001) mismatches.push({ code: line.code, published: line.tti, computed });
      return commodityRow(line, TARIFF_VALID_FROM);
    });
    return { tables: { ref_commodity: rows }, report: { lines: rows.length, ttiChecked: rows.length, ttiMismatches: mismatches } };
  },
};

export const HS_FILE = 'hs/harmonized-system-2022.csv';
export const HS_SECTIONS_FILE = 'hs/hs-sections.csv';

export const hsPack: DataPack = {
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

export const hsI18nPack: DataPack = {
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
export const searchPack: DataPack = {
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
