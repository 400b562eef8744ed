import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { axeClean } from './helpers';

/** The published total tax incidence (%) of a tariff line, read from the tariff data the portal imports. */
function publishedTti(dotted: string): number {
  const line = readFileSync(join(__dirname, '..', '..', 'data', 'tariff', 'bd-customs-tariff-2025-26.csv'), 'utf8')
    .split('\n')
    .find((row) => row.startsWith(`${dotted},`));
  return Number(line!.split(',').at(-1));
}

async function fill(page: Page, code: string, value: string, currency = 'USD') {
  await page.getByLabel('Commodity (HS code or description)').fill(code);
  await expect(page.getByText(new RegExp(`^${code} · `))).toBeVisible();
  await page.getByLabel('Country of origin').selectOption('IN');
  await page.getByLabel('Value in foreign currency').fill(value);
  await page.getByLabel('Currency', { exact: true }).selectOption(currency);
}

test('a tariff line in USD: the taxes total, as a share of the value, is the published TTI', async ({ page }) => {
  await page.goto('/en/tools/taxation-simulation/');
  await expect(page.getByLabel('Type of declaration')).toHaveValue('IM-4');
  await fill(page, '09012110', '1000');
  const sent = page.waitForRequest((request) => request.url().endsWith('/taxation-service/simulate'));
  await page.getByRole('button', { name: 'Calculate taxes' }).click();
  const body = (await sent).postDataJSON();
  expect(body.document).toEqual({ typeOfDeclaration: 'IM', generalProcedureCode: '4' });
  const item = body.items[0];
  expect(item).toMatchObject({
    commodityCode: '09012110',
    itemCountryOfOriginCode: 'IN',
    currencyCode: 'USD',
    statValueInForeignCurrency: 1000,
  });
  expect(item.statisticalValue).toBeCloseTo(item.itemInvoiceCurrencyExchangeRate * 1000, 2);

  const table = page.getByRole('table', { name: /Taxes on tariff line 09012110/ });
  await expect(table.locator('tbody tr')).toHaveCount(6);
  for (const code of ['CD', 'RD', 'SD', 'VAT', 'AIT', 'AT'])
    await expect(table.getByRole('cell', { name: code, exact: true })).toBeVisible();
  const total = page.locator('.facts div').filter({ hasText: 'Total taxes' });
  await expect(total).toContainText(`(${publishedTti('0901.21.10').toFixed(2)} %)`);
  await expect(page.getByText('Note: Calculated taxes does not include administrative charges')).toBeVisible();

  // Export of the result.
  const download = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('taxation-simulation.csv');
  // The inputs the taxes were computed from come first: value, currency, the rate used and the origin.
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv).toContain('Value in foreign currency,"1,000.00 USD"');
  expect(csv).toContain(`Exchange rate used,1 USD = ${item.itemInvoiceCurrencyExchangeRate} BDT`);
  expect(csv).toMatch(/Country of origin,India \(IN\)/);
  expect(csv).toContain('Type of declaration,IM-4');
});

test('the form survives a reload and a change of language, with the currency at the rate in force', async ({ page }) => {
  await page.goto('/en/tools/taxation-simulation/');
  await fill(page, '09012110', '1000');
  await expect(page.getByText(/1 USD = /)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Commodity (HS code or description)')).toHaveValue(/^09012110/);
  await expect(page.getByLabel('Country of origin')).toHaveValue('IN');
  await expect(page.getByLabel('Value in foreign currency')).toHaveValue('1000');
  await expect(page.getByLabel('Currency', { exact: true })).toHaveValue('USD');
  await expect(page.getByText(/1 USD = /)).toBeVisible();
  await page.goto('/fr/tools/taxation-simulation/');
  await expect(page.getByLabel('Marchandise (code SH ou désignation)')).toHaveValue(/^09012110/);
  await expect(page.getByLabel('Devise', { exact: true })).toHaveValue('USD');
});

test('a line with a per-unit tax and no supplementary unit says which tax cannot be calculated', async ({ page }) => {
  await page.goto('/en/tools/taxation-simulation/');
  await fill(page, '24022000', '5000');
  await page.getByRole('button', { name: 'Calculate taxes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Cannot calculate SD tax, not enough information provided' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.getByLabel('Quantity in supplementary unit (optional)').fill('10');
  await page.getByRole('button', { name: 'Calculate taxes' }).click();
  await expect(page.getByText('Cannot calculate SD tax')).toHaveCount(0);
  const sd = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'SD', exact: true }) });
  await expect(sd).toContainText('per');
  await expect(page.getByText(/sample values for demonstration/)).toBeVisible();
});

test('a form with missing fields names them and sends nothing', async ({ page }) => {
  await page.goto('/en/tools/taxation-simulation/');
  // The type of declaration is filled in once the models of declaration have loaded; sent before that, the
  // form names the type first (a slow machine clicked first and the focus went there).
  await expect(page.getByLabel('Type of declaration')).toHaveValue('IM-4');
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().includes('/taxation-service/')) calls++;
  });
  await page.getByRole('button', { name: 'Calculate taxes' }).click();
  await expect(page.getByText('This field is mandatory').first()).toBeVisible();
  await expect(page.getByLabel('Commodity (HS code or description)')).toBeFocused();
  expect(calls).toBe(0);
});

for (const language of ['en', 'ar'] as const) {
  test(`taxation simulation passes axe in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/tools/taxation-simulation/`);
    await page.locator('input[type="search"]').fill('61091000');
    await expect(page.getByText(/^61091000 · /)).toBeVisible();
    await page.locator('select').nth(1).selectOption('CN');
    await page.locator('input[inputmode="decimal"]').first().fill('250');
    await page.locator('select').nth(2).selectOption('USD');
    await page.locator('form button[type="submit"]').click();
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await axeClean(page);
  });
}

test('the commodity box finds goods by their everyday name in French and names them in French', async ({ page }) => {
  await page.goto('/fr/tools/taxation-simulation/');
  const box = page.getByLabel('Marchandise (code SH ou désignation)');
  const searched = page.waitForRequest(
    (request) => request.url().endsWith('/reference-service/commodity/search') && Boolean(request.postDataJSON()?.keywords),
  );
  await box.fill('café torréfié');
  expect((await searched).postDataJSON()).toMatchObject({ keywords: 'café torréfié', lang: 'fr' });
  const list = page.locator(`datalist[id="${await box.getAttribute('list')}"]`);
  await expect(list.locator('option').first()).toHaveAttribute('value', /^0901/);
  await expect(list.locator('option').first()).toHaveText(/Café/);
});
