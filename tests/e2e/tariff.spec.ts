import { expect, test, type Page } from './fixtures';
import { axeClean } from './helpers';

const codes = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();

test('search by keyword and by HS code, sort by a tax column, page, and keep recent searches', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/');
  await page.evaluate(() => window.localStorage.clear());

  // Validation messages, and no call for an invalid search.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'keyword or an HS code' })).toBeVisible();
  await page.getByLabel('HS code').fill('0');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('The HS code needs a minimum of 2 digits.')).toBeVisible();

  await page.getByLabel('HS code').fill('');
  await page.getByLabel('Keywords').fill('coffee');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\?keyword=coffee$/);
  await expect(page.locator('table tbody tr')).toHaveCount(10);
  const keywordCodes = await codes(page);
  expect(keywordCodes.filter((code) => code.startsWith('0901.')).length).toBeGreaterThanOrEqual(8);
  await expect(page.locator('table tbody tr').first()).toContainText('93.16');

  await page.getByLabel('Keywords').fill('');
  await page.getByLabel('HS code').fill('0901');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\?code=0901$/);
  await expect(page.getByText('1–10 of 10')).toBeVisible();
  const headingCodes = await codes(page);
  expect(headingCodes.every((code) => code.startsWith('0901.'))).toBe(true);
  expect(headingCodes).toEqual([...headingCodes].sort());

  // Sort by TTI: descending on the second press.
  const tti = page.getByRole('columnheader', { name: /TTI/ });
  await expect(tti.locator('abbr')).toHaveAttribute('title', 'Total tax incidence');
  await tti.getByRole('button').click();
  await expect(tti).toHaveAttribute('aria-sort', 'ascending');
  await tti.getByRole('button').click();
  await expect(tti).toHaveAttribute('aria-sort', 'descending');
  // The sorted rows come with the service's next answer.
  await expect
    .poll(async () => {
      const ttiValues = (await page.locator('table tbody tr td:last-child').allTextContents()).map(Number);
      return ttiValues.length > 1 && ttiValues.every((value, index) => index === 0 || ttiValues[index - 1] >= value);
    })
    .toBe(true);

  // Page 2 of a larger search.
  await page.getByLabel('HS code').fill('09');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const firstPage = await codes(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();
  const secondPage = await codes(page);
  expect(secondPage[0] > firstPage[firstPage.length - 1]).toBe(true);

  // Recent searches survive a reload.
  await page.reload();
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await expect(recent.getByRole('button', { name: 'coffee' })).toBeVisible();
  await expect(recent.getByRole('button', { name: '0901', exact: true })).toBeVisible();
});

test('the URL of a search reproduces it in a new page', async ({ browser }) => {
  const page = await browser.newPage();
  await page.goto('/fr/tools/tariff-search/?code=0902&sort=tax08&order=desc');
  await expect(page.getByLabel('Code SH')).toHaveValue('0902');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  expect((await codes(page)).every((code) => code.startsWith('0902.'))).toBe(true);
  await expect(page.getByRole('columnheader', { name: /TTI/ })).toHaveAttribute('aria-sort', 'descending');
  await page.close();
});

test('printed results say what was searched, without the controls of the screen', async ({ page }) => {
  await page.goto(`/en/tools/tariff-search/?keyword=coffee&code=09`);
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('printed-search')).toBeHidden();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('printed-search')).toBeVisible();
  await expect(page.getByTestId('printed-search')).toContainText('Search: 09 · coffee');
  await expect(page.locator('.sort-indicator').first()).toBeHidden();
  await expect(page.locator('.search-form')).toBeHidden();
});

test('a link to a page past the last one shows the last page', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/?code=0901&page=99');
  await expect(page.getByText('1–10 of 10')).toBeVisible();
  await expect(page).toHaveURL(/\?code=0901$/);
  expect((await codes(page)).every((code) => code.startsWith('0901.'))).toBe(true);
});

test('a search with no match says so', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/?keyword=zzzqqq');
  await expect(page.getByText('No result found. Your enquiry gave no results.')).toBeVisible();
  await expect(page.getByText('Please try a different search.')).toBeVisible();
});

for (const language of ['en', 'ar']) {
  test(`the tariff search with results passes axe in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/tools/tariff-search/?keyword=coffee`);
    await expect(page.locator('table tbody tr').first()).toBeVisible();
    await axeClean(page);
  });
}

test('a line opens its detail with every tax, its heading and chapter, and its notes state', async ({ page }) => {
  // Loaded directly, the detail page hydrates without React errors (#418, #423).
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/en/tools/tariff-search/detail/?code=09011110');
  await expect(page.getByRole('region', { name: 'Duties and taxes (%)' })).toBeVisible();
  expect(errors.filter((text) => /Minified React error|hydrat/i.test(text))).toEqual([]);
  // The demonstration tariff has no supplementary units: no empty unit line.
  await expect(page.getByText('Supplementary unit')).toHaveCount(0);

  await page.goto('/en/tools/tariff-search/?code=0901');
  await expect(page.getByRole('columnheader', { name: 'UOM' })).toHaveCount(0);
  await page.getByRole('link', { name: '0901.11.10' }).click();
  await expect(page).toHaveURL(/\/en\/tools\/tariff-search\/detail\/\?code=09011110$/);
  await expect(page.getByRole('heading', { level: 2, name: /Coffee/ }).first()).toBeVisible();
  const taxes = page.getByRole('region', { name: 'Duties and taxes (%)' });
  // Each tax by its label and its full name.
  const names = {
    CD: 'Customs duty',
    SD: 'Supplementary duty',
    VAT: 'Value added tax',
    AIT: 'Advance income tax',
    AT: 'Advance tax',
    RD: 'Regulatory duty',
    EXD: 'Export duty',
    TTI: 'Total tax incidence',
  };
  for (const [label, name] of Object.entries(names))
    await expect(taxes.getByRole('rowheader', { name: `${label} ${name}`, exact: true })).toBeVisible();
  await expect(taxes.getByRole('row', { name: /TTI/ })).toContainText('93.16');
  const notes = page.getByRole('region', { name: /Explanatory notes for heading 0901/ });
  await expect(notes).toContainText('Notes written for this portal, not the official WCO Explanatory Notes.');
  await expect(notes.locator('script, a, img')).toHaveCount(0);
  await page.getByRole('link', { name: '0901', exact: true }).click();
  await expect(page).toHaveURL(/browse\/\?heading=0901$/);
  await expect(page.locator('table tbody tr')).toHaveCount(10);
});

test('an exact national code jumps to its detail, and unknown codes and chapters say so', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/');
  await page.getByLabel('HS code').fill('0902.10.00');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/detail\/\?code=09021000$/);
  await expect(page.getByRole('region', { name: 'Duties and taxes (%)' })).toBeVisible();

  await page.goto('/en/tools/tariff-search/detail/?code=09041110');
  await expect(page.getByRole('region', { name: /Explanatory notes for heading 0904/ })).toContainText('Notes are not available');

  await page.goto('/en/tools/tariff-search/detail/?code=99999999');
  await expect(
    page.getByText('The HS code you are trying to view does not exist. Please run another search using the bar above.'),
  ).toBeVisible();
  // The bar the message speaks of is there, above it, and searches.
  const bar = page.getByRole('search');
  await expect(bar).toBeVisible();
  await bar.getByLabel('HS code').fill('0902');
  await bar.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/en\/tools\/tariff-search\/\?code=0902/);
  // No heading 99.99: no link to its lines.
  await expect(page.getByRole('link', { name: /national tariff lines of heading/ })).toHaveCount(0);

  // An HS subheading typed for a line leads to the lines of its heading.
  await page.goto('/en/tools/tariff-search/detail/?code=610910');
  await expect(page.getByText('The HS code you are trying to view does not exist.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'See the national tariff lines of heading 6109' }).click();
  await expect(page).toHaveURL(/\/en\/tools\/tariff-search\/browse\/\?heading=6109$/);
  await expect(page.getByRole('link', { name: '6109.10.00' })).toBeVisible();
  await page.goto('/en/tools/tariff-search/browse/?chapter=77');
  await expect(page.getByText('The chapter 77 does not exist')).toBeVisible();
});

test('a code typed before the page became interactive still opens its line', async ({ page }) => {
  // Hold the page's scripts so that the typing happens on the server-rendered form.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/tools/tariff-search/', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('HS code').fill('0902.10.00');
  release();
  await page.waitForLoadState('networkidle');
  await expect(page.getByLabel('HS code')).toHaveValue('0902.10.00');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/detail\/\?code=09021000$/);
});

test('browse sections, then a chapter, then a heading', async ({ page }) => {
  await page.goto('/ar/tools/tariff-search/browse/');
  await expect(page.locator('main h2')).toHaveCount(21);
  await page.getByRole('link', { name: /^09 / }).click();
  await expect(page).toHaveURL(/\?chapter=09$/);
  await page.getByRole('link', { name: /^0902 / }).click();
  await expect(page).toHaveURL(/\?heading=0902$/);
  await expect(page.locator('table tbody tr').first()).toContainText('0902.');
  await axeClean(page);
});

test('keyword results come by relevance, and code order stays a choice', async ({ page }) => {
  await page.goto('/en/tools/tariff-search/?keyword=tea');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  await expect(page.getByLabel('Order')).toHaveValue('relevance');
  await page.getByLabel('Order').selectOption('code');
  await expect(page).toHaveURL(/sort=code/);
  await expect
    .poll(async () => {
      const codes = (await page.locator('table tbody tr a.code').allTextContents()).map((code) => code.replace(/\./g, ''));
      return codes.length > 1 && codes.every((code, index) => index === 0 || codes[index - 1] <= code);
    })
    .toBe(true);
  await page.getByLabel('Order').selectOption('relevance');
  await expect(page).not.toHaveURL(/sort=/);
  // The new order arrives with the next answer: wait for it rather than read the rows of the previous one.
  await expect
    .poll(async () => {
      const descriptions = await page.locator('table tbody tr td:nth-child(2)').allTextContents();
      return descriptions.slice(0, 5).every((d) => /(^|[^a-z])teas?([^a-z]|$)/i.test(d));
    })
    .toBe(true);
});

for (const language of ['en', 'ar']) {
  test(`the tariff detail and browse views pass axe in ${language}`, async ({ page }) => {
    for (const path of [
      `/${language}/tools/tariff-search/detail/?code=09011110`,
      `/${language}/tools/tariff-search/browse/?chapter=09`,
      `/${language}/tools/tariff-search/browse/`,
    ]) {
      await page.goto(path);
      await expect(page.locator('main .card').first()).toBeVisible();
      await axeClean(page, `${path}: `);
    }
  });
}

for (const { language, keywords, heading, text } of [
  { language: 'en', keywords: 'leather shoes', heading: '6403', text: null },
  { language: 'fr', keywords: 'riz', heading: '1006', text: 'Riz' },
  { language: 'es', keywords: 'arroz', heading: '1006', text: 'Arroz' },
  { language: 'ar', keywords: 'أرز', heading: '1006', text: 'أرز' },
  { language: 'bn', keywords: 'চাল', heading: '1006', text: null },
]) {
  test(`a ${language} visitor finds goods by their everyday name and reads the tariff in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/tools/tariff-search/`);
    await page.locator('#tariff-keyword').fill(keywords);
    const searched = page.waitForRequest((request) => request.url().endsWith('/reference-service/commodity/search'));
    await page.locator('#tariff-keyword').press('Enter');
    expect((await searched).postDataJSON()).toMatchObject({ keywords, lang: language });
    const first = page.locator('table tbody tr').first();
    await expect(first.locator('a.code')).toHaveText(new RegExp(`^${heading}\\.`));
    if (text) {
      // The HS text in the page language, then the official national text in English.
      await expect(first.locator(`.hs-heading[lang="${language}"]`)).toContainText(text);
      await expect(first.locator('.national-text [lang="en"]')).toBeVisible();
    } else {
      await expect(first.locator('[lang="en"]').first()).toBeVisible();
    }
    // Whole words: no liquorice for rice, no shoulders for shoes.
    await expect(page.locator('table tbody')).not.toContainText(/liquorice|shoulder/i);
    if (language === 'bn') await expect(page.getByText('এইচএস ২০২২-এর কোনো সরকারি বাংলা পাঠ নেই')).toBeVisible();
  });
}

test('the explanatory notes say they are in English on an Arabic page', async ({ page }) => {
  await page.goto('/ar/tools/tariff-search/detail/?code=09011110');
  const notes = page.locator('section.notes');
  await expect(notes.locator('.rich-text[lang="en"]')).toBeVisible();
  await expect(notes.getByRole('note')).toHaveText('هذا المحتوى غير متاح بلغتك بعد، لذا يُعرض باللغة الإنجليزية.');
  await page.goto('/en/tools/tariff-search/detail/?code=09011110');
  await expect(page.locator('section.notes .rich-text')).toBeVisible();
  await expect(page.locator('section.notes').getByRole('note')).toHaveCount(0);
});
