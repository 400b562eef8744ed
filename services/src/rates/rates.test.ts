import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../db/csv.js';
import { DEFAULT_DATA_DIR } from '../config.js';
import { isCalendarDate, shiftDays } from '../http/request.js';
import { BACKENDS, startTestService, type TestService } from '../reference/test-database.js';
import { ratesPlugin, RATES_PREFIX } from './plugin.js';
import { externalRatesPlugin, EXTERNAL_RATES_PREFIX } from '../external-rates/plugin.js';

const published = parseCsv(readFileSync(join(DEFAULT_DATA_DIR, 'fx/bdt-rates.csv'), 'utf8'));
const ecb = parseCsv(readFileSync(join(DEFAULT_DATA_DIR, 'fx/ecb-eurofxref-hist.csv'), 'utf8'));
const rateOf = (date: string, currency: string) => Number(published.find((r) => r.date === date && r.currency === currency)?.bdt_per_unit);
const dates = [...new Set(published.map((r) => r.date))].sort();
/** The first date whose previous day is also a published date (inside a run of consecutive days). */
const consecutive = dates.find((date, index) => index > 0 && Date.parse(date) - Date.parse(dates[index - 1]) === 86_400_000)!;
const dayBefore = dates[dates.indexOf(consecutive) - 1];

describe.each(BACKENDS)('exchange-rate and central bank rate services on $name', (backend) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(backend, ['currency', 'exchangeRate', 'centralBankRates'], async (app, database) => {
      await app.register(ratesPlugin, { prefix: RATES_PREFIX, database });
      await app.register(externalRatesPlugin, { prefix: EXTERNAL_RATES_PREFIX, database });
    });
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });
  const get = async (url: string) => {
    const response = await service.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json(), response };
  };

  it("answers a date's published rates, BDT per unit", async () => {
    const { status, body } = await get(`${RATES_PREFIX}/search?validityDate=${consecutive}&currencies=USD,EUR`);
    expect(status).toBe(200);
    expect(body.totalCount).toBe(2);
    expect(body.resultList.map((r: { code: string }) => r.code)).toEqual(['EUR', 'USD']);
    expect(body.resultList[1].exchangeRate).toBeCloseTo(rateOf(consecutive, 'USD'), 6);
    expect(body.resultList[1].description).toBe('US Dollar');
  });

  it('gives a difference (today minus the previous day) when the previous rate is closed', async () => {
    const { body } = await get(`${RATES_PREFIX}/search?validityDate=${consecutive}&showDifference=true&currencies=USD`);
    expect(body.resultList[0].difference).toBeCloseTo(rateOf(consecutive, 'USD') - rateOf(dayBefore, 'USD'), 5);
  });

  it('gives no difference where the previous day has no rate, and uses the latest earlier rate on unpublished days', async () => {
    const first = dates[0];
    const { body } = await get(`${RATES_PREFIX}/search?validityDate=${first}&showDifference=true&currencies=USD`);
    expect(body.resultList[0].difference).toBeNull();
    const gap = dates.findIndex((date, index) => index > 0 && Date.parse(date) - Date.parse(dates[index - 1]) > 86_400_000);
    const inside = new Date(Date.parse(dates[gap - 1]) + 86_400_000).toISOString().slice(0, 10);
    const { body: gapBody } = await get(`${RATES_PREFIX}/search?validityDate=${inside}&currencies=USD`);
    expect(gapBody.resultList[0].exchangeRate).toBeCloseTo(rateOf(dates[gap - 1], 'USD'), 6);
  });

  it('searches by text, sorts and pages', async () => {
    const { body } = await get(
      `${RATES_PREFIX}/search?validityDate=${consecutive}&searchText=dollar&sortByFields=exchangeRate:desc&max=3&offset=1`,
    );
    expect(body.totalCount).toBeGreaterThan(5);
    expect(body.resultList).toHaveLength(3);
    const values = body.resultList.map((r: { exchangeRate: number }) => r.exchangeRate);
    expect([...values].sort((a, b) => b - a)).toEqual(values);
    for (const row of body.resultList) expect(`${row.code} ${row.description}`.toLowerCase()).toContain('dollar');
  });

  it("draws one point per day of a period from each day's applicable rate", async () => {
    const { status, body } = await get(`${RATES_PREFIX}/history?currency=usd&from=2026-08-01&to=2026-08-31`);
    expect(status).toBe(200);
    expect(body.points).toHaveLength(31);
    expect(body.points[0]).toEqual({ date: '2026-08-01', rate: rateOf('2026-08-01', 'USD') });
    // 2026-08-03 is not a published date: the rate of 08-01 still applies.
    expect(body.points[2].rate).toBeCloseTo(rateOf('2026-08-01', 'USD'), 6);
    expect(body.points[30].rate).toBeCloseTo(rateOf('2026-08-31', 'USD'), 6);
    // No rate in the period: 404; a currency with no rate on any day is named as the field.
    const before = await get(`${RATES_PREFIX}/history?currency=USD&from=1900-01-01&to=1900-01-31`);
    expect(before.status).toBe(404);
    expect(before.body.field).toBeUndefined();
    const unknown = await get(`${RATES_PREFIX}/history?currency=XXX&from=2026-08-01&to=2026-08-31`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ field: 'currency', message: 'No currency XXX' });
  });

  it('ends a period at the last calendar day, 9999-12-31, and reads the years before 100 as written', async () => {
    // The day after 9999-12-31 has five digits of year: a loop comparing date strings never ended there.
    const last = await get(`${RATES_PREFIX}/history?currency=USD&from=9999-12-30&to=9999-12-31`);
    expect(last.status).toBe(200);
    expect(last.body.points.map((point: { date: string }) => point.date)).toEqual(['9999-12-30', '9999-12-31']);
    expect((await get(`${RATES_PREFIX}/history?currency=USD&to=9999-12-31`)).body.points).toHaveLength(31);
    // No rate before the data: 404, not a 400 about a day the caller did not send (0099-12-31).
    const early = await get(`${RATES_PREFIX}/search?validityDate=0100-01-01&showDifference=true`);
    expect(early.status).toBe(200);
    expect(early.body.totalCount).toBe(0);
    // The first day of year 0 has no day before it to compare with: no difference, not an error about it.
    const first = await get(`${RATES_PREFIX}/search?validityDate=0000-01-01&showDifference=true`);
    expect(first.status).toBe(200);
    expect(first.body.totalCount).toBe(0);
    expect(isCalendarDate('0001-01-01')).toBe(true);
    expect(isCalendarDate('0099-12-31')).toBe(true);
    expect(isCalendarDate('0100-02-29')).toBe(false);
    expect(shiftDays('9999-12-31', -1)).toBe('9999-12-30');
    expect(shiftDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(isCalendarDate(shiftDays('9999-12-31', 1))).toBe(false);
  });

  it('answers bad input with 400 naming the parameter', async () => {
    for (const [url, word] of [
      [`${RATES_PREFIX}/search?validityDate=2026-02-30`, 'validityDate'],
      [`${RATES_PREFIX}/search?max=20000`, 'max'],
      // Numbers written otherwise than in digits are not read as numbers.
      [`${RATES_PREFIX}/search?max=0x10`, 'max'],
      [`${RATES_PREFIX}/search?max=1e1`, 'max'],
      [`${RATES_PREFIX}/search?max=%2010`, 'max'],
      [`${RATES_PREFIX}/search?max=10.0`, 'max'],
      [`${RATES_PREFIX}/search?sortByFields=rate;drop`, 'sortByFields'],
      [`${RATES_PREFIX}/search?currencies=US'`, 'currencies'],
      [`${RATES_PREFIX}/history?currency=USD&from=2026-09-01&to=2026-08-01`, 'from'],
      [`${RATES_PREFIX}/history?currency=USD&from=2026-02-30`, 'from'],
      [`${RATES_PREFIX}/history?currency=USD&from=0001-01-01&to=9999-12-31`, 'from'],
      [`${RATES_PREFIX}/search?sortByFields=code:sideways`, 'sortByFields'],
      [`${EXTERNAL_RATES_PREFIX}/print?reportFormat=csv&date=2026-02-30`, 'date'],
      [`${RATES_PREFIX}/history`, 'currency'],
      [`${EXTERNAL_RATES_PREFIX}/search?date=yesterday`, 'date'],
      [`${EXTERNAL_RATES_PREFIX}/print?reportFormat=doc`, 'reportFormat'],
      // An empty date is a mistake, not today; an offset past any database's paging is refused.
      [`${RATES_PREFIX}/search?validityDate=`, 'validityDate'],
      [`${EXTERNAL_RATES_PREFIX}/search?date=`, 'date'],
      [`${RATES_PREFIX}/search?offset=99999999999999999999999`, 'offset'],
      [`${EXTERNAL_RATES_PREFIX}/search?offset=2147483648`, 'offset'],
      // An unknown parameter is refused, not dropped in silence.
      [`${RATES_PREFIX}/search?colour=red`, 'colour'],
      [`${EXTERNAL_RATES_PREFIX}/search?colour=red`, 'colour'],
    ]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(body.message, url).toContain(word);
      // An unknown parameter is the query string's, its name in the message (http/schema.ts).
      expect(body.field, url).toBe(url.includes('colour') ? 'querystring' : word);
    }
  });

  it("answers the ECB's rates of the latest quotation day on or before a date", async () => {
    const latest = ecb[0];
    const { body } = await get(`${EXTERNAL_RATES_PREFIX}/search?date=2026-11-22&currency=USD,JPY`);
    expect(body.totalCount).toBe(2);
    expect(body.exchangeRates[0]).toMatchObject({ currency: 'JPY', date: latest.Date, rate: Number(latest.JPY), baseCurrency: 'EUR' });
    expect(body.exchangeRates[1]).toMatchObject({ currency: 'USD', currencyName: 'US Dollar', rate: Number(latest.USD) });
    // A Saturday takes Friday's rates.
    const friday = ecb.find((row) => new Date(`${row.Date}T00:00:00Z`).getUTCDay() === 5)!;
    const saturday = new Date(Date.parse(friday.Date) + 86_400_000).toISOString().slice(0, 10);
    const { body: weekend } = await get(`${EXTERNAL_RATES_PREFIX}/search?date=${saturday}&searchText=usd`);
    expect(weekend.exchangeRates).toEqual([expect.objectContaining({ currency: 'USD', date: friday.Date, rate: Number(friday.USD) })]);
  });

  it('prints the search as CSV with a BOM, and as XLSX and PDF files', async () => {
    const csv = await service.app.inject({
      method: 'GET',
      url: `${EXTERNAL_RATES_PREFIX}/print?reportFormat=csv&currency=USD&date=2026-04-13`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="rates.csv"');
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    expect(csv.body).toContain(`USD,US Dollar,${Number(ecb[0].USD)},2026-04-13`);
    // A Bengali file names the currencies in Bengali.
    const bengali = await service.app.inject({
      method: 'GET',
      url: `${EXTERNAL_RATES_PREFIX}/print?reportFormat=csv&currency=USD&date=2026-04-13&locale=bn`,
    });
    expect(bengali.body).toContain(`USD,মার্কিন ডলার,${Number(ecb[0].USD)},2026-04-13`);
    const xlsx = await service.app.inject({ method: 'GET', url: `${EXTERNAL_RATES_PREFIX}/print?reportFormat=xlsx&locale=ar` });
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const pdf = await service.app.inject({ method: 'GET', url: `${EXTERNAL_RATES_PREFIX}/print?reportFormat=pdf&locale=BN` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 60_000);
});
