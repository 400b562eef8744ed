import { expect, test } from './fixtures';

test('every answer carries the security headers; pages allow only their own inline scripts', async ({ request }) => {
  for (const path of [
    '/en/',
    '/en/tools/tariff-search/',
    '/en/no-such-page/',
    '/reference-service/currency/USD',
    '/auth/realms/guichet/.well-known/openid-configuration',
    '/keycloak.json',
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy'], path).toContain('camera=()');
    const policy = headers['content-security-policy'] ?? '';
    expect(policy, path).toContain("frame-ancestors 'self'");
    expect(policy, path).toContain("object-src 'none'");
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(scripts, path).not.toContain("'unsafe-eval'");
    expect(scripts, path).not.toMatch(/https?:/);
  }
  // A page's own inline scripts are allowed by hash.
  const html = await (await request.get('/en/')).text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).filter(Boolean);
  expect(inline.length).toBeGreaterThan(0);
  const policy = (await request.get('/en/')).headers()['content-security-policy'];
  expect((policy.match(/'sha256-/g) ?? []).length).toBe(new Set(inline).size);
});

test('the portal works under its policy: no violation while browsing, exporting a PDF and signing in', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|frame|connect)/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/en/');
  await page.goto('/ar/tools/tariff-search/?keyword=coffee');
  await expect(page.locator('table tbody tr').first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'PDF' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/\.pdf$/);
  await page.goto('/en/exchange/customs-exchange-rate/chart/?currency=USD&from=2026-08-01&to=2026-08-31');
  await expect(page.locator('.rate-chart circle').first()).toBeVisible();
  await page.goto('/en/help-desk/', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill('trader@guichet.local');
  await page.getByLabel('Password').fill('Trader-Demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'New request' })).toBeVisible();
  expect(violations).toEqual([]);
});
