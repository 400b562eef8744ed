import { expect, test } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test('the tariff book holds every tariff line, and each chapter file opens', async ({ request }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'guichet-book-'));
  const total = (await (await request.post('/reference-service/commodity/search', { data: { max: 0 } })).json()).totalCount as number;
  expect(total).toBeGreaterThan(7000);

  const book = await request.get('/TariffBook_gn.pdf');
  expect(book.status()).toBe(200);
  expect(book.headers()['content-type']).toContain('application/pdf');
  writeFileSync(join(dir, 'book.pdf'), await book.body());
  const text = execFileSync('pdftotext', [join(dir, 'book.pdf'), '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const codes = new Set(text.match(/\b\d{4}\.\d{2}\.\d{2}\b/g));
  expect(codes.size).toBe(total);

  const chapters = (
    await (
      await request.post('/reference-service/hsNomenclature/search', {
        data: { max: 200, restrictions: [{ field: 'level', operator: 'EQUALS', value: 2 }] },
      })
    ).json()
  ).resultList as Array<{ code: string }>;
  let files = 0;
  for (const { code } of chapters) {
    const lines = (
      await (
        await request.post('/reference-service/commodity/search', {
          data: { max: 0, restrictions: [{ field: 'code', operator: 'STARTS_WITH', value: code }] },
        })
      ).json()
    ).totalCount as number;
    const response = await request.get(`/chapters/${code}_tariff_gn.pdf`);
    if (lines === 0) {
      expect(response.status(), `chapter ${code} has no line`).toBe(404);
      continue;
    }
    expect(response.status(), `chapter ${code}`).toBe(200);
    const file = join(dir, `${code}.pdf`);
    writeFileSync(file, await response.body());
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+\d+/);
    files += 1;
  }
  expect(files).toBeGreaterThanOrEqual(90);
});

test('the downloads page links the generated files with their sizes', async ({ page }) => {
  await page.goto('/en/downloads/');
  const row = page.getByRole('row').filter({ has: page.locator('a[href="/TariffBook_gn.pdf"]') });
  await expect(row).toContainText(/\d+(\.\d)? (kB|MB)/);
  // In French, the French book, in French units.
  await page.goto('/fr/downloads/');
  const ligne = page.getByRole('row').filter({ has: page.locator('a[href="/fr/TariffBook_gn.pdf"]') });
  await expect(ligne).toContainText(/\d+(,\d)?\s(ko|Mo)/);
});

test('the tariff book of each language names the goods by the HS texts of that language and credits their sources', async ({ request }) => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'guichet-book-'));
  const textOf = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const file = join(dir, path.replace(/\W/g, '_'));
    writeFileSync(file, await response.body());
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  };
  const french = await textOf('/fr/chapters/10_tariff_gn.pdf');
  expect(french).toContain('Tarif douanier : chapitre 10');
  expect(french).toContain('Nomenclature combinée 2026');
  expect(french).toMatch(/Riz/);
  // The official national text stays, in English, under the HS texts.
  expect(french).toContain('Semi-Milled Or Wholly Milled Rice');
  const spanish = await textOf('/es/chapters/10_tariff_gn.pdf');
  expect(spanish).toContain('Nomenclatura Combinada 2026');
  expect(spanish).toMatch(/Arroz/);
  // Bengali has no HS text: the book says the texts are in English.
  const bengali = await textOf('/bn/chapters/10_tariff_gn.pdf');
  expect(bengali).toContain('Semi-Milled Or Wholly Milled Rice');
  // The English book is where it always was.
  expect(await textOf('/chapters/10_tariff_gn.pdf')).toContain('Customs tariff: chapter 10');
});
