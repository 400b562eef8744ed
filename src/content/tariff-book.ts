import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDF_FONT_FILES, tableToPdf, type PdfFonts } from '@guichet/shared/export/pdf';
import { todayIso } from '@guichet/shared/i18n/language';
import { nodeText, tariffRequest, toTariffCode, type NomenclatureNode, type TariffCode } from '../features/tariff/api';
import { hasHsTextIn, tariffTable } from '../features/tariff/table';
import { bookPath, bookTexts, type BookTexts } from './tariff-book-texts';

interface BookOptions {
  /** Base URL of the reference service, ending with a slash. */
  referenceUrl: string;
  publicDir: string;
  fontsDir: string;
  /** Where to remember what was generated, so that an unchanged tariff is not rendered again. */
  stampFile: string;
  /** Suffix of the file names (the tenant's code). */
  tenantCode: string;
  /** The site's languages: one book (and set of chapter files) each. */
  languages: readonly string[];
  /** Folder of the translations (locales/{language}/tariff.json). */
  localesDir: string;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The tariff and its chapters as the reference service gives them in a language (HS texts in it). */
async function tariffIn(referenceUrl: string, language: string) {
  const request = tariffRequest({ keyword: '', code: '', page: 1, size: 10000, sort: 'code', order: 'asc' }, language);
  const { resultList } = await post<{ resultList: Parameters<typeof toTariffCode>[0][] }>(`${referenceUrl}commodity/search`, request);
  const chapters = await post<{ resultList: NomenclatureNode[] }>(`${referenceUrl}hsNomenclature/search`, {
    max: 200,
    restrictions: [{ field: 'level', operator: 'EQUALS', value: 2 }],
    lang: language,
  });
  return { resultList, chapters: chapters.resultList };
}

/**
 * Writes the tariff book and one file per chapter in each language, from the reference service's tariff,
 * each line by its HS texts in that language (English where none exists) with the national text, and the
 * sources credited under the title: /TariffBook_{tenant}.pdf and /chapters/{chapter}_tariff_{tenant}.pdf in
 * English, the same under /{language}/ in the others (bookPath). Returns the size in bytes of each file by
 * its site path.
 */
export async function writeTariffBooks(options: BookOptions): Promise<Record<string, number>> {
  const { referenceUrl, publicDir, fontsDir, tenantCode, stampFile, languages, localesDir } = options;
  const tariffs = await Promise.all(languages.map(async (language) => ({ language, texts: bookTexts(localesDir, language), ...(await tariffIn(referenceUrl, language)) })));

  const digest = createHash('sha256').update(JSON.stringify([tenantCode, tariffs])).digest('hex');
  if (existsSync(stampFile)) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { digest: string; sizes: Record<string, number> };
    if (stamp.digest === digest && Object.keys(stamp.sizes).every((path) => existsSync(join(publicDir, path)))) return stamp.sizes;
  }

  const fonts = Object.fromEntries(Object.entries(PDF_FONT_FILES).map(([key, file]) => [key, readFileSync(join(fontsDir, file))])) as unknown as PdfFonts;
  const sizes: Record<string, number> = {};
  const generated = todayIso();
  for (const { language, texts, resultList, chapters } of tariffs) {
    const lines: TariffCode[] = resultList.map(toTariffCode);
    const write = async (file: string, title: string, subtitle: string, rows: TariffCode[]) => {
      const path = bookPath(file, language);
      const sources = sourcesOf(texts, language, rows);
      const bytes = await tableToPdf(tariffTable(rows, { title, subtitle, ...texts.headers, sources }, language), fonts);
      mkdirSync(join(publicDir, path, '..'), { recursive: true });
      writeFileSync(join(publicDir, path), bytes);
      sizes[path] = bytes.length;
    };
    await write(`/TariffBook_${tenantCode}.pdf`, texts.title, texts.lines(lines.length, generated), lines);
    const chapterName = new Map(chapters.map((chapter) => [chapter.code, nodeText(chapter).description]));
    const byChapter = new Map<string, TariffCode[]>();
    for (const line of lines) byChapter.set(line.code.slice(0, 2), [...(byChapter.get(line.code.slice(0, 2)) ?? []), line]);
    for (const [chapter, rows] of byChapter) {
      await write(`/chapters/${chapter}_tariff_${tenantCode}.pdf`, texts.chapter(chapter), `${chapterName.get(chapter) ?? ''} · ${generated}`, rows);
    }
  }
  writeFileSync(stampFile, JSON.stringify({ digest, sizes }));
  return sizes;
}

/** The sources under a file's title, and that some texts are in English where they are. */
function sourcesOf(texts: BookTexts, language: string, rows: TariffCode[]) {
  const english = language !== 'en' && rows.some((line) => !hasHsTextIn(line, language));
  return { label: texts.sourcesLabel, value: [english ? texts.englishTexts : '', texts.sources].join(' ').trim() };
}
