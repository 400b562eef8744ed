/**
 * The texts the text model learns from: every real text in data/. HS 2022 in English, French, Spanish
 * and Arabic at chapter, heading and subheading level (a subheading read after its heading, since its own
 * text is often a fragment such as "Other"), the section names, the national tariff lines, the lexicon
 * (UK search references, synonyms, translations) and the examples and usage records a model includes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import type { LabelledText, Nomenclature } from './data.js';
import type { TrainingText } from './textmodel.js';
import { affirmed } from './text.js';

export const HS_TEXT_LANGUAGES = ['fr', 'es', 'ar'] as const;
export const hsTextFile = (language: string) => `hs-i18n/hs2022-${language}.csv`;

/** HS 2022 texts by language and code (English from the nomenclature). */
export function loadHsTexts(dataDir: string, nomenclature: Nomenclature): Map<string, Map<string, string>> {
  const result = new Map<string, Map<string, string>>();
  const english = new Map<string, string>();
  for (const item of nomenclature.chapters.values()) english.set(item.code, item.description);
  for (const item of nomenclature.headings.values()) english.set(item.code, item.description);
  for (const item of nomenclature.subheadings.values()) english.set(item.code, item.description);
  result.set('en', english);
  for (const language of HS_TEXT_LANGUAGES) {
    const texts = new Map<string, string>();
    for (const row of parseCsv(readFileSync(join(dataDir, hsTextFile(language)), 'utf8')))
      if (/^\d{2}(\d{2}){0,2}$/.test(row.code) && row.description.trim()) texts.set(row.code, row.description.trim());
    result.set(language, texts);
  }
  return result;
}

/** Every labelled text of data/ for the text model. */
export function corpusTexts(
  nomenclature: Nomenclature,
  hsTexts: Map<string, Map<string, string>>,
  lexicon: LabelledText[],
  extra: TrainingText[],
): TrainingText[] {
  const texts: TrainingText[] = [];
  for (const [language, raw] of hsTexts) {
    // The English texts without what they negate (text.ts, affirmed).
    const byCode = language === 'en' ? new Map([...raw].map(([code, text]) => [code, affirmed(text)])) : raw;
    for (const [code, description] of byCode) {
      if (code.length === 2) {
        const chapter = nomenclature.chapters.get(code);
        texts.push({ text: description, code });
        if (chapter?.sectionName) texts.push({ text: `${chapter.sectionName} ${description}`, code });
      } else if (code.length === 4) {
        texts.push({ text: description, code });
        texts.push({ text: `${byCode.get(code.slice(0, 2)) ?? ''} ${description}`, code });
      } else {
        const heading = byCode.get(code.slice(0, 4)) ?? '';
        texts.push({ text: `${heading} ${description}`, code });
        texts.push({ text: description, code });
      }
    }
  }
  for (const [code, lines] of nomenclature.lines) for (const line of lines) texts.push({ text: affirmed(line.description), code });
  for (const item of lexicon) texts.push({ text: item.text, code: item.code });
  texts.push(...extra);
  return texts;
}
