// Publish to live: how long from an editor's "Publish" in the CMS until visitors get the page.
//   npm run bench:publish [-- --runs 5]
// Needs a running portal (npm start). Drives the CMS admin API as the admin panel does: signs in as the
// editor, creates a news article in English and French, publishes both, then asks the portal for the new
// pages every 250 ms. Each run waits for the site to be idle first, and deletes its article afterwards.
const portal = (process.env.PORTAL_URL || `http://localhost:${process.env.PORT || 8000}`).replace(/\/+$/, '');
const cms = (process.env.CMS_URL || `http://127.0.0.1:${process.env.CMS_PORT || 1337}`).replace(/\/+$/, '');
const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const manager = `${cms}/content-manager/collection-types/api::news-article.news-article`;
const TIMEOUT_MS = 10 * 60_000;

async function call(url, options = {}) {
  const response = await fetch(url, { ...options, headers: { 'content-type': 'application/json', ...options.headers } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${options.method || 'GET'} ${url}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const { data } = await call(`${cms}/admin/login`, {
  method: 'POST',
  body: JSON.stringify({
    email: process.env.CMS_ADMIN_EMAIL || 'editor@guichet.local',
    password: process.env.CMS_ADMIN_PASSWORD || 'Guichet-Editor-2026',
  }),
});
const headers = { authorization: `Bearer ${data.token}` };

async function idle() {
  for (;;) {
    const status = await call(`${portal}/portal-service/site-builds`, { headers });
    if (status.state === 'idle' && !status.queued) return status;
    await sleep(1000);
  }
}

const times = [];
for (let run = 1; run <= runs; run++) {
  await idle();
  const slug = `publish-bench-${Date.now()}`;
  const created = await call(`${manager}?locale=en`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: `Publish check ${run}`, slug, date: '2026-11-25', summary: 'Measuring publish to live.', body: 'Text.' }),
  });
  const { documentId } = created.data;
  await call(`${manager}/${documentId}?locale=fr`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ title: `Vérification ${run}`, slug, date: '2026-11-25', summary: 'Mesure.', body: 'Texte.' }),
  });
  const started = Date.now();
  for (const locale of ['en', 'fr'])
    await call(`${manager}/${documentId}/actions/publish?locale=${locale}`, { method: 'POST', headers, body: '{}' });
  let live = false;
  while (Date.now() - started < TIMEOUT_MS) {
    const [en, fr] = await Promise.all([fetch(`${portal}/en/news/${slug}/`), fetch(`${portal}/fr/news/${slug}/`)]);
    if (en.status === 200 && fr.status === 200) {
      live = true;
      break;
    }
    await sleep(250);
  }
  const seconds = (Date.now() - started) / 1000;
  const build = (await idle()).last;
  console.log(
    `run ${run}: ${live ? `live after ${seconds.toFixed(1)} s` : 'NOT live'} (build ${build?.id}: ${build?.ok ? 'ok' : 'failed'})`,
  );
  if (live) times.push(seconds);
  await call(`${manager}/${documentId}?locale=*`, { method: 'DELETE', headers }).catch(() => {});
}

times.sort((a, b) => a - b);
const quantile = (q) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
if (times.length) {
  console.log(
    `publish to live over ${times.length} runs: p50 ${quantile(0.5).toFixed(1)} s, p95 ${quantile(0.95).toFixed(1)} s, max ${times.at(-1).toFixed(1)} s`,
  );
}
if (times.length < runs) process.exit(1);
