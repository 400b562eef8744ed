import { expect, test, type APIRequestContext } from './fixtures';

const cmsUrl = `http://127.0.0.1:${process.env.CMS_PORT || 1337}`;
const article = 'api::news-article.news-article';
const manager = `${cmsUrl}/content-manager/collection-types/${article}`;
/**
 * How long the test waits for the published page: it proves the article goes live with no shell and no
 * restart. How fast (the 60 s target: 21 s on a quiet 2-core machine, about 60 s on one 2.4 times slower)
 * is measured by npm run bench:publish, as every speed target is; the time taken is reported below.
 */
const LIVE_WITHIN_MS = 3 * 60_000;
/** The build that follows the test's clean-up may take longer (it is not what the test measures). */
const IDLE_WITHIN_MS = 4 * 60_000;

async function signIn(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${cmsUrl}/admin/login`, {
    data: {
      email: process.env.CMS_ADMIN_EMAIL || 'editor@guichet.local',
      password: process.env.CMS_ADMIN_PASSWORD || 'Guichet-Editor-2026',
    },
  });
  expect(response.status()).toBe(200);
  const { token, user } = (await response.json()).data as { token: string; user: { roles?: Array<{ code: string }> } };
  // The default editor account edits and publishes; it is not a Super Admin.
  const me = await request.get(`${cmsUrl}/admin/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const roles = ((await me.json()).data.roles as Array<{ code: string }>).map((role) => role.code);
  expect(roles ?? user.roles).toEqual(['strapi-editor']);
  return token;
}

/** Waits until the page answers 200, as a visitor reloading it would; returns how long it took. */
async function liveAfter(request: APIRequestContext, path: string, since: number): Promise<number> {
  await expect.poll(async () => (await request.get(path)).status(), { timeout: LIVE_WITHIN_MS, intervals: [1000] }).toBe(200);
  return Date.now() - since;
}

test('an editor previews an article with an image in Arabic and French, publishes it, and it is live without a shell or a restart', async ({
  page,
  request,
}) => {
  test.setTimeout(LIVE_WITHIN_MS + IDLE_WITHIN_MS + 2 * 60_000);
  const token = await signIn(request);
  const headers = { authorization: `Bearer ${token}` };
  const slug = `editor-check-${Date.now()}`;

  // An image, uploaded as the media library does (a screenshot: large enough for the CMS to make smaller sizes).
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/en/');
  const picture = await page.screenshot();
  const upload = await request.post(`${cmsUrl}/upload`, {
    headers,
    multipart: {
      files: { name: 'portal-home.png', mimeType: 'image/png', buffer: picture },
      fileInfo: JSON.stringify({ alternativeText: 'The portal home page', name: 'portal-home.png' }),
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const [image] = (await upload.json()) as Array<{ id: number; url: string }>;

  // The draft: English first, then Arabic and French, as the edit view saves them.
  const created = await request.post(`${manager}?locale=en`, {
    headers,
    data: {
      title: 'Editor check',
      slug,
      date: '2026-11-25',
      summary: 'A short check article.',
      body: '## Details\n\nEnglish text.',
      image: image.id,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { documentId } = (await created.json()).data as { documentId: string };
  const texts = {
    ar: { title: 'إعلان تجريبي من المحرر', summary: 'ملخص قصير للإعلان.', body: '## ما الذي تغيّر\n\nنص الإعلان باللغة العربية.' },
    fr: { title: 'Annonce de vérification', summary: 'Un court article de vérification.', body: '## Ce qui change\n\nTexte en français.' },
  };
  try {
    for (const [locale, text] of Object.entries(texts)) {
      const saved = await request.put(`${manager}/${documentId}?locale=${locale}`, {
        headers,
        // The admin panel fills a new locale's slug with the type's name: the translation keeps the article's.
        data: { ...text, slug: locale === 'fr' ? 'news-article' : slug, date: '2026-11-25', image: image.id },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }

    // Preview: the CMS gives the admin panel a signed link to the portal's preview page; the draft shows as it will look.
    const preview = await request.get(`${cmsUrl}/content-manager/preview/url/${article}?documentId=${documentId}&locale=ar&status=draft`, {
      headers,
    });
    expect(preview.status(), await preview.text()).toBe(200);
    const previewUrl = (await preview.json()).data.url as string;
    expect(previewUrl).toMatch(/\/ar\/preview\/\?/);
    await page.goto(previewUrl.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.ar.title);
    await expect(page.locator('.preview-notice')).toBeVisible();
    await expect(page.locator('.rich-text h2')).toHaveText('ما الذي تغيّر');
    await expect(page.locator('img.article-image')).toHaveAttribute('src', /^\/uploads\//);
    // A changed link is refused; the public page does not exist yet.
    await page.goto(previewUrl.replace(/^https?:\/\/[^/]+/, '').replace('locale=ar', 'locale=fr'));
    await expect(page.locator('.notice[role="alert"]')).toContainText('غير صالح');
    expect((await request.get(`/ar/news/${slug}/`)).status()).toBe(404);

    // Publish every language; the CMS's webhook rebuilds the site.
    const published = Date.now();
    for (const locale of ['en', 'ar', 'fr']) {
      const done = await request.post(`${manager}/${documentId}/actions/publish?locale=${locale}`, { headers, data: {} });
      expect(done.status(), await done.text()).toBe(200);
    }
    const took = await liveAfter(request, `/fr/news/${slug}/`, published);
    test.info().annotations.push({ type: 'publish to live', description: `${(took / 1000).toFixed(1)} s` });

    await page.goto(`/ar/news/${slug}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.ar.title);
    await expect(page.locator('.rich-text')).toHaveAttribute('lang', 'ar');
    const img = page.locator('img.article-image');
    await expect(img).toHaveAttribute('srcset', /\/uploads\/.* \d+w/);
    expect(await img.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
    await page.goto(`/fr/news/${slug}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.fr.title);
    await page.goto('/ar/news/');
    await expect(page.getByRole('link', { name: texts.ar.title })).toBeVisible();

    // Bengali has no translation: the English text, marked as English, with a notice; the date line in Bengali.
    await page.goto(`/bn/news/${slug}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.locator('.fallback-notice')).toBeVisible();
    await expect(page.locator('article header h1')).toHaveAttribute('lang', 'en');
    await expect(page.locator('.rich-text')).toHaveAttribute('lang', 'en');
    await expect(page.locator('article .article-date')).toBeVisible();
    await expect(page.locator('[lang="en"] .article-date')).toHaveCount(0);
  } finally {
    await request.delete(`${manager}/${documentId}?locale=*`, { headers });
    // The deletion rebuilds the site: let it finish before the next tests, which read the live site.
    await expect
      .poll(
        async () => (await (await request.get('/portal-service/site-builds', { headers })).json()) as { state: string; queued: boolean },
        {
          timeout: IDLE_WITHIN_MS,
          intervals: [2000],
        },
      )
      .toMatchObject({ state: 'idle', queued: false });
  }
});

test('the build state is shown to editors, and a webhook call without the secret builds nothing', async ({ request }) => {
  const token = await signIn(request);
  const state = await request.get('/portal-service/site-builds', { headers: { authorization: `Bearer ${token}` } });
  expect(state.status()).toBe(200);
  expect(['idle', 'building']).toContain((await state.json()).state);
  expect((await request.get('/portal-service/site-builds')).status()).toBe(401);
  const forged = await request.post('/portal-service/site-builds/webhook', {
    data: { event: 'entry.publish' },
    headers: { authorization: 'Bearer guess' },
  });
  expect(forged.status()).toBe(401);
});

test('in the CMS, Arabic is edited right to left: the text fields and the Markdown editor follow the locale', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`${cmsUrl}/admin/auth/login`, { waitUntil: 'load' });
  await page.getByLabel(/email/i).fill(process.env.CMS_ADMIN_EMAIL || 'editor@guichet.local');
  await page.getByLabel(/password/i).fill(process.env.CMS_ADMIN_PASSWORD || 'Guichet-Editor-2026');
  await page.getByRole('button', { name: /login/i }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/, { timeout: 30_000 });
  for (const [locale, direction] of [
    ['ar', 'rtl'],
    ['fr', 'ltr'],
  ]) {
    await page.goto(`${cmsUrl}/admin/content-manager/collection-types/${article}?plugins[i18n][locale]=${locale}`, { waitUntil: 'load' });
    await page.locator('tbody tr').first().click();
    const title = page.locator('main input[name="title"]');
    await expect(title).toHaveAttribute('dir', direction, { timeout: 30_000 });
    // The slug is a code: it stays left to right in every locale.
    await expect(page.locator('main input[name="slug"]')).toHaveAttribute('dir', 'ltr');
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('main .CodeMirror')].map((element) =>
            (element as HTMLElement & { CodeMirror?: { getOption(name: string): string } }).CodeMirror?.getOption('direction'),
          ),
        ),
      )
      .toEqual([direction]);
  }
});
