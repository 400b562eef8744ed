// A worker thread of the SQLite reads (read.ts): its own read-only connection to the services' database
// file, answering {id, sql, parameters} with {id, rows} or {id, error}. Its statements are kept as the
// main connection keeps them (database.ts, withStatementCache): the same SQL is prepared once.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

const database = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
database.pragma('busy_timeout = 120000');
database.pragma('cache_size = -32000');
const statements = new Map();
const CACHE = 500;

function statementOf(sql) {
  let statement = statements.get(sql);
  if (statement) statements.delete(sql);
  else {
    statement = database.prepare(sql);
    if (statements.size >= CACHE) statements.delete(statements.keys().next().value);
  }
  statements.set(sql, statement);
  return statement;
}

parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    parentPort.postMessage({ id, rows: statementOf(sql).all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
