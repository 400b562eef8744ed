import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import { DEFAULT_FINDER_DATA_DIR } from './store.js';
import { FINDER_FILES, TRANSLATION_LANGUAGES, parseDevset, translationFile } from './data.js';

const read = (file: string) => readFileSync(join(DEFAULT_FINDER_DATA_DIR, file), 'utf8');
const hs = parseCsv(read(FINDER_FILES.hs));
const codesOfLevel = (level: string) =>
  new Set(hs.filter((row) => row.level === level && !row.hscode.startsWith('99')).map((row) => row.hscode));
const subheadings = codesOfLevel('6');
const headings = codesOfLevel('4');
const chapters = codesOfLevel('2');
const devset = parseDevset(read(FINDER_FILES.devset));

describe('finder development set and lexicon', () => {
  it('holds at least 300 descriptions, each labelled with an HS 2022 subheading', () => {
    expect(devset.length).toBeGreaterThanOrEqual(300);
    const invalid = devset.filter((item) => !/^\d{6}$/.test(item.code) || !subheadings.has(item.code));
    expect(invalid).toEqual([]);
    expect(new Set(devset.map((item) => item.description.toLowerCase())).size).toBe(devset.length);
  });

  it('has French, Spanish, Arabic and Bengali descriptions in both halves', () => {
    for (const language of ['fr', 'es', 'ar', 'bn']) {
      for (const half of ['dev', 'test'] as const) {
        expect(
          devset.filter((item) => item.language === language && item.half === half).length,
          `${language} ${half}`,
        ).toBeGreaterThanOrEqual(5);
      }
    }
  });

  it('splits deterministically into two halves of equal size (even rows tune, odd rows are held out)', () => {
    const dev = devset.filter((item) => item.half === 'dev');
    const test = devset.filter((item) => item.half === 'test');
    expect(Math.abs(dev.length - test.length)).toBeLessThanOrEqual(1);
    expect(parseDevset(read(FINDER_FILES.devset))).toEqual(devset);
    expect(devset[0].half).toBe('dev');
    expect(devset[1].half).toBe('test');
  });

  it('labels every synonym with an existing chapter, heading or subheading', () => {
    const rows = parseCsv(read(FINDER_FILES.synonyms));
    expect(rows.length).toBeGreaterThan(500);
    const valid = (code: string) => (code.length === 6 ? subheadings : code.length === 4 ? headings : chapters).has(code);
    expect(rows.filter((row) => !valid(row.code) || !row.term.trim() || !['en', 'fr', 'es', 'ar', 'bn'].includes(row.lang))).toEqual([]);
  });

  it('translates every chapter and at least 150 headings into each language', () => {
    for (const language of TRANSLATION_LANGUAGES) {
      const rows = parseCsv(read(translationFile(language)));
      const codes = new Set(rows.map((row) => row.code));
      expect(
        [...chapters].filter((code) => !codes.has(code)),
        language,
      ).toEqual([]);
      expect(rows.filter((row) => row.code.length === 4 && headings.has(row.code)).length, language).toBeGreaterThanOrEqual(150);
      // Chapter 99 (Comtrade's "not specified according to kind") is translated too, but never predicted.
      expect(
        rows.filter((row) => !(chapters.has(row.code) || row.code === '99' || headings.has(row.code)) || !row.description.trim()),
        language,
      ).toEqual([]);
    }
  });

  it('keeps the UK search references whose first six digits are HS 2022 subheadings', () => {
    const references = JSON.parse(read(FINDER_FILES.references)) as Record<string, string>;
    const entries = Object.entries(references);
    expect(entries.length).toBe(4006);
    expect(entries.filter(([, code]) => !subheadings.has(code.slice(0, 6)))).toEqual([]);
  });
});
