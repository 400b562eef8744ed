import { expect, test, type Page } from './fixtures';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';

async function exportFile(page: Page, format: 'CSV' | 'XLSX' | 'PDF'): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('group', { name: /./ })
    .filter({ has: page.getByRole('button', { name: format }) })
    .getByRole('button', { name: format })
    .click();
  const file = await downloading;
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path()) as string) };
}

test('the tariff exports as CSV with a BOM and every line of the search', async ({ page }) => {
  await page.goto('/bn/tools/tariff-search/?code=09');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const total = Number((await page.locator('.table-range').textContent())?.match(/(\d+)টির/)?.[1]);
  const { name, bytes } = await exportFile(page, 'CSV');
  expect(name).toMatch(/^tariff-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
  // The sources of the texts above the table (HS 2022 has no Bengali text: English, said so), then the table.
  expect(lines[0]).toMatch(/^উৎস,/);
  const header = lines.indexOf('HS কোড,বিবরণ,একক,CD,SD,VAT,AIT,AT,RD,EXD,TTI');
  expect(header).toBe(2);
  expect(lines.slice(header + 1)).toHaveLength(total);
  expect(lines[header + 1]).toMatch(/^0901\.11\.10,/);
});

test('the tariff exports as XLSX, right-to-left in Arabic', async ({ page }) => {
  await page.goto('/ar/tools/tariff-search/?keyword=coffee');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const { name, bytes } = await exportFile(page, 'XLSX');
  expect(name).toMatch(/\.xlsx$/);
  const files = unzipSync(new Uint8Array(bytes));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']);
  const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
  expect(sheet).toMatch(/rightToLeft="1"/);
  expect(`${sheet}${strings}`).toContain('رمز HS');
  expect(`${sheet}${strings}`).toContain('0901.11.10');
});

for (const language of ['ar', 'bn'] as const) {
  test(`the tariff exports as a PDF with real, shaped ${language} text`, async ({ page }) => {
    await page.goto(`/${language}/tools/tariff-search/?code=0901`);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    const { name, bytes } = await exportFile(page, 'PDF');
    expect(name).toMatch(/\.pdf$/);
    const dir = mkdtempSync(join(tmpdir(), 'guichet-pdf-'));
    const file = join(dir, name);
    writeFileSync(file, bytes);
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    expect(fonts).toContain(language === 'ar' ? 'NotoSansArabic' : 'NotoSansBengali');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('0901.11.10');
    expect(text).toContain('93.16');
    if (language === 'bn') expect(text).toContain('শুল্ক ট্যারিফ');
    // Page 1 as an image, for a person to look at (kept with the test results).
    mkdirSync(test.info().outputDir, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', file, join(test.info().outputDir, `tariff-${language}`)]);
  });
}
