import { expect, test } from './fixtures';
import { axeClean } from './helpers';

test('the developers page lists every service description and tries an operation from the portal origin', async ({ page }) => {
  await page.goto('/en/developers/');
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: 'Try it' }) });
  await expect(rows).toHaveCount(14);
  // Every description it links to is served.
  for (const href of await page.locator('table a').evaluateAll((links) => links.map((link) => link.getAttribute('href')!)))
    expect((await page.request.get(href)).status(), href).toBe(200);

  await rows.filter({ hasText: 'Customs exchange rates' }).getByRole('button', { name: 'Try it' }).click();
  await expect(page.getByRole('heading', { name: 'Guichet customs exchange rates' })).toBeVisible();
  await page.locator('summary').filter({ hasText: '/exchange-rate-service/search' }).click();
  const operation = page.locator('details[open]');
  await operation.getByLabel('validityDate (query)').fill('2026-09-29');
  await operation.getByLabel('currencies (query)').fill('USD');
  await operation.getByRole('button', { name: 'Send' }).click();
  await expect(operation.getByText('Answer: HTTP 200')).toBeVisible();
  await expect(operation.locator('pre')).toContainText('"code":"USD"');
  await axeClean(page, 'en: ');

  await page.goto('/ar/developers/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('row').filter({ hasText: 'أسعار البنك المركزي' }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: 'Guichet central bank rates' })).toBeVisible();
  await axeClean(page, 'ar: ');
});
