import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isCalendarDate } from '../http/request.js';
import { checkFeedDay, FeedError, fetchEcbFeed, parseEcbXml, type FeedDay } from './ecb-feed.js';

const DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2026-11-25'>
\t\t\t<Cube currency='USD' rate='1.0412'/>
\t\t\t<Cube currency='JPY' rate='160.12'/>
\t\t\t<Cube currency='GBP' rate='0.83245'/>
\t\t\t<Cube currency='INR' rate='89.7125'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>`;

const TWO_DAYS = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <Cube>
    <Cube time="2026-11-25"><Cube currency="USD" rate="1.0412"/><Cube currency="JPY" rate="160.12"/></Cube>
    <Cube time="2026-11-24"><Cube currency="USD" rate="1.0398"/><Cube rate="159.87" currency="JPY" /></Cube>
  </Cube>
</gesmes:Envelope>`;

/** The daily document with the rates of one day replaced. */
const daily = (cubes: string, time = '2026-11-25') =>
  `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01"><Cube><Cube time='${time}'>${cubes}</Cube></Cube></gesmes:Envelope>`;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FeedError);
    return (error as Error).message;
  }
  throw new Error('expected a FeedError');
}

describe('parseEcbXml', () => {
  it('parses the daily feed (single quotes)', () => {
    expect(parseEcbXml(DAILY)).toEqual([{ date: '2026-11-25', rates: { USD: 1.0412, JPY: 160.12, GBP: 0.83245, INR: 89.7125 } }]);
  });

  it('parses several days (double quotes), sorted ascending', () => {
    expect(parseEcbXml(TWO_DAYS)).toEqual([
      { date: '2026-11-24', rates: { USD: 1.0398, JPY: 159.87 } },
      { date: '2026-11-25', rates: { USD: 1.0412, JPY: 160.12 } },
    ]);
  });

  it('refuses what is not the ECB format', () => {
    expect(refusal(() => parseEcbXml('{"USD": 1.04}'))).toBe('The feed is not XML');
    expect(refusal(() => parseEcbXml('<html><body>Maintenance</body></html>'))).toBe(
      'The feed is not in the ECB format (no <Cube time="..."> day)',
    );
    expect(refusal(() => parseEcbXml(daily('', '2026-11-25')))).toBe('The feed day 2026-11-25 has no rates');
  });

  it('refuses DOCTYPE and ENTITY declarations', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE e [<!ENTITY x SYSTEM "file:///etc/passwd">]>${daily("<Cube currency='USD' rate='1.04'/>")}`;
    expect(refusal(() => parseEcbXml(xxe))).toBe('The feed contains a DOCTYPE or ENTITY declaration, which is not allowed');
  });

  it('refuses a date that does not exist and a duplicate day', () => {
    expect(refusal(() => parseEcbXml(daily("<Cube currency='USD' rate='1.04'/>", '2026-02-30')))).toBe(
      "The feed date '2026-02-30' is not a valid calendar date (YYYY-MM-DD)",
    );
    expect(refusal(() => parseEcbXml(TWO_DAYS.replace('2026-11-24', '2026-11-25')))).toBe('The feed has the day 2026-11-25 twice');
  });

  it('refuses rates that are not positive numbers', () => {
    expect(refusal(() => parseEcbXml(daily("<Cube currency='USD' rate='abc'/>")))).toBe(
      "The feed rate of USD on 2026-11-25 is not a positive number ('abc')",
    );
    expect(refusal(() => parseEcbXml(daily("<Cube currency='USD' rate='-1'/>")))).toBe(
      "The feed rate of USD on 2026-11-25 is not a positive number ('-1')",
    );
    expect(refusal(() => parseEcbXml(daily("<Cube currency='USD' rate='0'/>")))).toBe(
      "The feed rate of USD on 2026-11-25 is not a positive number ('0')",
    );
    expect(refusal(() => parseEcbXml(daily("<Cube currency='USD'/>")))).toBe(
      "The feed rate of USD on 2026-11-25 is not a positive number ('')",
    );
  });

  it('refuses a duplicate or malformed currency', () => {
    expect(refusal(() => parseEcbXml(daily("<Cube currency='USD' rate='1.04'/><Cube currency='USD' rate='1.05'/>")))).toBe(
      'The feed has USD twice on 2026-11-25',
    );
    expect(refusal(() => parseEcbXml(daily("<Cube currency='usd' rate='1.04'/>")))).toBe(
      "The feed has an invalid currency code 'usd' on 2026-11-25",
    );
  });

  it('refuses more than 5 MB of text', () => {
    const big = daily("<Cube currency='USD' rate='1.04'/>") + ' '.repeat(5 * 1024 * 1024);
    expect(refusal(() => parseEcbXml(big))).toBe('The feed is larger than 5 MB');
  });

  it('knows the calendar', () => {
    expect(['2024-02-29', '2025-02-29', '2026-04-31', '2026-12-31', '2026-1-01'].map(isCalendarDate)).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
  });
});

describe('checkFeedDay', () => {
  const previous = { date: '2026-11-24', rates: { USD: 1.04, JPY: 160 } };
  const day = (rates: Record<string, number>, date = '2026-11-25'): FeedDay => ({ date, rates });
  const today = '2026-11-25';

  it('finds nothing wrong with a clean day, and with no previous day', () => {
    expect(checkFeedDay(day({ USD: 1.0412, JPY: 160.12, GBP: 0.83 }), previous, { today })).toEqual([]);
    expect(checkFeedDay(day({ USD: 1.0412 }), null, { today })).toEqual([]);
    expect(checkFeedDay(day({ USD: 1.0412 }), { date: '2026-11-24', rates: {} }, { today })).toEqual([]);
  });

  it('reports a jump above the threshold and not one below it', () => {
    expect(checkFeedDay(day({ USD: 1.1024, JPY: 160 }), previous, { today })).toEqual([
      { field: 'USD', message: 'USD changed from 1.04 to 1.1024 (6.0%), more than 5% since 2026-11-24' },
    ]);
    expect(checkFeedDay(day({ USD: 1.04, JPY: 152.16 }), previous, { today })).toEqual([]);
    expect(checkFeedDay(day({ USD: 1.04, JPY: 152.16 }), previous, { today, jumpPercent: 4.8 })).toEqual([
      { field: 'JPY', message: 'JPY changed from 160 to 152.16 (4.9%), more than 4.8% since 2026-11-24' },
    ]);
  });

  it('reports a missing currency', () => {
    expect(checkFeedDay(day({ USD: 1.04 }), previous, { today })).toEqual([
      { field: 'JPY', message: 'JPY is missing from the feed of 2026-11-25 (it was 160 on 2026-11-24)' },
    ]);
  });

  it('reports a date that is not after the previous day', () => {
    const same = { field: 'date', message: 'The feed date 2026-11-24 is not after the previous day 2026-11-24' };
    expect(checkFeedDay(day(previous.rates, '2026-11-24'), previous, { today })).toEqual([same]);
    expect(checkFeedDay(day(previous.rates, '2026-11-20'), previous, { today })).toEqual([
      { field: 'date', message: 'The feed date 2026-11-20 is not after the previous day 2026-11-24' },
    ]);
  });

  it('reports a date in the future', () => {
    expect(checkFeedDay(day(previous.rates, '2026-11-26'), previous, { today })).toEqual([
      { field: 'date', message: 'The feed date 2026-11-26 is in the future (today is 2026-11-25)' },
    ]);
  });
});

describe('fetchEcbFeed against a local server', () => {
  let server: Server;
  let base: string;
  const timers = new Set<NodeJS.Timeout>();
  beforeAll(async () => {
    server = createServer((request, response) => {
      const later = (ms: number, run: () => void) => {
        const timer = setTimeout(() => (timers.delete(timer), run()), ms);
        timers.add(timer);
      };
      switch (request.url) {
        case '/good':
          response.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(DAILY);
          return;
        case '/untyped':
          response.writeHead(200).end(TWO_DAYS);
          return;
        case '/error':
          response.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
          return;
        case '/json':
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          return;
        case '/slow':
          later(1_000, () => response.writeHead(200, { 'content-type': 'application/xml' }).end(DAILY));
          return;
        case '/slow-body':
          response.writeHead(200, { 'content-type': 'application/xml' });
          response.write(DAILY.slice(0, 100));
          later(1_000, () => response.end(DAILY.slice(100)));
          return;
        case '/big': {
          response.writeHead(200, { 'content-type': 'application/xml' });
          for (let i = 0; i < 64; i++) response.write(`<!-- ${'x'.repeat(1_000)} -->`);
          response.end(DAILY);
          return;
        }
        default:
          response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const timer of timers) clearTimeout(timer);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const rejection = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(FeedError);
    return (error as Error).message;
  };

  it('fetches and parses a good feed, with or without a content type', async () => {
    expect(await fetchEcbFeed(`${base}/good`)).toEqual([
      { date: '2026-11-25', rates: { USD: 1.0412, JPY: 160.12, GBP: 0.83245, INR: 89.7125 } },
    ]);
    expect((await fetchEcbFeed(`${base}/untyped`)).map((day) => day.date)).toEqual(['2026-11-24', '2026-11-25']);
  });

  it('refuses an error status and a content type that is not XML', async () => {
    expect(await rejection(fetchEcbFeed(`${base}/error`))).toBe('The feed answered with HTTP status 500');
    expect(await rejection(fetchEcbFeed(`${base}/missing`))).toBe('The feed answered with HTTP status 404');
    expect(await rejection(fetchEcbFeed(`${base}/json`))).toBe('The feed is not XML (content type application/json)');
  });

  it('gives up on a slow answer after the time-out', async () => {
    const started = Date.now();
    expect(await rejection(fetchEcbFeed(`${base}/slow`, { timeoutMs: 200 }))).toBe('The feed did not answer within 200 ms');
    expect(await rejection(fetchEcbFeed(`${base}/slow-body`, { timeoutMs: 200 }))).toBe('The feed did not answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('stops reading a body larger than the limit', async () => {
    expect(await rejection(fetchEcbFeed(`${base}/big`, { maxBytes: 10_000 }))).toBe('The feed is larger than 10000 bytes');
    expect(await fetchEcbFeed(`${base}/big`, { maxBytes: 100_000 })).toHaveLength(1);
  });

  it('refuses an address that is not http or https', async () => {
    expect(await rejection(fetchEcbFeed('file:///etc/passwd'))).toBe('The feed address must be http or https: file:///etc/passwd');
  });
});
