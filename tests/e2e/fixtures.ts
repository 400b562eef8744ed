import { test as base, type Page, type Response } from '@playwright/test';

export { expect } from '@playwright/test';
export type { APIRequestContext, Page } from '@playwright/test';

/**
 * Real visitors can only use the tools once the page's scripts have run; so do these tests: a page loaded
 * with goto or reload is waited on until it is interactive (html[data-interactive], set after hydration).
 * A test that passes its own waitUntil (to act on the server-rendered page) is left alone.
 */
async function interactive(page: Page, response: Response | null): Promise<Response | null> {
  if (response && (response.headers()['content-type'] ?? '').includes('text/html'))
    await page.locator('html[data-interactive]').waitFor({ state: 'attached', timeout: 30_000 });
  return response;
}

export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      return options?.waitUntil ? response : interactive(page, response);
    };
    page.reload = async (options) => {
      const response = await reload(options);
      return options?.waitUntil ? response : interactive(page, response);
    };
    await provide(page);
  },
});
