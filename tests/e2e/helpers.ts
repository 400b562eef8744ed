import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from './fixtures';

export interface DemoAccount {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  roles: string[];
}
const DEMO: DemoAccount[] = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'services', 'src', 'identity', 'demo-accounts.json'), 'utf8'),
);

/** The demo account that has this role. */
export const account = (role: string) => DEMO.find((item) => item.roles.includes(role))!;

/** Fills the identity server's sign-in form, in whatever language it shows (the page must be on it). */
export async function fillSignIn(page: Page, who: DemoAccount) {
  await expect(page).toHaveURL(/\/auth\/realms\/guichet\/protocol\/openid-connect\/auth/);
  await page.locator('input[name="login"]').fill(who.username);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('form button[type="submit"]').click();
}

/**
 * Opens a page that needs signing in, signing in as the trader on the way. The page goes on to the identity
 * server before it need be interactive, so the load is not waited on as other pages' are (fixtures.ts).
 */
export async function openSignedIn(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await fillSignIn(page, account('trader'));
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[/?]/g, '\\$&')}$`));
}

/** No serious or critical WCAG 2.1 AA violation on the page as it is now (label: where, in the failure message). */
export async function axeClean(page: Page, label = '') {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${label}${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`),
  ).toEqual([]);
}

/** The published site the server serves (scripts/build-site.mjs switches this link to each new build). */
export const LIVE_SITE = join(__dirname, '..', '..', 'var', 'site', 'live');
