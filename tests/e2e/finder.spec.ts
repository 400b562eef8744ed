import { expect, test } from './fixtures';
import { axeClean } from './helpers';

test("men's cotton t-shirt: 6109.10 among the top predictions, with its probability, tree and taxes", async ({ page }) => {
  await page.goto('/en/tools/tariff-search/ai/');
  await page.getByLabel('Product description').fill("men's cotton t-shirt");
  await page.getByRole('button', { name: 'Find HS codes' }).click();
  await expect(page).toHaveURL(/\/en\/tools\/tariff-search\/ai\/\?q=men/);
  const cards = page.locator('.finder-prediction');
  await expect(cards.first()).toBeVisible();
  const card = cards.filter({ hasText: '6109.10' });
  await expect(card).toHaveCount(1);
  const rank = await cards.evaluateAll((items) => items.findIndex((item) => item.textContent?.includes('6109.10')));
  expect(rank).toBeLessThan(5);
  // Probabilities with 2 decimals, in descending order.
  const probabilities = (await page.locator('.finder-probability strong').allTextContents()).map(Number);
  for (const text of await page.locator('.finder-probability strong').allTextContents()) expect(text).toMatch(/^[01]\.\d\d$/);
  expect([...probabilities].sort((a, b) => b - a)).toEqual(probabilities);
  // The tree: the national lines, linked to the tariff detail view.
  await expect(card.getByRole('link', { name: '6109.10.00' })).toHaveAttribute(
    'href',
    /\/en\/tools\/tariff-search\/detail\/\?code=61091000/,
  );
  // Taxes from the reference data.
  await card.getByRole('button', { name: 'Show taxes and notes' }).click();
  const taxes = card.getByRole('table', { name: /Tariff lines of 6109\.10/ });
  await expect(taxes).toBeVisible();
  await expect(taxes.getByRole('columnheader', { name: 'CD', exact: true })).toBeVisible();
  await expect(taxes.getByRole('row').filter({ hasText: '6109.10.00' })).toContainText('25.00');
  await expect(card.getByRole('heading', { name: 'Explanatory notes' })).toBeVisible();
});

test('a nonsense description asks to describe the product differently', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/ai/?q=qwzx%20blorft%20vvkj');
  await expect(page.getByText('Please describe your product in a different way to get results.')).toBeVisible();
  await expect(page.locator('.finder-prediction')).toHaveCount(0);
});

test('a query in French finds the chapter of common goods', async ({ page }) => {
  await page.goto(`/fr/tools/tariff-search/ai/?q=${encodeURIComponent('riz blanchi')}`);
  await expect(page.locator('.finder-prediction').first()).toContainText('1006');
});

test('the finder gives up after 15 s and says so; the next search works', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.goto('/en/tools/tariff-search/ai/');
  await request.post('/__faults', { data: { match: '/ai-tariff-service/list', mode: 'slow', delayMs: 25_000 } });
  try {
    await page.getByLabel('Product description').fill('laptop 14 inch');
    const started = Date.now();
    await page.getByRole('button', { name: 'Find HS codes' }).click();
    await expect(page.getByText('the tariff finder did not answer')).toBeVisible({ timeout: 20_000 });
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThan(14_000);
    expect(waited).toBeLessThan(19_000);
  } finally {
    await request.delete('/__faults');
  }
  await page.getByRole('button', { name: 'Find HS codes' }).click();
  await expect(page.locator('.finder-prediction').first()).toContainText('8471');
});

for (const language of ['en', 'ar'] as const) {
  test(`the AI tariff finder passes axe in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/tools/tariff-search/ai/?q=${encodeURIComponent('frozen shrimp')}`);
    await expect(page.locator('.finder-prediction').first()).toBeVisible();
    await page.locator('.finder-prediction button').first().click();
    await expect(page.locator('.finder-details table').first()).toBeVisible();
    await axeClean(page);
  });
}
