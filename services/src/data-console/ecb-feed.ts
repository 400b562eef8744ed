import { isCalendarDate } from '../http/request.js';

/** One day of the ECB reference rates. */
export interface FeedDay {
  /** YYYY-MM-DD */
  date: string;
  /** Currency -> units per EUR. */
  rates: Record<string, number>;
}

export interface FeedProblem {
  /** "date", "feed" or a currency code. */
  field: string;
  message: string;
}

/** A feed that cannot be fetched or is not in the ECB format. */
export class FeedError extends Error {
  override name = 'FeedError';
}

/** Largest feed text accepted, in bytes. */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_JUMP_PERCENT = 5;

const CUBE_TAG = /<(?:[\w.-]+:)?Cube\b([^>]*)>/g;
const ATTRIBUTE = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const DECIMAL = /^[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function attributes(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of text.matchAll(ATTRIBUTE)) result[match[1]] = (match[2] ?? match[3]).trim();
  return result;
}

/** Parses the ECB reference-rate XML (daily or historical); days sorted ascending. Nothing in it is evaluated. */
export function parseEcbXml(text: string): FeedDay[] {
  if (Buffer.byteLength(text, 'utf8') > MAX_FEED_BYTES) throw new FeedError('The feed is larger than 5 MB');
  const body = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .replace(/<!--[\s\S]*?-->/g, '');
  if (!body.startsWith('<')) throw new FeedError('The feed is not XML');
  if (/<!(?:DOCTYPE|ENTITY)/i.test(body)) throw new FeedError('The feed contains a DOCTYPE or ENTITY declaration, which is not allowed');

  const days: FeedDay[] = [];
  const seen = new Set<string>();
  let current: FeedDay | undefined;
  for (const tag of body.matchAll(CUBE_TAG)) {
    const attrs = attributes(tag[1]);
    if (attrs.time !== undefined) {
      if (!isCalendarDate(attrs.time)) throw new FeedError(`The feed date '${attrs.time}' is not a valid calendar date (YYYY-MM-DD)`);
      if (seen.has(attrs.time)) throw new FeedError(`The feed has the day ${attrs.time} twice`);
      seen.add(attrs.time);
      current = { date: attrs.time, rates: {} };
      days.push(current);
    } else if (attrs.currency !== undefined || attrs.rate !== undefined) {
      const currency = attrs.currency ?? '';
      if (!current) throw new FeedError(`The feed has a rate for '${currency}' outside any day`);
      if (!/^[A-Z]{3}$/.test(currency)) throw new FeedError(`The feed has an invalid currency code '${currency}' on ${current.date}`);
      const rate = attrs.rate === undefined || !DECIMAL.test(attrs.rate) ? NaN : Number(attrs.rate);
      if (!Number.isFinite(rate) || rate <= 0) {
        throw new FeedError(`The feed rate of ${currency} on ${current.date} is not a positive number ('${attrs.rate ?? ''}')`);
      }
      if (Object.hasOwn(current.rates, currency)) throw new FeedError(`The feed has ${currency} twice on ${current.date}`);
      current.rates[currency] = rate;
    }
  }
  if (days.length === 0) throw new FeedError('The feed is not in the ECB format (no <Cube time="..."> day)');
  for (const day of days) if (Object.keys(day.rates).length === 0) throw new FeedError(`The feed day ${day.date} has no rates`);
  return days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Checks a feed day against the previous live day: dates in order and not in the future, no missing currency, no large jump. */
export function checkFeedDay(
  day: FeedDay,
  previous: { date: string; rates: Record<string, number> } | null,
  options: { today: string; jumpPercent?: number },
): FeedProblem[] {
  const jumpPercent = options.jumpPercent ?? DEFAULT_JUMP_PERCENT;
  const problems: FeedProblem[] = [];
  if (previous && day.date <= previous.date) {
    problems.push({ field: 'date', message: `The feed date ${day.date} is not after the previous day ${previous.date}` });
  }
  if (day.date > options.today) {
    problems.push({ field: 'date', message: `The feed date ${day.date} is in the future (today is ${options.today})` });
  }
  if (!previous) return problems;
  for (const currency of Object.keys(previous.rates).sort()) {
    const old = previous.rates[currency];
    const rate = Object.hasOwn(day.rates, currency) ? day.rates[currency] : undefined;
    if (rate === undefined) {
      problems.push({
        field: currency,
        message: `${currency} is missing from the feed of ${day.date} (it was ${old} on ${previous.date})`,
      });
      continue;
    }
    const percent = (Math.abs(rate - old) / old) * 100;
    if (percent > jumpPercent) {
      problems.push({
        field: currency,
        message: `${currency} changed from ${old} to ${rate} (${percent.toFixed(1)}%), more than ${jumpPercent}% since ${previous.date}`,
      });
    }
  }
  return problems;
}

const XML_TYPES = new Set(['application/xml', 'text/xml']);

/** GETs and parses the feed, with a time-out, a size limit and a check of the status and content type. */
export async function fetchEcbFeed(url: string, options: { timeoutMs?: number; maxBytes?: number } = {}): Promise<FeedDay[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_FEED_BYTES;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FeedError(`The feed address is not a valid URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new FeedError(`The feed address must be http or https: ${url}`);

  const failed = (error: unknown): FeedError => {
    if (error instanceof FeedError) return error;
    const name = (error as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') return new FeedError(`The feed did not answer within ${timeoutMs} ms`);
    return new FeedError(`The feed could not be read: ${(error as Error)?.message ?? String(error)}`);
  };

  let response: Response;
  try {
    response = await fetch(parsed, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml, text/xml' } });
  } catch (error) {
    throw failed(error);
  }
  const refuse = async (message: string): Promise<never> => {
    await response.body?.cancel().catch(() => undefined);
    throw new FeedError(message);
  };
  if (response.status < 200 || response.status > 299) await refuse(`The feed answered with HTTP status ${response.status}`);
  const type = response.headers.get('content-type');
  const mediaType = type?.split(';')[0].trim().toLowerCase();
  if (mediaType && !XML_TYPES.has(mediaType) && !mediaType.endsWith('+xml'))
    await refuse(`The feed is not XML (content type ${mediaType})`);
  const tooLarge = `The feed is larger than ${maxBytes} bytes`;
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) await refuse(tooLarge);

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new FeedError(tooLarge);
        }
        chunks.push(value);
      }
    } catch (error) {
      throw failed(error);
    }
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new FeedError('The feed is not valid UTF-8 text');
  }
  return parseEcbXml(text);
}
