import { expect, test } from './fixtures';
import { newsSlugs } from './content';

test('home -> news list -> article by links, client-side, with page data prefetched on hover', async ({ page }) => {
  await page.goto('/en/');
  await expect(page.locator('h1')).toBeVisible();
  // A marker on window survives client-side navigation only.
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'));

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const newsLink = nav.getByRole('link', { name: 'News', exact: true });
  const prefetched = page.waitForRequest((r) => r.url().endsWith('/page-data/en/news/page-data.json'));
  await newsLink.hover();
  await prefetched;
  await newsLink.click();
  await expect(page).toHaveURL(/\/en\/news\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();

  const firstArticle = page.locator('.news-card h2 a').first();
  const title = (await firstArticle.textContent())?.trim() ?? '';
  const href = (await firstArticle.getAttribute('href')) ?? '';
  const articleData = page.waitForRequest((r) => r.url().endsWith(`/page-data${href}page-data.json`));
  await firstArticle.hover();
  await articleData;
  await firstArticle.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(title);
});

test('tools reached by links from a content page work: their code and state join the running page', async ({ page }) => {
  await page.goto('/en/news/');
  await expect(page.locator('html')).toHaveAttribute('data-interactive', 'true');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same-document'));
  const nav = page.getByRole('navigation', { name: 'Main navigation' });

  await nav.getByRole('link', { name: 'Exchange rates', exact: true }).click();
  // On arrival the page writes its search (the date of the rates shown) into the address bar.
  await expect(page).toHaveURL(/\/en\/exchange\/customs-exchange-rate\/\?dov=\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('table tbody tr').first()).toBeVisible();

  await nav.getByRole('link', { name: 'Trade tools', exact: true }).click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Tariff search/ })
    .click();
  await expect(page).toHaveURL(/\/en\/tools\/tariff-search\/$/);
  await page.getByLabel('HS code').fill('0902');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.locator('table tbody tr').first()).toContainText('0902.');
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('same-document');
});

test('switching language from a French article lands on the same article in Arabic, right-to-left', async ({ page, request }) => {
  const [slug] = await newsSlugs(request, 'fr');
  await page.goto(`/fr/news/${slug}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('link', { name: 'العربية' }).click();
  await expect(page).toHaveURL(new RegExp(`/ar/news/${slug}/$`));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // The layout really mirrors: the brand sits on the right in Arabic.
  const brand = await page.locator('.brand').boundingBox();
  const viewport = page.viewportSize();
  expect(brand && viewport && brand.x > viewport.width / 2).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'guichet_lang')).toMatchObject({ value: 'ar', path: '/', sameSite: 'Strict' });
});

test('after a navigation, screen readers are told the new page in the page language', async ({ page }) => {
  await page.goto('/en/');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'News', exact: true }).click();
  await expect(page.locator('#gatsby-announcer')).toHaveText('Navigated to News');
  await page.goto('/ar/');
  await page.locator('#main-nav a[href="/ar/news/"]').click();
  await expect(page).toHaveURL(/\/ar\/news\/$/);
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
  await expect(page.locator('#gatsby-announcer')).toHaveText(`تم الانتقال إلى ${heading}`);
});

test('the static query data is loaded from /page-data/sq/d/', async ({ page }) => {
  const staticQuery = page.waitForResponse((r) => /\/page-data\/sq\/d\/\d+\.json$/.test(r.url()) && r.status() === 200);
  await page.goto('/en/');
  await staticQuery;
});

test('the layout holds at 360 px: the menu opens from its button', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/fr/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toBeVisible();
  const nav = page.locator('#main-nav');
  await expect(nav).toBeHidden();
  await toggle.click();
  await expect(nav).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

test('every home page holds at 360 px: nothing scrolls sideways, the hero text and search fit (Arabic and Bengali too)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const language of ['ar', 'bn', 'fr', 'es', 'en']) {
    await page.goto(`/${language}/`);
    await expect(page.locator('#hero-q')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), language).toBeLessThanOrEqual(360);
    // No element of the hero is wider than the hero, nor cut inside its own box.
    const overflowing = await page.evaluate(() => {
      const hero = document.querySelector('.hero')!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>('.hero, .hero *')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return (
            box.left < hero.left - 0.5 ||
            box.right > hero.right + 0.5 ||
            (element.tagName !== 'INPUT' && element.scrollWidth > element.clientWidth + 1)
          );
        })
        .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${element.className}`);
    });
    expect(overflowing, language).toEqual([]);
  }
});

test('tool pages with wide result tables hold at 360 px: the tables scroll in their own box', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of [
    '/en/tools/tariff-search/?keyword=coffee',
    '/ar/exchange/customs-exchange-rate/?difference=1',
    '/en/exchange/central-bank-rates/',
    '/en/exchange/customs-exchange-rate/chart/?currency=USD&from=2026-08-01&to=2026-08-31',
  ]) {
    await page.goto(path);
    await expect(page.locator('table').first()).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
  }
});

test('unknown paths show the 404 page in the browser', async ({ page }) => {
  const response = await page.goto('/ar/definitely-missing/');
  expect(response?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.error-code')).toHaveText('404');
  // Its language links lead to the same address in the other language, not to /xx/404/.
  await expect(page.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/fr/definitely-missing/');
  const html = await (await page.request.get('/ar/definitely-missing/')).text();
  expect(html).not.toMatch(/href="\/(en|fr|es|bn)\/404\/"/);
  // Language alternates are absolute URLs.
  expect(await page.locator('link[rel="alternate"][hreflang="fr"]').getAttribute('href')).toMatch(/^https?:\/\//);
});

test('switching language on a tool keeps its search', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/?code=0902');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await page.getByRole('link', { name: 'বাংলা' }).click();
  await expect(page).toHaveURL(/\/bn\/tools\/tariff-search\/\?code=0902$/);
  await expect(page.getByLabel('HS কোড')).toHaveValue('0902');
  await expect(page.locator('table tbody tr').first()).toContainText('0902.');
});

test('Latin text on Arabic and Bengali pages is rendered in Noto Sans, not a system fallback', async ({ page }) => {
  for (const language of ['ar', 'bn']) {
    await page.goto(`/${language}/`);
    const client = await page.context().newCDPSession(page);
    await client.send('DOM.enable');
    await client.send('CSS.enable');
    const { root } = await client.send('DOM.getDocument');
    // The brand name "Guichet" is Latin text on every page.
    const { nodeId } = await client.send('DOM.querySelector', { nodeId: root.nodeId, selector: '.brand-name' });
    const { fonts } = await client.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.map((font) => font.familyName).join(', '), language).toMatch(/^Noto Sans( (Bold|Regular|SemiBold|Medium))?(,|$)/);
    await client.detach();
  }
});

for (const { language, chapter, heading, subheading, source } of [
  {
    language: 'fr',
    chapter: 'CAFÉ, THÉ, MATÉ ET ÉPICES',
    heading: 'Riz',
    subheading: 'Riz semi-blanchi ou blanchi',
    source: 'Nomenclature combinée',
  },
  { language: 'ar', chapter: 'بن وشاي ومته وبهارات وتوابل', heading: 'أرز', subheading: 'أرز مضروب كلياً أو جزئياً', source: 'السعودية' },
]) {
  test(`the tariff browse and detail read in ${language}: HS texts of the page language, the national text in English`, async ({
    page,
  }) => {
    await page.goto(`/${language}/tools/tariff-search/browse/`);
    const coffee = page.getByRole('link', { name: /^09 / });
    await expect(coffee.locator(`[lang="${language}"]`)).toHaveText(chapter);
    // Section titles have no translation: English, marked, and said once under the list with the sources.
    await expect(page.locator('.section-name[lang="en"]').first()).toBeVisible();
    await expect(page.locator('.hs-source')).toHaveCount(1);
    await expect(page.locator('.hs-source')).toContainText(source);

    await page.goto(`/${language}/tools/tariff-search/browse/?chapter=10`);
    await expect(page.getByRole('link', { name: /^1006 / }).locator(`[lang="${language}"]`)).toContainText(heading);
    await page.getByRole('link', { name: /^1006 / }).click();
    await expect(page).toHaveURL(/\?heading=1006$/);
    await expect(page.locator('#heading-title')).toContainText(heading);
    const milled = page.locator('table tbody tr').filter({ hasText: '1006.30' }).first();
    // The subheading's text (a fragment of its heading) in the page language, under the heading's title.
    await expect(milled.locator(`.hs-subheading[lang="${language}"]`)).toContainText(subheading);

    // A line whose national text says more than its subheading's shows it too, in English.
    await page.goto(`/${language}/tools/tariff-search/detail/?code=10063011`);
    await expect(page.locator('#line-title')).toContainText(heading);
    await expect(page.locator(`.hs-subheading [lang="${language}"]`)).toContainText(subheading);
    await expect(page.locator('.national-text [lang="en"]')).toHaveText('Semi-Milled Or Wholly Milled Rice');
    await expect(page.locator('.hs-source')).toContainText(source);
  });
}
