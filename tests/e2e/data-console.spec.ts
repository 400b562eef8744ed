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
  // A name of its own: the publication history keeps those of earlier runs.
  const file = `week-${Date.now()}.xlsx`;
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
  const errors = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Errors found in week.csv: 1' }) });
  await expect(errors).toBeVisible();
  // The value is isolated from the sentence (U+2068 ... U+2069): a value in another script does not turn it around.
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^6\s*bdt_per_unit\s*“\u206812O\.5\u2069” is not a number above zero\.$/);
  await expect(page.getByText('No upload is waiting.')).toBeVisible();
  await axeClean(page, 'errors: ');

  // Fixed, and sent as a workbook this time.
  // Dates as spreadsheet dates, the way an officer's workbook holds them.
  const workbook = await writeXlsxFile([
    ['date', 'currency', 'bdt_per_unit'],
    ...lines.map((line) => [{ value: new Date(`${line.date}T00:00:00Z`), type: Date, format: 'yyyy-mm-dd' }, line.currency, line.rate]),
  ]).toBuffer();
  await page.getByLabel('File (CSV or XLSX)').setInputFiles({
    name: file,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: workbook,
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: `Preview of ${file}` })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^21 new$/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^1 unusual changes/ })).toBeVisible();
  const jump = page.getByRole('row').filter({ hasText: 'Unusual change' });
  await expect(jump).toHaveCount(1);
  await expect(jump).toContainText('EUR');
  await expect(jump).toContainText('+8 %');
  await expect(page.getByLabel('In effect from')).toHaveValue(today);
  await axeClean(page, 'preview: ');

  // Nothing changes for visitors before publication.
  const visitor = await (await browser.newContext()).newPage();
  const usdOn = async (date: string) =>
    (await (await visitor.request.get(`/exchange-rate-service/search?validityDate=${date}&currencies=USD`)).json()).resultList[0]
      .exchangeRate;
  expect(await usdOn(today)).toBe(lastRate('USD'));

  // The unusual change is checked before the file can be published.
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
  await page.getByLabel('I have checked these unusual changes (1).').check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published. Lines in effect now: 21.' })).toBeVisible();
  const entry = page.getByRole('row').filter({ hasText: file });
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
  // One click asks first; "No" changes nothing.
  const row = page.getByRole('row').filter({ hasText: file });
  await row.getByRole('button', { name: 'Roll back' }).click();
  await expect(row.getByRole('button', { name: 'No, keep it' })).toBeFocused();
  await row.getByRole('button', { name: 'No, keep it' }).click();
  await expect(row.getByRole('button', { name: 'Roll back' })).toBeFocused();
  await expect(row).toContainText('In effect');
  await row.getByRole('button', { name: 'Roll back' }).click();
  await row.getByRole('button', { name: 'Yes, roll back' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rolled back' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: file })).toContainText('Rolled back');
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

test('an officer publishes a new tariff edition from today; a visitor compares a line with the edition before; the officer rolls it back', async ({
  page,
  browser,
}) => {
  const [header, first, ...rest] = readFileSync(join(__dirname, '..', '..', 'data', 'tariff', 'bd-customs-tariff-2025-26.csv'), 'utf8')
    .trim()
    .split('\n');
  const columns = header.split(',');
  const cells = first.split(',');
  const code = cells[0].replace(/\./g, '');
  const [cd, ait, tti] = ['cd', 'ait', 'tti_published'].map((name) => Number(cells[columns.indexOf(name)]));
  // CD up 5 points on a line taxed only by CD and AIT: its TTI goes up by as much.
  expect(Number(cells[columns.indexOf('vat')]) + Number(cells[columns.indexOf('sd')])).toBe(0);
  cells[columns.indexOf('cd')] = String(cd + 5);
  cells[columns.indexOf('tti_published')] = String(cd + 5 + ait);
  const edition = [header, cells.join(','), ...rest].join('\n');
  const file = `tariff-${Date.now()}.csv`;
  const yesterday = new Date(Date.now() - 86_400_000);
  const yesterdayIso = `${yesterday.getFullYear()}-${String(yesterday.getMonth() + 1).padStart(2, '0')}-${String(yesterday.getDate()).padStart(2, '0')}`;

  await page.goto('/en/data-console/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(page, account('admin'));
  await expect(page).toHaveURL(/\/en\/data-console\/$/);
  await page.getByLabel('Data').selectOption({ label: 'Tariff edition' });

  // A file of one line would replace the whole tariff: its removals are stated and confirmed before it can be published.
  const partial = `partial-${file}`;
  await page
    .getByLabel('File (CSV or XLSX)')
    .setInputFiles({ name: partial, mimeType: 'text/csv', buffer: Buffer.from(`${header}\n${first}`) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: `Preview of ${partial}` })).toBeFocused();
  await expect(page.getByRole('listitem').filter({ hasText: `${rest.length.toLocaleString('en-US')} removed` })).toBeVisible();
  await expect(
    page.getByRole('note').filter({ hasText: `Lines in force that this publication removes: ${rest.length.toLocaleString('en-US')}.` }),
  ).toBeVisible();
  const publish = page.getByRole('button', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await page.getByLabel(/I confirm these removals/).check();
  await expect(publish).toBeEnabled();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The upload was discarded.' })).toBeFocused();

  await page.getByLabel('File (CSV or XLSX)').setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(edition) });
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('heading', { name: `Preview of ${file}` })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^1 lines whose TTI changes$/ })).toBeVisible();
  const changed = page.getByRole('row').filter({ hasText: code });
  await expect(changed).toContainText(`CD ${cd.toFixed(2)} → ${(cd + 5).toFixed(2)}`);
  await expect(changed).toContainText(`${tti.toFixed(2)} → ${(cd + 5 + ait).toFixed(2)}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();

  const rollBack = async () => {
    await page.getByRole('row').filter({ hasText: file }).getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('row').filter({ hasText: file }).getByRole('button', { name: 'Yes, roll back' }).click();
    await expect(page.getByRole('row').filter({ hasText: file })).toContainText('Rolled back');
  };
  const context = await browser.newContext();
  const visitor = await context.newPage();
  try {
    await visitor.goto(`/en/tools/tariff-search/detail/?code=${code}`);
    const cdRow = visitor.getByRole('row').filter({ has: visitor.getByRole('rowheader', { name: 'CD Customs duty', exact: true }) });
    await expect(cdRow).toContainText((cd + 5).toFixed(2));
    await visitor.getByLabel('Compare with the edition in force on').fill(yesterdayIso);
    await visitor.getByRole('button', { name: 'Compare' }).click();
    await expect(cdRow).toContainText(`${cd.toFixed(2)} (differs)`);
    await axeClean(visitor, 'compare: ');
    await rollBack();
    await visitor.reload();
    await expect(cdRow).toContainText(cd.toFixed(2));
    await expect(cdRow).not.toContainText((cd + 5).toFixed(2));
  } catch (error) {
    // The tariff the other tests read is put back even when a step above fails.
    await rollBack().catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
});
