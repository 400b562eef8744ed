import { expect, test } from './fixtures';
import { axeClean } from './helpers';
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
