/**
 * Goods descriptions written by others (data/finder-external/): US customs (CBP CROSS) rulings, split by
 * their source into `validation` rows (may tune) and `test` rows (only ever evaluated, never trained or
 * tuned on). See data/finder-external/SOURCES.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';

export const EXTERNAL_FILE = 'finder-external/cbp-cross-atlas.csv';

export interface ExternalItem {
  description: string;
  code: string;
  language: string;
  split: 'validation' | 'test';
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
    .filter((item): item is ExternalItem => item.split !== undefined && /^\d{6}$/.test(item.code) && item.description.length > 0);
}

export function loadExternal(dataDir: string): ExternalItem[] {
  return parseExternal(readFileSync(join(dataDir, EXTERNAL_FILE), 'utf8'));
}
