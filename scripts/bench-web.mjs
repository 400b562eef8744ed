// Web performance budgets of the built site.
//   npm run bench:web                                  against the portal on http://localhost:8000
//   npm run bench:web -- --url http://host:port --no-lighthouse
//   npm run bench:web -- --runs 5 --page news
// 1. First-load JavaScript per page type (gzip): webpack runtime, framework, app and the page's own chunks,
//    from public/webpack.stats.json. Budget: 150 KB for content pages.
// 2. Lighthouse (mobile, Debian chromium or CHROME_PATH) performance and accessibility of home, news,
//    tariff search and exchange rates, in en and ar. Targets: performance >= 95, accessibility 100.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(import.meta.dirname, '..');
const site = join(root, 'public');
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
};
const baseUrl = option('url', 'http://localhost:8000').replace(/\/+$/, '');

const CONTENT_BUDGET_KB = 150;
const PAGE_TYPES = [
  ['home', 'home', true],
  ['news list', 'news-list', true],
  ['news article', 'news-article', true],
  ['custom page', 'custom-page', true],
  ['FAQ', 'faq', true],
  ['downloads', 'downloads', true],
  ['tools (all tool pages)', 'tool', false],
  ['exchange rates', 'exchange-rate', false],
  ['help desk', 'help-desk', false],
];

const stats = JSON.parse(readFileSync(join(site, 'webpack.stats.json'), 'utf8'));
const gzipped = new Map();
const size = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(site, file)), { level: 9 }).length);
  return gzipped.get(file);
};
// What every page loads before its own chunks (the script tags of the HTML).
const html = readFileSync(join(site, 'en', 'index.html'), 'utf8');
const shared = [...html.matchAll(/<script src="\/([^"]+\.js)"/g)].map((match) => match[1]);

const rows = PAGE_TYPES.map(([label, template, content]) => {
  const group = stats.namedChunkGroups[`component---src-templates-${template}-tsx`];
  const files = [...new Set([...shared, ...group.assets.map((asset) => asset.name).filter((name) => name.endsWith('.js'))])];
  const kb = files.reduce((sum, file) => sum + size(file), 0) / 1024;
  return {
    page: label,
    'first-load JS (KB gz)': Math.round(kb * 10) / 10,
    budget: content ? `${CONTENT_BUDGET_KB} KB` : '-',
    result: content ? (kb <= CONTENT_BUDGET_KB ? 'ok' : 'MISS') : '',
  };
});
console.log(`First-load JavaScript per page type (shared: ${shared.join(', ')})`);
console.table(rows);

if (!process.argv.includes('--no-lighthouse')) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const runs = Number(option('runs', '3'));
  const only = option('page', '');
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  // One fresh browser per run, as a visitor's first visit; the median of the runs is reported.
  const measure = async (url, blockedUrlPatterns = []) => {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const { lhr } = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          formFactor: 'mobile',
          blockedUrlPatterns,
        });
        samples.push(lhr);
      } finally {
        await chrome.kill();
      }
    }
    const score = (category) => median(samples.map((lhr) => Math.round((lhr.categories[category].score ?? 0) * 100)));
    const audit = (id) => median(samples.map((lhr) => lhr.audits[id]?.numericValue ?? 0));
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'LCP ms': Math.round(audit('largest-contentful-paint')),
      'TBT ms': Math.round(audit('total-blocking-time')),
      CLS: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      benchmarkIndex: median(samples.map((lhr) => lhr.environment.benchmarkIndex)),
    };
  };
  const results = [];
  for (const language of ['en', 'ar']) {
    for (const [label, path] of [
      ['home', '/'],
      ['news', '/news/'],
      ['tariff search', '/tools/tariff-search/'],
      ['exchange rates', '/exchange/customs-exchange-rate/'],
    ]) {
      if (only && only !== label) continue;
      const url = `${baseUrl}/${language}${path}`;
      const page = await measure(url);
      // The same page with its scripts blocked: what the host costs before any of the site's JavaScript runs.
      const html = await measure(url, ['*.js']);
      results.push({
        page: `${label} (${language})`,
        ...page,
        'no-JS perf': html.performance,
        'no-JS TBT ms': html['TBT ms'],
        result: page.performance >= 95 && page.accessibility === 100 ? 'ok' : 'MISS',
      });
    }
  }
  console.log(`Lighthouse, mobile (simulated slow 4G, 4x CPU slowdown), median of ${runs} runs, ${baseUrl}`);
  console.table(results);
}
