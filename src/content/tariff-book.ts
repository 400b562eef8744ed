import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDF_FONT_FILES, tableToPdf, type PdfFonts } from '../export/pdf';
import { tariffRequest, toTariffCode, type NomenclatureNode, type TariffCode } from '../features/tariff/api';
import { tariffTable } from '../features/tariff/table';

interface BookOptions {
  /** Base URL of the reference service, ending with a slash. */
  referenceUrl: string;
  publicDir: string;
  fontsDir: string;
  /** Where to remember what was generated, so that an unchanged tariff is not rendered again. */
  stampFile: string;
  /** Suffix of the file names (the tenant's code). */
  tenantCode: string;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

const HEADERS = { code: 'HS code', description: 'Description', uom: 'UOM' };

/**
 * Writes the tariff book (/TariffBook_{tenant}.pdf) and one file per chapter
 * (/chapters/{chapter}_tariff_{tenant}.pdf) from the reference service's tariff,
 * and returns the size in bytes of each file by its site path.
 */
export async function writeTariffBooks({ referenceUrl, publicDir, fontsDir, tenantCode, stampFile }: BookOptions): Promise<Record<string, number>> {
  const request = tariffRequest({ keyword: '', code: '', page: 1, size: 10000, sort: 'code', order: 'asc' }, 'en');
  const { resultList } = await post<{ resultList: Parameters<typeof toTariffCode>[0][] }>(`${referenceUrl}commodity/search`, request);
  const lines: TariffCode[] = resultList.map(toTariffCode);
  const chapters = await post<{ resultList: NomenclatureNode[] }>(`${referenceUrl}hsNomenclature/search`, {
    max: 200,
    restrictions: [{ field: 'level', operator: 'EQUALS', value: 2 }],
  });
  const chapterName = new Map(chapters.resultList.map((c) => [c.code, c.description]));

  const digest = createHash('sha256').update(JSON.stringify([tenantCode, resultList, chapters.resultList])).digest('hex');
  if (existsSync(stampFile)) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { digest: string; sizes: Record<string, number> };
    if (stamp.digest === digest && Object.keys(stamp.sizes).every((path) => existsSync(join(publicDir, path)))) return stamp.sizes;
  }

  const fonts = Object.fromEntries(Object.entries(PDF_FONT_FILES).map(([key, file]) => [key, readFileSync(join(fontsDir, file))])) as unknown as PdfFonts;
  const sizes: Record<string, number> = {};
  const write = async (path: string, title: string, subtitle: string, rows: TariffCode[]) => {
    const bytes = await tableToPdf(tariffTable(rows, { title, subtitle, ...HEADERS }, 'en'), fonts);
    writeFileSync(join(publicDir, path), bytes);
    sizes[`/${path}`] = bytes.length;
  };

  const generated = new Date().toISOString().slice(0, 10);
  mkdirSync(publicDir, { recursive: true });
  await write(`TariffBook_${tenantCode}.pdf`, 'Customs tariff', `${lines.length} tariff lines · ${generated}`, lines);
  mkdirSync(join(publicDir, 'chapters'), { recursive: true });
  const byChapter = new Map<string, TariffCode[]>();
  for (const line of lines) byChapter.set(line.code.slice(0, 2), [...(byChapter.get(line.code.slice(0, 2)) ?? []), line]);
  for (const [chapter, rows] of byChapter) {
    await write(`chapters/${chapter}_tariff_${tenantCode}.pdf`, `Customs tariff: chapter ${chapter}`, `${chapterName.get(chapter) ?? ''} · ${generated}`, rows);
  }
  writeFileSync(stampFile, JSON.stringify({ digest, sizes }));
  return sizes;
}
