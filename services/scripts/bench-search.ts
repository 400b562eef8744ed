// Tariff keyword search: quality and speed, on SQLite and (when BENCH_DATABASE_URL or TEST_DATABASE_URL is
// set) on PostgreSQL.
//   npm run bench:search [-- --duration <s> (10) --connections <n> (32) --processes <n,m> (1,2) --quality-only --verbose]
// Quality: data/search-eval/keywords.csv, per language: share of queries whose first result is under an
// accepted heading, and whose first 10 results include one (targets: 70% and 90%).
// Speed: a reference service of its own (separate process, port 0, answer cache off, so every request runs
// its SQL) answers the evaluation queries in all five languages with autocannon; p95 target 30 ms. It runs
// as one process, then as two sharing the port (node:cluster), as two replicas would on one machine
// (`--processes 1,2`); the target is judged on the single process.
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/db/database.js';
import { DEFAULT_DATA_DIR } from '../src/config.js';
import { prepareDatabase } from '../src/db/import.js';
import { referencePlugin, REFERENCE_PREFIX } from '../src/reference/plugin.js';
import { evaluate, EXTERNAL_FILE, loadEvalSet, loadExternalTestRows } from '../src/search/evaluate.js';
import { benchPostgresUrl, option, pick, run } from './bench-common.js';

const PACKS = ['hs', 'tariff', 'hsI18n', 'search'];

if (process.argv.includes('--serve') && cluster.isPrimary && Number(option('processes', '1')) > 1) {
  // Several server processes: the database is prepared once, then each process serves the same port.
  const database = await openDatabase({ url: option('serve', '') });
  await prepareDatabase(database, { packs: PACKS });
  await database.close();
  const workers = Array.from({ length: Number(option('processes', '1')) }, () => cluster.fork());
  const addresses = await Promise.all(
    workers.map((worker) => new Promise<string>((resolve) => worker.once('listening', (a) => resolve(`http://127.0.0.1:${a.port}`)))),
  );
  console.log(`LISTENING ${addresses[0]}`);
  // The workers get the signal with their channel open (worker.kill() closes it first, and a worker closing
  // its server then writes to a closed channel: EPIPE), and this process waits for them.
  process.on('SIGTERM', () => {
    let running = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => (--running === 0 ? process.exit(0) : undefined));
      worker.process.kill('SIGTERM');
    }
  });
} else if (process.argv.includes('--serve')) {
  // Server process: the reference service without answer cache on the prepared database; prints its port.
  const database = await openDatabase({ url: option('serve', '') });
  if (cluster.isPrimary) await prepareDatabase(database, { packs: PACKS });
  const app = Fastify();
  await app.register(referencePlugin, { prefix: REFERENCE_PREFIX, database, cacheSize: 0 });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`LISTENING ${address}`);
  process.on('SIGTERM', () => void app.close().then(() => database.close().then(() => process.exit(0))));
} else {
  const duration = Number(option('duration', '10'));
  const connections = Number(option('connections', '32'));
  const items = loadEvalSet(DEFAULT_DATA_DIR);
  const targets: boolean[] = [];

  const measure = async (label: string, url: string) => {
    const database = await openDatabase({ url });
    await prepareDatabase(database, { packs: PACKS });
    const scores = await evaluate(database, items);
    console.log(`\n${label}: quality on ${items.length} queries (data/search-eval/keywords.csv)`);
    console.table(
      scores.map((score) => ({
        language: score.language,
        queries: score.queries,
        'first hit': `${(score.first * 100).toFixed(0)}%`,
        'in first 10': `${(score.firstTen * 100).toFixed(0)}%`,
      })),
    );
    // Beside our own set, text nobody here wrote: the held-out test rows of the CBP rulings (heading level).
    const external = await evaluate(database, loadExternalTestRows(DEFAULT_DATA_DIR));
    console.log(
      `${label}: the same measure on ${external[0]?.queries ?? 0} goods descriptions by customs officers (${EXTERNAL_FILE}, test rows)`,
    );
    console.table(
      external.map((score) => ({
        language: score.language,
        queries: score.queries,
        'first hit': `${(score.first * 100).toFixed(0)}%`,
        'in first 10': `${(score.firstTen * 100).toFixed(0)}%`,
      })),
    );
    if (process.argv.includes('--verbose'))
      for (const score of scores)
        for (const miss of score.misses)
          console.log(`  ${score.language} "${miss.query}": want ${miss.expected.join('|')}, got ${miss.got.join(' ')}`);
    await database.close();
    targets.push(...scores.map((score) => score.first >= 0.7 && score.firstTen >= 0.9));
    if (process.argv.includes('--quality-only')) return;

    for (const processes of option('processes', '1,2').split(',').map(Number)) await speed(label, url, processes);
    return;
  };

  const speed = async (label: string, url: string, processes: number) => {
    const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--serve', url, '--processes', String(processes)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /LISTENING (\S+)/.exec(output);
          if (match) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`search server exited with code ${code}`)));
      });
      const request = (n: number) => {
        const item = pick(items, n);
        return { path: `${REFERENCE_PREFIX}/commodity/search`, body: { keywords: item.query, lang: item.language, max: 15 } };
      };
      await run(baseUrl, { name: 'warm-up', method: 'POST', request }, connections, 2);
      const result = await run(baseUrl, { name: 'keyword search, cache off', method: 'POST', request }, connections, duration);
      // The machine's load during the run: other work on the same cores makes requests queue longer.
      console.log(
        `${label}, ${processes === 1 ? 'one process' : `${processes} processes`}: ${connections} connections, ${duration} s, uncached (load average ${loadavg()[0].toFixed(1)})`,
      );
      console.table([result]);
      if (processes === 1) targets.push(result['p95 ms'] < 30 && result.errors === 0);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    }
  };

  const dir = mkdtempSync(join(tmpdir(), 'guichet-bench-search-'));
  try {
    await measure('SQLite', join(dir, 'search.db'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const url = benchPostgresUrl('search_bench');
  if (url) await measure(`PostgreSQL (schema ${url.searchParams.get('schema')})`, url.toString());
  else console.log('\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to include it)');
  console.log(targets.every(Boolean) ? '\nAll targets met.' : '\nSome targets not met (see above).');
}
