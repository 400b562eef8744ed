import { connect } from 'node:net';

/** A request written byte for byte: nothing is validated or escaped, so CR/LF, NUL and invalid UTF-8 reach the server as sent. */
export interface RawRequest {
  method: string;
  /** The request target exactly as sent (may hold raw CR/LF, NUL or any byte). */
  target: string | Buffer;
  headers?: Array<[string, string | Buffer]>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  /** Header names in lower case, with every value of each. */
  headers: Map<string, string[]>;
  body: Buffer;
}

const CRLF = Buffer.from('\r\n');

/** The bytes of a request; Host, Connection: close and Content-Length are added unless given. */
export function requestBytes(request: RawRequest, host: string): Buffer {
  const body = request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
  const headers = [...(request.headers ?? [])];
  const has = (name: string) => headers.some(([key]) => key.toLowerCase() === name);
  if (!has('host')) headers.unshift(['Host', host]);
  if (!has('connection')) headers.push(['Connection', 'close']);
  if (body && !has('content-length') && !has('transfer-encoding')) headers.push(['Content-Length', String(body.length)]);
  const parts: Buffer[] = [Buffer.from(`${request.method} `, 'latin1'), Buffer.from(request.target), Buffer.from(' HTTP/1.1'), CRLF];
  for (const [name, value] of headers) parts.push(Buffer.from(`${name}: `, 'latin1'), Buffer.from(value), CRLF);
  parts.push(CRLF);
  if (body) parts.push(body);
  return Buffer.concat(parts);
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf(CRLF, at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** Parses a whole HTTP/1.1 answer (the connection was closed after it). */
export function parseResponse(bytes: Buffer): RawResponse {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) throw new Error(`incomplete answer (${bytes.length} bytes)`);
  const lines = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0])?.[1]);
  if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(lines[0].slice(0, 80))}`);
  const headers = new Map<string, string[]>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    const name = (colon < 0 ? line : line.slice(0, colon)).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), colon < 0 ? '' : line.slice(colon + 1).trim()]);
  }
  let body = bytes.subarray(headEnd + 4);
  if (/chunked/i.test(headers.get('transfer-encoding')?.join(',') ?? '')) body = dechunk(body);
  return { status, headers, body };
}

/**
 * Sends one request on a new connection to a loopback server and reads the answer until the server closes.
 * Rejects when the connection fails or is reset without an answer, or after timeoutMs.
 */
export function send(port: number, request: RawRequest, options: { host?: string; timeoutMs?: number } = {}): Promise<RawResponse> {
  const host = options.host ?? '127.0.0.1';
  const timeoutMs = options.timeoutMs ?? 15_000;
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const bytes = Buffer.concat(chunks);
      if (bytes.length > 0) {
        try {
          return resolve(parseResponse(bytes));
        } catch (parseError) {
          return reject(parseError as Error);
        }
      }
      reject(error ?? new Error('connection closed without an answer'));
    };
    const timer = setTimeout(() => finish(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', () => {
      // Written in pieces, and no more once an answer came: the server may answer (413, 400) and close before
      // reading a large body, and writing on would reset the connection and lose that answer.
      const bytes = requestBytes(request, `${host}:${port}`);
      let at = 0;
      const writeMore = () => {
        while (at < bytes.length && chunks.length === 0 && !settled) {
          const piece = bytes.subarray(at, at + 64 * 1024);
          at += piece.length;
          if (!socket.write(piece)) return void socket.once('drain', writeMore);
        }
      };
      writeMore();
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error) => {
      // A reset after the answer was read still counts as that answer.
      if (chunks.length > 0) finish();
      else finish(error);
    });
  });
}
