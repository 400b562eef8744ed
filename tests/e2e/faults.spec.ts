import { expect, test, type APIRequestContext, type Page } from './fixtures';

/**
 * SPEC section 8 on the real stack: the server is made to fail on purpose (services/src/faults/, on in
 * the test stack only) and every tool must show its catalogue message, then work again once it recovers.
 */
type Mode = 'down' | 'error' | 'slow' | 'malformed';
const fault = (request: APIRequestContext, match: string, mode: Mode, delayMs = 0) =>
  request.post('/__faults', { data: { match, mode, delayMs } }).then((response) => expect(response.status()).toBe(200));

test.afterEach(async ({ request }) => {
  await request.delete('/__faults');
});

const notification = (page: Page, text: string) => page.locator('.notifications').getByText(text, { exact: true });

test('tariff search: a 500 empties the list with the catalogue message; the next search works', async ({ page, request }) => {
  await page.goto('/en/tools/tariff-search/');
  await fault(request, '/reference-service/commodity/search', 'error');
  await page.getByLabel('Keywords').fill('coffee');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(notification(page, 'Something went wrong')).toBeVisible();
  await expect(page.locator('table tbody tr')).toHaveCount(0);

  await request.delete('/__faults');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
});

test('codification: a stopped service and a malformed answer show the message; recovery works', async ({ page, request }) => {
  await page.goto('/en/tools/codification/');
  await page.getByLabel('Reference list', { exact: true }).selectOption({ label: 'Customs offices' });
  for (const mode of ['down', 'malformed'] as const) {
    await fault(request, '/reference-service/customsOffice/search', mode);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(notification(page, 'Something went wrong')).toBeVisible();
    await expect(page.locator('table tbody tr')).toHaveCount(0);
    await page.locator('.notifications').getByRole('button').first().click();
    await request.delete('/__faults');
  }
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
});

test("exchange rates: when the previous day's call fails, the rates still show with the message", async ({ page, request }) => {
  await fault(request, 'currencies=', 'error');
  await page.goto('/en/exchange/customs-exchange-rate/');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.getByLabel('Show the difference with the previous day').check();
  await expect(notification(page, "Could not fetch yesterday's exchange rates for comparison")).toBeVisible();
  await expect(page.locator('table tbody tr').first()).toBeVisible();
});

test('exchange rates: a slow service shows the loader, then the rates', async ({ page, request }) => {
  await page.goto('/en/exchange/customs-exchange-rate/');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await fault(request, '/exchange-rate-service/search', 'slow', 3000);
  await page.getByLabel('Currency code or name').fill('USD');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Loading|loading/ })
      .first(),
  ).toBeVisible();
  // After a second, the delayed-load notice (SPEC section 9); gone once the answer is in.
  const delayed = page.getByText('Still loading: this is taking longer than usual. Please wait…');
  await expect(delayed).toBeVisible();
  await expect(page.locator('table tbody tr').first()).toContainText('USD', { timeout: 15_000 });
  await expect(delayed).toHaveCount(0);
});

test('page data: a failing page-data file falls back to loading the page in full', async ({ page, request }) => {
  await page.goto('/en/');
  await fault(request, '/page-data/en/news/page-data.json', 'error');
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'News', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/news\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

for (const { language, news, title, dir } of [
  { language: 'fr', news: 'Actualités', title: 'Une erreur s’est produite', dir: 'ltr' },
  { language: 'ar', news: 'الأخبار', title: 'حدث خطأ ما', dir: 'rtl' },
]) {
  test(`page data: a 500 on a ${language} page shows the 500 page in ${language}, ${dir}`, async ({ page, request }) => {
    // Failing before the page opens, so that the link's prefetch fails too.
    await fault(request, `/page-data/${language}/news/page-data.json`, 'error');
    await page.goto(`/${language}/`);
    await page.locator('#main-nav').getByRole('link', { name: news, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/news/$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
  });
}
