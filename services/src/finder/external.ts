/**
 * Goods descriptions written by others (data/finder-external/): US customs (CBP CROSS) rulings, split by
 * their source into `validation` rows (may tune, and are the ranker's labelled descriptions: see
 * rulingTexts) and `test` rows (only ever evaluated, never trained or tuned on). See
 * data/finder-external/SOURCES.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import type { LabelledText } from './data.js';
import { FOLDS, RULING_FOLDS } from './model.js';

export const EXTERNAL_FILE = 'finder-external/cbp-cross-atlas.csv';

export interface ExternalItem {
  description: string;
  code: string;
  language: string;
  split: 'validation' | 'test';
  /** A validation row's fold among the ruling texts (FOLDS and up), which it is scored blind to; -1 for a test row. */
  fold: number;
}

export function parseExternal(text: string): ExternalItem[] {
  return parseCsv(text)
    .map((row) => ({
      description: row.description.trim(),
      code: row.hs6.trim(),
      language: row.language || 'en',
      split: row.source_id.endsWith(':test')
        ? ('test' as const)
        : row.source_id.endsWith(':validation')
          ? ('validation' as const)
          : undefined,
    }))
    .filter((item) => item.split !== undefined && /^\d{6}$/.test(item.code) && item.description.length > 0)
    .map((item, position) => ({
      ...(item as Omit<ExternalItem, 'fold'>),
      fold: item.split === 'validation' ? FOLDS + (position % RULING_FOLDS) : -1,
    }));
}

/**
 * The validation rows as labelled texts of the ranker (not of the text model): descriptions as customs officers
 * write them, each in its own fold, so that a validation row is tuned and evaluated blind to its fold's rulings.
 */
export const rulingTexts = (external: ExternalItem[]): LabelledText[] =>
  external
    .filter((item) => item.split === 'validation')
    .map((item) => ({ text: item.description, code: item.code, source: 'ruling', language: item.language, fold: item.fold }));

export function loadExternal(dataDir: string): ExternalItem[] {
  return parseExternal(readFileSync(join(dataDir, EXTERNAL_FILE), 'utf8'));
}
