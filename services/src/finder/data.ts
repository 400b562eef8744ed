/**
 * The finder's sources, read from data/: the HS 2022 nomenclature, the Bangladesh tariff lines, the
 * lexicon (UK search references, the project's synonyms and translations) and the development set.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import { HS_TEXT_LANGUAGES, hsTextFile, loadHsTexts } from './corpus.js';
import { EXTERNAL_FILE, loadExternal, type ExternalItem } from './external.js';

export const FINDER_FILES = {
  hs: 'hs/harmonized-system-2022.csv',
  sections: 'hs/hs-sections.csv',
  tariff: 'tariff/bd-customs-tariff-2025-26.csv',
  references: 'finder/uk-search-references.json',
  synonyms: 'finder/synonyms.csv',
  devset: 'finder/devset.csv',
} as const;
export const TRANSLATION_LANGUAGES = ['fr', 'es', 'ar', 'bn'] as const;
export const translationFile = (language: string) => `finder/translations-${language}.csv`;

export interface Chapter {
  code: string;
  description: string;
  section: string;
  sectionName: string;
}
export interface Heading {
  code: string;
  description: string;
  chapter: string;
}
export interface Subheading {
  code: string;
  description: string;
  heading: string;
}
export interface NationalLine {
  /** Eight digits, as the tariff publishes them without dots. */
  code: string;
  description: string;
}

/** HS 2022 (chapters, headings, subheadings) and the national tariff lines under each subheading. */
export interface Nomenclature {
  chapters: Map<string, Chapter>;
  headings: Map<string, Heading>;
  subheadings: Map<string, Subheading>;
  /** Tariff lines by their 6-digit subheading. */
  lines: Map<string, NationalLine[]>;
  /** Every tariff line by its 8-digit code. */
  lineByCode: Map<string, NationalLine>;
}

export type TextSource = 'reference' | 'synonym' | 'translation' | 'example' | 'ruling';

/** A short text labelled with a code of 2, 4 or 6 digits. */
export interface LabelledText {
  text: string;
  code: string;
  source: TextSource;
  language: string;
  /** Its fold, when not that of its text (foldOf): the rulings' own folds. */
  fold?: number;
}

export interface DevItem {
  description: string;
  code: string;
  language: string;
  /** Deterministic split: even rows (0-based) tune, odd rows are held out. */
  half: 'dev' | 'test';
}

export interface FinderSources {
  nomenclature: Nomenclature;
  /** Lexicon texts: references, synonyms and translations. */
  lexicon: LabelledText[];
  devset: DevItem[];
  /** HS 2022 texts by language (en, fr, es, ar) and code. */
  hsTexts: Map<string, Map<string, string>>;
  /** Descriptions written by others: validation rows tune, test rows are only evaluated. */
  external: ExternalItem[];
  /** Digest of every file read: a model trained on other data is retrained. */
  digest: string;
}

const read = (dataDir: string, file: string) => readFileSync(join(dataDir, file), 'utf8');

/** Reads HS 2022 and the tariff; the Comtrade rows 99/9999/999999 ("not specified according to kind") are left out. */
export function loadNomenclature(dataDir: string): Nomenclature {
  const sectionNames = new Map(parseCsv(read(dataDir, FINDER_FILES.sections)).map((row) => [row.section, row.name]));
  const chapters = new Map<string, Chapter>();
  const headings = new Map<string, Heading>();
  const subheadings = new Map<string, Subheading>();
  for (const row of parseCsv(read(dataDir, FINDER_FILES.hs))) {
    const code = row.hscode;
    if (!/^\d+$/.test(code) || code.startsWith('99')) continue;
    if (row.level === '2')
      chapters.set(code, { code, description: row.description, section: row.section, sectionName: sectionNames.get(row.section) ?? '' });
    else if (row.level === '4') headings.set(code, { code, description: row.description, chapter: row.parent });
    else if (row.level === '6') subheadings.set(code, { code, description: row.description, heading: row.parent });
  }
  const lines = new Map<string, NationalLine[]>();
  const lineByCode = new Map<string, NationalLine>();
  for (const row of parseCsv(read(dataDir, FINDER_FILES.tariff))) {
    const code = row.hs_code.replace(/\./g, '');
    const line = { code, description: row.description.trim() };
    const subheading = code.slice(0, 6);
    if (!subheadings.has(subheading)) continue;
    if (!lines.has(subheading)) lines.set(subheading, []);
    lines.get(subheading)!.push(line);
    lineByCode.set(code, line);
  }
  return { chapters, headings, subheadings, lines, lineByCode };
}

/** The code of a text in the lexicon, checked against the nomenclature: 2, 4 or 6 digits (longer codes are cut to 6). */
export function lexiconCode(nomenclature: Nomenclature, raw: string): string | undefined {
  const digits = raw.replace(/[.\s]/g, '');
  if (!/^\d+$/.test(digits)) return undefined;
  const code = digits.length >= 6 ? digits.slice(0, 6) : digits;
  if (code.length === 6) return nomenclature.subheadings.has(code) ? code : undefined;
  if (code.length === 4) return nomenclature.headings.has(code) ? code : undefined;
  if (code.length === 2) return nomenclature.chapters.has(code) ? code : undefined;
  return undefined;
}

export function loadLexicon(dataDir: string, nomenclature: Nomenclature): LabelledText[] {
  const texts: LabelledText[] = [];
  const references = JSON.parse(read(dataDir, FINDER_FILES.references)) as Record<string, string>;
  for (const [term, commodity] of Object.entries(references)) {
    const code = lexiconCode(nomenclature, commodity);
    if (code) texts.push({ text: term, code, source: 'reference', language: 'en' });
  }
  for (const row of parseCsv(read(dataDir, FINDER_FILES.synonyms))) {
    const code = lexiconCode(nomenclature, row.code);
    if (code && row.term.trim()) texts.push({ text: row.term.trim(), code, source: 'synonym', language: row.lang || 'en' });
  }
  for (const language of TRANSLATION_LANGUAGES) {
    for (const row of parseCsv(read(dataDir, translationFile(language)))) {
      const code = lexiconCode(nomenclature, row.code);
      if (code && row.description.trim()) texts.push({ text: row.description.trim(), code, source: 'translation', language });
    }
  }
  return texts;
}

export function parseDevset(text: string): DevItem[] {
  return parseCsv(text).map((row, index) => ({
    description: row.description,
    code: row.code,
    language: row.lang || 'en',
    half: index % 2 === 0 ? 'dev' : 'test',
  }));
}

export function loadDevset(dataDir: string): DevItem[] {
  return parseDevset(read(dataDir, FINDER_FILES.devset));
}

export function finderDataFiles(): string[] {
  return [
    ...Object.values(FINDER_FILES),
    ...TRANSLATION_LANGUAGES.map(translationFile),
    ...HS_TEXT_LANGUAGES.map(hsTextFile),
    EXTERNAL_FILE,
  ];
}

export function dataDigest(dataDir: string): string {
  const hash = createHash('sha256');
  for (const file of finderDataFiles()) hash.update(file).update(readFileSync(join(dataDir, file)));
  return hash.digest('hex').slice(0, 16);
}

export function loadSources(dataDir: string): FinderSources {
  const nomenclature = loadNomenclature(dataDir);
  return {
    nomenclature,
    lexicon: loadLexicon(dataDir, nomenclature),
    devset: loadDevset(dataDir),
    hsTexts: loadHsTexts(dataDir, nomenclature),
    external: loadExternal(dataDir),
    digest: dataDigest(dataDir),
  };
}

/** Administration examples, `description,code` (a header row is recognised and skipped); in file order, which is time order. */
export interface ExampleRow {
  description: string;
  code: string;
  line: number;
}

export function parseExamples(
  text: string,
  nomenclature: Nomenclature,
): { rows: ExampleRow[]; rejected: Array<{ line: number; reason: string }> } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records = parseCsv(`description,code\n${source}`);
  const rows: ExampleRow[] = [];
  const rejected: Array<{ line: number; reason: string }> = [];
  records.forEach((record, index) => {
    const line = index + 1;
    if (index === 0 && /^description$/i.test(record.description.trim()) && /^code$/i.test(record.code.trim())) return;
    const description = record.description.trim();
    const digits = record.code.replace(/[.\s]/g, '');
    if (!description) return rejected.push({ line, reason: 'empty description' });
    if (!/^\d{6,10}$/.test(digits))
      return rejected.push({ line, reason: `code ${JSON.stringify(record.code).slice(0, 20)} is not 6 to 10 digits` });
    if (!nomenclature.subheadings.has(digits.slice(0, 6)))
      return rejected.push({ line, reason: `subheading ${digits.slice(0, 6)} is not in HS 2022` });
    rows.push({ description, code: digits.slice(0, 6), line });
  });
  return { rows, rejected };
}
