import { readFileSync, statSync } from 'node:fs';

/** A redirect record as Gatsby's createRedirect stores it. */
export interface RedirectRecord {
  fromPath: string;
  toPath: string;
  isPermanent?: boolean;
  ignoreCase?: boolean;
  redirectInBrowser?: boolean;
  statusCode?: number;
}

export interface RedirectTarget {
  location: string;
  statusCode: number;
}

/** Paths compare without their trailing slash, so /news and /news/ are one rule. */
function normalise(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export class RedirectTable {
  private exact = new Map<string, RedirectRecord>();
  private caseless = new Map<string, RedirectRecord>();

  constructor(records: RedirectRecord[]) {
    for (const record of records) {
      const key = normalise(record.fromPath);
      if (record.ignoreCase) this.caseless.set(key.toLowerCase(), record);
      else this.exact.set(key, record);
    }
  }

  get size(): number {
    return this.exact.size + this.caseless.size;
  }

  /** Finds the redirect for a request URL (path and optional query); the query is kept. */
  match(url: string): RedirectTarget | undefined {
    const queryAt = url.indexOf('?');
    const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt);
    let path: string;
    try {
      path = normalise(decodeURIComponent(rawPath));
    } catch {
      return undefined;
    }
    const record = this.exact.get(path) ?? this.caseless.get(path.toLowerCase());
    if (!record) return undefined;
    const statusCode = record.statusCode ?? (record.isPermanent ? 301 : 302);
    return { location: record.toPath + query, statusCode };
  }
}

/**
 * Reads the redirect manifest written by the site build and re-reads it when
 * the file changes (a rebuild), checking at most once per second.
 */
export class RedirectManifest {
  private table = new RedirectTable([]);
  private mtimeMs = -1;
  private checkedAt = 0;

  constructor(private readonly file: string) {}

  current(now = Date.now()): RedirectTable {
    if (now - this.checkedAt < 1000) return this.table;
    this.checkedAt = now;
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      this.table = new RedirectTable([]);
      this.mtimeMs = -1;
      return this.table;
    }
    if (mtimeMs !== this.mtimeMs) {
      const records = JSON.parse(readFileSync(this.file, 'utf8')) as RedirectRecord[];
      this.table = new RedirectTable(records);
      this.mtimeMs = mtimeMs;
    }
    return this.table;
  }
}
