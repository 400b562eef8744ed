import { tenant } from '@guichet/shared/config/tenant';
import { LANGUAGES } from '../languages.js';
/**
 * The finder's answers, shaped for the site: predictions with their national tariff lines, the HS
 * hierarchy, a code's tariff lines with their taxes, and explanatory notes. See README.md for the JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../db/database.js';
import { runSearch } from '../reference/query.js';
import { FieldError } from '../http/request.js';
import { hasLoneSurrogate, visibleText } from '@guichet/shared/api/text';
import { ENTITIES, TAX_COLUMN_COUNT } from '../reference/registry.js';
import type { Nomenclature } from './data.js';
import type { Finder } from './store.js';
import { answers } from './model.js';

/** Longest query accepted, in characters. */
export const MAX_QUERY_LENGTH = 2000;
/** Below this probability the first answer is more likely wrong than right: the answer says so and offers headings. */
export const UNCERTAIN_BELOW = 0.5;
/** How many predictions are grouped by heading for the alternatives. */
const ALTERNATIVE_POOL = 20;
/** A heading less likely than this is no alternative: the page shows probabilities to two decimals, and it would read 0.00. */
const LEAST_ALTERNATIVE = 0.005;
export const PAGE_LANGUAGES = LANGUAGES;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];
export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 20;
/** Labels of the tariff's tax columns tax01..tax08 (the demonstration tenant's). */
export const TAX_LABELS = tenant.taxLabels;
export const TENANTS = ['default', 'gn'] as const;

export { FieldError };

export class NotFoundError extends Error {
  readonly statusCode = 404;
}

export type Level = 'chapter' | 'heading' | 'subheading' | 'national';

export interface CodeNode {
  code: string;
  hsCode: string;
  level: Level;
  description: string;
  /** Language of `description` (national lines are in English). */
  language: string;
  /** National lines only: the code from position 6 (the national digits). */
  shortCode?: string;
  children?: CodeNode[];
}

/** An HS text in the page language, or in English (`language: "en"`) where there is no translation. */
export interface HsLabel {
  code: string;
  hsCode: string;
  description: string;
  language: string;
}

export interface PredictionItem {
  code: string;
  hsCode: string;
  description: string;
  /** Language of `description`: the page language, or "en" where HS 2022 has no text in it. */
  language: string;
  /**
   * The subheading's English HS 2022 text, which says it whole, when `description` is a translation: those go on
   * from their heading's ("De coton", "من قطن") and the one-dash levels between have no text of their own.
   */
  englishDescription?: string;
  probability: number;
  chapter: HsLabel;
  heading: HsLabel;
  children: Array<{ code: string; hsCode: string; description: string; shortCode: string }>;
}

export interface SearchAnswer {
  query: string;
  confident: boolean;
  threshold: number;
  modelVersion: number;
  predictions: PredictionItem[];
  /** The first answer is more likely wrong than right (probability below UNCERTAIN_BELOW). */
  uncertain: boolean;
  /** When uncertain: the likeliest headings, each with the summed probability of its codes. */
  alternatives: Array<HsLabel & { probability: number }>;
  /** The page language asked for, and whether some HS texts are in English for want of a translation. */
  language: string;
  englishFallback: boolean;
}

/** Conventional display of a code: 61, 61.09, 6109.10, 6109.10.00. */
export function hsCodeOf(code: string): string {
  if (code.length === 4) return `${code.slice(0, 2)}.${code.slice(2)}`;
  if (code.length === 6) return `${code.slice(0, 4)}.${code.slice(4)}`;
  if (code.length === 8) return `${code.slice(0, 4)}.${code.slice(4, 6)}.${code.slice(6)}`;
  return code;
}

const levelOf = (code: string): Level =>
  code.length === 2 ? 'chapter' : code.length === 4 ? 'heading' : code.length === 6 ? 'subheading' : 'national';

/**
 * The query text, trimmed: the schema has checked its type and length; blank text (spaces, control and invisible
 * characters such as zero-width spaces and bidi marks only) is refused here.
 */
export function queryText(value: string, field = 'query'): string {
  const text = value.trim();
  if (hasLoneSurrogate(text)) throw new FieldError(field, 'must not contain lone surrogates');
  if (!visibleText(text)) throw new FieldError(field, 'must not be empty');
  return text;
}

/** A code (digits with optional dots or spaces, checked by the schema) of one of the given lengths, as digits. */
export function codeDigits(value: string, field: string, lengths: number[]): string {
  const digits = value.replace(/[.\s]/g, '');
  if (!/^\d+$/.test(digits) || !lengths.includes(digits.length))
    throw new FieldError(
      field,
      `must be an HS code of ${lengths.join(', ').replace(/, (\d+)$/, ' or $1')} digits (dots allowed), got ${JSON.stringify(value)}`,
    );
  return digits;
}

/** A chapter's section: its number and its name, in English (no translation of the section names is in data/). */
const sectionOf = (chapter: { section: string; sectionName: string }) => ({
  code: chapter.section,
  description: chapter.sectionName,
  language: 'en',
});

export class FinderService {
  readonly nomenclature: Nomenclature;

  constructor(
    readonly finder: Finder,
    private readonly notesDir: string,
    /** HS 2022 texts by language and code (data/hs-i18n, the texts the hs_text table holds). */
    private readonly hsTexts: Map<string, Map<string, string>> = new Map(),
  ) {
    this.nomenclature = finder.nomenclature;
  }

  /** Predictions for a description; an empty list when the best one is below the confidence threshold. */
  search(query: string, limit = DEFAULT_LIMIT, language: PageLanguage = 'en'): SearchAnswer {
    const { params } = this.finder;
    const result = this.finder.predict(query, Math.max(limit, ALTERNATIVE_POOL));
    const top = result.predictions[0]?.probability ?? 0;
    const confident = answers(params.threshold, result.known, top, result.words, result);
    const uncertain = confident && top < UNCERTAIN_BELOW;
    const round = (value: number) => Math.round(value * 10000) / 10000;
    const predictions = confident
      ? result.predictions
          .slice(0, limit)
          .filter((item) => item.probability > 0.0005)
          .map((item) => this.predictionItem(item.code, round(item.probability), language))
      : [];
    const byHeading = new Map<string, number>();
    if (uncertain)
      for (const item of result.predictions)
        byHeading.set(item.code.slice(0, 4), (byHeading.get(item.code.slice(0, 4)) ?? 0) + item.probability);
    const alternatives = [...byHeading]
      .filter(([, probability]) => probability >= LEAST_ALTERNATIVE)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([code, probability]) => ({ ...this.label(code, language), probability: round(Math.min(1, probability)) }));
    const labels = [...predictions.flatMap((item) => [item, item.chapter, item.heading]), ...alternatives];
    return {
      query,
      confident,
      threshold: params.threshold,
      modelVersion: this.finder.version,
      predictions,
      uncertain,
      alternatives,
      language,
      englishFallback: labels.some((item) => item.language !== language),
    };
  }

  /** The HS text of a chapter, heading or subheading in the language, English where it has none. */
  label(code: string, language: PageLanguage = 'en'): HsLabel {
    const translated = language === 'en' ? undefined : this.hsTexts.get(language)?.get(code);
    return { code, hsCode: hsCodeOf(code), description: translated ?? this.englishOf(code), language: translated ? language : 'en' };
  }

  private englishOf(code: string): string {
    const { nomenclature } = this;
    return code.length === 2
      ? nomenclature.chapters.get(code)!.description
      : code.length === 4
        ? nomenclature.headings.get(code)!.description
        : code.length === 6
          ? nomenclature.subheadings.get(code)!.description
          : nomenclature.lineByCode.get(code)!.description;
  }

  private predictionItem(code: string, probability: number, language: PageLanguage): PredictionItem {
    const { nomenclature } = this;
    const own = this.label(code, language);
    return {
      code,
      hsCode: own.hsCode,
      description: own.description,
      language: own.language,
      ...(own.language === 'en' ? {} : { englishDescription: this.englishOf(code) }),
      probability,
      chapter: this.label(code.slice(0, 2), language),
      heading: this.label(code.slice(0, 4), language),
      children: (nomenclature.lines.get(code) ?? []).map((line) => ({
        code: line.code,
        hsCode: hsCodeOf(line.code),
        description: line.description,
        shortCode: line.code.slice(6),
      })),
    };
  }

  private node(code: string, depth: number, language: PageLanguage = 'en'): CodeNode {
    const level = levelOf(code);
    const { description, language: shown } =
      level === 'national' ? { description: this.englishOf(code), language: 'en' } : this.label(code, language);
    const node: CodeNode = { code, hsCode: hsCodeOf(code), level, description, language: shown };
    if (level === 'national') node.shortCode = code.slice(6);
    if (depth > 0 && level !== 'national') node.children = this.childCodes(code).map((child) => this.node(child, depth - 1, language));
    return node;
  }

  private childCodes(code: string): string[] {
    const { nomenclature } = this;
    if (code.length === 2) return [...nomenclature.headings.keys()].filter((heading) => heading.startsWith(code)).sort();
    if (code.length === 4) return [...nomenclature.subheadings.keys()].filter((subheading) => subheading.startsWith(code)).sort();
    return (nomenclature.lines.get(code) ?? []).map((line) => line.code);
  }

  exists(code: string): boolean {
    const { nomenclature } = this;
    return code.length === 2
      ? nomenclature.chapters.has(code)
      : code.length === 4
        ? nomenclature.headings.has(code)
        : code.length === 6
          ? nomenclature.subheadings.has(code)
          : nomenclature.lineByCode.has(code);
  }

  /** A code with its path from the chapter and its subtree (`depth` levels, all by default); no code: the chapters. */
  tree(code: string | undefined, depth?: number, language: PageLanguage = 'en'): Record<string, unknown> {
    const { nomenclature } = this;
    if (code === undefined) {
      return {
        code: '',
        hsCode: '',
        level: 'root',
        description: 'Harmonized System 2022',
        language: 'en',
        children: [...nomenclature.chapters.values()]
          .sort((a, b) => a.code.localeCompare(b.code))
          .map((chapter) => ({
            ...this.node(chapter.code, Math.max(0, (depth ?? 1) - 1), language),
            section: sectionOf(chapter),
          })),
      };
    }
    if (!this.exists(code)) throw new NotFoundError(`The HS code ${hsCodeOf(code)} does not exist in HS 2022 or in the national tariff`);
    const chapter = nomenclature.chapters.get(code.slice(0, 2))!;
    const path = [2, 4, 6].filter((length) => length < code.length).map((length) => this.node(code.slice(0, length), 0, language));
    return {
      ...this.node(code, depth ?? 3, language),
      section: sectionOf(chapter),
      path,
    };
  }

  /** A code (4, 6 or 8 digits) with its national tariff lines and their taxes, read from the reference data. */
  async details(code: string, database: Database): Promise<Record<string, unknown>> {
    if (!this.exists(code)) throw new NotFoundError(`The HS code ${hsCodeOf(code)} does not exist in HS 2022 or in the national tariff`);
    const { nomenclature } = this;
    const taxFields = Array.from({ length: TAX_COLUMN_COUNT }, (_, index) => `tax${String(index + 1).padStart(2, '0')}`);
    const { resultList } = await runSearch(
      database,
      ENTITIES.get('commodity')!,
      {
        max: 2000,
        restrictions: [{ field: 'code', operator: code.length === 8 ? 'EQUALS' : 'STARTS_WITH', value: code }],
        selectFields: ['code', 'description', 'descriptionTranslated', 'supplementaryUnit1Code', ...taxFields],
        sortByFields: ['code'],
      },
      { count: false },
    );
    const chapter = nomenclature.chapters.get(code.slice(0, 2))!;
    const heading = nomenclature.headings.get(code.slice(0, 4))!;
    const own = this.node(code, 0);
    return {
      code,
      hsCode: own.hsCode,
      level: own.level,
      description: own.description,
      section: sectionOf(chapter),
      chapter: { code: chapter.code, hsCode: chapter.code, description: chapter.description, language: 'en' },
      heading: { code: heading.code, hsCode: hsCodeOf(heading.code), description: heading.description, language: 'en' },
      ...(code.length >= 6 ? { subheading: this.node(code.slice(0, 6), 0) } : {}),
      taxLabels: TAX_LABELS,
      lines: resultList.map((row) => {
        const lineCode = String(row.code);
        return {
          code: lineCode,
          hsCode: hsCodeOf(lineCode),
          shortCode: lineCode.slice(6),
          description: row.description ?? null,
          descriptionTranslated: row.descriptionTranslated ?? null,
          supplementaryUnitCode: row.supplementaryUnit1Code ?? null,
          taxes: taxFields
            .map((field, index) => ({ name: TAX_LABELS[index] ?? field, field, value: row[field] }))
            .filter((tax) => tax.value !== null && tax.value !== undefined)
            .map((tax) => ({ name: tax.name, field: tax.field, value: Number(tax.value) })),
        };
      }),
    };
  }

  /** Explanatory notes of a code's heading: static/explanatory_note_htmls/psn{heading}.html. */
  notes(code: string): { code: string; heading: string; html: string } {
    const candidates = [...new Set([code, code.slice(0, 4)])].filter((candidate) => candidate.length >= 2);
    for (const candidate of candidates) {
      const file = join(this.notesDir, `psn${candidate}.html`);
      if (existsSync(file)) return { code, heading: candidate, html: readFileSync(file, 'utf8') };
    }
    throw new NotFoundError('Notes are not available');
  }
}
