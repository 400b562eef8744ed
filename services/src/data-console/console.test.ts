import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testIdentity } from '../identity/test-identity.js';
import { findPack, importPack } from '../db/import.js';
import { today } from '../http/request.js';
import { ratesPlugin, RATES_PREFIX } from '../rates/plugin.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { AnswerCache } from '../reference/cache.js';
import { dataConsolePlugin, DATA_CONSOLE_PREFIX } from './plugin.js';
import { applyDue, reapply } from './store.js';
import { runFeed, takeLease } from './feed.js';

function shift(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(BACKENDS)('data console ($name)', (backend) => {
  let service: TestService;
  let officer: string;
  const day = today();
  const [first, second] = [shift(day, -2), shift(day, -1)];

  beforeAll(async () => {
    const { verifier, tokenFor } = await testIdentity();
    officer = await tokenFor(['officer'], 'officer.one');
    service = await startTestService(backend, ['currency', 'exchangeRate', 'centralBankRates'], async (app, database) => {
      await app.register(ratesPlugin, { prefix: RATES_PREFIX, database });
      await app.register(dataConsolePlugin, {
        prefix: DATA_CONSOLE_PREFIX,
        database,
        verifier,
        onChange: () => AnswerCache.clearAll(),
        feedMinutes: 60,
        scheduleMs: 3_600_000,
      });
    });
    trader = await tokenFor(['trader'], 'trader.one');
  }, 120_000);
  afterAll(() => service?.close());
  let trader: string;

  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = officer) =>
    service.app.inject({
      method,
      url: `${DATA_CONSOLE_PREFIX}${url}`,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const rateOn = async (date: string, currency: string) => {
    const response = await service.app.inject({ url: `${RATES_PREFIX}/search?validityDate=${date}&currencies=${currency}` });
    return response.json().resultList[0] as { exchangeRate: number; validFromDate: string } | undefined;
  };
  const snapshot = () =>
    service.database.db
      .selectFrom('ref_exchange_rate')
      .select(['code', 'rate', 'validFrom', 'validTo'])
      .orderBy('code')
      .orderBy('validFrom')
      .execute();

  it('is for customs staff only: 401 without a token, 403 for a trader; freshness is public', async () => {
    expect((await call('GET', '/publications', undefined, '')).statusCode).toBe(401);
    expect((await call('GET', '/publications', undefined, trader)).statusCode).toBe(403);
    const freshness = (await call('GET', '/freshness', undefined, '')).json();
    expect(freshness.customsRates).toMatchObject({ source: 'pack', date: '2026-09-29' });
  });

  it('lists every bad line (file, line, field, why) and keeps nothing while one remains', async () => {
    const file = [
      'date,currency,bdt_per_unit',
      `${first},USD,121.5`,
      `${first},EUR,abc`,
      `${second},usd1,1`,
      `2026-02-30,GBP,160`,
      `${first},USD,122`,
    ].join('\n');
    const response = await call('POST', '/uploads', { kind: 'customsRates', fileName: 'week.csv', content: base64(file) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      {
        file: 'week.csv',
        line: 3,
        field: 'bdt_per_unit',
        message: '"abc" is not a number above zero',
        reason: 'notPositive',
        value: 'abc',
      },
      {
        file: 'week.csv',
        line: 4,
        field: 'currency',
        message: '"usd1" is not an ISO 4217 code (three letters)',
        reason: 'notCurrency',
        value: 'usd1',
      },
      {
        file: 'week.csv',
        line: 5,
        field: 'date',
        message: '"2026-02-30" is not a date written YYYY-MM-DD',
        reason: 'notDate',
        value: '2026-02-30',
      },
      { file: 'week.csv', line: 6, field: 'currency', message: '"USD" repeats line 2', reason: 'repeats', value: 'USD', repeats: 2 },
    ]);
    const kept = await service.database.db.selectFrom('data_upload').select('id').execute();
    expect(kept).toEqual([]);
    const audit = await service.database.db.selectFrom('data_audit').select(['action', 'actor']).execute();
    expect(audit).toContainEqual({ action: 'refuse', actor: 'officer.one' });
  });

  it('refuses a file whose values would land under other columns, or whose numbers are not decimal', async () => {
    const errorsOf = async (fileName: string, lines: string[]) => {
      const response = await call('POST', '/uploads', { kind: 'customsRates', fileName, content: base64(lines.join('\n')) });
      expect(response.statusCode).toBe(400);
      return response.json().errors as Array<Record<string, unknown>>;
    };
    const header = 'date,currency,bdt_per_unit';
    // A decimal comma outside quotes: 121,50 is two values, the second one dropped before.
    expect(await errorsOf('comma.csv', [header, `${first},EUR,140.1`, `${first},USD,121,50`])).toEqual([
      { file: 'comma.csv', line: 3, message: 'has 4 values where the header has 3 columns', reason: 'fieldCount' },
    ]);
    expect(await errorsOf('quote.csv', [header, `${first},"USD"x,121`])).toMatchObject([
      { line: 2, field: 'currency', reason: 'strayQuote' },
    ]);
    expect(await errorsOf('open.csv', [header, `${first},USD,"121`, `${first},EUR,140`])).toMatchObject([
      { line: 2, field: 'bdt_per_unit', reason: 'unclosedQuote' },
    ]);
    expect(await errorsOf('semicolons.csv', ['date;currency;bdt_per_unit', `${first};USD;121`])).toMatchObject([
      { line: 1, reason: 'semicolons' },
    ]);
    expect(await errorsOf('columns.csv', ['day,ccy,rate', `${first},USD,121`])).toMatchObject([
      { line: 1, reason: 'missingColumn', value: 'date, currency, bdt_per_unit' },
    ]);
    const numbers = await errorsOf('numbers.csv', [
      header,
      `${first},USD,0x79`,
      `${first},EUR,1e2`,
      `${first},GBP,Infinity`,
      `${first},JPY,.8`,
    ]);
    expect(numbers.map(({ line, reason, value }) => [line, reason, value])).toEqual([
      [2, 'notPositive', '0x79'],
      [3, 'notPositive', '1e2'],
      [4, 'notPositive', 'Infinity'],
    ]);
    expect(await service.database.db.selectFrom('data_upload').select('id').execute()).toEqual([]);
    // The content tells CSV from XLSX, not the name: a CSV saved as .txt is read.
    const named = await call('POST', '/uploads', {
      kind: 'customsRates',
      fileName: 'rates.txt',
      content: base64(`${header}\n${first},USD,121.5`),
    });
    expect(named.statusCode).toBe(201);
    expect((await call('POST', `/uploads/${named.json().upload.id}/discard`)).statusCode).toBe(204);
  });

  it('refuses hostile uploads with the field named', async () => {
    const bad = [
      { kind: 'tariff', fileName: 'a.csv', content: base64('x') },
      { kind: 'customsRates', fileName: 'a\r\nb.csv', content: base64('x') },
      { kind: 'customsRates', fileName: 'a.csv', content: '%%%' },
    ];
    for (const payload of bad) expect((await call('POST', '/uploads', payload)).statusCode).toBe(400);
    // A name that shows as another: U+202E turns "\u202eVSC.exe.csv" into "vsc.exe.CSV" on screen.
    const spoofed = await call('POST', '/uploads', { kind: 'customsRates', fileName: '\u202eVSC.exe.csv', content: base64('x') });
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json()).toMatchObject({ field: 'fileName', message: expect.stringMatching(/bidirectional controls/) });
    const nul = await call('POST', '/uploads', {
      kind: 'customsRates',
      fileName: 'a.csv',
      content: base64('date,currency,bdt_per_unit\n\u0000'),
    });
    expect(nul.json().errors[0].message).toMatch(/NUL/);
    const notText = await call('POST', '/uploads', {
      kind: 'customsRates',
      fileName: 'a.csv',
      content: Buffer.from([0xff, 0xfe, 0xfd]).toString('base64'),
    });
    expect(notText.statusCode).toBe(400);
    // A header of 8,000 columns over 8,000 short lines: 64 million values to build before any check (27 s on
    // one core, the server answering nobody). Refused at the header.
    const wide = `date,currency,bdt_per_unit,${Array.from({ length: 8000 }, (_, column) => `c${column}`).join(',')}\n${'x\n'.repeat(8000)}`;
    const tooWide = await call('POST', '/uploads', { kind: 'customsRates', fileName: 'wide.csv', content: base64(wide) });
    expect(tooWide.statusCode).toBe(400);
    expect(tooWide.json().errors[0]).toMatchObject({ line: 1, message: 'the header has 8003 columns, more than 100' });
    expect((await call('POST', '/uploads/00000000-0000/publish', { validFrom: day })).statusCode).toBe(404);
    expect((await call('POST', '/publications/1/rollback')).statusCode).toBe(404);
  });

  it('previews, schedules, publishes and rolls back; visitors see the rates only once they are in effect', async () => {
    const before = await snapshot();
    const usd = (await rateOn('2026-09-29', 'USD'))!.exchangeRate;
    const jumped = Math.round(usd * 1.1 * 1e4) / 1e4;
    const file = [
      'date,currency,bdt_per_unit',
      `${first},USD,${usd}`,
      `${first},EUR,140.25`,
      `${second},USD,${jumped}`,
      `${second},EUR,140.5`,
    ].join('\r\n');
    const uploaded = await call('POST', '/uploads', { kind: 'customsRates', fileName: 'week.csv', content: base64(file) });
    expect(uploaded.statusCode).toBe(201);
    const { upload, preview } = uploaded.json();
    expect(upload).toMatchObject({ kind: 'customsRates', rowCount: 4, status: 'checked', createdBy: 'officer.one' });
    expect(preview.counts).toEqual({ new: 4, changed: 0, unchanged: 0, removed: 0, jumps: 1 });
    expect(preview.lines[0]).toMatchObject({
      currency: 'USD',
      date: second,
      rate: jumped,
      previous: usd,
      changePercent: 10,
      jump: true,
      status: 'new',
    });

    // Scheduled for tomorrow: nothing changes yet, and it can be cancelled.
    const scheduled = await call('POST', `/uploads/${upload.id}/publish`, { validFrom: shift(day, 1) });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', rowCount: 4, publishedBy: 'officer.one' });
    expect((await rateOn(second, 'USD'))!.exchangeRate).toBe(usd);
    expect((await call('POST', `/uploads/${upload.id}/publish`, { validFrom: day })).statusCode).toBe(409);
    expect((await call('POST', `/publications/${scheduled.json().id}/rollback`)).json().status).toBe('cancelled');
    expect(await snapshot()).toEqual(before);

    // Published today: in effect at once.
    const again = (await call('POST', '/uploads', { kind: 'customsRates', fileName: 'week.csv', content: base64(file) })).json();
    const published = await call('POST', `/uploads/${again.upload.id}/publish`, { validFrom: day });
    expect(published.statusCode).toBe(201);
    expect(published.json()).toMatchObject({ status: 'live', summary: { new: 4, jumps: 1 }, checksum: again.upload.checksum });
    expect(await rateOn(second, 'USD')).toMatchObject({ exchangeRate: jumped, validFromDate: second });
    expect(await rateOn(day, 'EUR')).toMatchObject({ exchangeRate: 140.5 });
    expect(await rateOn('2026-09-29', 'EUR')).toMatchObject({ validFromDate: '2026-09-29' });
    const fresh = (await call('GET', '/freshness', undefined, '')).json();
    expect(fresh.customsRates).toMatchObject({ date: second, source: 'upload', stale: false });

    // The same week again with one change: the preview compares with what is live now.
    const changed = file.replace(`${second},EUR,140.5`, `${second},EUR,141`).replace(`${first},EUR,140.25\r\n`, '');
    const second_ = (await call('POST', '/uploads', { kind: 'customsRates', fileName: 'fix.csv', content: base64(changed) })).json();
    expect(second_.preview.counts).toEqual({ new: 0, changed: 1, unchanged: 2, removed: 1, jumps: 1 });
    await call('POST', `/uploads/${second_.upload.id}/discard`);
    expect((await call('GET', '/uploads')).json().resultList).toEqual([]);
    // Discarded already: 409; no such upload: 404, as for its preview.
    expect((await call('POST', `/uploads/${second_.upload.id}/discard`)).statusCode).toBe(409);
    expect((await call('POST', '/uploads/999999999/discard')).statusCode).toBe(404);

    // Rollback restores the state before, to the row.
    const history = (await call('GET', '/publications')).json().resultList;
    expect(history.map((entry: { status: string }) => entry.status)).toEqual(['live', 'cancelled']);
    const rolled = await call('POST', `/publications/${published.json().id}/rollback`);
    expect(rolled.json()).toMatchObject({ status: 'rolledBack', rolledBackBy: 'officer.one' });
    expect(await snapshot()).toEqual(before);
    expect((await rateOn(second, 'USD'))!.exchangeRate).toBe(usd);
    expect((await call('POST', `/publications/${published.json().id}/rollback`)).statusCode).toBe(409);
  });

  it('keeps what officers published when the data files are imported again', async () => {
    const file = ['date,currency,bdt_per_unit', `${second},JPY,0.8123`].join('\n');
    const { upload } = (await call('POST', '/uploads', { kind: 'customsRates', fileName: 'jpy.csv', content: base64(file) })).json();
    await call('POST', `/uploads/${upload.id}/publish`, { validFrom: day });
    await importPack(service.database, findPack('exchangeRate')!, { force: true });
    AnswerCache.clearAll();
    expect((await rateOn(second, 'JPY'))!.exchangeRate).not.toBe(0.8123);
    expect(await reapply(service.database, 'customsRates')).toBeGreaterThan(0);
    AnswerCache.clearAll();
    expect((await rateOn(second, 'JPY'))!.exchangeRate).toBe(0.8123);
  });

  it('publishes a clean feed day, holds one with a jump or a missing currency, and logs a failing feed', async () => {
    const live = await service.database.db
      .selectFrom('central_bank_rate')
      .select(['date', 'currency', 'rate'])
      .where('date', '=', '2026-04-13')
      .execute();
    const rates = Object.fromEntries(live.map((row) => [String(row.currency), Number(row.rate)]));
    const cube = (date: string, values: Record<string, number>) =>
      `<Cube time='${date}'>${Object.entries(values)
        .map(([currency, rate]) => `<Cube currency='${currency}' rate='${rate}'/>`)
        .join('')}</Cube>`;
    let body = '';
    let status = 200;
    const server: Server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'text/xml' });
      response.end(
        `<?xml version="1.0" encoding="UTF-8"?><gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${body}</Cube></gesmes:Envelope>`,
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`;
    try {
      body = cube(first, rates);
      expect(await runFeed(service.database, url)).toMatchObject({ status: 'published', published: [first] });
      expect(await runFeed(service.database, url)).toMatchObject({ status: 'unchanged', published: [] });

      const { USD: _usd, ...missing } = rates;
      body = cube(second, { ...missing, JPY: rates.JPY * 1.2 });
      const held = await runFeed(service.database, url);
      expect(held.status).toBe('held');
      expect(held.message).toMatch(/JPY/);
      expect(held.message).toMatch(/USD/);
      const pending = (await call('GET', '/uploads')).json().resultList;
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ source: 'feed', status: 'held', kind: 'centralBankRates' });
      expect((await runFeed(service.database, url)).status).toBe('held');
      expect((await call('GET', '/uploads')).json().resultList).toHaveLength(1);

      status = 500;
      expect(await runFeed(service.database, url)).toMatchObject({ status: 'failed' });
      const feed = (await call('GET', '/feed')).json();
      expect(feed).toMatchObject({ lastStatus: 'failed' });
      const actions = (await service.database.db.selectFrom('data_audit').select('action').execute()).map((row) => row.action);
      expect(actions).toEqual(expect.arrayContaining(['feed held', 'feed failed']));
    } finally {
      server.close();
    }
  });

  it('takes central bank rates in the ECB wide CSV, N/A cells left out, and lists a bad cell by its currency column', async () => {
    const bad = ['Date,USD,JPY,CYP,', `${first},1.05,abc,N/A,`].join('\n');
    const refused = await call('POST', '/uploads', { kind: 'centralBankRates', fileName: 'ecb.csv', content: base64(bad) });
    expect(refused.json().errors).toEqual([
      { file: 'ecb.csv', line: 2, field: 'JPY', message: '"abc" is not a number above zero', reason: 'notPositive', value: 'abc' },
    ]);
    const good = ['Date,USD,JPY,CYP,', `${shift(day, -3)},1.0512,161.2,N/A,`].join('\n');
    const { upload, preview } = (
      await call('POST', '/uploads', { kind: 'centralBankRates', fileName: 'ecb.csv', content: base64(good) })
    ).json();
    expect(upload.rowCount).toBe(2);
    expect(preview.counts).toMatchObject({ new: 2, removed: 0 });
    await call('POST', `/uploads/${upload.id}/publish`, { validFrom: day });
    const rows = await service.database.db
      .selectFrom('central_bank_rate')
      .select(['currency', 'rate'])
      .where('date', '=', shift(day, -3))
      .orderBy('currency')
      .execute();
    expect(rows).toEqual([
      { currency: 'JPY', rate: 161.2 },
      { currency: 'USD', rate: 1.0512 },
    ]);
  });

  it('applies a scheduled publication once when several replicas look at the same time, and lets one replica hold the feed', async () => {
    const { upload } = (
      await call('POST', '/uploads', {
        kind: 'customsRates',
        fileName: 'one.csv',
        content: base64(`date,currency,bdt_per_unit\n${day},CHF,150.5\n`),
      })
    ).json();
    const scheduled = (await call('POST', `/uploads/${upload.id}/publish`, { validFrom: shift(day, 1) })).json();
    // Due now: as if the date had come.
    await service.database.db.updateTable('data_publication').set({ validFrom: day }).where('id', '=', scheduled.id).execute();
    const counts = await Promise.all([applyDue(service.database), applyDue(service.database), applyDue(service.database)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    AnswerCache.clearAll();
    expect((await rateOn(day, 'CHF'))!.exchangeRate).toBe(150.5);
    const leases = await Promise.all([takeLease(service.database, 60), takeLease(service.database, 60), takeLease(service.database, 60)]);
    expect(leases.filter(Boolean)).toHaveLength(1);
  });

  it("drops another replica's cached rates within its watch interval after a publication", async () => {
    const replica = Fastify();
    const { verifier } = await testIdentity();
    const changes: number[] = [];
    await replica.register(dataConsolePlugin, {
      prefix: DATA_CONSOLE_PREFIX,
      database: service.database,
      verifier,
      onChange: () => changes.push(Date.now()),
      feedMinutes: 60,
      scheduleMs: 3_600_000,
      watchMs: 50,
    });
    await replica.ready();
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(changes).toEqual([]);
      const { upload } = (
        await call('POST', '/uploads', {
          kind: 'customsRates',
          fileName: 'nok.csv',
          content: base64(`date,currency,bdt_per_unit\n${day},NOK,11.5\n`),
        })
      ).json();
      await call('POST', `/uploads/${upload.id}/publish`, { validFrom: day });
      await expect.poll(() => changes.length, { timeout: 2000 }).toBeGreaterThan(0);
    } finally {
      await replica.close();
    }
  });
});
