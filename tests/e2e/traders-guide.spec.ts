import { expect, test, type Page } from './fixtures';
import { axeClean } from './helpers';

async function addConsignment(page: Page, commodity: string, procedure: string, origin = '') {
  await page.getByLabel('Commodity code').fill(commodity);
  if (origin) await page.getByLabel('Country of origin').selectOption(origin);
  await page.getByLabel('Customs procedure').selectOption(procedure);
  await page.getByRole('button', { name: 'Add consignment' }).click();
}

test('two consignments under different procedures: two grouped calls and one numbered list of documents', async ({ page }) => {
  await page.goto('/en/tools/traders-guide/');
  await expect(page.getByLabel('Type of declaration')).toHaveValue('IM');
  await expect(page.getByLabel('Customs procedure').locator('option', { hasText: '4000' })).toHaveCount(1);
  await addConsignment(page, '09012110', '4000', 'IN');
  await addConsignment(page, '61091000', '7100', 'CN');
  await expect(page.getByRole('heading', { name: 'Consignments (2)' })).toBeVisible();

  const bodies: Array<{ document: { generalProcedureCode: string }; items: unknown[] }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/traders-guide-service/requirements')) bodies.push(request.postDataJSON());
  });
  await page.getByRole('button', { name: 'Find required documents' }).click();
  const table = page.getByRole('table', { name: /documents required/ });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  expect(bodies.map((body) => body.document.generalProcedureCode).sort()).toEqual(['4', '7']);
  expect(bodies.every((body) => body.items.length === 1)).toBe(true);

  const numbers = await table.locator('tbody tr td:first-child').allTextContents();
  expect(numbers).toEqual(numbers.map((_, index) => String(index + 1)));
  // The commercial invoice (UN/EDIFACT 380) applies to both consignments.
  const invoice = table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: '380', exact: true }) });
  await expect(invoice).toContainText('09012110, 61091000');
  // The phytosanitary certificate (851) is for the coffee only.
  await expect(table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: '851', exact: true }) })).not.toContainText(
    '61091000',
  );
  // The transport documents are alternatives: one requirement, "one of" them, not three required documents.
  const transport = table.locator('tbody tr').filter({ hasText: 'One of these documents:' });
  await expect(transport).toHaveCount(1);
  await expect(transport.getByRole('cell', { name: '705 / 740 / 730', exact: true })).toBeVisible();
  await expect(transport.getByRole('listitem')).toHaveText([/^705: Bill of lading/i, /^740: Air waybill/i, /^730: Road consignment note/i]);
  await expect(table.getByRole('cell', { name: '705', exact: true })).toHaveCount(0);
});

test('an unknown commodity is flagged at its field', async ({ page }) => {
  await page.goto('/en/tools/traders-guide/');
  await addConsignment(page, '99999999', '4000');
  await page.getByRole('button', { name: 'Find required documents' }).click();
  await expect(page.getByRole('row').filter({ hasText: '99999999' }).getByText('This commodity code is not in the tariff.')).toBeVisible();
});

test('changing the regime asks first, and wipes the consignments only when confirmed', async ({ page }) => {
  await page.goto('/en/tools/traders-guide/');
  await addConsignment(page, '09012110', '4000');
  await expect(page.getByRole('heading', { name: 'Consignments (1)' })).toBeVisible();

  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByLabel('Type of declaration').selectOption('EX');
  await expect(page.getByLabel('Type of declaration')).toHaveValue('IM');
  await expect(page.getByRole('heading', { name: 'Consignments (1)' })).toBeVisible();

  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await page.getByLabel('Type of declaration').selectOption('EX');
  await expect(page.getByRole('heading', { name: 'Consignments (0)' })).toBeVisible();
  expect(asked).toContain('removes the consignments');
  await expect(page.getByLabel('Customs procedure').locator('option', { hasText: '1000' })).toHaveCount(1);
  await expect(page.getByLabel('Customs procedure').locator('option', { hasText: '4000' })).toHaveCount(0);
});

for (const language of ['en', 'ar'] as const) {
  test(`traders guide passes axe in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/tools/traders-guide/`);
    await page.locator('input[type="search"]').fill('09012110');
    await page.locator('select').nth(2).selectOption('4000');
    await page.locator('form button[type="submit"]').click();
    await page.locator('.results .form-actions .button').first().click();
    await expect(page.locator('table').nth(1).locator('tbody tr').first()).toBeVisible();
    await axeClean(page);
  });
}
