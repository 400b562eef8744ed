import { expect, test } from './fixtures';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIVE_SITE } from './helpers';

const appDataFile = join(LIVE_SITE, 'page-data', 'app-data.json');

test('a new build deployed while a visitor browses makes the next navigation a full page load', async ({ page }) => {
  const original = readFileSync(appDataFile, 'utf8');
  try {
    await page.goto('/en/');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'old-build'));
    // Deploy: the server now serves app data of another build.
    const appData = JSON.parse(original) as { webpackCompilationHash: string };
    writeFileSync(appDataFile, JSON.stringify({ ...appData, webpackCompilationHash: `${appData.webpackCompilationHash}0` }));
    // Go, the way Gatsby's links do, to a page the home page neither links nor prefetched (its data was not loaded with the old build).
    // Only a full page load fires the load event again.
    const loaded = page.waitForEvent('load');
    await page.evaluate(() => (window as unknown as { ___navigate: (path: string) => void }).___navigate('/en/news/page/2/'));
    await loaded;
    await expect(page).toHaveURL(/\/en\/news\/page\/2\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // A new document (the old one's marker is gone); the page may still be settling, so ask again if it moves.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'none').catch(() => 'navigating'))
      .toBe('none');
  } finally {
    writeFileSync(appDataFile, original);
  }
});

test('page data that fails to load makes the browser load the page itself', async ({ page }) => {
  // The page exists on the server, but its page data cannot be fetched (network failure on that file only),
  // from the start, so that no prefetch can have loaded it.
  await page.route('**/page-data/en/downloads/page-data.json', (route) => route.abort('failed'));
  await page.goto('/en/');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'before'));
  const loaded = page.waitForEvent('load');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Downloads', exact: true }).click();
  await loaded;
  await expect(page).toHaveURL(/\/en\/downloads\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Downloads' })).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { marker?: string }).marker ?? 'none').catch(() => 'navigating'))
    .toBe('none');
});
