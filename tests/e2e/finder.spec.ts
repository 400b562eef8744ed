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
  // Probabilities with 2 decimals ("< 0.01" for one that rounds to 0.00), in descending order.
  const shown = await page.locator('.finder-probability strong').allTextContents();
  for (const text of shown) expect(text).toMatch(/^([01]\.\d\d|< 0\.01)$/);
  const probabilities = shown.map((text) => (text === '< 0.01' ? 0 : Number(text)));
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

test('a code with no national line in the tariff data says so, where the lines would be', async ({ page }) => {
  // 6110.20: the tariff data (parsed from the published schedule) has no line under it.
  await page.goto(`/en/tools/tariff-search/ai/?q=${encodeURIComponent('cotton pullover knitted')}`);
  const card = page.locator('.finder-prediction').filter({ hasText: '6110.20' });
  await expect(card).toContainText('The tariff data holds no national line under this code.');
  await expect(card.locator('.finder-tree')).toHaveCount(0);
});

test('a nonsense description asks to describe the product differently', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/ai/?q=qwzx%20blorft%20vvkj');
  await expect(page.getByText('Please describe your product in a different way to get results.')).toBeVisible();
  await expect(page.locator('.finder-prediction')).toHaveCount(0);
});

test('a link whose text cannot be searched says why, and an empty page says what to do', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/ai-tariff-service/list')) calls.push(request.url());
  });
  await page.goto('/en/tools/tariff-search/ai/');
  await expect(page.getByText('Describe the goods and search: the likely HS codes, with their probability, appear here.')).toBeVisible();
  await page.goto(`/en/tools/tariff-search/ai/?q=${'a'.repeat(2001)}`);
  const box = page.getByLabel('Product description');
  await expect(page.getByText('Enter at most 2000 characters: this description has 2001.')).toBeVisible();
  await expect(box).toHaveAttribute('aria-invalid', 'true');
  // Nothing is cut: the whole text stays in the box, to be shortened.
  await expect(box).toHaveValue('a'.repeat(2001));
  await page.goto('/en/tools/tariff-search/ai/?q=TV');
  await expect(page.getByText('Enter at least 3 characters.')).toBeVisible();
  // A control character pasted with a description is left out, not sent.
  await page.goto('/en/tools/tariff-search/ai/?q=running%20shoes%00');
  await expect(page.locator('.finder-prediction').first()).toBeVisible();
  expect(calls.length).toBe(1);
  expect(calls[0]).not.toContain('%00');
});

test('a query in French finds the chapter of common goods, from a link, without React errors', async ({ page }) => {
  // Opened from a link, the page hydrates the built HTML first, then reads the address (#418, #425 before).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`/fr/tools/tariff-search/ai/?q=${encodeURIComponent('riz blanchi')}`);
  await expect(page.locator('.finder-prediction').first()).toContainText('1006');
  // The French subheading text goes on from its heading's; the English HS text says it whole, marked English.
  await expect(page.locator('.finder-prediction').first().locator('.finder-english [lang="en"]')).toContainText(/rice/i);
  await expect(page.getByRole('textbox', { name: /description/i })).toHaveValue('riz blanchi');
  expect(errors.filter((text) => /Minified React error|hydrat/i.test(text))).toEqual([]);
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

test('a goods description of over 1,000 characters gets results', async ({ page }) => {
  const description =
    "Men's T-shirt with short sleeves and a crew neck, made of knitted single jersey fabric of 100% combed cotton " +
    '(180 g/m2), garment dyed. The T-shirt has a rib knit neckband of cotton with 5% elastane, side seams, a taped back ' +
    'neck and double-needle hems at the sleeves and at the bottom. The front has a printed logo; there is no pocket, ' +
    'no zipper, no buttons and no lining. The knitted cotton fabric is soft, pre-shrunk and breathable; the T-shirt is ' +
    'worn as an outer garment or under a shirt or a sweater, at home, for sports or at work. Available in white, black, ' +
    "navy and heather grey, in men's sizes S, M, L, XL and XXL, with a regular fit. Care: machine washable at 40 degrees, " +
    'do not bleach, tumble dry low, iron on the reverse side. Each T-shirt weighs about 190 grams and carries a sewn-in ' +
    'care label stating the fibre content (100% cotton) and the country of origin. The knitted cotton T-shirts are ' +
    "presented folded, each in its own bag, for retail sale in clothing shops, and sold as men's cotton T-shirts.";
  expect(description.length).toBeGreaterThan(1000);
  await page.goto('/en/tools/tariff-search/ai/');
  await page.getByLabel('Product description').fill(description);
  await expect(page.getByLabel('Product description')).toHaveValue(description);
  await page.getByRole('button', { name: 'Find HS codes' }).click();
  const first = page.locator('.finder-prediction').first();
  await expect(first).toBeVisible();
  await expect(first.locator('h3')).toContainText(/61\d\d\.\d\d/);
  await expect(page.getByText('Please describe your product in a different way to get results.')).toHaveCount(0);
});

test('an uncertain answer says so and offers headings as alternatives', async ({ page }) => {
  await page.goto(`/en/tools/tariff-search/ai/?q=${encodeURIComponent('plastic articles')}`);
  await expect(page).toHaveTitle(/^AI tariff finder/);
  await expect(page.getByText('This answer is uncertain: the first code is more likely wrong than right.')).toBeVisible();
  const alternatives = page.getByRole('list', { name: 'Other likely headings' }).getByRole('listitem');
  expect(await alternatives.count()).toBeGreaterThan(1);
  await expect(alternatives.first()).toContainText(/\d{2}\.\d{2}/);
  await expect(alternatives.first()).toContainText(/[01]\.\d\d/);
  // The predictions stay, with what a probability means.
  await expect(page.locator('.finder-prediction').first()).toBeVisible();
  await expect(page.getByText('The probability of the first code is the chance that it is right')).toBeVisible();
});

test('on a Bengali page the HS texts are in English, marked and said once, with their sources credited', async ({ page }) => {
  await page.goto(`/bn/tools/tariff-search/ai/?q=${encodeURIComponent("men's cotton t-shirt")}`);
  const first = page.locator('.finder-prediction').first();
  await expect(first).toBeVisible();
  await expect(first.locator('.finder-description')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.finder-english')).toHaveCount(1);
  await expect(page.locator('.finder-credits')).toContainText('EUR-Lex');
});

test('after a search focus is on its answer, the query is isolated, and on a phone opened details stay on the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/ar/tools/tariff-search/ai/');
  const box = page.locator('#finder-query');
  await expect(box).toHaveAttribute('dir', 'auto');
  // A problem is said at once and focus stays on the field.
  await box.fill('  ');
  await box.press('Enter');
  await expect(page.locator('#finder-query-error')).toHaveAttribute('role', 'alert');
  await expect(box).toBeFocused();
  await box.fill('cotton t-shirt, size XL.');
  await box.press('Enter');
  const heading = page.locator('#finder-results');
  await expect(page.locator('.finder-prediction').first()).toBeVisible();
  await expect(heading).toBeFocused();
  // The query sits between bidi isolates: its full stop stays at its end in a right-to-left page.
  expect(await heading.textContent()).toContain('\u2068cotton t-shirt, size XL.\u2069');
  await page.locator('.finder-prediction').first().getByRole('button').last().click();
  await expect(page.locator('.finder-prediction').first().getByRole('table')).toBeVisible();
  // The page does not scroll sideways: the taxes table scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
