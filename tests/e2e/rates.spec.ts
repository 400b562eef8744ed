import { expect, test } from './fixtures';
import { axeClean } from './helpers';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The published BDT rates the portal imports, read here to know what the pages must show. */
const published = readFileSync(join(__dirname, '..', '..', 'data', 'fx', 'bdt-rates.csv'), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((line) => line.split(','))
  .map(([date, currency, , bdtPerUnit]) => ({ date, currency, rate: Number(bdtPerUnit) }));
const rateOf = (date: string, currency: string) => published.find((r) => r.date === date && r.currency === currency)!.rate;
const dates = [...new Set(published.map((r) => r.date))].sort();
const DAY = 86_400_000;
/** A date inside a run of consecutive published days, and the first date of the data (no day before it). */
const consecutive = dates.find((date, i) => i > 1 && Date.parse(date) - Date.parse(dates[i - 1]) === DAY)!;
const dayBefore = dates[dates.indexOf(consecutive) - 1];
const firstDate = dates[0];
/** Numbers as SPEC section 9 displays them: en-US, exactly 2 decimals (a value that rounds to zero is 0.00). */
const two = (value: number) =>
  (Math.abs(value) < 0.005 ? 0 : value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const signed = (value: number) => (value > 0 && two(value) !== '0.00' ? `+${two(value)}` : two(value));

test('rates of a date with the difference to the previous day, computed from the published rates', async ({ page }) => {
  await page.goto('/en/exchange/customs-exchange-rate/');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.getByLabel('Date of validity').fill(consecutive);
  await page.getByLabel('Currency code or name').fill('USD');
  await page.getByLabel('Show the difference with the previous day').check();
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`dov=${consecutive}.*difference=1`));
  const usd = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'USD', exact: true }) });
  await expect(usd).toContainText(two(rateOf(consecutive, 'USD')));
  // The difference is kept to 6 decimals (no floating-point noise), shown with 2.
  const difference = Math.round((rateOf(consecutive, 'USD') - rateOf(dayBefore, 'USD')) * 1e6) / 1e6;
  await expect(page.getByRole('columnheader', { name: 'Difference' })).toBeVisible();
  await expect(usd).toContainText(signed(difference));
  await expect(page.getByText("Could not fetch yesterday's exchange rates for comparison")).toHaveCount(0);
  // The export's columns are the spec's: the rate column is "Rate". The date and the unit come before the table.
  const downloading = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'CSV', exact: true }).click();
  const csv = readFileSync((await (await downloading).path()) as string, 'utf8').slice(1);
  const lines = csv.split('\r\n');
  expect(lines[0]).toMatch(/^Date of validity,/);
  expect(lines.slice(0, 4)).toContain('Unit,BDT per unit of the currency');
  expect(lines[lines.indexOf('') + 1]).toBe('Currency Code,Currency Name,Rate,Difference');
});

test('Back shows the search before, with its date and text in the form', async ({ page }) => {
  await page.goto('/en/exchange/customs-exchange-rate/');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.getByLabel('Date of validity').fill(consecutive);
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`dov=${consecutive}`));
  await page.getByLabel('Currency code or name').fill('USD');
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await expect(page).toHaveURL(/key=USD/);
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await page.goBack();
  await expect(page).not.toHaveURL(/key=USD/);
  await expect(page.getByLabel('Currency code or name')).toHaveValue('');
  await expect(page.getByLabel('Date of validity')).toHaveValue(consecutive);
  await expect.poll(() => page.locator('table tbody tr').count()).toBeGreaterThan(1);
  await page.goForward();
  await expect(page.getByLabel('Currency code or name')).toHaveValue('USD');
  await expect(page.locator('table tbody tr')).toHaveCount(1);
});

test('a date after the last publication shows when the rates were published, says they are not current, and compares with the publication before', async ({
  page,
}) => {
  const last = dates[dates.length - 1];
  const before = dates[dates.length - 2];
  const days = 30;
  const chosen = new Date(Date.parse(last) + days * DAY).toISOString().slice(0, 10);
  const us = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
  await page.goto(`/en/exchange/customs-exchange-rate/?dov=${chosen}&difference=1`);
  await expect(page.getByText(`These rates were published on ${us(last)}.`)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: `No rates have been published since ${us(last)}, ${days} days before` }),
  ).toBeVisible();
  await page.getByLabel('Currency code or name').fill('USD');
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  const usd = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'USD', exact: true }) });
  if (Date.parse(last) - Date.parse(before) === DAY) {
    const difference = Math.round((rateOf(last, 'USD') - rateOf(before, 'USD')) * 1e6) / 1e6;
    await expect(usd).toContainText(signed(difference));
  }
  await expect(page.getByText("Could not fetch yesterday's exchange rates for comparison")).toHaveCount(0);
});

test('a date with no previous-day rate shows the rates without a difference, and says so', async ({ page }) => {
  await page.goto(`/en/exchange/customs-exchange-rate/?dov=${firstDate}&difference=1`);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "Could not fetch yesterday's exchange rates for comparison" })).toBeVisible();
  const usd = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'USD', exact: true }) });
  await page.getByLabel('Currency code or name').fill('USD');
  await page.getByRole('button', { name: 'Search', exact: true }).first().click();
  await expect(usd).toContainText(two(rateOf(firstDate, 'USD')));
  await expect(usd.getByRole('cell').nth(3)).toHaveText('-');
});

test('the converter gives 100 x the rate of the chosen date, and says when a currency or a rate is missing', async ({ page }) => {
  const date = dates[dates.length - 20];
  await page.goto('/en/exchange/customs-exchange-rate/');
  const converter = page.getByRole('region', { name: 'Currency converter' });
  await converter.getByLabel('Date').fill(date);
  await converter.getByLabel('Amount').fill('100');
  await converter.getByLabel('Currency').fill('USD');
  await converter.getByRole('button', { name: 'Convert' }).click();
  const total = (100 * rateOf(date, 'USD')).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(converter.locator('output')).toHaveText(`100.00 USD = ${total} BDT`);

  await converter.getByLabel('Amount').fill('0.5');
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter.getByRole('alert')).toHaveText('The amount must be at least 1.');
  await converter.getByLabel('Amount').fill('10');
  await converter.getByLabel('Currency').fill('QQQ');
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter.getByRole('alert')).toHaveText('Currency Not Found');
  await converter.getByLabel('Date').fill('2020-01-15');
  await converter.getByLabel('Currency').fill('USD');
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter.getByRole('alert')).toHaveText('No available rate for this date');
  await expect(page.getByText('Something went wrong while converting the currency')).toBeVisible();
});

test('the converter reads amounts as the page language writes them, finds a currency by name, and refuses the future', async ({ page }) => {
  const date = dates[dates.length - 20];
  const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await page.goto('/en/exchange/customs-exchange-rate/');
  const converter = page.getByRole('region', { name: 'Currency converter' });
  await converter.getByLabel('Date').fill(date);
  await converter.getByLabel('Amount').fill('25,000');
  await converter.getByLabel('Currency').fill('euro');
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter.locator('output')).toHaveText(`25,000.00 EUR = ${money(25000 * rateOf(date, 'EUR'))} BDT`);
  // An amount that reads two ways is refused, and the earlier result does not stay beside the message.
  await converter.getByLabel('Amount').fill('25,5');
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter.getByRole('alert')).toContainText('This amount can be read two ways. Write it as 25000.50');
  await expect(converter.locator('output')).toHaveCount(0);
  await converter.getByLabel('Amount').fill('100');
  const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
  await converter.getByLabel('Date').fill(tomorrow);
  await converter.getByRole('button', { name: 'Convert' }).click();
  await expect(converter.getByRole('alert')).toHaveText('The date cannot be in the future.');

  // French: the comma is the decimal mark.
  await page.goto('/fr/exchange/customs-exchange-rate/');
  const convertisseur = page.getByRole('region', { name: 'Convertisseur de devises' });
  await convertisseur.getByLabel('Date').fill(date);
  await convertisseur.getByLabel('Montant').fill('1 000,5');
  await convertisseur.getByLabel('Devise').fill('USD');
  await convertisseur.getByRole('button', { name: 'Convertir' }).click();
  await expect(convertisseur.locator('output')).toContainText(`1,000.50 USD = ${money(1000.5 * rateOf(date, 'USD'))} BDT`);
});

test('the chart of USD over August 2026 draws every day, with its data as a table', async ({ page }) => {
  await page.goto('/en/exchange/customs-exchange-rate/?key=USD');
  await page.getByRole('link', { name: 'Chart of USD' }).click();
  await expect(page).toHaveURL(/chart\/\?currency=USD/);
  await page.getByLabel('From', { exact: true }).fill('2026-08-01');
  await page.getByLabel('To', { exact: true }).fill('2026-08-31');
  await page.getByRole('button', { name: 'Show' }).click();
  const chart = page.getByRole('img', { name: /USD from 08\/01\/2026 to 08\/31\/2026/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('circle')).toHaveCount(31);
  await page.getByText('Show the data as a table').click();
  const rows = page.locator('.chart-data tbody tr');
  await expect(rows).toHaveCount(31);
  await expect(rows.first()).toContainText(two(rateOf('2026-08-01', 'USD')));
  await expect(rows.nth(30)).toContainText(two(rateOf('2026-08-31', 'USD')));
  // An unknown currency is "Currency Not Found"; a period longer than the service answers is said at the form.
  await page.goto('/en/exchange/customs-exchange-rate/chart/?currency=XXX&from=2026-08-01&to=2026-08-31');
  await expect(page.getByText('Currency Not Found')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('1900-01-01');
  await page.getByLabel('To', { exact: true }).fill('2099-01-01');
  await page.getByLabel('Currency', { exact: true }).fill('USD');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The period can span at most 3700 days' })).toBeVisible();
});

test('the chart runs right to left in Arabic', async ({ page }) => {
  await page.goto('/ar/exchange/customs-exchange-rate/chart/?currency=USD&from=2026-08-01&to=2026-08-31');
  const dots = page.locator('.rate-chart circle');
  await expect(dots).toHaveCount(31);
  const firstX = Number(await dots.first().getAttribute('cx'));
  const lastX = Number(await dots.last().getAttribute('cx'));
  expect(firstX).toBeGreaterThan(lastX);
});

test('central bank rates: search, then print as CSV (rates.csv with a BOM)', async ({ page }) => {
  await page.goto('/en/exchange/central-bank-rates/');
  // Ten rows at first, like every tool (SPEC 9).
  await expect(page.locator('table tbody tr')).toHaveCount(10);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.getByLabel('Currency code or name').fill('yen');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('table tbody tr')).toContainText('JPY');
  const downloading = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Print the rates' }).getByRole('button', { name: 'CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('rates.csv');
  const bytes = readFileSync((await file.path()) as string);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
  expect(lines[0]).toBe('Currency,Name,Units per EUR,Date');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(/^JPY,Yen,\d+(\.\d+)?,\d{4}-\d{2}-\d{2}$/);
  const popup = page.waitForEvent('popup');
  await page.getByRole('group', { name: 'Print the rates' }).getByRole('button', { name: 'PDF' }).click();
  expect((await popup).url()).toMatch(/\/external-rates-service\/print\?reportFormat=pdf/);
  // The search is in the address: a reload shows it again, Back the one before.
  await expect(page).toHaveURL(/[?&]q=yen/);
  await page.reload();
  await expect(page.getByLabel('Currency code or name')).toHaveValue('yen');
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await page.goBack();
  await expect(page.getByLabel('Currency code or name')).toHaveValue('');
  await expect(page.locator('table tbody tr')).toHaveCount(10);
});

test('central bank rates name the currencies in the page language, as the printed files do', async ({ page }) => {
  await page.goto('/ar/exchange/central-bank-rates/');
  const yen = await page.evaluate(() => new Intl.DisplayNames(['ar'], { type: 'currency' }).of('JPY'));
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.locator('#cb-text').fill('JPY');
  await page.locator('#cb-text').press('Enter');
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  const row = page.locator('table tbody tr', { hasText: 'JPY' });
  await expect(row).toContainText(yen!);
  await expect(row.locator('span[lang="ar"]')).toHaveText(yen!);
});

for (const language of ['en', 'ar']) {
  test(`the rate pages pass axe in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/exchange/customs-exchange-rate/?dov=${consecutive}&difference=1`);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await axeClean(page);
    await page.goto(`/${language}/exchange/customs-exchange-rate/chart/?currency=USD&from=2026-08-01&to=2026-08-31`);
    await expect(page.locator('.rate-chart circle').first()).toBeVisible();
    await axeClean(page);
    await page.goto(`/${language}/exchange/central-bank-rates/`);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await axeClean(page);
  });
}

test('currency names are in the page language: Arabic names on the Arabic page, Bengali only on the Bengali one', async ({ page }) => {
  await page.goto('/ar/exchange/customs-exchange-rate/');
  const table = page.locator('table tbody');
  await expect(table.locator('tr').first()).toBeVisible();
  await expect(table.locator('.local-name[lang="ar"]').first()).toBeVisible();
  expect(await table.textContent()).not.toMatch(/[\u0980-\u09ff]/);
  await page.goto('/bn/exchange/customs-exchange-rate/');
  await expect(page.locator('table tbody [lang="bn"]').first()).toBeVisible();
  // The export has one name per currency: the Bengali one.
  await page.locator('#rates-key').fill('USD');
  await page.locator('#rates-key').press('Enter');
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  const downloading = page.waitForEvent('download');
  await page.locator('.export-menu button', { hasText: /^CSV$/ }).click();
  const csv = readFileSync((await (await downloading).path()) as string, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[lines.indexOf('') + 2]).toMatch(/^USD,মার্কিন ডলার,\d+\.\d+$/);
});
