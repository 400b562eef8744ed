/**
 * SQLite reads off the event loop: a worker thread with its own read-only connection to the database file
 * (read-worker.mjs) runs the statements given to it, while the main thread goes on with HTTP and JSON. On a
 * 2-core machine the keyword search's SQL (half of a request's time) then runs beside the rest. A worker
 * that fails is not replaced: the reads it had and the later ones run on the main connection.
 */
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

export interface Reader {
  read<Row>(query: CompiledQuery<Row>): Promise<Row[]>;
  close(): Promise<void>;
}

interface Pending {
  query: CompiledQuery<unknown>;
  resolve(rows: unknown[]): void;
  reject(error: unknown): void;
}

export function workerReader(file: string, fallback: <Row>(query: CompiledQuery<Row>) => Promise<Row[]>): Reader {
  let worker: Worker | undefined;
  let failed = false;
  let next = 0;
  const pending = new Map<number, Pending>();
  const fail = () => {
    failed = true;
    worker = undefined;
    for (const entry of pending.values()) fallback(entry.query).then(entry.resolve, entry.reject);
    pending.clear();
  };
  // Started at the first read: the database file exists by then (migrations ran on the main connection).
  const start = () => {
    const started = new Worker(new URL('./read-worker.mjs', import.meta.url), { workerData: { file } });
    started.on('message', ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
      const entry = pending.get(id);
      pending.delete(id);
      // An idle worker does not keep the process alive; one with reads to answer does.
      if (pending.size === 0) started.unref();
      if (error === undefined) entry?.resolve(rows ?? []);
      else entry?.reject(new Error(error));
    });
    started.on('error', fail);
    started.on('exit', fail);
    return started;
  };
  return {
    read<Row>(query: CompiledQuery<Row>) {
      if (failed) return fallback(query);
      worker ??= start();
      const id = next++;
      const target = worker;
      return new Promise<Row[]>((resolve, reject) => {
        if (pending.size === 0) target.ref();
        pending.set(id, { query, resolve: resolve as (rows: unknown[]) => void, reject });
        target.postMessage({ id, sql: query.sql, parameters: query.parameters });
      });
    },
    async close() {
      failed = true;
      for (const entry of pending.values()) entry.reject(new Error('the database is closed'));
      pending.clear();
      const stopping = worker;
      worker = undefined;
      if (stopping) {
        stopping.removeAllListeners('exit');
        await stopping.terminate();
      }
    },
  };
}
