import { send, type RawRequest, type RawResponse } from './client.js';
import type { HostileCase } from './inputs.js';
import { INJECTED_HEADER } from './values.js';
import type { RouteInfo } from './server.js';

/**
 * Routes that call the CMS: with no CMS running they may answer 502/503/504 (the GraphQL proxy and the
 * staff-content service and the media answer 502, /health answers 503 "degraded"). Every other route must stay below 500.
 */
export const CMS_BACKED_PREFIXES = ['/trade-server/graphql', '/portal-service/', '/health', '/uploads/'];
const CMS_DOWN_STATUSES = [502, 503, 504];
/** A request this large may be refused (401 before its body is read, 413, 431) by closing the connection. */
const EARLY_ANSWER_BYTES = 64 * 1024;
/** The status noted for a request whose connection the server closed before the whole body was sent. */
const CLOSED = 0;

/** What an answer must not show: stack frames, source locations, database errors or SQL on the services' tables. */
const LEAKS: Array<[string, RegExp]> = [
  ['stack trace', /\n\s+at [\w.<>$[\] ]+ \(?[^\s)]*:\d+:\d+\)?/],
  ['source location', /[\w.-]+\.(?:ts|mts|js|mjs|cjs):\d+:\d+/],
  ['node_modules path', /node_modules[\\/]/],
  [
    'database error',
    /SqliteError|SQLITE_[A-Z]+|too many SQL variables|syntax error at or near|no such (?:table|column)|relation "[^"]+" does not exist|violates [\w ]*constraint/i,
  ],
  [
    'SQL text',
    /\b(?:select|insert into|update|delete from)\b[^\n]{0,300}?["`]?(?:ref_\w+|helpdesk_request|central_bank_rate|identity_user|data_pack)\b/i,
  ],
  ['internal error message', /Maximum call stack size exceeded|Cannot read properties of|is not a function|is not iterable/],
];

export interface Failure {
  route: string;
  input: string;
  withToken: boolean;
  problem: string;
  status?: number;
  /** The request, shortened, for the report. */
  request: string;
  /** The start of the answer's body. */
  answer?: string;
}

export interface Summary {
  sent: number;
  byClass: Record<string, number>;
  /** Answers of 500 or more (including the CMS-backed routes' allowed ones, counted apart below). */
  serverErrors: number;
  allowedCmsErrors: number;
  injectedHeaders: number;
  leaks: number;
  noAnswer: number;
  /** Times the server process exited. */
  crashes: number;
  healthFailures: number;
  seconds: number;
  failures: Failure[];
}

export interface Target {
  port: number;
  host?: string;
  /** False once the server process is gone (a server of our own); undefined: not known (--url). */
  alive?: () => boolean;
  /** Starts the server again after a crash (a server of our own). */
  restart?: () => Promise<void>;
  /** A demo user's access token for the n-th retry of a refused request (signs in again when asked to). */
  token: (n: number, renew?: boolean) => Promise<string>;
}

export interface RunOptions {
  concurrency?: number;
  /** Check GET /health after every n-th request (and after every failure); 1 = after each. */
  healthEvery?: number;
  /** Stop after this many milliseconds even if cases remain. */
  deadlineMs?: number;
  timeoutMs?: number;
  onProgress?: (summary: Summary) => void;
}

const cmsBacked = (route: RouteInfo) => CMS_BACKED_PREFIXES.some((prefix) => route.url.startsWith(prefix));

/** The problems of one answer (empty when it passes). */
export function judge(route: RouteInfo, response: RawResponse): string[] {
  const problems: string[] = [];
  if (response.status >= 500 && !(cmsBacked(route) && CMS_DOWN_STATUSES.includes(response.status)))
    problems.push(`status ${response.status}`);
  const injected = [...response.headers.keys()].filter((name) => name === INJECTED_HEADER || name.includes('injected'));
  if (injected.length) problems.push(`injected header ${injected.join(', ')}`);
  const text = response.body.subarray(0, 256 * 1024).toString('utf8');
  for (const [name, pattern] of LEAKS) if (pattern.test(text)) problems.push(`answer shows a ${name}`);
  return problems;
}

const byteLength = (value: string | Buffer) => (Buffer.isBuffer(value) ? value.length : Buffer.byteLength(value));
const requestSize = (request: RawRequest) =>
  byteLength(request.target) +
  (request.body === undefined ? 0 : byteLength(request.body)) +
  (request.headers ?? []).reduce((total, [name, value]) => total + name.length + byteLength(value), 0);

/** A request in a line: method, target and the start of the body, escaped. */
export function describeRequest(request: RawRequest): string {
  const text = (value: string | Buffer | undefined, max: number) => {
    if (value === undefined) return '';
    const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value);
    const shown = JSON.stringify(bytes.subarray(0, max).toString('latin1'));
    return bytes.length > max ? `${shown}… (${bytes.length} bytes)` : shown;
  };
  const headers = (request.headers ?? []).map(([name, value]) => `${name}: ${text(value, 80)}`).join(', ');
  return `${request.method} ${text(request.target, 200)}${headers ? ` [${headers}]` : ''}${request.body !== undefined ? ` body ${text(request.body, 160)}` : ''}`;
}

export function emptySummary(): Summary {
  return {
    sent: 0,
    byClass: {},
    serverErrors: 0,
    allowedCmsErrors: 0,
    injectedHeaders: 0,
    leaks: 0,
    noAnswer: 0,
    crashes: 0,
    healthFailures: 0,
    seconds: 0,
    failures: [],
  };
}

/** Sends the cases to the server and checks every answer; refused (401/403) cases are sent again with a real token. */
export async function runCases(target: Target, cases: Iterable<HostileCase>, options: RunOptions = {}): Promise<Summary> {
  const summary = emptySummary();
  const started = performance.now();
  const host = target.host ?? '127.0.0.1';
  const iterator = cases[Symbol.iterator]();
  const healthEvery = options.healthEvery ?? 1;
  let retries = 0;
  let restarting: Promise<void> | undefined;
  const inFlight = new Set<string>();

  const record = (failure: Failure) => {
    summary.failures.push(failure);
  };

  async function health(): Promise<boolean> {
    try {
      const response = await send(target.port, { method: 'GET', target: '/health' }, { host, timeoutMs: 10_000 });
      return (response.status === 200 || response.status === 503) && /"status"/.test(response.body.toString('utf8'));
    } catch {
      return false;
    }
  }

  /** After a failed request or health check: was it a crash? Then note it and start the server again. */
  async function checkAlive(context: HostileCase, withToken: boolean, request: RawRequest): Promise<void> {
    if (await health()) return;
    summary.healthFailures += 1;
    const dead = target.alive ? !target.alive() : true;
    record({
      route: `${context.route.method} ${context.route.url}`,
      input: context.input,
      withToken,
      problem: dead ? 'server process exited (crash)' : 'GET /health did not answer afterwards',
      request: describeRequest(request),
      answer: inFlight.size > 1 ? `requests in flight then: ${[...inFlight].join(' | ')}` : undefined,
    });
    if (dead && target.restart) {
      if (!restarting) {
        summary.crashes += 1;
        restarting = target.restart().then(() => {
          restarting = undefined;
        });
      }
      await restarting;
      await target.token(0, true).catch(() => undefined);
    }
  }

  async function one(context: HostileCase, withToken: boolean): Promise<number | undefined> {
    const request: RawRequest = withToken
      ? { ...context.request, headers: [...(context.request.headers ?? []), ['Authorization', `Bearer ${await target.token(retries++)}`]] }
      : context.request;
    const label = `${context.route.method} ${context.route.url} · ${context.input}${withToken ? ' · token' : ''}`;
    inFlight.add(label);
    summary.sent += 1;
    let response: RawResponse | undefined;
    try {
      response = await send(target.port, request, { host, timeoutMs: options.timeoutMs ?? 20_000 });
    } catch (error) {
      if (requestSize(request) > EARLY_ANSWER_BYTES && /EPIPE|ECONNRESET/.test((error as Error).message)) {
        // The server answered (401, 413, 431) and closed before reading a large request; writing on reset the
        // connection and lost that answer. Counted apart; the worker sends it again with a token.
        summary.byClass.closed = (summary.byClass.closed ?? 0) + 1;
        return CLOSED;
      }
      summary.noAnswer += 1;
      record({
        route: `${context.route.method} ${context.route.url}`,
        input: context.input,
        withToken,
        problem: `no answer: ${(error as Error).message}`,
        request: describeRequest(request),
      });
    } finally {
      inFlight.delete(label);
    }
    let failed = !response;
    if (response) {
      const statusClass = `${Math.floor(response.status / 100)}xx`;
      summary.byClass[statusClass] = (summary.byClass[statusClass] ?? 0) + 1;
      if (response.status >= 500) summary.serverErrors += 1;
      const problems = judge(context.route, response);
      if (response.status >= 500 && !problems.some((problem) => problem.startsWith('status'))) summary.allowedCmsErrors += 1;
      if (problems.some((problem) => problem.startsWith('injected'))) summary.injectedHeaders += 1;
      if (problems.some((problem) => problem.startsWith('answer shows'))) summary.leaks += 1;
      for (const problem of problems)
        record({
          route: `${context.route.method} ${context.route.url}`,
          input: context.input,
          withToken,
          problem,
          status: response.status,
          request: describeRequest(request),
          answer: response.body.subarray(0, 300).toString('utf8'),
        });
      failed = problems.length > 0;
    }
    if (failed || summary.sent % healthEvery === 0) await checkAlive(context, withToken, request);
    return response?.status;
  }

  const deadline = options.deadlineMs ? started + options.deadlineMs : Infinity;
  async function worker(): Promise<void> {
    while (performance.now() < deadline) {
      const next = iterator.next();
      if (next.done) return;
      const status = await one(next.value, false);
      // A protected route refused the anonymous request: the same input again, signed in.
      if (status === 401 || status === 403 || status === CLOSED) await one(next.value, true);
      options.onProgress?.(summary);
    }
  }
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}

/** The failures grouped by route, input and problem, each with one request that shows it. */
export function failureReport(summary: Summary, limit = 60): string {
  const groups = new Map<string, { failure: Failure; count: number }>();
  for (const failure of summary.failures) {
    const key = `${failure.route} | ${failure.input.replace(/ \(.*\)$/, '')} | ${failure.problem}${failure.withToken ? ' | with token' : ''}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { failure, count: 1 });
  }
  const lines = [...groups.entries()].slice(0, limit).map(([key, { failure, count }]) => {
    const answer = failure.answer ? `\n      answer: ${JSON.stringify(failure.answer.slice(0, 200))}` : '';
    return `  ${key} (×${count})\n      request: ${failure.request}${answer}`;
  });
  if (groups.size > limit) lines.push(`  … and ${groups.size - limit} more groups`);
  return lines.join('\n');
}
