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

test('no one signs up in the CMS, and the public content endpoint neither writes nor reads drafts', async ({ request }) => {
  const register = {
    query: 'mutation { register(input: { username: "intruder", email: "intruder@example.com", password: "Intruder-2026!" }) { jwt } }',
  };
  // The CMS itself (reachable on this machine only): its sign-up is closed.
  const cms = `http://127.0.0.1:${process.env.CMS_PORT || 1337}/graphql`;
  const direct = await (await request.post(cms, { data: register })).json();
  expect(direct.data?.register ?? null).toBeNull();
  expect(JSON.stringify(direct.errors)).toMatch(/disabled|Forbidden/i);
  // Through the portal: refused before it reaches the CMS.
  const proxied = await request.post('/trade-server/graphql/', { data: register });
  expect(proxied.status()).toBe(400);
  const drafts = await request.post('/trade-server/graphql/', { data: { query: '{ newsArticles(status: DRAFT) { title } }' } });
  expect(drafts.status()).toBe(400);
  expect(JSON.stringify(await drafts.json())).toContain('DRAFT');
  // Nor does the CMS itself give drafts to a reader without credentials, by REST or GraphQL.
  const api = `http://127.0.0.1:${process.env.CMS_PORT || 1337}/api/news-articles`;
  for (const query of [
    'status=draft',
    'status=DRAFT',
    'status=published&status=draft',
    'publicationState=preview',
    'hasPublishedVersion=false',
  ])
    expect((await request.get(`${api}?${query}`)).status(), query).toBe(403);
  expect((await request.get(`${api}?status=published`)).status()).toBe(200);
  for (const data of [
    { query: '{ newsArticles(status: DRAFT) { title } }' },
    { query: 'query($s: PublicationStatus) { newsArticles(status: $s) { title } }', variables: { s: 'DRAFT' } },
  ])
    expect((await request.post(cms, { data })).status(), data.query).toBe(403);
  const escaped = await request.post(cms, {
    data: '{"query": "{ newsArticles(status: \\u0044RAFT) { title } }"}',
    headers: { 'content-type': 'application/json' },
  });
  expect(escaped.status()).toBe(403);
  const published = await request.post(cms, { data: { query: '{ newsArticles(locale: "en") { title } }' } });
  expect(published.status()).toBe(200);
  expect((await published.json()).data.newsArticles.length).toBeGreaterThan(0);
});
