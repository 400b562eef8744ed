import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { findPack } from '../db/import.js';
import { DataFileError } from '../db/packs.js';
import { loadEvalSet } from './evaluate.js';
import { SEARCH_LANGUAGES } from './text.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'guichet-hs-i18n-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HS = 'hs/harmonized-system-2022.csv';
const FR = 'hs-i18n/hs2022-fr.csv';

/** Builds the hsI18n pack from the real files with some replaced: 'built' or the refusal's message. */
function refusal(files: Record<string, string>): Promise<string> {
  const target = mkdtempSync(join(dir, 'data-'));
  const copied = [HS, 'hs-i18n/hs2022-fr.csv', 'hs-i18n/hs2022-es.csv', 'hs-i18n/hs2022-ar.csv'];
  for (const [file, text] of [
    ...copied.map((file) => [file, readFileSync(join(DEFAULT_DATA_DIR, file), 'utf8')]),
    ...Object.entries(files),
  ]) {
    mkdirSync(join(target, file, '..'), { recursive: true });
    writeFileSync(join(target, file), text);
  }
  return findPack('hsI18n')!
    .build(target)
    .then(
      () => 'built',
      (error: unknown) => (error instanceof DataFileError ? error.message : `not a DataFileError: ${String(error)}`),
    );
}
const french = (...lines: string[]) => ({ [FR]: ['code,description,source_id', ...lines].join('\n') + '\n' });

describe('HS texts in other languages (hsI18n pack)', () => {
  it('imports every French, Spanish and Arabic text with its level and source', async () => {
    const content = await findPack('hsI18n')!.build(DEFAULT_DATA_DIR);
    expect(content.report).toEqual({ texts: { fr: 6936, es: 6936, ar: 6929 } });
    expect(content.tables.hs_text).toContainEqual({ code: '1006', level: 4, language: 'fr', description: 'Riz', source: 'eu-cn2026' });
    expect(content.tables.hs_text.every((row) => String(row.code).length === row.level)).toBe(true);
  });

  it('names the file, the line and the field of a bad code, a repeated code or an empty text', async () => {
    expect(await refusal(french('01,ANIMAUX VIVANTS,eu-cn2026', '0101,Chevaux,eu-cn2026'))).toBe('built');
    expect(await refusal(french('01,ANIMAUX VIVANTS,eu-cn2026', '010,Chevaux,eu-cn2026'))).toBe(
      'data/hs-i18n/hs2022-fr.csv, line 3: code "010" is not an HS code of 2, 4 or 6 digits',
    );
    expect(await refusal(french('9998,Inconnu,eu-cn2026'))).toBe(
      `data/hs-i18n/hs2022-fr.csv, line 2: code "9998" is not in HS 2022 (data/${HS})`,
    );
    expect(await refusal(french('01010101,Chevaux,eu-cn2026'))).toMatch(/line 2: code "01010101" is not an HS code/);
    expect(await refusal(french('0101,Chevaux,eu-cn2026', '01,ANIMAUX,eu-cn2026', '0101,Chevaux vivants,eu-cn2026'))).toBe(
      'data/hs-i18n/hs2022-fr.csv, line 4: code "0101" repeats line 2',
    );
    expect(await refusal(french('0101, ,eu-cn2026'))).toBe('data/hs-i18n/hs2022-fr.csv, line 2: description " " is empty');
    expect(await refusal(french('0101,Chevaux,'))).toMatch(/line 2: source_id "" is empty/);
    expect(await refusal({ [FR]: 'code,text\n0101,Chevaux\n' })).toBe(
      'data/hs-i18n/hs2022-fr.csv, line 1: the header has no column description, source_id',
    );
  });
});

describe('keyword evaluation set', () => {
  it('has at least 30 queries per language, each with HS 2022 headings', () => {
    const items = loadEvalSet(DEFAULT_DATA_DIR);
    const headings = new Set(
      parseCsv(readFileSync(join(DEFAULT_DATA_DIR, HS), 'utf8'))
        .filter((row) => row.level === '4')
        .map((row) => row.hscode),
    );
    for (const language of SEARCH_LANGUAGES)
      expect(items.filter((item) => item.language === language).length, language).toBeGreaterThanOrEqual(30);
    for (const item of items) for (const code of item.headings) expect(headings.has(code), `${item.query}: ${code}`).toBe(true);
    const keys = items.map((item) => `${item.language}|${item.query}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
