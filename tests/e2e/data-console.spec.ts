import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import writeXlsxFile from 'write-excel-file/node';
import { expect, test } from './fixtures';
import { account, axeClean, fillSignIn } from './helpers';

/** The rates the portal was deployed with: the new week is compared with the last of them. */
const published = readFileSync(join(__dirname, '..', '..', 'data', 'fx', 'bdt-rates.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','));
const lastDate = published[published.length - 1][0];
const lastRate = (currency: string) => Number(published.find(([date, code]) => date === lastDate && code === currency)![3]);

const iso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const us = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
const two = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A week of customs rates ending today: USD and GBP move a little each day, EUR jumps 8 % on the first day. */
function week(): Array<{ date: string; currency: string; rate: number }> {
  const lines = [];
  for (let back = 6; back >= 0; back--) {
    const date = iso(new Date(Date.now() - back * 86_400_000));
    const step = 1 + (6 - back) / 1000;
    lines.push({ date, currency: 'USD', rate: Math.round(lastRate('USD') * step * 1e4) / 1e4 });
    lines.push({ date, currency: 'EUR', rate: Math.round(lastRate('EUR') * 1.08 * step * 1e4) / 1e4 });
    lines.push({ date, currency: 'GBP', rate: Math.round(lastRate('GBP') * step * 1e4) / 1e4 });
  }
  return lines;
}

test('an officer uploads a week of customs rates with a bad line, fixes it, previews, publishes, and visitors see the new rates and their date; then rolls it back', async ({
  page,
  browser,
}) => {
  const lines = week();
  const today = lines[lines.length - 1].date;
  const usdToday = lines.find((line) => line.date === today && line.currency === 'USD')!.rate;
  const csv = ['date,currency,bdt_per_unit', ...lines.map((line) => `${line.date},${line.currency},${line.rate}`)];
  csv[5] = csv[5].replace(/,[^,]+$/, ',12O.5');

  await page.goto('/en/data-console/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(page, account('officer'));
  await expect(page).toHaveURL(/\/en\/data-console\/$/);
  await expect(page.getByRole('heading', { name: 'Data console', level: 1 })).toBeVisible();

  // The file with one bad line: its error is listed, nothing is kept.
  await page.getByLabel('Data').selectOption({ label: 'Customs exchange rates' });
  await page
    .getByLabel('File (CSV or XLSX)')
    .setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from(csv.join('\n')) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const errors = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: '1 error in week.csv' }) });
  await expect(errors).toBeVisible();
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^6\s*bdt_per_unit\s*“12O\.5” is not a number above zero\.$/);
  await expect(page.getByText('No upload is waiting.')).toBeVisible();
  await axeClean(page, 'errors: ');

  // Fixed, and sent as a workbook this time.
  // Dates as spreadsheet dates, the way an officer's workbook holds them.
  const workbook = await writeXlsxFile([
    ['date', 'currency', 'bdt_per_unit'],
    ...lines.map((line) => [{ value: new Date(`${line.date}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' }, line.currency, line.rate]),
  ]).toBuffer();
  await page.getByLabel('File (CSV or XLSX)').setInputFiles({
    name: 'week.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: 'Preview of week.xlsx' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^21 new$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^1 unusual changes/ })).toBeVisible();
  const jump = page.getByRole('row').filter({ hasText: 'Unusual change' });
  await expect(jump).toHaveCount(1);
  await expect(jump).toContainText('EUR');
  await expect(jump).toContainText('+8 %');
  await expect(page.getByLabel('In effect from')).toHaveValue(today);
  await axeClean(page, 'preview: ');

  // Nothing changes for visitors before publication.
  const visitor = await browser.newPage();
  const usdOn = async (date: string) =>
    (await (await visitor.request.get(`/exchange-rate-service/search?validityDate=${date}&currencies=USD`)).json()).resultList[0]
      .exchangeRate;
  expect(await usdOn(today)).toBe(lastRate('USD'));

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: 21 lines are in effect now.' })).toBeVisible();
  const entry = page.getByRole('row').filter({ hasText: 'week.xlsx' });
  await expect(entry).toContainText('In effect');
  await expect(entry).toContainText(account('officer').username);

  // A visitor sees the new rate and its date.
  await visitor.goto(`/en/exchange/customs-exchange-rate/?dov=${today}`);
  await expect(visitor.getByText(`Latest customs rates: ${us(today)}`)).toBeVisible();
  await expect(visitor.getByText(/Source: published by customs on/)).toBeVisible();
  await visitor.getByLabel('Currency code or name').fill('USD');
  await visitor.getByRole('button', { name: 'Search', exact: true }).first().click();
  await expect(visitor.getByRole('row').filter({ has: visitor.getByRole('cell', { name: 'USD', exact: true }) })).toContainText(
    two(usdToday),
  );

  // The console in Arabic, right to left.
  await page.goto('/ar/data-console/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'عمليات النشر' })).toBeVisible();
  await axeClean(page, 'ar: ');

  // Rolled back: the rates of the deployment are back, and the page says how old they are.
  await page.goto('/en/data-console/');
  await page.getByRole('row').filter({ hasText: 'week.xlsx' }).getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rolled back' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'week.xlsx' })).toContainText('Rolled back');
  expect(await usdOn(today)).toBe(lastRate('USD'));
  await visitor.goto(`/en/exchange/customs-exchange-rate/?dov=${today}`);
  await expect(visitor.getByText(`Latest customs rates: ${us(lastDate)}`)).toBeVisible();
  await expect(visitor.getByText('These rates are older than expected', { exact: false })).toBeVisible();
  await visitor.close();
});

test('the data console is for customs staff: a trader is turned away and the service answers 401 without a token', async ({ page }) => {
  expect((await page.request.get('/data-console-service/publications')).status()).toBe(401);
  expect((await page.request.get('/data-console-service/freshness')).status()).toBe(200);
  await page.goto('/en/data-console/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(page, account('trader'));
  await expect(page).toHaveURL(/\/en\/access-denied\//);
});
