import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { axeClean, openSignedIn } from './helpers';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

test('manifest search: sign-in required, "Fill at least one field", a registration-date range, paging and print', async ({ page }) => {
  await openSignedIn(page, '/en/tools/manifest/');
  await expect(page.getByText(/Sample data: the manifests and vessels/)).toBeVisible();

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fill at least one field' }).first()).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);

  // The last 30 days: a range with a start and an end.
  const end = new Date();
  const start = new Date(end.getTime() - 30 * 86_400_000);
  await page.getByLabel('Condition for Registration date').selectOption('BETWEEN');
  await page.getByLabel('Registration date: date (start of the range)').fill(isoDay(start));
  await page.getByLabel('Registration date: end of the range (optional)').fill(isoDay(end));
  const searched = page.waitForRequest((request) => request.url().endsWith('/manifest-service/search'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const body = (await searched).postDataJSON();
  expect(body).toMatchObject({
    offset: 0,
    max: 10,
    restrictions: [{ field: 'registrationDate', operator: 'BETWEEN', value: isoDay(start), valueTo: isoDay(end) }],
  });
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(10);
  const caption = await page.locator('table caption').textContent();
  const total = Number(/(\d+) manifests found/.exec(caption ?? '')?.[1]);
  expect(total).toBeGreaterThan(100);

  // Page 2: offset = (page - 1) x size.
  const second = page.waitForRequest((request) => request.url().endsWith('/manifest-service/search'));
  await page.getByRole('button', { name: /next/i }).click();
  expect((await second).postDataJSON().offset).toBe(10);

  // registrationNumber goes as a number, combined with the office.
  await page.getByLabel('Condition for Registration date').selectOption('');
  await page.getByLabel('Registration number', { exact: true }).fill('12');
  // An exact office code shorter than a code: "Min 3", and no search.
  await page.getByLabel('Customs office code', { exact: true }).fill('10');
  await expect(page.getByText('Min 3 characters')).toBeVisible();
  await page.getByLabel('Customs office code', { exact: true }).fill('101');
  await expect(page.getByText('Min 3 characters')).toHaveCount(0);
  const byNumber = page.waitForRequest((request) => request.url().endsWith('/manifest-service/search'));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  expect((await byNumber).postDataJSON().restrictions).toEqual([
    { field: 'customsOfficeCode', operator: 'EQUALS', value: '101' },
    { field: 'registrationNumber', operator: 'EQUALS', value: 12 },
  ]);
  await expect(rows.first()).toContainText('101/');

  // Print rows 1 to 10 of the range search as PDF.
  await page.getByLabel('Condition for Registration number').selectOption('');
  await page.getByLabel('Condition for Customs office code').selectOption('');
  await page.getByLabel('Condition for Registration date').selectOption('BETWEEN');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table caption')).toHaveText(caption!);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('Manifest(1-10).pdf');
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 4)
      .toString(),
  ).toBe('%PDF');
  // A range that cannot be printed says why, beside the disabled buttons.
  await page.getByLabel('To row').fill('5');
  await page.getByLabel('From row').fill('8');
  await expect(page.locator('#manifest-print-hint')).toContainText('The last row cannot come before the first.');
  await expect(page.getByRole('button', { name: 'Print PDF' })).toBeDisabled();
  await page.getByLabel('From row').fill('1');
  await expect(page.locator('#manifest-print-hint')).not.toContainText('cannot');
  await expect(page.getByRole('button', { name: 'Print PDF' })).toBeEnabled();
  // A reload keeps the form and its search: nothing typed is lost.
  await page.reload();
  await expect(page.getByLabel('Condition for Registration date')).toHaveValue('BETWEEN');
  await expect(page.getByLabel('Registration date: date (start of the range)')).toHaveValue(isoDay(start));
  await expect(page.locator('table caption')).toHaveText(caption!);
});

test('latest manifests and vessels with their statuses', async ({ page }) => {
  await openSignedIn(page, '/en/tools/manifest/latest/');
  await expect(page.getByRole('heading', { name: 'Latest manifests', exact: true })).toBeVisible();
  await expect(page.locator('table').first().locator('tbody tr')).toHaveCount(10);
  const vessels = page.locator('table').nth(1);
  await expect(vessels.locator('tbody tr').first()).toBeVisible();
  for (const status of ['Underway', 'Moored', 'Stopped', 'Other'])
    await expect(page.getByRole('button', { name: new RegExp(`^${status} \\(\\d+\\)$`) })).toBeVisible();
  await page.getByRole('button', { name: /^Moored \(\d+\)$/ }).click();
  await expect(page.getByRole('button', { name: /^Moored/ })).toHaveAttribute('aria-pressed', 'true');
  // The filtered list arrives with the next answer: wait for it rather than read the rows of the previous one
  // (or none while it loads).
  await expect.poll(async () => [...new Set(await vessels.locator('tbody tr td .status-badge').allTextContents())]).toEqual(['Moored']);
});

for (const language of ['en', 'ar'] as const) {
  test(`manifest pages pass axe in ${language}`, async ({ page }) => {
    await openSignedIn(page, `/${language}/tools/manifest/`);
    await page.locator('#manifest-registrationDate-op').selectOption('BETWEEN');
    await page.locator('#manifest-registrationDate').fill(isoDay(new Date(Date.now() - 10 * 86_400_000)));
    await page.locator('form[role="search"] button[type="submit"]').click();
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await axeClean(page, 'search: ');
    await page.goto(`/${language}/tools/manifest/latest/`);
    await expect(page.locator('.status-badge').first()).toBeVisible();
    await axeClean(page, 'latest: ');
  });
}
