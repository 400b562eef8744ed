import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { axeClean } from './helpers';

async function searchIn(page: Page, table: string) {
  await page.getByLabel('Reference list', { exact: true }).selectOption({ label: table });
}

test('a reference list must be chosen; declarants whose description contains a word open in the detail panel', async ({
  page,
  request,
}) => {
  await page.goto('/en/tools/codification/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: /reference list/ })).toHaveText(
    'A reference list must be selected before a search.',
  );

  await searchIn(page, 'Declarants');
  await page.getByLabel('Description', { exact: true }).fill('Forwarding');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The service, asked the same question, says how many there are.
  const expected = await request.post('/reference-service/declarant/search', {
    data: { max: 1, restrictBy: 'AND', restrictions: [{ field: 'description', operator: 'CONTAINS', value: 'Forwarding' }] },
  });
  const { totalCount } = (await expected.json()) as { totalCount: number };
  expect(totalCount).toBeGreaterThan(10);
  await expect(page.locator('.table-range')).toHaveText(`1–10 of ${totalCount}`);
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(10);
  for (const text of await rows.locator('td:nth-child(2)').allTextContents()) expect(text.toLowerCase()).toContain('forwarding');
  await expect(page.getByText(/Sample data: these records are generated/)).toBeVisible();

  const first = rows.first().getByRole('button');
  const code = (await first.textContent())!.trim();
  await first.click();
  const panel = page.getByRole('complementary', { name: `Details of ${code}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('Address line 1')).toBeVisible();
  await expect(panel).toContainText('Sample data (not a real record)');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
});

test('an extended procedure code "40" with Equals gives no result and makes no call', async ({ page }) => {
  await page.goto('/en/tools/codification/');
  const calls: string[] = [];
  // The tool's searches (restrictBy AND); the reference list it caches for suggestions is another call.
  page.on('request', (sent) => {
    if (sent.url().includes('/reference-service/extendedProcedure/search') && sent.postData()?.includes('"restrictBy":"AND"'))
      calls.push(sent.postData()!);
  });
  await searchIn(page, 'Extended procedures');
  await page.getByLabel('Code condition').selectOption({ label: 'Equals' });
  await page.getByLabel('Code', { exact: true }).fill('40');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No result found. Your enquiry gave no results.')).toBeVisible();
  expect(calls).toEqual([]);

  // Four characters are a real code: requested 40 + previous procedure.
  await page.getByLabel('Code', { exact: true }).fill('4000');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table tbody tr')).toHaveCount(1);
  await expect(page.locator('table tbody tr').first()).toContainText('4000');
  expect(calls).toHaveLength(1);
});

test('models of declaration show code-generalProcedureCode and their flow', async ({ page }) => {
  await page.goto('/en/tools/codification/');
  await searchIn(page, 'Models of declaration');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const first = page.locator('table tbody tr').first();
  await expect(first.getByRole('button')).toHaveText(/^[A-Z]{2}-\d$/);
  await expect(first.locator('td').nth(2)).toHaveText(/^(Export|Import)$/);
});

test('the declarants export holds 1000 rows with both address lines', async ({ page }) => {
  await page.goto('/en/tools/codification/');
  await searchIn(page, 'Declarants');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table tbody tr')).toHaveCount(10);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await downloading;
  const lines = readFileSync((await file.path()) as string, 'utf8')
    .slice(1)
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Code,Name/Description,Address Line 1,Address Line 2');
  expect(lines).toHaveLength(1001);
});

for (const language of ['en', 'ar']) {
  test(`the codification tool with results and details passes axe in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/tools/codification/`);
    await page.locator('select').first().selectOption('customsOffice');
    await page.locator('form[role="search"] button[type="submit"]').click();
    await page.locator('table tbody tr').first().getByRole('button').click();
    await expect(page.getByRole('complementary')).toBeVisible();
    await expect(page.getByRole('complementary').locator('dl')).toBeVisible();
    await axeClean(page);
  });
}

test('the address filter reads both address lines: "Chattogram" and "Bangladesh" find customs offices', async ({ page }) => {
  await page.goto('/en/tools/codification/');
  await searchIn(page, 'Customs offices');
  await page.getByLabel('Address', { exact: true }).fill('Chattogram');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const rows = page.locator('table tbody tr');
  await expect(rows.filter({ hasText: 'Custom House, Chattogram' })).toHaveCount(1);
  // "Bangladesh" is only ever on the second line: every office has it.
  await page.getByLabel('Address', { exact: true }).fill('Bangladesh');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('.table-range')).toHaveText(/^1–10 of 15$/);
});

test('attached document codes come in number order: 1, 2, 3 … not 1, 10, 100', async ({ page }) => {
  await page.goto('/en/tools/codification/');
  await searchIn(page, 'Attached documents');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const codes = page.locator('table tbody tr td:first-child');
  await expect(codes.first()).toHaveText('1');
  expect((await codes.allTextContents()).slice(0, 3).map((text) => text.trim())).toEqual(['1', '2', '3']);
});

test('a description with the condition All finds whole words in any order, best first; Contains stays literal', async ({ page }) => {
  await page.goto('/fr/tools/codification/');
  await page.getByLabel('Liste de référence', { exact: true }).selectOption({ label: 'Documents joints' });
  await page.getByLabel('Description', { exact: true }).fill('certificates origin');
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  const descriptions = page.locator('table tbody tr td:nth-child(2)');
  await expect(descriptions.first()).toHaveText('Certificate of origin');
  for (const text of await descriptions.allTextContents()) expect(text).toMatch(/\bcertificate\b.*\borigin\b|\borigin\b.*\bcertificate\b/i);
  // The same words as a literal substring are in no description.
  await page.getByLabel('Condition sur la description').selectOption({ label: 'Contient' });
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  await expect(page.getByText('Aucun résultat trouvé. Votre demande n’a donné aucun résultat.')).toBeVisible();
});

test('Back and Forward step through the searches made; a reload keeps the one shown', async ({ page }) => {
  await page.goto('/en/tools/codification/');
  await searchIn(page, 'Banks');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/table=bank\b/);
  await searchIn(page, 'Customs offices');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/table=customsOffice\b/);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/table=bank\b/);
  await expect(page.getByLabel('Reference list', { exact: true })).toHaveValue('bank');
  await expect(page.locator('.table-range')).toBeVisible();
  await expect(page.locator('table tbody tr').first().locator('td').nth(1)).toHaveText(/Bank/i);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/tools\/codification\/$/);
  await expect(page.getByLabel('Reference list', { exact: true })).toHaveValue('');
  await expect(page.locator('table')).toHaveCount(0);
  await page.goForward();
  await expect(page.getByLabel('Reference list', { exact: true })).toHaveValue('bank');
  await page.reload();
  await expect(page.getByLabel('Reference list', { exact: true })).toHaveValue('bank');
});

test('Bengali pages show the Bengali descriptions they search, marked as Bengali', async ({ page }) => {
  await page.goto('/bn/tools/codification/?table=extendedProcedure');
  const description = page.locator('table tbody tr').first().locator('td').nth(1).locator('span');
  await expect(description).toHaveText(/[\u0980-\u09FF]/);
  await expect(description).toHaveAttribute('lang', 'bn');
});
