import { expect, test, type APIRequestContext } from './fixtures';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const cmsUrl = `http://127.0.0.1:${process.env.CMS_PORT || 1337}`;
const article = 'api::news-article.news-article';

async function signIn(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${cmsUrl}/admin/login`, {
    data: {
      email: process.env.CMS_ADMIN_EMAIL || 'editor@guichet.local',
      password: process.env.CMS_ADMIN_PASSWORD || 'Guichet-Editor-2026',
    },
  });
  expect(response.status()).toBe(200);
  return (await response.json()).data.token as string;
}

test('an editor publishes an article in Arabic in the CMS and a rebuild shows it', async ({ page, request }) => {
  test.setTimeout(5 * 60_000);
  const token = await signIn(request);
  const headers = { authorization: `Bearer ${token}` };
  const slug = `editor-check-${Date.now()}`;
  const title = 'إعلان تجريبي من المحرر';
  const created = await request.post(`${cmsUrl}/content-manager/collection-types/${article}/actions/publish?locale=ar`, {
    headers,
    data: { title, slug, date: '2026-11-21', summary: 'ملخص قصير للإعلان.', body: '## التفاصيل\n\nنص الإعلان باللغة العربية.' },
  });
  expect(created.status()).toBe(200);
  const { documentId } = (await created.json()).data as { documentId: string };
  try {
    const build = spawnSync('node', ['scripts/start.mjs', '--build-only'], { cwd: join(__dirname, '..', '..'), encoding: 'utf8' });
    expect(build.status, build.stdout + build.stderr).toBe(0);

    await page.goto(`/ar/news/${slug}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('.rich-text')).toHaveAttribute('lang', 'ar');
    await page.goto('/ar/news/');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  } finally {
    await request.delete(`${cmsUrl}/content-manager/collection-types/${article}/${documentId}?locale=ar`, { headers });
  }
});
