import { Kysely, PostgresDialect, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import { workerReader } from './read.js';
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { repoRoot } from '../config.js';

export type DialectName = 'sqlite' | 'postgres';

/** Tables are described by the migrations and the entity registry, so rows are untyped records here. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDatabase = Record<string, any>;

export interface Database {
  db: Kysely<AnyDatabase>;
  dialect: DialectName;
  /** Where the data lives, without credentials (for logs). */
  location: string;
  /** PostgreSQL: the schema holding the tables (also where migrations keep their bookkeeping). */
  schema?: string;
  /** Runs a read-only statement: on a SQLite file, on a worker thread with its own connection (read.ts). */
  read<Row>(query: CompiledQuery<Row>): Promise<Row[]>;
  close(): Promise<void>;
}

/** Name of the SQLite full-text table indexing a table's text (trigram for the reference lists, words for the search documents). */
export const textIndexOf = (table: string) => `${table}_text`;

export const DEFAULT_SQLITE_FILE = resolve(repoRoot, 'var', 'services', 'guichet.db');

export interface OpenOptions {
  /** postgres://...[?schema=name], sqlite:<file>, file:<file>, a file path, or ':memory:'. Default: var/services/guichet.db. */
  url?: string;
  /** PostgreSQL only: work inside this schema (created when missing). */
  schema?: string;
  poolSize?: number;
}

function sqliteFile(url: string | undefined): string {
  if (!url) return DEFAULT_SQLITE_FILE;
  if (url === ':memory:') return url;
  const path = url.replace(/^(sqlite|file):(\/\/)?/, '');
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const { url } = options;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import('pg');
    // A "schema" query parameter (postgres://.../db?schema=name) works like options.schema.
    const parsedUrl = new URL(url);
    const schema = options.schema ?? (parsedUrl.searchParams.get('schema') || undefined);
    parsedUrl.searchParams.delete('schema');
    const connectionString = parsedUrl.toString();
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    if (schema) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query(`create schema if not exists "${schema}"`);
      } finally {
        await client.end();
      }
    }
    const pool = new pg.Pool({
      connectionString,
      Client: keepingPlans(pg.Client),
      max: options.poolSize ?? 10,
      // A kept statement is planned once (see keepingPlans): with the default plan_cache_mode PostgreSQL
      // planned the keyword search again on every run (perf: a quarter of its time), its generic plan the
      // same (GIN bitmap scan) and no reference search slower with it (npm run bench:reference).
      options: [...(schema ? [`-c search_path="${schema}"`] : []), '-c plan_cache_mode=force_generic_plan'].join(' '),
    });
    const db = new Kysely<AnyDatabase>({ dialect: new PostgresDialect({ pool }) });
    const current = await sql<{ schema: string; encoding: string }>`
      select current_schema() as schema, current_setting('server_encoding') as encoding`.execute(db);
    const encoding = current.rows[0]?.encoding;
    if (encoding !== 'UTF8') {
      await db.destroy();
      // In another encoding, Bengali and Arabic names would be stored as bytes, not characters.
      throw new Error(
        `The services' PostgreSQL database must be UTF8 (it is ${encoding}): CREATE DATABASE ... ENCODING 'UTF8' TEMPLATE template0`,
      );
    }
    return {
      db,
      dialect: 'postgres',
      schema: current.rows[0]?.schema ?? schema ?? 'public',
      location: `postgres://${parsedUrl.host}${parsedUrl.pathname}${schema ? ` (schema ${schema})` : ''}`,
      read: async (query) => (await db.executeQuery(query)).rows,
      close: () => db.destroy(),
    };
  }
  const { default: SQLite } = await import('better-sqlite3');
  const file = sqliteFile(url);
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // A writer waits for another (a second server importing the same packs) instead of failing.
  database.pragma('busy_timeout = 120000');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('cache_size = -32000');
  const db = new Kysely<AnyDatabase>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  const onMain = async <Row>(query: CompiledQuery<Row>) => (await db.executeQuery(query)).rows;
  if (file === ':memory:') return { db, dialect: 'sqlite', location: file, read: onMain, close: () => db.destroy() };
  const reader = workerReader(file, onMain);
  return { db, dialect: 'sqlite', location: file, read: reader.read, close: () => reader.close().then(() => db.destroy()) };
}

type PgClient = typeof import('pg').Client;
/** Most statements a PostgreSQL connection keeps prepared; the others are parsed and planned each time. */
const PREPARED_PER_CONNECTION = 200;

/**
 * A PostgreSQL client that keeps each parameterised read (select) as a named prepared statement of its
 * connection: the same SQL is parsed and planned once per connection, not on every request. For the
 * keyword search, planning took as long as running it (0.34 ms and 0.29 ms a search, EXPLAIN ANALYZE
 * over the evaluation queries). PostgreSQL re-plans a kept statement by itself after a schema change;
 * one whose result columns changed is dropped and the query sent again as it came.
 */
function keepingPlans(Client: PgClient): PgClient {
  return class extends Client {
    readonly #names = new Map<string, string>();
    #next = 0;
    // @ts-expect-error: one override for the overloads of query() (only the (text, values) form is changed)
    override query(...args: unknown[]): unknown {
      const [text, values] = args;
      if (args.length !== 2 || typeof text !== 'string' || !Array.isArray(values) || !/^select\s/i.test(text))
        return (super.query as (...a: unknown[]) => unknown)(...args);
      let name = this.#names.get(text);
      if (name === undefined && this.#names.size < PREPARED_PER_CONNECTION) this.#names.set(text, (name = `guichet_${this.#next++}`));
      if (name === undefined) return super.query(text, values);
      return super.query({ name, text, values }).catch((error: { code?: string }) => {
        // 0A000: "cached plan must not change result type" (a table's columns changed under the statement).
        if (error.code !== '0A000') throw error;
        this.#names.delete(text);
        return super.query(text, values);
      });
    }
  } as unknown as PgClient;
}

type SqliteConnection = import('better-sqlite3').Database;
type SqliteStatement = import('better-sqlite3').Statement;
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 parses the SQL of every prepare() call; searches repeat the same
 * parameterised SQL, so prepared statements are kept (least recently used first out).
 * SQLite re-prepares a kept statement by itself after a schema change.
 */
function withStatementCache(database: SqliteConnection): { close(): void; prepare(sql: string): SqliteStatement } {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}
