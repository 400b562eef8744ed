import { expect, test, type Page } from './fixtures';
import { axeClean, openSignedIn } from './helpers';
import { newsSlugs } from './content';

for (const language of ['en', 'ar'] as const) {
  test(`no serious or critical WCAG 2.1 AA violation in ${language}`, async ({ page, request }) => {
    const [slug] = await newsSlugs(request, language);
    const pages = [
      `/${language}/`,
      `/${language}/news/`,
      `/${language}/news/${slug}/`,
      `/${language}/frequently-asked-questions/`,
      `/${language}/custom-pages/about-us/`,
      `/${language}/downloads/`,
      `/${language}/tools/tariff-search/`,
      `/${language}/no-such-page/`,
    ];
    for (const path of pages) {
      await page.goto(path);
      // A page that failed to render would pass axe trivially: it must show its heading first.
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await axeClean(page, `${path}: `);
    }
  });
}

/**
 * Fields of the page narrower than what they show: a date field narrower than its date and calendar
 * button, a select narrower than its chosen option (SPEC-independent defects seen at 1366 px: clipped
 * dates, "IM-4" cut in the Arabic declaration list).
 */
function clippedFields(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const name = (element: Element) => element.id || element.getAttribute('name') || element.outerHTML.slice(0, 60);
    for (const input of document.querySelectorAll<HTMLInputElement>('main input[type="date"]')) {
      const copy = input.cloneNode() as HTMLInputElement;
      copy.removeAttribute('id');
      copy.style.cssText = 'position:absolute;visibility:hidden;inline-size:max-content;min-inline-size:0;max-inline-size:none';
      input.parentElement!.append(copy);
      const natural = copy.getBoundingClientRect().width;
      copy.remove();
      const width = input.getBoundingClientRect().width;
      if (width + 0.5 < natural) problems.push(`${name(input)}: ${Math.round(width)} px for ${Math.round(natural)} px`);
    }
    for (const select of document.querySelectorAll<HTMLSelectElement>('main select')) {
      const option = select.selectedOptions[0];
      if (!option || select.getBoundingClientRect().width === 0) continue;
      const style = getComputedStyle(select);
      const text = document.createElement('span');
      text.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font}`;
      text.textContent = option.text;
      document.body.append(text);
      const needed = text.getBoundingClientRect().width;
      text.remove();
      // The arrow takes about 20 px of the content box.
      const room = select.clientWidth - parseFloat(style.paddingInlineStart) - parseFloat(style.paddingInlineEnd) - 20;
      if (needed > room) problems.push(`${name(select)} "${option.text}": ${Math.round(room)} px for ${Math.round(needed)} px`);
    }
    return problems;
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`at 1366 px no date field or chosen option is clipped in ${language}`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    for (const path of [
      `/${language}/exchange/customs-exchange-rate/`,
      `/${language}/exchange/customs-exchange-rate/chart/`,
      `/${language}/exchange/central-bank-rates/`,
      `/${language}/tools/taxation-simulation/`,
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('main input[type="date"], main select').first()).toBeVisible();
      if (path.endsWith('taxation-simulation/')) await expect(page.locator('main select').first()).toHaveValue('IM-4');
      expect(await clippedFields(page), path).toEqual([]);
    }
    // The manifest search (signed in): a range needs both its dates whole.
    await openSignedIn(page, `/${language}/tools/manifest/`);
    await page.locator('#manifest-arrivalDate-op').selectOption('BETWEEN');
    await expect(page.locator('#manifest-arrivalDate-end')).toBeVisible();
    expect(await clippedFields(page), 'manifest').toEqual([]);
  });
}
