import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type Database } from './database.js';

const run = promisify(execFile);

/**
 * Backup and restore of a database the portal owns: the services' database (SQLite file or PostgreSQL
 * schema) and the CMS's (SQLite file or PostgreSQL database). SQLite is copied with SQLite's online
 * backup (consistent while the server runs); PostgreSQL with pg_dump in its custom format and
 * pg_restore (the client tools must be installed).
 */
export interface Target {
  /** postgres://...[?schema=name], or a SQLite file path. */
  url: string;
}

const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** A PostgreSQL URL without its schema parameter, and the schema. */
function postgresParts(url: string): { connection: string; schema: string | null } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  return { connection: parsed.toString(), schema };
}

/** Writes a backup of the database to file (SQLite: a database file; PostgreSQL: a pg_dump archive). */
export async function backupDatabase(target: Target, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  if (isPostgres(target.url)) {
    const { connection, schema } = postgresParts(target.url);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      ...(schema ? [`--schema=${schema}`] : []),
      `--file=${file}`,
      connection,
    ]);
    return;
  }
  const { default: SQLite } = await import('better-sqlite3');
  const source = new SQLite(target.url, { readonly: true, fileMustExist: true });
  try {
    await source.backup(file);
  } finally {
    source.close();
  }
}

/** Whether a database holds any table (a restore goes into an empty one unless forced). */
export async function isEmpty(target: Target): Promise<boolean> {
  if (!isPostgres(target.url)) return !existsSync(target.url);
  const { connection, schema } = postgresParts(target.url);
  const database = await openDatabase({ url: connection });
  try {
    const { rows } = await sql<{
      count: string | number;
    }>`select count(*) as count from information_schema.tables where table_schema = ${schema ?? 'public'}`.execute(database.db);
    return Number(rows[0].count) === 0;
  } finally {
    await database.close();
  }
}

/** Restores a backup made by backupDatabase into the target (replacing what it holds when forced). */
export async function restoreDatabase(file: string, target: Target, options: { force?: boolean } = {}): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}`);
  if (!options.force && !(await isEmpty(target)))
    throw new Error(`${targetName(target)} is not empty: restore into an empty database, or pass --force to replace it`);
  if (isPostgres(target.url)) {
    const { connection, schema } = postgresParts(target.url);
    if (schema) {
      // The archive names its schema: dropping it first makes the restore start clean.
      const database = await openDatabase({ url: connection });
      try {
        await sql.raw(`drop schema if exists "${schema}" cascade`).execute(database.db);
      } finally {
        await database.close();
      }
    }
    await run('pg_restore', ['--no-owner', '--no-privileges', '--clean', '--if-exists', `--dbname=${connection}`, file]).catch(
      (error: { stderr?: string }) => {
        // --clean on an empty database warns about what it could not drop; real failures leave no tables.
        if (!/errors ignored on restore/.test(error.stderr ?? '')) throw error;
      },
    );
    return;
  }
  mkdirSync(dirname(target.url), { recursive: true });
  for (const suffix of ['-wal', '-shm']) rmSync(`${target.url}${suffix}`, { force: true });
  copyFileSync(file, target.url);
}

export const targetName = (target: Target) =>
  isPostgres(target.url) ? `PostgreSQL ${postgresParts(target.url).connection.replace(/\/\/[^@]*@/, '//')}` : target.url;

/** Copies a folder of files (the CMS uploads) into a backup, or back. */
export function copyFolder(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
  return readdirSync(to, { recursive: true }).length;
}

/** Row count of every table of a services database: what a restore must give back. */
export async function tableCounts(database: Database): Promise<Record<string, number>> {
  const tables =
    database.dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            database.db,
          )
        ).rows
      : (
          await sql<{
            name: string;
          }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_text%'`.execute(
            database.db,
          )
        ).rows;
  const counts: Record<string, number> = {};
  for (const { name } of tables.sort((a, b) => a.name.localeCompare(b.name))) {
    const { rows } = await sql<{ count: string | number }>`select count(*) as count from ${sql.table(name)}`.execute(database.db);
    counts[name] = Number(rows[0].count);
  }
  return counts;
}
