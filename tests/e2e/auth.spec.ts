import { expect, test, type Page } from './fixtures';
import { account, axeClean, fillSignIn, type DemoAccount } from './helpers';

async function signInFromHeader(page: Page, who: DemoAccount) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await fillSignIn(page, who);
  await expect(page.getByRole('button', { name: new RegExp(`${who.firstName} ${who.lastName}`) })).toBeVisible();
}

test('a visitor opening the help desk is sent to sign in, and comes back to it signed in', async ({ page }) => {
  await page.goto('/en/help-desk/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(page, account('trader'));
  await expect(page).toHaveURL(/\/en\/help-desk\/$/);
  await expect(page.getByRole('heading', { name: 'New request' })).toBeVisible();
  const menu = page.getByRole('button', { name: /Taslima Akter/ });
  await menu.click();
  await expect(page.getByText(account('trader').username)).toBeVisible();
  await expect(page.getByRole('link', { name: 'My account' })).toHaveAttribute('href', /\/auth\/realms\/guichet\/account/);
});

test('once signed in, the portal reads userinfo and the account profile (JSON) with its bearer token', async ({ page }) => {
  const calls = (path: RegExp) =>
    page.waitForResponse((response) => path.test(new URL(response.url()).pathname) && response.request().method() === 'GET');
  await page.goto('/en/');
  const userinfo = calls(/\/auth\/realms\/guichet\/protocol\/openid-connect\/userinfo$/);
  const profile = calls(/\/auth\/realms\/guichet\/account$/);
  await signInFromHeader(page, account('officer'));
  for (const response of [await userinfo, await profile]) {
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toMatch(/^Bearer \S+$/);
    expect(response.headers()['content-type']).toContain('application/json');
  }
  expect(await (await profile).json()).toMatchObject({ username: account('officer').username, lastName: account('officer').lastName });
});

test('roles: the declarant is denied the internal tools page, the officer sees it', async ({ page, browser }) => {
  await page.goto('/en/');
  await signInFromHeader(page, account('declarant'));
  await page.goto('/en/internal-tools/');
  await expect(page).toHaveURL(/\/en\/access-denied\/$/);
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByText('roles: declarant')).toBeVisible();

  const officer = await browser.newPage();
  await officer.goto('/en/internal-tools/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(officer, account('officer'));
  await expect(officer).toHaveURL(/\/en\/internal-tools\/$/);
  await expect(officer.locator('article h1')).toBeVisible();
  const staffText = ((await officer.locator('article .rich-text p, article p').first().textContent()) ?? '').slice(0, 40);
  expect(staffText.length).toBeGreaterThan(20);
  await officer.close();

  // The staff-only text is nowhere in the public build, nor behind the public content proxy.
  const pageData = await (await page.request.get('/page-data/en/internal-tools/page-data.json')).text();
  expect(pageData).not.toContain(staffText);
  const proxied = await page.request.post('/trade-server/graphql/', { data: { query: '{ internalToolsPage(locale: "en") { body } }' } });
  expect(proxied.status()).toBe(400);
  expect(JSON.stringify(await proxied.json())).not.toContain(staffText);
  expect((await page.request.get('/portal-service/internal-tools?locale=en')).status()).toBe(401);
});

test('sign out ends the session', async ({ page }) => {
  await page.goto('/fr/');
  await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByLabel('Adresse e-mail').fill(account('trader').username);
  await page.getByLabel('Mot de passe').fill(account('trader').password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('button', { name: /Taslima Akter/ }).click();
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page).toHaveURL(/\/fr\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  // The session is gone on the identity server too: the protected page asks to sign in again.
  await page.goto('/fr/help-desk/', { waitUntil: 'domcontentloaded' });
  await expect(page).toHaveURL(/\/auth\/realms\/guichet\/protocol\/openid-connect\/auth/);
});

test('a registration has no trade role until an officer grants it on the accounts screen', async ({ page, browser }) => {
  const email = `e2e.trader.${Date.now()}@example.com`;
  await page.goto('/en/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('heading', { name: 'Create your Guichet account' })).toBeVisible();
  await expect(page.getByText(/granted by a customs officer/)).toBeVisible();
  await page.getByLabel('First name').fill('Rupa');
  await page.getByLabel('Last name').fill('Chakma');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('trade-2026-password');
  await page.getByLabel('Confirm the password').fill('trade-2026-other');
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('trade-2026-password');
  await page.getByLabel('Confirm the password').fill('trade-2026-password');
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('button', { name: /Rupa Chakma/ })).toBeVisible();
  // Signed in, but the manifests (commercial data) are not open to a new account.
  await page.goto('/en/tools/manifest/');
  await expect(page).toHaveURL(/\/en\/access-denied\/$/);

  // An officer finds the account on the accounts screen and grants the trader role.
  const context = await browser.newContext();
  const officer = await context.newPage();
  await officer.goto('/en/internal-tools/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(officer, account('officer'));
  await expect(officer).toHaveURL(/\/en\/internal-tools\/$/);
  await officer.goto('/auth/realms/guichet/account?kc_locale=en');
  await officer.getByRole('link', { name: 'Manage accounts and roles' }).click();
  await officer.getByLabel('Search').fill(email);
  await officer.getByRole('button', { name: 'Search' }).click();
  const row = officer.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('not verified yet')).toBeVisible();
  await expect(row.getByLabel('officer')).toBeDisabled();
  await row.getByLabel('trader').check();
  await row.getByRole('button', { name: 'Save the roles' }).click();
  await expect(officer.getByRole('status')).toHaveText(`The roles of ${email} are saved.`);
  await axeClean(officer, 'accounts screen');
  await officer.goto(`/auth/realms/guichet/account/users?kc_locale=ar&search=${encodeURIComponent(email)}`);
  await expect(officer.locator('html')).toHaveAttribute('dir', 'rtl');
  await axeClean(officer, 'accounts screen (ar)');
  await context.close();

  // At the next sign-in the new trader opens the manifests.
  await page.goto('/en/');
  await page.getByRole('button', { name: /Rupa Chakma/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  const trader: DemoAccount = {
    username: email,
    password: 'trade-2026-password',
    firstName: 'Rupa',
    lastName: 'Chakma',
    roles: ['trader'],
  };
  await page.goto('/en/tools/manifest/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(page, trader);
  await expect(page).toHaveURL(/\/en\/tools\/manifest\/$/);
  await expect(page.getByText(/Sample data: the manifests and vessels/)).toBeVisible();
});

test('an expired access token is refreshed before the next call, without the visitor noticing', async ({ page }) => {
  const tokens: Array<{ grant: string; expiresIn: number }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/protocol/openid-connect/token'))
      tokens.push({ grant: new URLSearchParams(request.postData() ?? '').get('grant_type') ?? '', expiresIn: 0 });
  });
  await page.goto('/en/help-desk/', { waitUntil: 'domcontentloaded' });
  const first = page.waitForResponse((response) => response.url().endsWith('/protocol/openid-connect/token'));
  await fillSignIn(page, account('trader'));
  const { expires_in: lifetime, access_token: firstToken } = (await (await first).json()) as { expires_in: number; access_token: string };
  expect(lifetime).toBeLessThanOrEqual(60);
  await expect(page.getByRole('heading', { name: 'New request' })).toBeVisible();
  // Let the first token expire.
  await page.waitForTimeout((lifetime + 1) * 1000);
  await page.getByLabel('Category').selectOption({ label: 'Customs value' });
  await page.getByLabel('Subject').fill('Freight in the customs value');
  await page.getByLabel('Your question').fill('Is sea freight to Chattogram part of the customs value of my goods?');
  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/helpdesk-service/requests'));
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/helpdesk-service/requests'),
  );
  await page.getByRole('button', { name: 'Send the request' }).click();
  const bearer = (await posted).headers().authorization?.replace(/^Bearer /, '');
  expect((await answered).status()).toBe(201);
  expect(bearer).toBeTruthy();
  expect(bearer).not.toBe(firstToken);
  expect(tokens.some((token) => token.grant === 'refresh_token')).toBe(true);
  await expect(page.getByText('Your request was sent.')).toBeVisible();
});

test('a help desk request is seen by its trader and the officer, who answers it, and not by another trader', async ({ browser }) => {
  const subject = `Origin certificate ${Date.now()}`;
  const trader = await browser.newPage();
  await trader.goto('/en/help-desk/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(trader, account('trader'));
  await trader.getByLabel('Category').selectOption({ label: 'Procedures and regimes' });
  await trader.getByLabel('Subject').fill(subject);
  await trader.getByLabel('Your question').fill('Which certificate of origin do I need for garments to the EU?');
  await trader
    .getByLabel('Attachment (optional)')
    .setInputFiles({ name: 'packing-list.txt', mimeType: 'text/plain', buffer: Buffer.from('100 cartons') });
  await trader.getByRole('button', { name: 'Send the request' }).click();
  await expect(trader.getByRole('heading', { name: subject })).toBeVisible();

  const other = await browser.newPage();
  await other.goto('/en/help-desk/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(other, account('declarant'));
  await expect(other.getByRole('heading', { name: 'Your requests' })).toBeVisible();
  await expect(other.locator('.helpdesk-list')).not.toContainText(subject);

  const officer = await browser.newPage();
  await officer.goto('/en/help-desk/', { waitUntil: 'domcontentloaded' });
  await fillSignIn(officer, account('officer'));
  await expect(officer.getByRole('heading', { name: 'All requests' })).toBeVisible();
  const item = officer.locator('.helpdesk-item').filter({ hasText: subject });
  await expect(item).toContainText('Taslima Akter');
  await item.getByLabel(`Answer to “${subject}”`).fill('The GSP certificate (Form A) or REX statement.');
  await item.getByRole('button', { name: 'Send the answer' }).click();
  await expect(item).toContainText('Answered');

  await trader.reload();
  await expect(trader.locator('.helpdesk-item').filter({ hasText: subject })).toContainText(
    'The GSP certificate (Form A) or REX statement.',
  );
  for (const opened of [trader, other, officer]) await opened.close();
});

for (const language of ['en', 'ar']) {
  test(`sign-in, registration, help desk and access-denied pages pass axe in ${language}`, async ({ page }) => {
    await page.goto(`/${language}/help-desk/`, { waitUntil: 'domcontentloaded' });
    await expect(page).toHaveURL(/openid-connect\/auth/);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await axeClean(page);
    // The forgotten password's page, and back.
    await page.locator('.switch a[href*="reset-credentials"]').click();
    await expect(page.locator('form input[type=email]')).toBeVisible();
    await axeClean(page);
    await page.goBack();
    await page.locator('.switch a[href*="registrations"]').click();
    await expect(page.locator('form input[type=email]')).toBeVisible();
    await axeClean(page);
    await page.locator('.switch a').click();
    await page.locator('input[name=login]').fill(account('declarant').username);
    await page.locator('input[name=password]').fill(account('declarant').password);
    await page.locator('form button[type=submit]').click();
    await expect(page.locator('.helpdesk-form')).toBeVisible();
    await axeClean(page);
    await page.goto(`/${language}/internal-tools/`);
    await expect(page).toHaveURL(/access-denied/);
    await axeClean(page);
  });
}

test('an article can be shared: copy link, e-mail and social links without third-party scripts', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/en/news/');
  await page.locator('main article a, main .news-card a').first().click();
  const share = page.getByRole('region', { name: 'Share this article' });
  await share.getByRole('button', { name: 'Copy link' }).click();
  await expect(share.getByRole('status')).toHaveText('Link copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await expect(share.getByRole('link', { name: 'E-mail' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:\\?subject=.*${encodeURIComponent(page.url())}`),
  );
  await expect(share.getByRole('link', { name: /LinkedIn/ })).toHaveAttribute('href', /linkedin\.com\/sharing/);
  expect(await page.locator('script[src^="http"]').count()).toBe(0);
});
